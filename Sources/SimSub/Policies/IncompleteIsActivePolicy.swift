import SubscriptionPolicy

/// Known bad: Stripe's `incomplete` read as active, so a subscriber whose first payment failed
/// or awaits authentication gets access without having paid.
///
/// The mistake of a server that grants access on `customer.subscription.created` whatever its
/// `status`, or that lists `incomplete` beside `active` and `trialing`, where Stripe says of
/// `incomplete`: "A successful payment needs to be made within 23 hours to activate the
/// subscription" (Subscription object, `status`). simsub's `no-free-access` catches it: the
/// store says `hold` (nothing paid), the policy grants access until the subscription is paid or
/// becomes `incomplete_expired`.
///
/// Everything else is `ReferencePolicy`'s: the same reading of every notification, the same
/// ordering and deduplication; only the answer while the latest subscription status is
/// `incomplete` differs.
public struct IncompleteIsActivePolicy: EntitlementPolicy {
  public static let name = "incomplete-is-active"
  public static let summary = "Known bad: Stripe incomplete read as active"
  public static let decidesOnlyOnNotifications = true

  private var reference: ReferencePolicy
  /// Whether the latest Stripe subscription object received says `incomplete`.
  private var incomplete = false

  public init(context: PolicyContext) { reference = ReferencePolicy(context: context) }

  @discardableResult
  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    if case .stripe(let event) = notification, let subscription = event.subscription {
      incomplete = subscription.status == .incomplete
    }
    return reference.receive(notification, at: arrival)
  }

  public func decision(at instant: Instant) -> Decision {
    let decision = reference.decision(at: instant)
    return incomplete && !decision.access ? Decision(state: .active, access: true) : decision
  }

  public func nextDecisionChange(after instant: Instant) -> Instant? {
    reference.nextDecisionChange(after: instant)
  }
}
