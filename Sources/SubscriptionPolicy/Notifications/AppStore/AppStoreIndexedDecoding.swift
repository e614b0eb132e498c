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
    let text: String
    switch (form, value) {
    case (.requestBody, .object(let body)):
      guard case .string(let jws)? = body["signedPayload"] else { return nil }
      text = jws
    case (.signedPayload, .string(let jws)):
      text = jws
    default:
      return nil
    }
    typealias R = JSONByteIndex.Refusal
    guard let signed = SignedJSON(unchecked: text),
      let j = JSONByteIndex(bytes: signed.payloadBytes, maxDepth: maxDepth)
    else { return nil }
    /// A nested JWS and the index of its payload, nested as deep as the depth left allows (the
    /// tree path reads it with the same `maxDepth`).
    func nested(_ m: JSONByteIndex.Member?) throws(R) -> (SignedJSON, JSONByteIndex)? {
      guard let m, m.kind != .null else { return nil }
      guard m.kind == .string, let signed = SignedJSON(unchecked: try j.string(m)),
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
        form: form, notification: notification, requestBody: form == .requestBody ? value : nil,
        signedPayload: signed, storedPayload: nil, signedTransactionInfo: transaction?.0,
        signedRenewalInfo: renewal?.0)
    } catch {
      return nil
    }
  }
}
