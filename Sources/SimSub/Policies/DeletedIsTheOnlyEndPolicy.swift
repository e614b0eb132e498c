import SubscriptionPolicy

/// Known bad: a Stripe handler that grants access on `customer.subscription.created` and
/// `invoice.paid` and takes it away only on `customer.subscription.deleted`, so a subscription
/// that stops without being deleted keeps its access.
///
/// The mistake of a webhook handler written for the two events every subscription sends at its
/// start and the one it sends at its end, which never reads the `status` of the
/// `customer.subscription.updated` in between. A free trial that ends without a payment method
/// under `trial_settings.end_behavior.missing_payment_method: pause` is never deleted: Stripe
/// says "A subscription can only enter a paused status when a trial ends without a payment
/// method. A paused subscription doesn't generate invoices" (API reference, Subscription
/// `status`), and sends `customer.subscription.updated` to `paused` and
/// `customer.subscription.paused`. simsub's `no-free-access` catches it: the store says
/// `paused`, the policy keeps granting the trial's access.
///
/// Everything else is `ReferencePolicy`'s: the same reading of every notification, the same
/// ordering and deduplication; only while access granted by one of those Stripe events has not
/// been ended by a deletion does the answer differ, and only where the reference's gives no
/// access.
public struct DeletedIsTheOnlyEndPolicy: EntitlementPolicy {
  public static let name = "deleted-is-the-only-end"
  public static let summary = "Known bad: only Stripe's subscription.deleted ends access"
  public static let decidesOnlyOnNotifications = true

  private var reference: ReferencePolicy
  /// Whether a Stripe `customer.subscription.created` or `invoice.paid` has granted access that
  /// no `customer.subscription.deleted` has ended since.
  private var granted = false

  public init(context: PolicyContext) { reference = ReferencePolicy(context: context) }

  @discardableResult
  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    if case .stripe(let event) = notification {
      switch event.type {
      case .subscriptionCreated, .invoicePaid: granted = true
      case .subscriptionDeleted: granted = false
      default: break
      }
    }
    return reference.receive(notification, at: arrival)
  }

  public func decision(at instant: Instant) -> Decision {
    let decision = reference.decision(at: instant)
    return granted && !decision.access ? Decision(state: .active, access: true) : decision
  }

  public func nextDecisionChange(after instant: Instant) -> Instant? {
    reference.nextDecisionChange(after: instant)
  }
}
