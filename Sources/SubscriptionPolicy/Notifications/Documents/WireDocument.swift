/// Any body a store sends, or a store API answers with, recognised and decoded losslessly.
///
/// `WireDocument(bytes:)` reads a request body as it reaches a server and says which store's it
/// is: Apple's `{"signedPayload": …}`, a bare JWS (a notification, a transaction or renewal
/// info), a decoded `responseBodyV2DecodedPayload`; Google's Pub/Sub push envelope, a bare
/// `DeveloperNotification`, a `subscriptionsv2` resource; a Stripe event; a RevenueCat webhook
/// body or bare event. Each case keeps its trees (see the document types), so `text` gives back
/// what was read, every member in its order, and a changed typed value is written back in place.
///
/// Bad input is an error with a location, never a trap: bodies larger than `maxBytes`, nesting
/// deeper than `maxDepth`, invalid JSON, a JWS that is not one, JSON of no store's shape, or of
/// the right shape with a wrong field.
public enum WireDocument: Hashable, Sendable {
  case appStore(AppStoreNotificationDocument)
  case appStoreTransaction(AppStoreSignedPayloadDocument<JWSTransactionDecodedPayload>)
  case appStoreRenewalInfo(AppStoreSignedPayloadDocument<JWSRenewalInfoDecodedPayload>)
  case googlePlay(GooglePlayDocument)
  case stripe(StripeEventDocument)
  case revenueCat(RevenueCatEventDocument)

  /// The largest body read: the stores' bodies are a few kilobytes (a Stripe invoice with many
  /// lines, some hundreds).
  public static let maxBytes = 4 << 20
  /// The deepest nesting read: the stores' bodies nest under ten levels.
  public static let maxDepth = 64

  /// Recognises and decodes a body.
  public init(bytes: [UInt8]) throws(WireDecodingError) {
    guard bytes.count <= Self.maxBytes else {
      throw WireDecodingError(
        offset: Self.maxBytes, in: bytes,
        "the body is \(bytes.count) bytes; wire bodies are read up to \(Self.maxBytes) bytes (4 MiB)")
    }
    var start = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    var end = bytes.count
    while end > start, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
    do {
      if start < end, bytes[start] != UInt8(ascii: "{"), bytes[start] != UInt8(ascii: "["),
        bytes[start] != UInt8(ascii: "\"")
      {
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        guard SignedJSON.looksLikeJWS(text) else {
          throw WireDecodingError(
            offset: start, in: bytes,
            "expected a JSON object or a JWS (three base64url parts separated by '.')")
        }
        self = try Self.decodeJWS(try SignedJSON(text, maxDepth: Self.maxDepth))
        return
      }
      // Apple's request body, the most frequent and the largest, indexed without a tree.
      if start < end, bytes[start] == UInt8(ascii: "{"),
        let document = AppStoreNotificationDocument(indexingRequestBody: bytes, maxDepth: Self.maxDepth)
      {
        self = .appStore(document)
        return
      }
      // RevenueCat's webhook body, small but frequent in logs, likewise.
      if start < end, bytes[start] == UInt8(ascii: "{"),
        let document = RevenueCatEventDocument(indexingWebhookBody: bytes, maxDepth: Self.maxDepth)
      {
        self = .revenueCat(document)
        return
      }
      let value: JSONValue
      do {
        value = try JSONValue(parsing: bytes, maxDepth: Self.maxDepth)
      } catch {
        throw WireDecodingError(
          line: error.line, column: error.column, offset: error.offset, message: error.message)
      }
      self = try Self.decode(value)
    } catch let error as JSONDecodingError {
      throw WireDecodingError(error, in: bytes)
    } catch let error as WireDecodingError {
      throw error
    } catch {
      throw WireDecodingError(offset: start, in: bytes, "\(error)")
    }
  }

  /// Decodes a body from its text.
  public init(text: String) throws(WireDecodingError) { try self.init(bytes: Array(text.utf8)) }

  /// A JWS: a notification, a transaction or a renewal info, by what its payload holds.
  static func decodeJWS(_ signed: SignedJSON) throws(JSONDecodingError) -> WireDocument {
    let payload = JSONCursor(signed.payload)
    try payload.requireObject()
    if payload["notificationType"].isPresent {
      return .appStore(
        try AppStoreNotificationDocument(.string(signed.text), form: .signedPayload, maxDepth: maxDepth))
    }
    if payload["autoRenewStatus"].isPresent || payload["autoRenewProductId"].isPresent {
      return .appStoreRenewalInfo(try AppStoreSignedPayloadDocument(signed))
    }
    if payload["transactionId"].isPresent {
      return .appStoreTransaction(try AppStoreSignedPayloadDocument(signed))
    }
    throw payload.error(
      "a JWS, but its payload is not an App Store notification, transaction or renewal info (no notificationType, transactionId or autoRenewStatus)"
    )
  }

  /// A JSON body, by its shape.
  static func decode(_ value: JSONValue) throws(JSONDecodingError) -> WireDocument {
    let root = JSONCursor(value)
    if case .string(let text) = value, SignedJSON.looksLikeJWS(text) {
      return try decodeJWS(try SignedJSON(text, maxDepth: maxDepth))
    }
    guard let o = value.objectValue else {
      throw root.error("expected a store's body (a JSON object or a JWS), found \(value.kindDescription)")
    }
    if o["signedPayload"] != nil {
      return .appStore(try AppStoreNotificationDocument(value, form: .requestBody, maxDepth: maxDepth))
    }
    if o["notificationType"]?.stringValue != nil, o["notificationUUID"] != nil {
      return .appStore(try AppStoreNotificationDocument(value, form: .decodedPayload, maxDepth: maxDepth))
    }
    if o["message"]?.objectValue != nil, o["message"]?["data"] != nil {
      return .googlePlay(try GooglePlayDocument(value, form: .pushRequest, maxDepth: maxDepth))
    }
    if o["packageName"] != nil, o["eventTimeMillis"] != nil {
      return .googlePlay(try GooglePlayDocument(value, form: .developerNotification, maxDepth: maxDepth))
    }
    if o["kind"]?.stringValue == SubscriptionPurchaseV2.kind
      || (o["lineItems"] != nil && o["subscriptionState"] != nil)
    {
      return .googlePlay(try GooglePlayDocument(value, form: .subscriptionsV2, maxDepth: maxDepth))
    }
    if o["object"]?.stringValue == "event" {
      return .stripe(try StripeEventDocument(value))
    }
    if o["event"]?.objectValue != nil, o["api_version"] != nil || o["event"]?["event_timestamp_ms"] != nil {
      return .revenueCat(try RevenueCatEventDocument(value, form: .webhookBody))
    }
    if o["event_timestamp_ms"] != nil, o["type"] != nil {
      return .revenueCat(try RevenueCatEventDocument(value, form: .event))
    }
    if o["transactionId"] != nil, o["originalTransactionId"] != nil {
      throw root.error(
        "an App Store transaction as JSON; simsub reads it signed (the JWS), as the store sends it")
    }
    throw root.error(
      "not a body of any store simsub knows: expected Apple's {\"signedPayload\": …} or a JWS, a Pub/Sub push envelope, a Google DeveloperNotification or subscriptionsv2 resource, a Stripe event (\"object\": \"event\") or a RevenueCat webhook ({\"api_version\", \"event\"})"
    )
  }

  /// The store's name, as `StoreNotification`'s log lines tag it.
  public var store: String {
    switch self {
    case .appStore, .appStoreTransaction, .appStoreRenewalInfo: StoreNotification.appleTag
    case .googlePlay: StoreNotification.googleTag
    case .stripe: StoreNotification.stripeTag
    case .revenueCat: StoreNotification.revenueCatTag
    }
  }

  /// The body's text, with any changes to the typed values written in.
  public var text: String {
    switch self {
    case .appStore(let d): d.text
    case .appStoreTransaction(let d): d.text
    case .appStoreRenewalInfo(let d): d.text
    case .googlePlay(let d): d.text
    case .stripe(let d): d.text
    case .revenueCat(let d): d.text
    }
  }

  /// The body as JSON with every JWS and base64 payload replaced by what it carries.
  public var expandedJSON: JSONValue {
    switch self {
    case .appStore(let d): d.expandedJSON
    case .appStoreTransaction(let d): d.payloadJSON
    case .appStoreRenewalInfo(let d): d.payloadJSON
    case .googlePlay(let d): d.expandedJSON
    case .stripe(let d): d.json
    case .revenueCat(let d): d.json
    }
  }

  /// The notification a policy receives, when the body is one simsub models.
  public var notification: StoreNotification? {
    switch self {
    case .appStore(let d): .appStore(d.notification)
    case .appStoreTransaction, .appStoreRenewalInfo: nil
    case .googlePlay(let d): d.notification.map(StoreNotification.googlePlay)
    case .stripe(let d): .stripe(d.event)
    case .revenueCat(let d): .revenueCat(d.event)
    }
  }
}
