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

  /// When the store sent it: Apple's `signedDate`, Google's `eventTimeMillis`. The order to
  /// apply notifications in, whatever order they arrive in.
  public var sentDate: Instant {
    switch self {
    case .appStore(let n): n.signedDate
    case .googlePlay(let n): n.eventTime
    }
  }

  /// The name reports and scenario `sent:` keys use: `DID_FAIL_TO_RENEW/GRACE_PERIOD`,
  /// `SUBSCRIPTION_ON_HOLD`. Not for the engine's loop.
  public var name: String {
    switch self {
    case .appStore(let n):
      if let s = n.subtype { return "\(n.notificationType.rawValue)/\(s.rawValue)" }
      return n.notificationType.rawValue
    case .googlePlay(let n): return n.subscriptionNotification.notificationType.name
    }
  }
}
