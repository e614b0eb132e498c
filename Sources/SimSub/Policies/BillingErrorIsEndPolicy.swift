import SubscriptionPolicy

/// Known bad: takes RevenueCat's `CANCELLATION` with `cancel_reason` `BILLING_ERROR` as the end
/// of access, so a subscriber in the store's billing grace is locked out when the renewal fails.
///
/// The mistake of a webhook handler that revokes premium on every `CANCELLATION` it sees, or
/// that listens to `CANCELLATION` + `BILLING_ERROR` instead of `BILLING_ISSUE` (RevenueCat's own
/// docs say `BILLING_ISSUE` "can be safely ignored" then). RevenueCat sends that cancellation
/// "as soon as the billing issue has been detected", together with `BILLING_ISSUE` and in no
/// guaranteed order; the store keeps the subscriber entitled through grace, and RevenueCat sends
/// `EXPIRATION` only if grace ends unpaid. This policy turns access off at the cancellation and
/// on again only at a new `INITIAL_PURCHASE`, `RENEWAL` or `UNCANCELLATION`, whichever order the
/// pair arrives in, so `no-lockout-in-grace` catches it either way.
///
/// Everything else is `ReferencePolicy`'s: the same state (grace after `BILLING_ISSUE`), the
/// same soft prompt, the same ordering and deduplication; only `access` differs. Which of the
/// cut and the restore is newer is decided by RevenueCat's `event_timestamp_ms`, not by arrival.
public struct BillingErrorIsEndPolicy: EntitlementPolicy {
  public static let name = "billing-error-is-end"
  public static let summary = "Known bad: CANCELLATION/BILLING_ERROR ends access"
  public static let decidesOnlyOnNotifications = true

  private var reference: ReferencePolicy
  /// The newest `CANCELLATION` with `BILLING_ERROR`, and the newest event that restores access.
  private var cutAt = Instant.distantPast
  private var restoredAt = Instant.distantPast

  public init(context: PolicyContext) { reference = ReferencePolicy(context: context) }

  @discardableResult
  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    let outcome = reference.receive(notification, at: arrival)
    guard case .revenueCat(let event) = notification else { return outcome }
    switch event.type {
    case .cancellation where event.cancelReason == .billingError:
      cutAt = max(cutAt, event.eventTimestamp)
    case .initialPurchase, .renewal, .uncancellation:
      restoredAt = max(restoredAt, event.eventTimestamp)
    default:
      break
    }
    return outcome
  }

  public func decision(at instant: Instant) -> Decision {
    var decision = reference.decision(at: instant)
    if cutAt > restoredAt { decision.access = false }
    return decision
  }

  public func nextDecisionChange(after instant: Instant) -> Instant? {
    reference.nextDecisionChange(after: instant)
  }
}
