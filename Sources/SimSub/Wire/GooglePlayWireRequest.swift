/// A Google Play real-time developer notification on the wire: the Cloud Pub/Sub push request
/// around it, and the `subscriptionsv2` resource a handler fetches for it.
///
/// The push body is Pub/Sub's, as its push-subscription reference shows it ("Receive messages
/// using push": `message.attributes`, `message.data` in base64, `messageId` and `message_id`,
/// `publishTime` and `publish_time`, then `subscription`), read in November 2026; `data` is the
/// `DeveloperNotification`'s JSON. A redelivery or duplicate carries the same `messageId`
/// (Pub/Sub delivers one message at least once); `publishTime` is when the store sent it.
///
/// The typed notification first takes the run's identity (``wireValue(_:context:)``): the
/// app's package name, salted purchase tokens and order ids, and no `latestOrderId` (no longer
/// a field of the resource; the line item's `latestSuccessfulOrderId` carries it). The resource is that value's JSON
/// with `externalAccountIdentifiers.obfuscatedExternalAccountId`, the subscriber's own id (set
/// by the app at purchase with `setObfuscatedAccountId`).
enum GooglePlayWireRequest {
  /// The Pub/Sub subscription the push comes from.
  static let pubSubSubscription = "projects/simsub-local-testing/subscriptions/play-developer-notifications"

  /// The notification with the run's identity.
  static func wireValue(_ n: GooglePlayNotification, context c: WireContext) -> GooglePlayNotification {
    var n = n
    n.packageName = Symbol(c.app.packageName)
    n.subscriptionNotification.purchaseToken = c.ids.purchaseToken(n.subscriptionNotification.purchaseToken)
    n.subscription = n.subscription.map { wireValue($0, context: c) }
    return n
  }

  /// The resource with the run's identity.
  static func wireValue(_ s: SubscriptionPurchaseV2, context c: WireContext) -> SubscriptionPurchaseV2 {
    var s = s
    // `latestOrderId` is gone from `SubscriptionPurchaseV2` in the androidpublisher v3
    // discovery document (google-api-python-client 2.202.0; Google's reference had marked it
    // deprecated for `lineItems[].latestSuccessfulOrderId`), so the resource leaves it out.
    s.latestOrderId = nil
    s.linkedPurchaseToken = s.linkedPurchaseToken.map(c.ids.purchaseToken)
    s.lineItem.latestSuccessfulOrderId = s.lineItem.latestSuccessfulOrderId.map(c.ids.orderId)
    return s
  }

  /// The push request for a notification already given the run's identity, sent at `sentAt`.
  static func request(_ n: GooglePlayNotification, sentAt: Instant, context c: WireContext) -> WireRequest {
    var bare = n
    bare.subscription = nil
    let key =
      "\(n.eventTime.secondsSinceEpoch) \(n.subscriptionNotification.notificationType.rawValue) \(n.subscriptionNotification.purchaseToken.text)"
    let push = GooglePlayPushRequest(
      notification: bare, messageId: c.ids.pubSubMessageId(key), publishTime: sentAt,
      subscriptionName: pubSubSubscription)
    let built = push.json
    let message = built["message"]?.objectValue ?? [:]
    var wire = JSONObject()
    wire.append("attributes", .object([:]))
    wire.append("data", message["data"])
    wire.append("messageId", message["messageId"])
    wire.append("message_id", message["messageId"])
    wire.append("publishTime", message["publishTime"])
    wire.append("publish_time", message["publishTime"])
    let body: JSONValue = ["message": .object(wire), "subscription": .string(pubSubSubscription)]
    return WireRequest(
      path: WireRequest.googlePlayPath, headers: [.init("Content-Type", "application/json")],
      body: body.serialized())
  }

  /// `GET /androidpublisher/v3/applications/{packageName}/purchases/subscriptionsv2/tokens/{token}`
  /// and its answer, for a notification already given the run's identity that carries the
  /// fetched resource.
  static func resource(_ n: GooglePlayNotification, context c: WireContext) -> (
    path: String, body: JSONValue
  )? {
    guard let s = n.subscription else { return nil }
    let path =
      "/androidpublisher/v3/applications/\(n.packageName.text)/purchases/subscriptionsv2/tokens/\(n.subscriptionNotification.purchaseToken.text)"
    return (path, GooglePlayResponses.subscriptionV2(s, context: c).body)
  }
}
