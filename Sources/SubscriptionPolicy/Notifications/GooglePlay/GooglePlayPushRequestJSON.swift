/// The HTTP body Cloud Pub/Sub posts to a push endpoint for one RTDN.
///
/// Google publishes each real-time developer notification to the app's Pub/Sub topic; a push
/// subscription then posts this envelope, whose `message.data` is the base64 of the
/// `DeveloperNotification`'s JSON. Shape checked against Google's RTDN reference ("Encoding")
/// and Pub/Sub's `PubsubMessage` reference (`data`, `messageId`, `publishTime` as RFC 3339),
/// read in November 2026:
///
/// ```json
/// {
///   "message": {
///     "data": "eyJ2ZXJzaW9uIjoiMS4wIiwicGFja2FnZU5hbWUiOi…",
///     "messageId": "136969346945",
///     "publishTime": "2026-01-01T09:00:01.000Z"
///   },
///   "subscription": "projects/myproject/subscriptions/mysubscription"
/// }
/// ```
///
/// simsub writes standard base64 with padding (as Pub/Sub does) and reads standard or URL-safe
/// base64. Pub/Sub's push body also repeats `messageId` and `publishTime` as `message_id` and
/// `publish_time`; either spelling is read, the camel-case one written. `attributes` is
/// ignored here; `GooglePlayDocument` keeps the whole envelope. The envelope carries only the
/// RTDN: the decoded notification's `subscription` (the fetched resource) is always `nil`, and
/// encoding drops it.
public struct GooglePlayPushRequest: Hashable, Sendable {
  /// The notification in `message.data`.
  public var notification: GooglePlayNotification
  /// `message.messageId`: Pub/Sub's id, unique within the topic (the key to drop duplicates by).
  public var messageId: String
  /// `message.publishTime`: when Pub/Sub received the message.
  public var publishTime: Instant?
  /// `subscription`: the Pub/Sub subscription's resource name.
  public var subscriptionName: String

  public init(
    notification: GooglePlayNotification, messageId: String, publishTime: Instant? = nil,
    subscriptionName: String
  ) {
    self.notification = notification
    self.messageId = messageId
    self.publishTime = publishTime
    self.subscriptionName = subscriptionName
  }
}

extension GooglePlayPushRequest: JSONRepresentable {
  public var json: JSONValue {
    let rtdn = notification.developerNotificationJSON.serializedBytes()
    var message = JSONObject()
    message.append("data", .string(Base64.encode(rtdn, alphabet: Base64.standardAlphabet, padded: true)))
    message.append("messageId", .string(messageId))
    message.append("publishTime", publishTime.map { .string(RFC3339.formatWithMilliseconds($0)) })
    var o = JSONObject()
    o.append("message", .object(message))
    o.append("subscription", .string(subscriptionName))
    return .object(o)
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    let message = try json["message"].requireObject()
    let dataField = message["data"]
    guard let bytes = JWS.base64URLDecode(try dataField.string()) else {
      throw dataField.error("expected base64 data")
    }
    let rtdn: JSONValue
    do {
      rtdn = try JSONValue(parsing: bytes)
    } catch {
      throw dataField.error("the decoded data is not JSON: \(error)")
    }
    let messageId = message["messageId"].isPresent ? message["messageId"] : message["message_id"]
    let publishTime = message["publishTime"].isPresent ? message["publishTime"] : message["publish_time"]
    self.init(
      notification: try GooglePlayNotification(developerNotification: JSONCursor(rtdn, path: dataField.path)),
      messageId: try messageId.string(),
      publishTime: try publishTime.ifPresent?.instantFromRFC3339(),
      subscriptionName: try json["subscription"].string())
  }
}
