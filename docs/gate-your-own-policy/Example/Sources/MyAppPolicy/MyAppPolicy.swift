import SubscriptionPolicy

/// MyApp's entitlement rules: the store's word, with one product decision of MyApp's own — a
/// subscriber in billing grace keeps premium but is asked, softly, to fix the card, and one on
/// hold sees the blocking screen.
///
/// It reads both stores' notifications through `ReferencePolicy` for the parts MyApp has no
/// opinion on (ordering by signed date, duplicates, Google's fetched state), which is how most
/// teams start; the gate then holds every later change to these rules to account.
public struct MyAppPolicy: EntitlementPolicy {
  public static let name = "myapp"
  public static let summary = "MyApp's production entitlement rules"
  public static let decidesOnlyOnNotifications = true

  private var store = ReferencePolicy()

  public init() {}

  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) {
    store.receive(notification, at: arrival)
  }

  public func decision(at instant: Instant) -> Decision {
    var decision = store.decision(at: instant)
    switch decision.state {
    case .grace: decision.prompt = .soft
    case .hold: decision.prompt = .hard
    default: break
    }
    return decision
  }
}
