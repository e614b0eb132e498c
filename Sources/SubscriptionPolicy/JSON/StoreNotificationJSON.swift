/// One notification as one line of a log simsub writes and `simsub replay` reads: a `store`
/// tag, then the store's own JSON, unchanged in shape.
///
/// ```json
/// {"store":"apple","payload":{…responseBodyV2DecodedPayload…}}
/// {"store":"google","rtdn":{…DeveloperNotification…},"subscriptionsv2":{…SubscriptionPurchaseV2…}}
/// {"store":"stripe","event":{…Event…}}
/// {"store":"revenuecat","api_version":"1.0","event":{…}}
/// ```
///
/// Why this shape: the tag comes first so a reader (or `grep`) knows the store before the
/// payload; Apple's payload sits whole under `payload`, so it can be cut out and fed to any
/// tool that reads Apple's JSON; Google's line is `GooglePlayNotification`'s own log line
/// (see its `json`) with the tag added, because a Google notification is two documents, the RTDN
/// and the fetched resource. Stripe's event sits whole under `event`, as Stripe posts it.
/// RevenueCat's line is RevenueCat's webhook body with the tag added. Apple's payload is written decoded, not as a JWS, so a person can
/// read the log.
///
/// Reading also accepts `{"store":"apple","signedPayload":"<JWS>"}` — Apple's request body with
/// the tag — decoded without verification (see `JWS`). Unknown members are ignored; an unknown
/// `store` is an error naming it.
extension StoreNotification: JSONRepresentable {
  /// The `store` tag of each case.
  public static let appleTag = "apple"
  public static let googleTag = "google"
  public static let stripeTag = "stripe"
  public static let revenueCatTag = "revenuecat"

  public var json: JSONValue {
    switch self {
    case .appStore(let n):
      return ["store": .string(Self.appleTag), "payload": n.json]
    case .googlePlay(let n):
      var tagged: JSONObject = ["store": .string(Self.googleTag)]
      for member in n.json.objectValue ?? [:] { tagged.append(member.key, member.value) }
      return .object(tagged)
    case .stripe(let e):
      return ["store": .string(Self.stripeTag), "event": e.json]
    case .revenueCat(let e):
      var tagged: JSONObject = ["store": .string(Self.revenueCatTag)]
      for member in e.json.objectValue ?? [:] { tagged.append(member.key, member.value) }
      return .object(tagged)
    }
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    let store = json["store"]
    switch try store.string() {
    case Self.appleTag:
      if !json["payload"].isPresent, json["signedPayload"].isPresent {
        let signed = json["signedPayload"]
        self = .appStore(
          try AppStoreServerNotification(signedPayload: try signed.string(), path: signed.path))
      } else {
        self = .appStore(try json["payload"].decode())
      }
    case Self.googleTag:
      self = .googlePlay(try GooglePlayNotification(json: json))
    case Self.stripeTag:
      self = .stripe(try json["event"].decode())
    case Self.revenueCatTag:
      self = .revenueCat(try RevenueCatEvent(json: json))
    case let other:
      throw store.error(
        "expected \"\(Self.appleTag)\", \"\(Self.googleTag)\", \"\(Self.stripeTag)\" or \"\(Self.revenueCatTag)\", found \(JSONValue.string(other).serialized())"
      )
    }
  }
}
