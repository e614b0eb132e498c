/// Builds the wire request of a notification the engine passed: the one entry point over the
/// four stores.
///
/// Two steps, both at the edge and neither on the engine's path: ``wireValue(_:context:)``
/// gives the typed notification the run's identity (ids, app, environment), and
/// ``request(_:sentAt:context:)`` writes that value as the store sends it. Decoding the
/// request's body with the stores' decoders gives back the first step's value: what the test
/// suite checks for every kind of notification.
public enum WireRequestBuilder {
  /// The notification as it goes on the wire: the same typed value with the run's identity.
  public static func wireValue(_ notification: StoreNotification, context: WireContext) -> StoreNotification {
    switch notification {
    case .appStore(let n): .appStore(AppStoreWireRequest.wireValue(n, context: context))
    case .googlePlay(let n): .googlePlay(GooglePlayWireRequest.wireValue(n, context: context))
    case .stripe(let e): .stripe(StripeWireRequest.wireValue(e, context: context))
    case .revenueCat(let e): .revenueCat(RevenueCatWireRequest.wireValue(e, context: context))
    }
  }

  /// The request for `notification` (as the engine passed it), sent by the store at `sentAt`.
  public static func request(_ notification: StoreNotification, sentAt: Instant, context: WireContext)
    -> WireRequest
  {
    switch wireValue(notification, context: context) {
    case .appStore(let n): AppStoreWireRequest.request(n, context: context)
    case .googlePlay(let n): GooglePlayWireRequest.request(n, sentAt: sentAt, context: context)
    case .stripe(let e): StripeWireRequest.request(e, context: context)
    case .revenueCat(let e): RevenueCatWireRequest.request(e, context: context)
    }
  }

  /// For a Google Play notification that carries the resource the server fetched: the
  /// `subscriptionsv2.get` path and its JSON, with the run's identity; `nil` otherwise.
  public static func subscriptionsV2(_ notification: StoreNotification, context: WireContext)
    -> (path: String, body: JSONValue)?
  {
    guard case .googlePlay(let n) = notification else { return nil }
    return GooglePlayWireRequest.resource(
      GooglePlayWireRequest.wireValue(n, context: context), context: context)
  }

  /// The `store` of a request: `apple`, `google`, `stripe` or `revenuecat`.
  public static func storeTag(_ notification: StoreNotification) -> String {
    switch notification {
    case .appStore: StoreNotification.appleTag
    case .googlePlay: StoreNotification.googleTag
    case .stripe: StoreNotification.stripeTag
    case .revenueCat: StoreNotification.revenueCatTag
    }
  }
}
