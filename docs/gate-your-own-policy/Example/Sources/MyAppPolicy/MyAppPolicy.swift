import SubscriptionPolicy

/// MyApp's entitlement rules: the store's word, with one product decision of MyApp's own — a
/// Google Play subscriber who paused is shown a gentle "resume?" banner (the soft prompt),
/// where simsub's reference policy shows nothing.
///
/// It reads both stores' notifications through `ReferencePolicy` for the parts MyApp has no
/// opinion on (ordering by signed date, duplicates, Google's fetched state), which is how most
/// teams start; the gate then holds every later change to these rules to account.
///
/// A wrapper forwards all of the policy's contract to the policy it wraps: the context (the
/// app's promises, such as the Stripe grace period), each delivery's outcome, and the instant
/// the answer next changes on its own clock. It says it decides only on notifications because
/// the reference policy does and MyApp's banner depends on nothing else.
public struct MyAppPolicy: EntitlementPolicy {
  public static let name = "myapp"
  public static let summary = "MyApp's production entitlement rules"
  public static let decidesOnlyOnNotifications = ReferencePolicy.decidesOnlyOnNotifications

  private var store: ReferencePolicy

  public init(context: PolicyContext) { store = ReferencePolicy(context: context) }

  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    store.receive(notification, at: arrival)
  }

  public func decision(at instant: Instant) -> Decision {
    var decision = store.decision(at: instant)
    if decision.state == .paused { decision.prompt = .soft }
    return decision
  }

  /// The banner follows the state, so the answer changes exactly when the reference policy's
  /// does.
  public func nextDecisionChange(after instant: Instant) -> Instant? {
    store.nextDecisionChange(after: instant)
  }
}
