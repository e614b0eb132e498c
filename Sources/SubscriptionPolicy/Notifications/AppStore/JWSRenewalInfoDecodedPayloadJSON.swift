/// `JWSRenewalInfoDecodedPayload` as Apple writes it: camel-case names, dates in integer
/// milliseconds since the epoch, absent fields omitted.
///
/// Field names and types checked against Apple's reference
/// (developer.apple.com/documentation/appstoreserverapi/jwsrenewalinfodecodedpayload, and
/// `renewalDate`, added in App Store Server Notifications 2.8) and the model in Apple's App Store
/// Server Library (Python: `JWSRenewalInfoDecodedPayload`), read in November 2026.
///
/// Decoding requires `originalTransactionId`, `productId`, `autoRenewStatus` and `signedDate`;
/// a missing `autoRenewProductId` is taken to be `productId` (nothing changes at renewal), and
/// a missing `environment` is `Sandbox`. Fields simsub does not model (`offerIdentifier`,
/// `renewalPrice`, `currency`, …) are ignored.
extension JWSRenewalInfoDecodedPayload: JSONRepresentable {
  public var json: JSONValue {
    var o = JSONObject()
    o.append("expirationIntent", expirationIntent.map { .int(Int64($0)) })
    o.append("originalTransactionId", .symbol(originalTransactionId))
    o.append("autoRenewProductId", .symbol(autoRenewProductId))
    o.append("productId", .symbol(productId))
    o.append("autoRenewStatus", .int(Int64(autoRenewStatus)))
    o.append("isInBillingRetryPeriod", isInBillingRetryPeriod.map(JSONValue.bool))
    o.append("priceIncreaseStatus", priceIncreaseStatus.map { .int(Int64($0)) })
    o.append("gracePeriodExpiresDate", gracePeriodExpiresDate.map(JSONValue.milliseconds))
    o.append("offerType", offerType.map { .int(Int64($0)) })
    o.append("signedDate", .milliseconds(signedDate))
    o.append("environment", .string(environment.rawValue))
    o.append("recentSubscriptionStartDate", recentSubscriptionStartDate.map(JSONValue.milliseconds))
    o.append("renewalDate", renewalDate.map(JSONValue.milliseconds))
    return .object(o)
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    let productId: ProductID = try json["productId"].symbol()
    self.init(
      originalTransactionId: try json["originalTransactionId"].symbol(),
      autoRenewProductId: try json["autoRenewProductId"].ifPresent?.symbol() ?? productId,
      productId: productId,
      autoRenewStatus: try json["autoRenewStatus"].int32(),
      expirationIntent: try json["expirationIntent"].ifPresent?.int32(),
      gracePeriodExpiresDate: try json["gracePeriodExpiresDate"].ifPresent?.instantFromMilliseconds(),
      isInBillingRetryPeriod: try json["isInBillingRetryPeriod"].ifPresent?.bool(),
      offerType: try json["offerType"].ifPresent?.int32(),
      priceIncreaseStatus: try json["priceIncreaseStatus"].ifPresent?.int32(),
      signedDate: try json["signedDate"].instantFromMilliseconds(),
      environment: try json["environment"].ifPresent?.storeString() ?? .sandbox,
      recentSubscriptionStartDate: try json["recentSubscriptionStartDate"].ifPresent?
        .instantFromMilliseconds(),
      renewalDate: try json["renewalDate"].ifPresent?.instantFromMilliseconds())
  }
}
