/// `JWSTransactionDecodedPayload` as Apple writes it: camel-case names, dates in integer
/// milliseconds since the epoch, absent fields omitted.
///
/// Field names and types checked against Apple's reference
/// (developer.apple.com/documentation/appstoreserverapi/jwstransactiondecodedpayload) and the
/// model in Apple's App Store Server Library (Python: `JWSTransactionDecodedPayload`), read in
/// November 2026. Keys are written in the order of Apple's field list.
///
/// Decoding requires what every transaction Apple sends carries (`originalTransactionId`,
/// `transactionId`, `bundleId`, `productId`, `purchaseDate`, `originalPurchaseDate`,
/// `signedDate`) and falls back to the initialiser's defaults for `quantity` (1), `type`
/// (auto-renewable), `inAppOwnershipType` (`PURCHASED`) and `environment` (`Sandbox`). Fields
/// simsub does not model (`appAccountToken`, `offerIdentifier`, `storefrontId`, …) are ignored.
extension JWSTransactionDecodedPayload: JSONRepresentable {
  public var json: JSONValue {
    var o = JSONObject()
    o.append("originalTransactionId", .symbol(originalTransactionId))
    o.append("transactionId", .symbol(transactionId))
    o.append("webOrderLineItemId", webOrderLineItemId.map(JSONValue.symbol))
    o.append("bundleId", .symbol(bundleId))
    o.append("productId", .symbol(productId))
    o.append("subscriptionGroupIdentifier", subscriptionGroupIdentifier.map(JSONValue.symbol))
    o.append("purchaseDate", .milliseconds(purchaseDate))
    o.append("originalPurchaseDate", .milliseconds(originalPurchaseDate))
    o.append("expiresDate", expiresDate.map(JSONValue.milliseconds))
    o.append("quantity", .int(Int64(quantity)))
    o.append("type", .string(type.rawValue))
    o.append("inAppOwnershipType", .string(inAppOwnershipType.rawValue))
    o.append("signedDate", .milliseconds(signedDate))
    o.append("revocationReason", revocationReason.map { .int(Int64($0)) })
    o.append("revocationDate", revocationDate.map(JSONValue.milliseconds))
    o.append("isUpgraded", isUpgraded.map(JSONValue.bool))
    o.append("offerType", offerType.map { .int(Int64($0)) })
    o.append("environment", .string(environment.rawValue))
    o.append("transactionReason", transactionReason.map(JSONValue.symbol))
    o.append("storefront", storefront.map(JSONValue.symbol))
    o.append("price", price.map(JSONValue.int))
    o.append("currency", currency.map(JSONValue.symbol))
    return .object(o)
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    self.init(
      originalTransactionId: try json["originalTransactionId"].symbol(),
      transactionId: try json["transactionId"].symbol(),
      webOrderLineItemId: try json["webOrderLineItemId"].ifPresent?.symbol(),
      bundleId: try json["bundleId"].symbol(),
      productId: try json["productId"].symbol(),
      subscriptionGroupIdentifier: try json["subscriptionGroupIdentifier"].ifPresent?.symbol(),
      purchaseDate: try json["purchaseDate"].instantFromMilliseconds(),
      originalPurchaseDate: try json["originalPurchaseDate"].instantFromMilliseconds(),
      expiresDate: try json["expiresDate"].ifPresent?.instantFromMilliseconds(),
      quantity: try json["quantity"].ifPresent?.int32() ?? 1,
      type: try json["type"].ifPresent?.storeString() ?? .autoRenewable,
      inAppOwnershipType: try json["inAppOwnershipType"].ifPresent?.storeString() ?? .purchased,
      signedDate: try json["signedDate"].instantFromMilliseconds(),
      revocationDate: try json["revocationDate"].ifPresent?.instantFromMilliseconds(),
      revocationReason: try json["revocationReason"].ifPresent?.int32(),
      offerType: try json["offerType"].ifPresent?.int32(),
      environment: try json["environment"].ifPresent?.storeString() ?? .sandbox,
      transactionReason: try json["transactionReason"].ifPresent?.symbol(),
      storefront: try json["storefront"].ifPresent?.symbol(),
      price: try json["price"].ifPresent?.int64(),
      currency: try json["currency"].ifPresent?.symbol(),
      isUpgraded: try json["isUpgraded"].ifPresent?.bool())
  }
}
