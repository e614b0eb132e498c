import SubscriptionPolicy

/// Known bad: a refund request revokes access as a granted refund would, so a subscriber whose
/// request the App Store declines stays locked out of the period they paid for.
///
/// The mistake of a server that files Apple's `CONSUMPTION_REQUEST` with the refund
/// notifications and revokes on it. Apple sends it when "the customer initiated a refund
/// request … and the App Store is requesting that you provide consumption data"
/// (`notificationType`); the decision comes later, `REFUND` or `REFUND_DECLINED`, and until then
/// nothing is refunded. The server clears its mark only on a new purchase. simsub's
/// `no-lockout-in-grace` catches it from the request on: the store says `canceled` (paid
/// through; the request turned auto-renew off), the policy says revoked.
///
/// Everything else is `ReferencePolicy`'s: the same reading of every notification, the same
/// ordering and deduplication; only the answer while the mark is set differs.
public struct RefundRequestIsRefundPolicy: EntitlementPolicy {
  public static let name = "refund-request-is-refund"
  public static let summary = "Known bad: a refund request revokes access"
  public static let decidesOnlyOnNotifications = true

  private var reference: ReferencePolicy
  /// Set by a refund request (or a refund), cleared only by a new purchase.
  private var revoked = false

  public init(context: PolicyContext) { reference = ReferencePolicy(context: context) }

  @discardableResult
  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    if case .appStore(let n) = notification {
      switch n.notificationType {
      case .consumptionRequest, .refund: revoked = true
      case .subscribed: revoked = false
      default: break
      }
    }
    return reference.receive(notification, at: arrival)
  }

  public func decision(at instant: Instant) -> Decision {
    revoked ? Decision(state: .revoked, access: false) : reference.decision(at: instant)
  }

  public func nextDecisionChange(after instant: Instant) -> Instant? {
    reference.nextDecisionChange(after: instant)
  }
}
