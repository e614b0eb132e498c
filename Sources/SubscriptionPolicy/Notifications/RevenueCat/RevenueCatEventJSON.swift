/// RevenueCat webhooks as JSON: the body RevenueCat posts, `{"api_version": "1.0", "event": {…}}`.
///
/// Shape checked against RevenueCat's docs, "Event Types and Fields" (common fields, subscription
/// lifecycle fields, cancellation and expiration reasons) and "Sample Events", read in November
/// 2026:
///
/// ```json
/// {
///   "api_version": "1.0",
///   "event": {
///     "type": "BILLING_ISSUE",
///     "id": "CD489E0E-5D52-4E03-966B-A7F17788E432",
///     "app_id": "app1a2b3c4d5e",
///     "event_timestamp_ms": 1769850000000,
///     "app_user_id": "1",
///     "original_app_user_id": "1",
///     "product_id": "premium.monthly",
///     "entitlement_ids": ["premium"],
///     "period_type": "NORMAL",
///     "purchased_at_ms": 1767225600000,
///     "expiration_at_ms": 1769850000000,
///     "grace_period_expiration_at_ms": 1771232400000,
///     "store": "APP_STORE",
///     "environment": "PRODUCTION",
///     "transaction_id": "2000000000001000",
///     "original_transaction_id": "2000000000001000"
///   }
/// }
/// ```
///
/// Times are integer milliseconds since the epoch; `Instant` keeps whole seconds, so the
/// milliseconds are dropped on reading and written back as `000`. Type-specific fields are
/// written only on their events (`cancel_reason` on `CANCELLATION`, `expiration_reason` on
/// `EXPIRATION`, `is_trial_conversion` on `RENEWAL`, `new_product_id` on `PRODUCT_CHANGE`,
/// `auto_resume_at_ms` on `SUBSCRIPTION_PAUSED`), except that a `BILLING_ISSUE` without grace
/// writes `grace_period_expiration_at_ms` as `null`, as RevenueCat documents it. `id` is kept as
/// its text (simsub's own ids are numbers). Unknown members are ignored here and kept by
/// `RevenueCatEventDocument`; unknown `type`, reason and `store` strings are kept. Only `type`,
/// `id` and `event_timestamp_ms` are required.
extension RevenueCatEvent: JSONRepresentable {
  /// What `app_user_id`, `product_id` and `store` read as when the event has none: a
  /// `TRANSFER` names its users in `transferred_from` / `transferred_to`, and an
  /// `EXPERIMENT_ENROLLMENT` or `TEST` may carry no product or store.
  public static let absentField: Symbol = ""

  /// The webhook body: `api_version` and `event`.
  public var json: JSONValue {
    ["api_version": .symbol(apiVersion), "event": eventJSON]
  }

  /// The `event` object alone.
  public var eventJSON: JSONValue {
    var o = JSONObject()
    o.append("type", .string(type.rawValue))
    o.append("id", .symbol(id))
    o.append("app_id", appId.map(JSONValue.symbol))
    o.append("event_timestamp_ms", .milliseconds(eventTimestamp))
    o.append("app_user_id", .symbol(appUserId))
    o.append("original_app_user_id", originalAppUserId.map(JSONValue.symbol))
    o.append("product_id", .symbol(productId))
    o.append("new_product_id", newProductId.map(JSONValue.symbol))
    o.append("entitlement_ids", entitlementId.map { [.symbol($0)] })
    o.append("period_type", .string(periodType.rawValue))
    o.append("purchased_at_ms", purchasedAt.map(JSONValue.milliseconds))
    o.append("expiration_at_ms", expirationAt.map(JSONValue.milliseconds))
    if type == .billingIssue || gracePeriodExpirationAt != nil {
      o.append("grace_period_expiration_at_ms", gracePeriodExpirationAt.map(JSONValue.milliseconds) ?? .null)
    }
    o.append("auto_resume_at_ms", autoResumeAt.map(JSONValue.milliseconds))
    o.append("store", .string(store.rawValue))
    o.append("environment", .string(environment.rawValue))
    o.append("is_trial_conversion", isTrialConversion.map(JSONValue.bool))
    o.append("cancel_reason", cancelReason.map { .string($0.rawValue) })
    o.append("expiration_reason", expirationReason.map { .string($0.rawValue) })
    o.append("transaction_id", transactionId.map(JSONValue.symbol))
    o.append("original_transaction_id", originalTransactionId.map(JSONValue.symbol))
    o.append("is_family_share", isFamilyShare.map(JSONValue.bool))
    o.append("country_code", countryCode.map(JSONValue.symbol))
    return .object(o)
  }

  /// Decodes a webhook body (`{"api_version": …, "event": {…}}`), or an `event` object alone.
  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    if json["event"].isPresent {
      try self.init(eventJSON: json["event"])
      apiVersion = try json["api_version"].ifPresent?.symbol() ?? Self.apiVersion1
    } else {
      try self.init(eventJSON: json)
    }
  }

  /// Decodes the `event` object.
  public init(eventJSON json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    let entitlements = json["entitlement_ids"]
    let entitlement = entitlements.isPresent ? try entitlements.array().first : nil
    self.init(
      type: try json["type"].storeString(), id: try json["id"].uniqueSymbol(),
      appId: try json["app_id"].ifPresent?.symbol(),
      eventTimestamp: try json["event_timestamp_ms"].instantFromMilliseconds(),
      appUserId: try json["app_user_id"].ifPresent?.symbol() ?? Self.absentField,
      originalAppUserId: try json["original_app_user_id"].ifPresent?.symbol(),
      productId: try json["product_id"].ifPresent?.symbol() ?? Self.absentField,
      newProductId: try json["new_product_id"].ifPresent?.symbol(),
      entitlementId: try entitlement?.ifPresent?.symbol(),
      periodType: try json["period_type"].ifPresent?.storeString() ?? .normal,
      purchasedAt: try json["purchased_at_ms"].ifPresent?.instantFromMilliseconds(),
      expirationAt: try json["expiration_at_ms"].ifPresent?.instantFromMilliseconds(),
      gracePeriodExpirationAt: try json["grace_period_expiration_at_ms"].ifPresent?.instantFromMilliseconds(),
      autoResumeAt: try json["auto_resume_at_ms"].ifPresent?.instantFromMilliseconds(),
      store: try json["store"].ifPresent?.storeString() ?? RevenueCatStore(symbol: Self.absentField),
      environment: try json["environment"].ifPresent?.storeString() ?? .production,
      isTrialConversion: try json["is_trial_conversion"].ifPresent?.bool(),
      cancelReason: try json["cancel_reason"].ifPresent?.storeString(),
      expirationReason: try json["expiration_reason"].ifPresent?.storeString(),
      transactionId: try json["transaction_id"].ifPresent?.uniqueSymbol(),
      originalTransactionId: try json["original_transaction_id"].ifPresent?.symbol(),
      isFamilyShare: try json["is_family_share"].ifPresent?.bool(),
      countryCode: try json["country_code"].ifPresent?.symbol())
  }
}
