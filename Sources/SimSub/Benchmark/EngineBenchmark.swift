import Foundation

/// The engine's own speed and allocations, without the scenario layer: many subscribers, one
/// after another through one reused engine, each a year of monthly App Store renewals with a
/// failed renewal recovered in grace.
public enum EngineBenchmark {
  public struct Figures: Sendable {
    public var subscribers: Int
    public var events: Int
    public var seconds: Double
    /// Allocations during the measured loop, when the counter library is preloaded.
    public var allocations: UInt64?
  }

  /// Counts events; keeps nothing.
  struct EventCounter: EngineObserver {
    var events = 0
    var accessDenied = 0
    mutating func engineSample(_ sample: EngineSample) {
      events &+= 1
      if sample.truth.isEntitled && !sample.decision.access && !sample.awaitingGainNotice {
        accessDenied &+= 1
      }
    }
  }

  /// The sizes of the values the engine moves per event: the per-event cost grows with them.
  public static var layout: String {
    let sizes: [(String, Int)] = [
      ("StoreNotification", MemoryLayout<StoreNotification>.size),
      ("AppStoreServerNotification", MemoryLayout<AppStoreServerNotification>.size),
      ("JWSTransactionDecodedPayload", MemoryLayout<JWSTransactionDecodedPayload>.size),
      ("JWSRenewalInfoDecodedPayload", MemoryLayout<JWSRenewalInfoDecodedPayload>.size),
      ("GooglePlayNotification", MemoryLayout<GooglePlayNotification>.size),
      ("SubscriptionPurchaseV2", MemoryLayout<SubscriptionPurchaseV2>.size),
      ("StripeEvent", MemoryLayout<StripeEvent>.size),
      ("RevenueCatEvent", MemoryLayout<RevenueCatEvent>.size),
      ("ReferencePolicy", MemoryLayout<ReferencePolicy>.size),
      ("SubscriptionRecord", MemoryLayout<SubscriptionRecord>.size),
    ]
    return sizes.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
  }

  public static func measure(subscribers: Int) throws -> Figures {
    let product = Product(
      id: "premium.monthly", period: .oneMonth, grace: .days(16),
      hold: AppStoreModel.defaultHold(for: .oneMonth, grace: .days(16)))
    let model = try AppStoreModel(products: [product])
    let start = Scenario.defaultStart
    var engine = Engine(
      store: model, policy: ReferencePolicy(), payments: CardOnFile(), observer: EventCounter(), start: start)

    func play(_ subscriber: Int) {
      engine.reset(
        subscriber: UInt64(subscriber), start: start, payments: CardOnFile(), observer: EventCounter())
      engine.schedule(.subscribe(product: 0, trial: false), at: start)
      engine.schedule(.cardFails(.insufficientFunds), at: start + .days(80))
      engine.schedule(.updateCard, at: start + .days(95))
      _ = engine.run(until: start + .days(365))
    }

    play(0)  // warm: buffers reach their working size, symbols are interned
    let before = AllocationProbe.count()
    var events = 0
    let clock = DispatchTime.now().uptimeNanoseconds
    for subscriber in 1...max(1, subscribers) {
      play(subscriber)
      events += engine.observer.events
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e9
    let after = AllocationProbe.count()
    let allocations = before.flatMap { b in after.map { $0 - b } }
    precondition(engine.observer.accessDenied == 0, "the reference policy locked out an entitled subscriber")
    return Figures(subscribers: subscribers, events: events, seconds: seconds, allocations: allocations)
  }
}
