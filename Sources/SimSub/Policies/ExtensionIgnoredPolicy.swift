import SubscriptionPolicy

/// Known bad: ends access at the paid-through date of the last purchase or renewal, on its own
/// clock, and ignores a move of the renewal date (Apple's extension, Google's deferral), so a
/// subscriber whose renewal date the developer moved is locked out at the old date.
///
/// The mistake of a server that stores `expiresDate` from `SUBSCRIBED` and `DID_RENEW` (Google:
/// the fetched line item's `expiryTime` on `SUBSCRIPTION_PURCHASED`, `SUBSCRIPTION_RENEWED` and
/// `SUBSCRIPTION_RECOVERED`; RevenueCat: `expiration_at_ms` from `INITIAL_PURCHASE` and
/// `RENEWAL`) as "paid until" and treats `RENEWAL_EXTENDED` (Google's `SUBSCRIPTION_DEFERRED`,
/// RevenueCat's `SUBSCRIPTION_EXTENDED`) as an event it need not handle. Apple moves the renewal
/// date, and the transaction's `expiresDate` with it, when the developer calls "Extend a
/// Subscription Renewal Date" (App Store Server API); Google moves the line item's `expiryTime`
/// when the developer calls `purchases.subscriptionsv2.defer`; nothing else arrives before the
/// new date. simsub's `no-lockout-in-grace` catches it at the old date: the store says `active`,
/// the policy says expired. On Google the same stored date also ends access during the silent
/// day after a declined renewal, when Google moves `expiryTime` without a notification.
///
/// Everything else is `ReferencePolicy`'s: the clock ends only an answer the reference gives as
/// `active` (grace and hold keep their own readings).
public struct ExtensionIgnoredPolicy: EntitlementPolicy {
  public static let name = "extension-ignored"
  public static let summary = "Known bad: locks out at the expiry before an extension"
  /// `false`: the policy answers from a date on its own clock, so it is sampled at every step
  /// (counterexample replay takes answers between notifications as still otherwise).
  public static let decidesOnlyOnNotifications = false

  private var reference: ReferencePolicy
  /// The paid-through date of the last purchase or renewal heard of.
  private var expires: Instant?

  public init(context: PolicyContext) { reference = ReferencePolicy(context: context) }

  @discardableResult
  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    switch notification {
    case .appStore(let n) where n.notificationType == .subscribed || n.notificationType == .didRenew:
      expires = n.data.transactionInfo?.expiresDate ?? expires
    case .googlePlay(let n)
    where n.subscriptionNotification.notificationType == .subscriptionPurchased
      || n.subscriptionNotification.notificationType == .subscriptionRenewed
      || n.subscriptionNotification.notificationType == .subscriptionRecovered:
      expires = n.subscription?.lineItem.expiryTime ?? expires
    case .revenueCat(let e) where e.type == .initialPurchase || e.type == .renewal:
      expires = e.expirationAt ?? expires
    default:
      break
    }
    return reference.receive(notification, at: arrival)
  }

  public func decision(at instant: Instant) -> Decision {
    let decision = reference.decision(at: instant)
    // Past the date, not at it: the renewal's notification arrives at the very instant.
    if let expires, instant > expires, decision.state == .active {
      return Decision(state: .expired, access: false)
    }
    return decision
  }

  public func nextDecisionChange(after instant: Instant) -> Instant? {
    let own = expires.map { $0 + .seconds(1) }.flatMap { $0 > instant ? $0 : nil }
    guard let inner = reference.nextDecisionChange(after: instant) else { return own }
    return own.map { min($0, inner) } ?? inner
  }
}
