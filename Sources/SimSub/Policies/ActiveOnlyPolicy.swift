import SubscriptionPolicy

/// Known bad: grants premium only while its state is `active`, so every subscriber in billing
/// grace is locked out.
///
/// The mistake of many hand-written entitlement checks (`isPremium = status == .active`): the
/// store keeps a grace subscriber entitled, and the app shows a soft "update your card" banner
/// over a locked screen. simsub's `no-lockout-in-grace` invariant catches it on the first failed
/// renewal with grace on.
///
/// Everything else is `ReferencePolicy`'s: the same reading of every notification, the same
/// ordering and deduplication, the same state and prompt; only `access` in grace differs.
public struct ActiveOnlyPolicy: EntitlementPolicy {
  public static let name = "active-only"
  public static let summary = "Known bad: access only in active, grace is locked out"
  public static let decidesOnlyOnNotifications = true

  private var reference: ReferencePolicy

  public init(context: PolicyContext) { reference = ReferencePolicy(context: context) }

  @discardableResult
  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    reference.receive(notification, at: arrival)
  }

  public func decision(at instant: Instant) -> Decision {
    var decision = reference.decision(at: instant)
    decision.access = decision.state == .active
    return decision
  }

  public func nextDecisionChange(after instant: Instant) -> Instant? {
    reference.nextDecisionChange(after: instant)
  }
}
