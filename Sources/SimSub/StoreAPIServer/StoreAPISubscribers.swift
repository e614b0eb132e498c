/// The subscriptions the store APIs answer from, grouped by subscriber (the UUID of
/// ``WireContext/subscriberId``), in the order given: each subscriber's are looked up at that
/// subscriber's own simulated instant.
struct StoreAPISubscribers: Sendable {
  private(set) var groups: [(id: String, subscriptions: [SimulatedSubscription])] = []
  private var index: [String: Int] = [:]

  init(_ subscriptions: [SimulatedSubscription]) {
    for s in subscriptions {
      let id = s.context.subscriberId
      if let i = index[id] {
        groups[i].subscriptions.append(s)
      } else {
        index[id] = groups.count
        groups.append((id, [s]))
      }
    }
  }

  /// The subscriptions of subscriber `id`; none for an id simsub did not make.
  func subscriptions(of id: String) -> [SimulatedSubscription] {
    index[id].map { groups[$0].subscriptions } ?? []
  }
}
