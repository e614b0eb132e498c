/// One notification as it reaches the app's server, in the sending store's own shape.
///
/// The engine passes these typed values; JSON belongs to the edges (fixtures, `simsub replay`,
/// reports). Every case is a plain value with no references, so passing one costs a copy.
public enum StoreNotification: Hashable, Sendable {
  /// An App Store Server Notification V2, decoded (`responseBodyV2DecodedPayload`).
  case appStore(AppStoreServerNotification)
  /// A Google Play real-time developer notification, with the `subscriptionsv2` resource the
  /// server fetched on receiving it.
  case googlePlay(GooglePlayNotification)
  /// A Stripe webhook event (`customer.subscription.updated`, `invoice.payment_failed`, …).
  case stripe(StripeEvent)
  /// A RevenueCat webhook event, RevenueCat's account of an App Store or Google Play
  /// notification.
  case revenueCat(RevenueCatEvent)

  /// When the store sent it: Apple's `signedDate`, Google's `eventTimeMillis`, Stripe's
  /// `created`, RevenueCat's `event_timestamp_ms`. The order to apply notifications in,
  /// whatever order they arrive in.
  public var sentDate: Instant {
    switch self {
    case .appStore(let n): n.signedDate
    case .googlePlay(let n): n.eventTime
    case .stripe(let e): e.created
    case .revenueCat(let e): e.eventTimestamp
    }
  }

  /// The name reports and scenario `sent:` keys use: `DID_FAIL_TO_RENEW/GRACE_PERIOD`,
  /// `SUBSCRIPTION_ON_HOLD`, `invoice.payment_failed`, and for RevenueCat the type with its
  /// reason, `CANCELLATION/BILLING_ERROR`. Not for the engine's loop.
  public var name: String {
    switch self {
    case .appStore(let n):
      if let s = n.subtype { return "\(n.notificationType.rawValue)/\(s.rawValue)" }
      return n.notificationType.rawValue
    case .googlePlay(let n): return n.subscriptionNotification.notificationType.name
    case .stripe(let e): return e.type.rawValue
    case .revenueCat(let e):
      if let reason = e.reason { return "\(e.type.rawValue)/\(reason.rawValue)" }
      return e.type.rawValue
    }
  }
}
