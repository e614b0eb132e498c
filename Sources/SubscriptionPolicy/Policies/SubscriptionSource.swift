/// Which of a subscriber's sources a notification speaks for: one per kind of notification.
///
/// A subscriber may pay through more than one source at once (an App Store subscription and a
/// Stripe one for the web, say); each source's notifications describe that source's
/// subscription only, on that store's own clock.
public enum SubscriptionSource: Int, CaseIterable, Hashable, Sendable {
  case appStore
  case googlePlay
  case stripe
  case revenueCat

  /// The source `notification` speaks for.
  @inlinable public init(_ notification: StoreNotification) {
    switch notification {
    case .appStore: self = .appStore
    case .googlePlay: self = .googlePlay
    case .stripe: self = .stripe
    case .revenueCat: self = .revenueCat
    }
  }

  /// The date the source's subscription is paid through, as the notification states it:
  /// Apple's transaction `expiresDate`, Google's line item `expiryTime`, Stripe's
  /// `current_period_end`, RevenueCat's `expiration_at_ms`. `nil` when it says none. The
  /// reference policy takes it from ``NotificationFacts``, read in one pass; the tests hold the
  /// facts to this plain statement.
  static func paidThrough(_ notification: StoreNotification) -> Instant? {
    switch notification {
    case .appStore(let n): n.data.transactionInfo?.expiresDate
    case .googlePlay(let n): n.subscription?.lineItem.expiryTime
    case .stripe(let e): e.subscription?.currentPeriodEnd
    case .revenueCat(let e): e.expirationAt
    }
  }
}
