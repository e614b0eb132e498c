/// An App Store Server Notification as it was read, every byte of it kept: the typed
/// notification the policies read, and the JSON trees it came from.
///
/// `AppStoreServerNotification` holds what simsub models and nothing else, because the engine
/// copies it at every step. What Apple sends besides (`appAccountToken`, `storefrontId`,
/// `offerIdentifier`, `renewalPrice`, `currency`, `appTransactionId`, fields added tomorrow,
/// fractional milliseconds from Xcode) stays here, in the trees. `notification` may be changed;
/// `body` writes the change back into the trees (see `JSONMerge`), re-encoding a nested JWS only
/// when its payload changed, and gives the text read when nothing did.
///
/// Three forms are read: the request body Apple posts (`{"signedPayload": "<JWS>"}`), the
/// `signedPayload` JWS alone, and the decoded payload (`responseBodyV2DecodedPayload`).
public struct AppStoreNotificationDocument: Hashable, Sendable {
  /// What the input was.
  public enum Form: Hashable, Sendable {
    /// `{"signedPayload": "<JWS>"}`, the body Apple posts (`responseBodyV2`).
    case requestBody
    /// The `signedPayload` JWS alone.
    case signedPayload
    /// The decoded payload, `responseBodyV2DecodedPayload`, as JSON.
    case decodedPayload
  }

  public let form: Form
  /// The notification; change it and `body` carries the change.
  public var notification: AppStoreServerNotification
  /// The notification as read.
  public let decoded: AppStoreServerNotification
  /// The request body's tree (`requestBody` only), when it was built on reading; a body that
  /// is `{"signedPayload": …}` alone may be read without it (see `requestBodyTree`).
  let requestBody: JSONValue?
  /// The `signedPayload` JWS (`requestBody` and `signedPayload`).
  public let signedPayload: SignedJSON?
  /// The decoded payload's tree, when it was built on reading (the decoded form, and documents
  /// the fast path left to the tree path); otherwise `signedPayload` builds it when asked.
  let storedPayload: JSONValue?
  /// `data.signedTransactionInfo` and `data.signedRenewalInfo`, as read.
  public let signedTransactionInfo: SignedJSON?
  public let signedRenewalInfo: SignedJSON?

  /// The decoded payload's tree, as read.
  public var payload: JSONValue { storedPayload ?? signedPayload?.payload ?? .null }

  /// The request body's tree (`requestBody` only), as read.
  var requestBodyTree: JSONValue? {
    guard form == .requestBody else { return nil }
    if let requestBody { return requestBody }
    return signedPayload.map { ["signedPayload": .string($0.text)] }
  }

  init(
    form: Form, notification: AppStoreServerNotification, requestBody: JSONValue?, signedPayload: SignedJSON?,
    storedPayload: JSONValue?, signedTransactionInfo: SignedJSON?, signedRenewalInfo: SignedJSON?
  ) {
    self.form = form
    self.notification = notification
    self.decoded = notification
    self.requestBody = requestBody
    self.signedPayload = signedPayload
    self.storedPayload = storedPayload
    self.signedTransactionInfo = signedTransactionInfo
    self.signedRenewalInfo = signedRenewalInfo
  }

  /// Decodes a request body, a `signedPayload` JWS or a decoded payload, as `form` says.
  /// Errors name paths from the document's root (`signedPayload.data.status`).
  ///
  /// The signed forms are read first through `JSONByteIndex`, the typed values straight from
  /// the bytes and the trees left to be built when asked for; whatever that path leaves to the
  /// parser (an error, an unusual shape) is read through the trees below.
  public init(_ value: JSONValue, form: Form, maxDepth: Int = JSONValue.defaultMaxDepth)
    throws(JSONDecodingError)
  {
    if form != .decodedPayload, let indexed = Self(indexing: value, form: form, maxDepth: maxDepth) {
      self = indexed
    } else {
      try self.init(tree: value, form: form, maxDepth: maxDepth)
    }
  }

  /// `init(_:form:maxDepth:)` through the trees alone: every payload parsed, the typed values
  /// read through `JSONCursor`.
  init(tree value: JSONValue, form: Form, maxDepth: Int) throws(JSONDecodingError) {
    self.form = form
    let payload: JSONValue
    let payloadPath: JSONPath
    switch form {
    case .requestBody:
      let root = JSONCursor(value)
      try root.requireObject()
      let field = root["signedPayload"]
      let signed = try SignedJSON(try field.string(), path: field.path, maxDepth: maxDepth)
      requestBody = value
      signedPayload = signed
      payload = signed.payload
      payloadPath = field.path
    case .signedPayload:
      guard case .string(let text) = value else { throw JSONCursor(value).expected("a JWS string") }
      let signed = try SignedJSON(text, maxDepth: maxDepth)
      requestBody = nil
      signedPayload = signed
      payload = signed.payload
      payloadPath = .root
    case .decodedPayload:
      requestBody = nil
      signedPayload = nil
      payload = value
      payloadPath = .root
    }
    let cursor = JSONCursor(payload, path: payloadPath)
    let data = cursor["data"]
    func signed(_ key: String) throws(JSONDecodingError) -> SignedJSON? {
      guard let field = data[key].ifPresent else { return nil }
      return try SignedJSON(try field.string(), path: field.path, maxDepth: maxDepth)
    }
    storedPayload = payload
    signedTransactionInfo = try signed("signedTransactionInfo")
    signedRenewalInfo = try signed("signedRenewalInfo")
    decoded = try AppStoreServerNotification(
      json: cursor,
      signedInfo: .init(transaction: signedTransactionInfo?.payload, renewal: signedRenewalInfo?.payload))
    notification = decoded
  }

  // The signed texts say what the trees hold, whether built on reading or later.
  public static func == (a: Self, b: Self) -> Bool {
    a.form == b.form && a.notification == b.notification && a.decoded == b.decoded
      && a.requestBodyTree == b.requestBodyTree && a.signedPayload == b.signedPayload
      && a.signedTransactionInfo == b.signedTransactionInfo && a.signedRenewalInfo == b.signedRenewalInfo
      && (a.signedPayload != nil || a.storedPayload == b.storedPayload)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(form)
    hasher.combine(notification)
    hasher.combine(requestBodyTree)
    hasher.combine(signedPayload)
    if signedPayload == nil { hasher.combine(storedPayload) }
  }

  /// The decoded payload with `notification`'s changes written in.
  public var payloadJSON: JSONValue { payloadJSON(original: payload) }

  /// `payloadJSON`, given the payload's tree as read (built once by the caller).
  func payloadJSON(original payload: JSONValue) -> JSONValue {
    if notification == decoded { return payload }
    var merged =
      JSONMerge.merge(
        original: payload, baseline: decoded.jsonWithoutSignedInfo,
        current: notification.jsonWithoutSignedInfo) ?? payload
    guard case .object(var root) = merged, case .object(var data)? = root["data"] else { return merged }
    let now = notification.data
    let then = decoded.data
    if now.transactionInfo != then.transactionInfo {
      data["signedTransactionInfo"] = Self.signed(
        signedTransactionInfo, baseline: then.transactionInfo?.json, current: now.transactionInfo?.json)
    }
    if now.renewalInfo != then.renewalInfo {
      data["signedRenewalInfo"] = Self.signed(
        signedRenewalInfo, baseline: then.renewalInfo?.json, current: now.renewalInfo?.json)
    }
    root["data"] = .object(data)
    merged = .object(root)
    return merged
  }

  /// A nested JWS with its payload's changes written in, or a new unsecured one.
  static func signed(_ original: SignedJSON?, baseline: JSONValue?, current: JSONValue?) -> JSONValue? {
    guard let current else { return nil }
    guard let original else { return .string(JWS.encodeUnsecured(current)) }
    let read = original.payload
    let payload = JSONMerge.merge(original: read, baseline: baseline, current: current) ?? current
    return .string(original.replacingPayload(payload, read: read))
  }

  /// The document in its own form: the request body, the JWS (as a JSON string), or the
  /// decoded payload.
  public var json: JSONValue {
    // Unchanged, a signed document is what it read: no tree needs building.
    if let signedPayload, form != .decodedPayload, notification == decoded {
      if form == .signedPayload { return .string(signedPayload.text) }
      return requestBody ?? ["signedPayload": .string(signedPayload.text)]
    }
    let read = self.payload
    let payload = payloadJSON(original: read)
    switch form {
    case .decodedPayload:
      return payload
    case .signedPayload:
      return .string(signedPayload?.replacingPayload(payload, read: read) ?? JWS.encodeUnsecured(payload))
    case .requestBody:
      let jws = JSONValue.string(
        signedPayload?.replacingPayload(payload, read: read) ?? JWS.encodeUnsecured(payload))
      guard case .object(var body)? = requestBodyTree else { return ["signedPayload": jws] }
      body["signedPayload"] = jws
      return .object(body)
    }
  }

  /// The document's text: what was read, with `notification`'s changes. A bare JWS is its
  /// text, without quotes.
  public var text: String {
    if form == .signedPayload, case .string(let jws) = json { return jws }
    return json.serialized()
  }

  /// The document with every JWS replaced by its payload, for a person to read.
  public var expandedJSON: JSONValue {
    var payload = payloadJSON
    if case .object(var root) = payload, case .object(var data)? = root["data"] {
      for key in ["signedTransactionInfo", "signedRenewalInfo"] {
        if case .string(let jws)? = data[key], let inner = try? JWS.decodePayload(jws) { data[key] = inner }
      }
      root["data"] = .object(data)
      payload = .object(root)
    }
    guard form == .requestBody, case .object(var body)? = requestBodyTree else { return payload }
    body["signedPayload"] = payload
    return .object(body)
  }
}

extension AppStoreServerNotification {
  /// `json` without the nested JWS, which `AppStoreNotificationDocument` merges on their own.
  var jsonWithoutSignedInfo: JSONValue {
    var o = JSONObject()
    o.append("notificationType", .string(notificationType.rawValue))
    o.append("subtype", subtype.map { .string($0.rawValue) })
    o.append("notificationUUID", .string(notificationUUID.uuidString.lowercased()))
    o.append("version", .symbol(version))
    o.append("signedDate", .milliseconds(signedDate))
    o.append("data", data.json(signed: false))
    return .object(o)
  }
}
