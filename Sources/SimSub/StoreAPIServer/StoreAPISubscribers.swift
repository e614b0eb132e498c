/// The subscriptions the store APIs answer from, grouped by subscriber (the UUID of
/// ``WireContext/subscriberId``), in the order given: each subscriber's are looked up at that
/// subscriber's own simulated instant.
///
/// An index of the ids each group's subscriptions are ever found by (every path of
/// ``SimulatedSubscription/apiPaths(at:)`` at each instant a record changed, and every Apple
/// transaction id) says which group to look at first, so a lookup does not ask ``StoreAPI``
/// of every subscriber; ``StoreAPI`` still decides, and the other groups are looked at after
/// it, so an id the index misses is found as before.
struct StoreAPISubscribers: Sendable {
  private(set) var groups: [(id: String, subscriptions: [SimulatedSubscription])] = []
  private var index: [String: Int] = [:]
  private var byId: [StoreAPIKind: [String: [Int]]] = [:]

  init(_ subscriptions: [SimulatedSubscription]) {
    for s in subscriptions {
      let id = s.context.subscriberId
      let g: Int
      if let i = index[id] {
        g = i
        groups[i].subscriptions.append(s)
      } else {
        g = groups.count
        index[id] = g
        groups.append((id, [s]))
      }
      for key in Self.keys(of: s) where byId[key.api, default: [:]][key.id]?.last != g {
        byId[key.api, default: [:]][key.id, default: []].append(g)
      }
    }
  }

  /// The subscriptions of subscriber `id`; none for an id simsub did not make.
  func subscriptions(of id: String) -> [SimulatedSubscription] {
    index[id].map { groups[$0].subscriptions } ?? []
  }

  /// Every group, those the index names for `id` on `api` first.
  func groups(for id: String, on api: StoreAPIKind) -> [(id: String, subscriptions: [SimulatedSubscription])]
  {
    let first = byId[api]?[id] ?? []
    guard !first.isEmpty else { return groups }
    let named = Set(first)
    return first.map { groups[$0] } + groups.indices.filter { !named.contains($0) }.map { groups[$0] }
  }

  /// The ids `s` is found by, on each API.
  static func keys(of s: SimulatedSubscription) -> Set<Key> {
    var keys: Set<Key> = []
    var seen: Set<Instant> = []
    for entry in s.history.entries where seen.insert(entry.instant).inserted {
      for (api, path) in s.apiPaths(at: entry.instant) {
        if let last = StoreAPI.components(path).last { keys.insert(Key(api: api, id: last)) }
      }
    }
    if s.appStoreModel != nil, let count = s.history.entries.map(\.record.transactionCount).max(), count > 0,
      let subscriber = s.history.entries.first?.record.subscriber
    {
      for n in 1...count {
        let number = AppStoreNotificationBuilder.transactionId(
          subscriber: subscriber, transaction: n, member: UInt8(s.member))
        keys.insert(Key(api: .apple, id: s.context.ids.appleTransactionId(Symbol(number: number)).text))
      }
    }
    return keys
  }

  struct Key: Hashable {
    var api: StoreAPIKind
    var id: String
  }
}
