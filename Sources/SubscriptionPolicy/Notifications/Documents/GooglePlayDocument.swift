/// A Google Play body as it was read, every byte of it kept: the Pub/Sub push envelope, the
/// `DeveloperNotification` inside it, or a `subscriptionsv2` resource; typed where simsub models
/// it, and the trees beside.
///
/// The typed values hold what the policies read; everything else stays in the trees (Pub/Sub
/// `attributes` and `publish_time`, a resource's line items after the first,
/// `externalAccountIdentifiers`, `testPurchase`, fields Google adds tomorrow). Change
/// `notification` or `subscription` and `json` writes the change back (see `JSONMerge`),
/// re-encoding `message.data` only when the notification changed.
public struct GooglePlayDocument: Hashable, Sendable {
  /// What the input was.
  public enum Form: Hashable, Sendable {
    /// The body Pub/Sub posts to a push endpoint, the `DeveloperNotification` base64 in
    /// `message.data`.
    case pushRequest
    /// A `DeveloperNotification` alone.
    case developerNotification
    /// A `SubscriptionPurchaseV2` (`purchases.subscriptionsv2.get`).
    case subscriptionsV2
  }

  public let form: Form
  /// The push envelope's tree (`pushRequest`).
  public let envelope: JSONValue?
  /// The `DeveloperNotification`'s tree (`pushRequest`, `developerNotification`).
  public let developerNotification: JSONValue?
  /// A subscription notification, typed; change it and `json` carries the change.
  public var notification: GooglePlayNotification?
  /// Any other kind of notification, typed as far as Google documents it.
  public let otherNotification: GooglePlayOtherNotification?
  let decodedNotification: GooglePlayNotification?
  /// The resource's tree (`subscriptionsV2`).
  public let resource: JSONValue?
  /// The resource, typed; change it and `json` carries the change.
  public var subscription: SubscriptionPurchaseV2?
  let decodedSubscription: SubscriptionPurchaseV2?

  public init(_ value: JSONValue, form: Form, maxDepth: Int = JSONValue.defaultMaxDepth)
    throws(JSONDecodingError)
  {
    self.form = form
    let root = JSONCursor(value)
    try root.requireObject()
    var rtdnPath = JSONPath.root
    switch form {
    case .subscriptionsV2:
      envelope = nil
      developerNotification = nil
      resource = value
      decodedSubscription = try SubscriptionPurchaseV2(json: root)
      subscription = decodedSubscription
      decodedNotification = nil
      notification = nil
      otherNotification = nil
      return
    case .pushRequest:
      let message = try root["message"].requireObject()
      let data = message["data"]
      guard let bytes = JWS.base64URLDecode(try data.string()) else {
        throw data.error("expected base64 data")
      }
      do {
        developerNotification = try JSONValue(parsing: bytes, maxDepth: maxDepth)
      } catch {
        throw data.error("the decoded data is not JSON: \(error)")
      }
      envelope = value
      rtdnPath = data.path
    case .developerNotification:
      envelope = nil
      developerNotification = value
    }
    resource = nil
    decodedSubscription = nil
    subscription = nil
    let rtdn = JSONCursor(developerNotification, path: rtdnPath)
    try rtdn.requireObject()
    if let other = try GooglePlayOtherNotification(developerNotification: rtdn) {
      otherNotification = other
      decodedNotification = nil
    } else {
      otherNotification = nil
      decodedNotification = try GooglePlayNotification(developerNotification: rtdn)
    }
    notification = decodedNotification
  }

  /// The `DeveloperNotification` with `notification`'s changes written in.
  public var developerNotificationJSON: JSONValue? {
    guard let developerNotification else { return nil }
    guard notification != decodedNotification else { return developerNotification }
    return JSONMerge.merge(
      original: developerNotification, baseline: decodedNotification?.developerNotificationJSON,
      current: notification?.developerNotificationJSON)
  }

  /// The document in its own form, with the typed values' changes written in.
  public var json: JSONValue {
    switch form {
    case .subscriptionsV2:
      guard let resource else { return .null }
      if subscription == decodedSubscription { return resource }
      return JSONMerge.merge(
        original: resource, baseline: decodedSubscription?.json, current: subscription?.json)
        ?? .null
    case .developerNotification:
      return developerNotificationJSON ?? .null
    case .pushRequest:
      guard case .object(var body)? = envelope, case .object(var message)? = body["message"] else {
        return .null
      }
      guard notification != decodedNotification, let rtdn = developerNotificationJSON else {
        return .object(body)
      }
      message["data"] = .string(
        Base64.encode(rtdn.serializedBytes(), alphabet: Base64.standardAlphabet, padded: true))
      body["message"] = .object(message)
      return .object(body)
    }
  }

  /// The document's text.
  public var text: String { json.serialized() }

  /// The document with `message.data` replaced by the `DeveloperNotification` it carries.
  public var expandedJSON: JSONValue {
    guard form == .pushRequest, case .object(var body) = json, case .object(var message)? = body["message"],
      let rtdn = developerNotificationJSON
    else { return json }
    message["data"] = rtdn
    body["message"] = .object(message)
    return .object(body)
  }

  /// Pub/Sub's `message.messageId` (or `message_id`), for a push request.
  public var messageId: String? {
    envelope?["message"]?["messageId"]?.stringValue ?? envelope?["message"]?["message_id"]?.stringValue
  }
}
