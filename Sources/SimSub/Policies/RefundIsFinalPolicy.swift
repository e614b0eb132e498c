import SubscriptionPolicy

/// Known bad: a refund revokes for good; only a new purchase gives access back, so a subscriber
/// whose refund the App Store reverses stays locked out of the period they paid for again.
///
/// The mistake of a server that, on Apple's `REFUND` (or RevenueCat's `CANCELLATION`
/// `CUSTOMER_SUPPORT`), marks the account refunded and clears the mark only on a new purchase
/// (Apple's `SUBSCRIBED`, RevenueCat's `INITIAL_PURCHASE` or `RENEWAL`), and so drops
/// `REFUND_REVERSED`, of which Apple says "If your app revoked content or services as a result
/// of the related refund, it needs to reinstate them" (App Store Server Notifications,
/// `notificationType`). simsub's `no-lockout-in-grace` catches it when the reversal reaches the
/// policy: the store says `canceled` (paid through), the policy says revoked.
///
/// Everything else is `ReferencePolicy`'s: the same reading of every notification, the same
/// ordering and deduplication; only the answer while the mark is set differs.
public struct RefundIsFinalPolicy: EntitlementPolicy {
  public static let name = "refund-is-final"
  public static let summary = "Known bad: a reversed refund still locks out"
  public static let decidesOnlyOnNotifications = true

  private var reference: ReferencePolicy
  /// Set by a refund, cleared only by a new purchase.
  private var refunded = false

  public init(context: PolicyContext) { reference = ReferencePolicy(context: context) }

  @discardableResult
  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    switch notification {
    case .appStore(let n):
      if n.notificationType == .refund { refunded = true }
      if n.notificationType == .subscribed { refunded = false }
    case .revenueCat(let e):
      if e.type == .cancellation, e.cancelReason == .customerSupport { refunded = true }
      if e.type == .initialPurchase || e.type == .renewal { refunded = false }
    default:
      break
    }
    return reference.receive(notification, at: arrival)
  }

  public func decision(at instant: Instant) -> Decision {
    refunded ? Decision(state: .revoked, access: false) : reference.decision(at: instant)
  }

  public func nextDecisionChange(after instant: Instant) -> Instant? {
    reference.nextDecisionChange(after: instant)
  }
}
