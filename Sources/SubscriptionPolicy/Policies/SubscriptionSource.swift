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
}
