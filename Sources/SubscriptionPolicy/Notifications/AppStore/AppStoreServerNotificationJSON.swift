import Foundation

/// App Store Server Notifications V2 as JSON: the decoded payload
/// (`responseBodyV2DecodedPayload`) and the request body Apple posts (`responseBodyV2`,
/// `{"signedPayload": "<JWS>"}`).
///
/// Shapes checked against Apple's reference
/// (developer.apple.com/documentation/appstoreservernotifications/responsebodyv2decodedpayload,
/// …/data, …/signeddate, …/responsebodyv2) and Apple's App Store Server Library models
/// (`ResponseBodyV2DecodedPayload`, `Data`), read in November 2026:
///
/// ```json
/// {
///   "notificationType": "DID_FAIL_TO_RENEW",
///   "subtype": "GRACE_PERIOD",
///   "notificationUUID": "6c1d2a2e-0b59-4d5c-9a52-3f0e8c1f7a10",
///   "version": "2.0",
///   "signedDate": 1767225600000,
///   "data": {
///     "appAppleId": 1234567890,
///     "bundleId": "com.example.news",
///     "bundleVersion": "42",
///     "environment": "Production",
///     "status": 4,
///     "signedTransactionInfo": "<JWS of a JWSTransactionDecodedPayload>",
///     "signedRenewalInfo": "<JWS of a JWSRenewalInfoDecodedPayload>"
///   }
/// }
/// ```
///
/// Dates are milliseconds since the epoch (integers from Apple, with a fraction from Xcode);
/// `Instant` keeps whole seconds, so the typed value drops the milliseconds and writes `000`
/// back. `AppStoreNotificationDocument` keeps the text as sent, and every member simsub does not
/// model. `notificationUUID` is
/// written in lower case, as Apple sends it. The signed fields are written as unsecured JWS and
/// read without verification (see `JWS`: simsub never verifies a signature; production code
/// must). Absent optional fields are omitted; unknown `notificationType` and `subtype` strings
/// decode and re-encode unchanged; unknown members are ignored here (kept by `AppStoreNotificationDocument`).
extension AppStoreServerNotification: JSONRepresentable {
  public var json: JSONValue {
    var o = JSONObject()
    o.append("notificationType", .string(notificationType.rawValue))
    o.append("subtype", subtype.map { .string($0.rawValue) })
    o.append("notificationUUID", .string(notificationUUID.uuidString.lowercased()))
    o.append("version", .symbol(version))
    o.append("signedDate", .milliseconds(signedDate))
    o.append("data", data.json)
    return .object(o)
  }

  /// Decodes a `responseBodyV2DecodedPayload`.
  ///
  /// `version` defaults to `"2.0"` when absent. A notification that carries no `data` — a
  /// `RENEWAL_EXTENSION` / `SUMMARY` (with `summary`), an `EXTERNAL_PURCHASE_TOKEN` (with
  /// `externalPurchaseToken`) or one with `appData` — still decodes, so a replayed log does not
  /// stop at it: its `data` is built from that object's `appAppleId`, `bundleId` and
  /// `environment`, with no transaction or renewal info. Re-encoding the typed value writes
  /// `data`; `AppStoreNotificationDocument` gives the original shape back. A payload without
  /// `signedDate` takes the renewal info's or transaction's, or `Instant.distantPast`.
  public init(json: JSONCursor) throws(JSONDecodingError) {
    try self.init(json: json, signedInfo: nil)
  }

  /// Decodes a payload whose nested JWS, when `signedInfo` is given, have been parsed already
  /// (by `AppStoreNotificationDocument`), so they are not parsed twice.
  init(json: JSONCursor, signedInfo: AppStoreNotificationData.SignedInfo?) throws(JSONDecodingError) {
    try json.requireObject()
    // Read in the documented key order, so the first error reported is the first in the text.
    let notificationType: AppStoreNotificationType = try json["notificationType"].storeString()
    let subtype: AppStoreNotificationSubtype? = try json["subtype"].ifPresent?.storeString()
    let notificationUUID = try json["notificationUUID"].uuid()
    let version = try json["version"].ifPresent?.symbol() ?? "2.0"
    let signedDate = try json["signedDate"].ifPresent?.instantFromMilliseconds()
    let data: AppStoreNotificationData
    if json["data"].isPresent {
      data = try AppStoreNotificationData(json: json["data"], signedInfo: signedInfo)
    } else if let other = ["summary", "externalPurchaseToken", "appData"].lazy
      .map({ json[$0] }).first(where: \.isPresent)
    {
      try other.requireObject()
      data = AppStoreNotificationData(
        appAppleId: try other["appAppleId"].ifPresent?.int64OrDecimalString(),
        bundleId: try other["bundleId"].symbol(),
        environment: try other["environment"].ifPresent?.storeString() ?? .sandbox)
    } else {
      throw json["data"].expected("an object")
    }
    // Without `signedDate` (older and test payloads), the nested payloads' signing date
    // stands in, or the distant past, which orders before everything.
    let sent =
      signedDate ?? data.renewalInfo?.signedDate ?? data.transactionInfo?.signedDate ?? .distantPast
    self.init(
      notificationType: notificationType, subtype: subtype, notificationUUID: notificationUUID,
      version: version, signedDate: sent, data: data)
  }

  // MARK: The request body

  /// The notification as Apple signs it: an unsecured JWS of `json` (see `JWS`).
  public var signedPayload: String { AppStoreSignedPayloadWriter.signedPayload(self) }

  /// The body Apple posts to the server: `{"signedPayload": "<JWS>"}`.
  public var responseBodyV2: JSONValue { ["signedPayload": .string(signedPayload)] }

  /// Decodes a `signedPayload` JWS without verifying it (see `JWS`). Errors name paths under
  /// `path`, e.g. `signedPayload.data.status`.
  public init(signedPayload jws: String, path: JSONPath = .root) throws(JSONDecodingError) {
    let payload = try JWS.decodePayload(jws, path: path)
    try self.init(json: JSONCursor(payload, path: path))
  }

  /// Decodes the body Apple posts, `{"signedPayload": "<JWS>"}`, without verifying it.
  public init(responseBodyV2 json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    let signed = json["signedPayload"]
    try self.init(signedPayload: try signed.string(), path: signed.path)
  }

  /// Decodes the body Apple posts from its text.
  public init(responseBodyV2Text text: String) throws {
    try self.init(responseBodyV2: JSONCursor(JSONValue(parsing: text)))
  }
}

/// The `data` object of a V2 notification; see `AppStoreServerNotification`'s JSON.
///
/// `signedTransactionInfo` and `signedRenewalInfo` are JWS strings on the wire and decoded
/// payloads in the type; errors inside them name paths such as
/// `data.signedTransactionInfo.expiresDate`. `appAppleId` is a number (Apple omits it in the
/// sandbox); a string of digits is accepted too.
extension AppStoreNotificationData: JSONRepresentable {
  public var json: JSONValue { json(signed: true) }

  /// The object, with the nested JWS or (`signed: false`) without them.
  func json(signed: Bool) -> JSONValue {
    var o = JSONObject()
    o.append("appAppleId", appAppleId.map(JSONValue.int))
    o.append("bundleId", .symbol(bundleId))
    o.append("bundleVersion", bundleVersion.map(JSONValue.symbol))
    o.append("environment", .string(environment.rawValue))
    o.append("status", status.map { .int(Int64($0.rawValue)) })
    guard signed else { return .object(o) }
    o.append("signedTransactionInfo", transactionInfo.map { .string(JWS.encodeUnsecured($0.json)) })
    o.append("signedRenewalInfo", renewalInfo.map { .string(JWS.encodeUnsecured($0.json)) })
    return .object(o)
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try self.init(json: json, signedInfo: nil)
  }

  /// The payloads of `signedTransactionInfo` and `signedRenewalInfo`, parsed already.
  struct SignedInfo {
    var transaction: JSONValue?
    var renewal: JSONValue?
  }

  init(json: JSONCursor, signedInfo: SignedInfo?) throws(JSONDecodingError) {
    try json.requireObject()
    func signed<T: JSONRepresentable>(_ key: String) throws(JSONDecodingError) -> T? {
      guard let field = json[key].ifPresent else { return nil }
      if let signedInfo {
        let parsed = key == "signedTransactionInfo" ? signedInfo.transaction : signedInfo.renewal
        return try parsed.map { v throws(JSONDecodingError) in try T(json: JSONCursor(v, path: field.path)) }
      }
      let payload = try JWS.decodePayload(try field.string(), path: field.path)
      return try T(json: JSONCursor(payload, path: field.path))
    }
    self.init(
      appAppleId: try json["appAppleId"].ifPresent?.int64OrDecimalString(),
      bundleId: try json["bundleId"].symbol(),
      bundleVersion: try json["bundleVersion"].ifPresent?.symbol(),
      environment: try json["environment"].storeString(),
      status: (try json["status"].ifPresent?.int32()).map(AppStoreSubscriptionStatus.init(rawValue:)),
      transactionInfo: try signed("signedTransactionInfo"),
      renewalInfo: try signed("signedRenewalInfo"))
  }
}
