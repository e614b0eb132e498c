import SubscriptionPolicy

/// The RevenueCat SDK's `CustomerInfo` at an instant, as its cross-platform SDKs hand it to an
/// app in JSON (react-native-purchases' and purchases-js' `CustomerInfo` and
/// `PurchasesEntitlementInfo`, read November 2026), from the store model's records up to the
/// instant (``RevenueCatSubscriber``):
///
/// ```json
/// {"entitlements": {"all": {"premium": {…}}, "active": {"premium": {…}}, "verification": "NOT_REQUESTED"},
///  "activeSubscriptions": […], "allPurchasedProductIdentifiers": […], "latestExpirationDate",
///  "firstSeen", "originalAppUserId", "requestDate", "allExpirationDates": {…},
///  "allPurchaseDates": {…}, "originalApplicationVersion", "originalPurchaseDate",
///  "managementURL", "nonSubscriptionTransactions": []}
/// ```
///
/// An entitlement: `identifier`, `isActive`, `willRenew`, `periodType` (`NORMAL`, `TRIAL`),
/// `latestPurchaseDate`, `originalPurchaseDate`, `expirationDate`, `store` (`APP_STORE`,
/// `PLAY_STORE`, `STRIPE`), `productIdentifier` (the store's product id), `productPlanIdentifier`
/// (Google's base plan), `isSandbox`, `unsubscribeDetectedAt`, `billingIssueDetectedAt`,
/// `ownershipType` (`PURCHASED`, `FAMILY_SHARED`), `verification`, each date also as `…Millis`.
/// `entitlements.active` holds the entitlements whose `isActive` is true: through the store's
/// grace period, as RevenueCat documents.
enum RevenueCatCustomerInfo {
  /// `CustomerInfo` at `instant`; an empty one before any purchase.
  static func customerInfo<Store: StoreModel>(
    store: Store, history: RecordHistory, at instant: Instant, member: UInt8 = 0, context c: WireContext
  ) -> JSONValue {
    customerInfo(
      RevenueCatSubscriber(store: store, history: history, at: instant, member: member, context: c),
      at: instant,
      context: c)
  }

  /// `CustomerInfo` at `instant` of what RevenueCat knows, `s` (`nil` before any purchase).
  static func customerInfo(_ s: RevenueCatSubscriber?, at instant: Instant, context c: WireContext)
    -> JSONValue
  {
    var all = JSONObject()
    var active = JSONObject()
    var expirations = JSONObject()
    var purchases = JSONObject()
    if let s {
      let id = RevenueCatDefaults.entitlementId.text
      let e = entitlement(s, identifier: id)
      all.append(id, e)
      if s.isActive { active.append(id, e) }
      expirations.append(s.productKey, date(s.expiresDate))
      purchases.append(s.productKey, date(s.purchaseDate))
    }
    var entitlements = JSONObject()
    entitlements.append("all", .object(all))
    entitlements.append("active", .object(active))
    entitlements.append("verification", "NOT_REQUESTED")
    var o = JSONObject()
    o.append("entitlements", .object(entitlements))
    o.append("activeSubscriptions", .array(s.flatMap { $0.isActive ? [.string($0.productKey)] : nil } ?? []))
    o.append("allPurchasedProductIdentifiers", .array(s.map { [.string($0.productKey)] } ?? []))
    o.append("latestExpirationDate", date(s?.expiresDate))
    o.append("firstSeen", date(s?.firstSeen ?? instant))
    o.append("originalAppUserId", .string(c.subscriberId))
    o.append("requestDate", date(instant))
    o.append("allExpirationDates", .object(expirations))
    o.append("allPurchaseDates", .object(purchases))
    o.append("originalApplicationVersion", .null)
    o.append("originalPurchaseDate", .null)
    o.append("managementURL", s.map { .string(RevenueCatResponses.managementURL($0.store)) } ?? .null)
    o.append("nonSubscriptionTransactions", [])
    return .object(o)
  }

  static func entitlement(_ s: RevenueCatSubscriber, identifier: String) -> JSONValue {
    var o = JSONObject()
    o.append("identifier", .string(identifier))
    o.append("isActive", .bool(s.isActive))
    o.append("willRenew", .bool(s.willRenew))
    o.append("periodType", s.isTrial ? "TRIAL" : "NORMAL")
    o.append("latestPurchaseDate", date(s.purchaseDate))
    o.append("latestPurchaseDateMillis", millis(s.purchaseDate))
    o.append("originalPurchaseDate", date(s.originalPurchaseDate))
    o.append("originalPurchaseDateMillis", millis(s.originalPurchaseDate))
    o.append("expirationDate", date(s.expiresDate))
    o.append("expirationDateMillis", millis(s.expiresDate))
    o.append("store", .string(s.store.rawValue))
    o.append("productIdentifier", .string(s.productId))
    o.append("productPlanIdentifier", s.basePlanId.map(JSONValue.string) ?? .null)
    o.append("isSandbox", .bool(s.isSandbox))
    o.append("unsubscribeDetectedAt", date(s.unsubscribeDetectedAt))
    o.append("unsubscribeDetectedAtMillis", millis(s.unsubscribeDetectedAt))
    o.append("billingIssueDetectedAt", date(s.billingIssueDetectedAt))
    o.append("billingIssueDetectedAtMillis", millis(s.billingIssueDetectedAt))
    o.append("ownershipType", s.familyShared ? "FAMILY_SHARED" : "PURCHASED")
    o.append("verification", "NOT_REQUESTED")
    return .object(o)
  }

  /// The SDKs' ISO 8601 with milliseconds.
  static func date(_ instant: Instant?) -> JSONValue {
    instant.map { .string(RFC3339.formatWithMilliseconds($0)) } ?? .null
  }

  static func millis(_ instant: Instant?) -> JSONValue {
    instant.map { .int($0.millisecondsSinceEpoch) } ?? .null
  }
}
