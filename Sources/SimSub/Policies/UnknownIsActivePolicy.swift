import SubscriptionPolicy

/// Known bad: the notification mapping of a widely read implementation guide, which sends every
/// type it does not list to `active`.
///
/// The mapping, exactly as published:
///
/// | store | notification | state |
/// |---|---|---|
/// | Apple | `SUBSCRIBED`, `DID_RENEW` | active |
/// | Apple | `DID_FAIL_TO_RENEW` with subtype `GRACE_PERIOD` | grace |
/// | Apple | `DID_FAIL_TO_RENEW` otherwise | hold |
/// | Apple | `EXPIRED` | expired |
/// | Apple | any other type | active |
/// | Google | 2 `RENEWED`, 4 `PURCHASED`, 7 `RESTARTED` | active |
/// | Google | 6 `IN_GRACE_PERIOD` | grace |
/// | Google | 5 `ON_HOLD` | hold |
/// | Google | 3 `CANCELED`, 13 `EXPIRED` | expired |
/// | Google | any other code | active |
///
/// Access in active and grace; a soft prompt in grace, a hard one in hold. What it gets wrong:
///
/// - Apple `GRACE_PERIOD_EXPIRED` → active: free access once grace ends unpaid.
/// - Apple `REFUND` and `REVOKE` → active: free access after a refund or when family sharing is
///   withdrawn.
/// - Google `PAUSED` (10) and `REVOKED` (12) → active: free access while paused and after a
///   refund.
/// - Google `CANCELED` (3) → expired: a subscriber who turned auto-renew off loses the days
///   they paid for.
/// - Google `RECOVERED` (1) → active only through the default; `RESTARTED` (7) is listed as
///   though it were the recovery from hold. Right by accident.
///
/// It reads only the notification type, never Apple's `status` or Google's fetched resource.
/// For a subscriber with one source, ordering and deduplication are `ReferencePolicy`'s, so
/// its mistakes are the mapping's alone (it keeps one reading and one clock for all sources, so
/// with several it also lets the source heard last decide); `gracePeriodExpiresDate` is reported from the payload in grace, as the reference does.
/// The guide publishes no mapping for Stripe or RevenueCat: their events are read as the
/// reference policy reads them.
public struct UnknownIsActivePolicy: EntitlementPolicy {
  public static let name = "unknown-is-active"
  public static let summary = "Known bad: unknown types mean active, refunds keep access"
  public static let decidesOnlyOnNotifications = true

  private var reading = EntitlementReading.never
  private var order = SentDateOrder<NotificationIdentity>()
  private let settings: PolicySettings

  public init(context: PolicyContext) { settings = context.settings }

  @discardableResult
  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    guard let next = Self.reading(of: notification, after: reading.state, settings: settings),
      order.admit(NotificationIdentity(notification), sentDate: notification.sentDate)
    else { return .accepted }
    reading = next
    return .accepted
  }

  public func decision(at instant: Instant) -> Decision {
    ReferenceRules.decision(for: reading, at: instant)
  }

  public func nextDecisionChange(after instant: Instant) -> Instant? {
    reading.nextChange(after: instant)
  }

  /// The published mapping for Apple and Google, where every notification reads as some
  /// state; the reference reading for Stripe and RevenueCat.
  static func reading(
    of notification: StoreNotification, after current: EntitlementState, settings: PolicySettings
  ) -> EntitlementReading? {
    switch notification {
    case .stripe, .revenueCat:
      return ReferenceRules.reading(of: notification, after: current, settings: settings)
    case .appStore(let n):
      switch n.notificationType {
      case .subscribed, .didRenew:
        return EntitlementReading(.active)
      case .didFailToRenew where n.subtype == .gracePeriod:
        return EntitlementReading(
          .grace, gracePeriodExpiresDate: n.data.renewalInfo?.gracePeriodExpiresDate)
      case .didFailToRenew:
        return EntitlementReading(.hold)
      case .expired:
        return EntitlementReading(.expired)
      default:
        return EntitlementReading(.active)
      }
    case .googlePlay(let n):
      switch n.subscriptionNotification.notificationType {
      case .subscriptionRenewed, .subscriptionPurchased, .subscriptionRestarted:
        return EntitlementReading(.active)
      case .subscriptionInGracePeriod:
        return EntitlementReading(
          .grace, gracePeriodExpiresDate: n.subscription?.lineItem.expiryTime)
      case .subscriptionOnHold:
        return EntitlementReading(.hold)
      case .subscriptionCanceled, .subscriptionExpired:
        return EntitlementReading(.expired)
      default:
        return EntitlementReading(.active)
      }
    }
  }
}
