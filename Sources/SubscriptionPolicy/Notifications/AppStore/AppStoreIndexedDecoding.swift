import Foundation

/// The App Store payloads read straight from their bytes through a `JSONByteIndex`: the same
/// fields, defaults and fallbacks as their `init(json:)`, without a tree.
///
/// Each reader gives up (`JSONByteIndex.Refusal`) wherever its `init(json:)` would throw or
/// needs what the index does not hold — a field missing or of another kind, a number too large,
/// a notification without `data` — and the caller then decodes through the tree, which gives
/// the value or the error with its path. The wire tests decode every fixture both ways and
/// compare.
extension JWSTransactionDecodedPayload {
  init(index j: JSONByteIndex, _ o: JSONByteIndex.Object) throws(JSONByteIndex.Refusal) {
    self.init(
      originalTransactionId: try j.symbol(try j.required("originalTransactionId", in: o)),
      transactionId: try j.symbol(try j.required("transactionId", in: o)),
      webOrderLineItemId: try j.optionalSymbol("webOrderLineItemId", in: o),
      bundleId: try j.symbol(try j.required("bundleId", in: o)),
      productId: try j.symbol(try j.required("productId", in: o)),
      subscriptionGroupIdentifier: try j.optionalSymbol("subscriptionGroupIdentifier", in: o),
      purchaseDate: try j.instantFromMilliseconds(try j.required("purchaseDate", in: o)),
      originalPurchaseDate: try j.instantFromMilliseconds(try j.required("originalPurchaseDate", in: o)),
      expiresDate: try j.optionalInstant("expiresDate", in: o),
      quantity: try j.optionalInt32("quantity", in: o) ?? 1,
      type: try j.optionalSymbol("type", in: o).map(AppStoreProductType.init(symbol:)) ?? .autoRenewable,
      inAppOwnershipType: try j.optionalSymbol("inAppOwnershipType", in: o).map(
        AppStoreOwnershipType.init(symbol:)) ?? .purchased,
      signedDate: try j.instantFromMilliseconds(try j.required("signedDate", in: o)),
      revocationDate: try j.optionalInstant("revocationDate", in: o),
      revocationReason: try j.optionalInt32("revocationReason", in: o),
      offerType: try j.optionalInt32("offerType", in: o),
      environment: try j.optionalSymbol("environment", in: o).map(AppStoreEnvironment.init(symbol:))
        ?? .sandbox,
      transactionReason: try j.optionalSymbol("transactionReason", in: o),
      storefront: try j.optionalSymbol("storefront", in: o),
      price: try j.optionalInt64("price", in: o),
      currency: try j.optionalSymbol("currency", in: o),
      isUpgraded: try j.optionalBool("isUpgraded", in: o))
  }
}

extension JWSRenewalInfoDecodedPayload {
  init(index j: JSONByteIndex, _ o: JSONByteIndex.Object) throws(JSONByteIndex.Refusal) {
    let productId = try j.symbol(try j.required("productId", in: o))
    self.init(
      originalTransactionId: try j.symbol(try j.required("originalTransactionId", in: o)),
      autoRenewProductId: try j.optionalSymbol("autoRenewProductId", in: o) ?? productId,
      productId: productId,
      autoRenewStatus: try j.int32(try j.required("autoRenewStatus", in: o)),
      expirationIntent: try j.optionalInt32("expirationIntent", in: o),
      gracePeriodExpiresDate: try j.optionalInstant("gracePeriodExpiresDate", in: o),
      isInBillingRetryPeriod: try j.optionalBool("isInBillingRetryPeriod", in: o),
      offerType: try j.optionalInt32("offerType", in: o),
      priceIncreaseStatus: try j.optionalInt32("priceIncreaseStatus", in: o),
      signedDate: try j.instantFromMilliseconds(try j.required("signedDate", in: o)),
      environment: try j.optionalSymbol("environment", in: o).map(AppStoreEnvironment.init(symbol:))
        ?? .sandbox,
      recentSubscriptionStartDate: try j.optionalInstant("recentSubscriptionStartDate", in: o),
      renewalDate: try j.optionalInstant("renewalDate", in: o))
  }
}

extension AppStoreNotificationDocument {
  /// The fast path of `init(_:form:maxDepth:)` for the two signed forms: the payload and the
  /// nested JWS indexed, not parsed, and their trees left to be built when asked for. `nil`
  /// wherever the tree path must decide.
  init?(indexing value: JSONValue, form: Form, maxDepth: Int) {
    switch (form, value) {
    case (.requestBody, .object(let body)):
      guard case .string(let jws)? = body["signedPayload"] else { return nil }
      self.init(indexingJWS: jws, form: form, requestBody: value, maxDepth: maxDepth)
    case (.signedPayload, .string(let jws)):
      self.init(indexingJWS: jws, form: form, requestBody: nil, maxDepth: maxDepth)
    default:
      return nil
    }
  }

  /// The fast path for a request body's bytes, before any tree: `{"signedPayload": "<JWS>"}`
  /// and nothing else, as Apple posts it, indexed rather than parsed. `nil` for any other body
  /// (the caller parses it, and `init(indexing:form:maxDepth:)` may still take it).
  ///
  /// The body is read as Apple writes it, `{"signedPayload":"<JWS>"}` without whitespace; the
  /// JWS's header and signature are checked to be JSON string text, and its payload, the bulk
  /// of it, is checked by being decoded as base64url (which admits no byte a JSON string would
  /// escape or refuse), so that no byte is scanned twice.
  init?(indexingRequestBody bytes: [UInt8], maxDepth: Int) {
    let prefix: StaticString = #"{"signedPayload":""#
    let jws: Range<Int>? = bytes.withUnsafeBufferPointer { b in
      let open = prefix.utf8CodeUnitCount
      guard let base = b.baseAddress, b.count >= open + 2, memcmp(base, prefix.utf8Start, open) == 0,
        b[b.count - 2] == UInt8(ascii: "\""), b[b.count - 1] == UInt8(ascii: "}")
      else { return nil }
      let close = b.count - 2
      let text = UnsafeBufferPointer(rebasing: b[open..<close])
      guard let first = text.firstIndex(of: UInt8(ascii: ".")),
        let last = text.lastIndex(of: UInt8(ascii: ".")),
        first < last,
        JSONParser.skipToSpecial(UnsafeBufferPointer(rebasing: text[..<first]), from: 0) == first,
        JSONParser.skipToSpecial(UnsafeBufferPointer(rebasing: text[last...]), from: 0) == text.count - last
      else { return nil }
      // The payload is not scanned here: `SignedJSON(unchecked:)` decodes it, and refuses it
      // (so the body takes the parser's path) when a byte of it is not base64url.
      return open..<close
    }
    guard let jws, let signed = SignedJSON(unchecked: bytes, range: jws) else { return nil }
    // The body's tree is `{"signedPayload": <the JWS>}`, built when asked (`requestBodyTree`).
    self.init(indexingJWS: signed, form: .requestBody, requestBody: nil, maxDepth: maxDepth)
  }

  /// The fast path for the JWS `text` of a request body (`requestBody` its tree) or of a bare
  /// `signedPayload`.
  private init?(indexingJWS text: String, form: Form, requestBody: JSONValue?, maxDepth: Int) {
    guard let signed = SignedJSON(unchecked: text) else { return nil }
    self.init(indexingJWS: signed, form: form, requestBody: requestBody, maxDepth: maxDepth)
  }

  /// The fast path for a `signedPayload` JWS split and decoded.
  private init?(indexingJWS signed: SignedJSON, form: Form, requestBody: JSONValue?, maxDepth: Int) {
    typealias R = JSONByteIndex.Refusal
    guard let j = JSONByteIndex(bytes: signed.payloadBytes, maxDepth: maxDepth) else { return nil }
    /// A nested JWS and the index of its payload, nested as deep as the depth left allows (the
    /// tree path reads it with the same `maxDepth`).
    func nested(_ m: JSONByteIndex.Member?) throws(R) -> (SignedJSON, JSONByteIndex)? {
      guard let m, m.kind != .null else { return nil }
      // A plain string's bytes are its text: the JWS is read where it lies in the payload.
      guard m.kind == .string,
        let signed = SignedJSON(unchecked: j.bytes, range: Int(m.valueStart + 1)..<Int(m.valueEnd - 1)),
        let index = JSONByteIndex(bytes: signed.payloadBytes, maxDepth: maxDepth)
      else { throw R() }
      return (signed, index)
    }
    do throws(R) {
      let o = j.root
      guard let dataMember = j.present("data", in: o) else { return nil }
      let d = try j.object(dataMember)
      let transaction = try nested(j.member("signedTransactionInfo", in: d))
      let renewal = try nested(j.member("signedRenewalInfo", in: d))
      let notificationType = AppStoreNotificationType(
        symbol: try j.symbol(try j.required("notificationType", in: o)))
      let uuid = try j.required("notificationUUID", in: o)
      let subtype = try j.optionalSymbol("subtype", in: o).map(AppStoreNotificationSubtype.init(symbol:))
      let notificationUUID = try j.uuid(uuid)
      let version = try j.optionalSymbol("version", in: o) ?? "2.0"
      let signedDate = try j.optionalInstant("signedDate", in: o)
      let bundleId = try j.required("bundleId", in: d)
      let environment = try j.required("environment", in: d)
      var transactionInfo: JWSTransactionDecodedPayload? = nil
      if let t = transaction { transactionInfo = try JWSTransactionDecodedPayload(index: t.1, t.1.root) }
      var renewalInfo: JWSRenewalInfoDecodedPayload? = nil
      if let r = renewal { renewalInfo = try JWSRenewalInfoDecodedPayload(index: r.1, r.1.root) }
      var appAppleId: Int64? = nil
      if let m = j.present("appAppleId", in: d) { appAppleId = try j.int64OrDecimalString(m) }
      let data = AppStoreNotificationData(
        appAppleId: appAppleId,
        bundleId: try j.symbol(bundleId),
        bundleVersion: try j.optionalSymbol("bundleVersion", in: d),
        environment: AppStoreEnvironment(symbol: try j.symbol(environment)),
        status: try j.optionalInt32("status", in: d).map(AppStoreSubscriptionStatus.init(rawValue:)),
        transactionInfo: transactionInfo, renewalInfo: renewalInfo)
      let sent =
        signedDate ?? data.renewalInfo?.signedDate ?? data.transactionInfo?.signedDate ?? .distantPast
      let notification = AppStoreServerNotification(
        notificationType: notificationType, subtype: subtype, notificationUUID: notificationUUID,
        version: version, signedDate: sent, data: data)
      self.init(
        form: form, notification: notification, requestBody: requestBody,
        signedPayload: signed, storedPayload: nil, signedTransactionInfo: transaction?.0,
        signedRenewalInfo: renewal?.0)
    } catch {
      return nil
    }
  }
}
