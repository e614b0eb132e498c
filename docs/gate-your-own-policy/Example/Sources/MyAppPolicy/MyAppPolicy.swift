import SubscriptionPolicy

/// MyApp's entitlement rules: the store's word, with one product decision of MyApp's own — a
/// Google Play subscriber who paused is shown a gentle "resume?" banner (the soft prompt),
/// where simsub's reference policy shows nothing.
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
    if decision.state == .paused { decision.prompt = .soft }
    return decision
  }
}
