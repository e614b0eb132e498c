import SubscriptionPolicy

/// RevenueCat's REST answer `GET /v1/subscribers/{app_user_id}`, built from the store model's
/// records up to an instant (``RevenueCatSubscriber``), in the shape of RevenueCat's REST API v1
/// reference ("Get or Create Customer"), read November 2026:
///
/// ```json
/// {"request_date": "2026-01-01T00:00:00Z", "request_date_ms": 1767225600000,
///  "subscriber": {"entitlements": {"premium": {"expires_date", "grace_period_expires_date",
///  "product_identifier", "purchase_date"}}, "first_seen", "last_seen", "management_url",
///  "non_subscriptions": {}, "original_app_user_id", "original_application_version",
///  "original_purchase_date", "other_purchases": {}, "subscriptions": {"<product>": {…}}}}
/// ```
///
/// A subscription carries `auto_resume_date`, `billing_issues_detected_at`, `expires_date`,
/// `grace_period_expires_date`, `is_sandbox`, `original_purchase_date`, `ownership_type`
/// (`PURCHASED`, `FAMILY_SHARED`), `period_type` (`normal`, `trial`), `product_plan_identifier`
/// (Google's base plan), `purchase_date`, `refunded_at`, `store` (`app_store`, `play_store`,
/// `stripe`), `store_transaction_id` and `unsubscribe_detected_at`. Dates are ISO 8601 in UTC
/// to the second, as RevenueCat writes them. The entitlement is `premium`
/// (``RevenueCatDefaults/entitlementId``), unlocked by every product; keyed by the product as
/// the webhooks' `product_id` names it. RevenueCat answers an unknown `app_user_id` by creating
/// the customer: an empty subscriber, never a 404.
enum RevenueCatResponses {
  /// `GET /v1/subscribers/{app_user_id}` at `instant` for a subscriber with one subscription.
  static func subscriber<Store: StoreModel>(
    _ appUserId: String, store: Store, history: RecordHistory, at instant: Instant, member: UInt8 = 0,
    context c: WireContext
  ) -> WireResponse {
    let s =
      appUserId == c.subscriberId
      ? RevenueCatSubscriber(store: store, history: history, at: instant, member: member, context: c) : nil
    return subscriber(appUserId, subscriptions: s.map { [$0] } ?? [], at: instant)
  }

  /// `GET /v1/subscribers/{app_user_id}` at `instant` for a subscriber with `subscriptions`
  /// (several sources: RevenueCat merges them; the entitlement is the one an active
  /// subscription unlocks, the latest expiring first). No subscription: the empty subscriber
  /// RevenueCat creates for an unknown id.
  static func subscriber(_ appUserId: String, subscriptions all: [RevenueCatSubscriber], at instant: Instant)
    -> WireResponse
  {
    var entitlements = JSONObject()
    var subscriptions = JSONObject()
    let unlocking = all.max { a, b in a.isActive != b.isActive ? !a.isActive : a.expiresDate < b.expiresDate }
    if let s = unlocking {
      var e = JSONObject()
      e.append("expires_date", date(s.expiresDate))
      e.append("grace_period_expires_date", date(s.gracePeriodExpiresDate))
      e.append("product_identifier", .string(s.productKey))
      e.append("purchase_date", date(s.purchaseDate))
      entitlements.append(RevenueCatDefaults.entitlementId.text, .object(e))
    }
    for s in all {
      var o = JSONObject()
      o.append("auto_resume_date", date(s.autoResumeDate))
      o.append("billing_issues_detected_at", date(s.billingIssueDetectedAt))
      o.append("expires_date", date(s.expiresDate))
      o.append("grace_period_expires_date", date(s.gracePeriodExpiresDate))
      o.append("is_sandbox", .bool(s.isSandbox))
      o.append("original_purchase_date", date(s.originalPurchaseDate))
      o.append("ownership_type", s.familyShared ? "FAMILY_SHARED" : "PURCHASED")
      o.append("period_type", s.isTrial ? "trial" : "normal")
      o.append("product_plan_identifier", s.basePlanId.map(JSONValue.string) ?? .null)
      o.append("purchase_date", date(s.purchaseDate))
      o.append("refunded_at", date(s.refundedAt))
      o.append("store", .string(storeName(s.store)))
      o.append("store_transaction_id", s.storeTransactionId.map(JSONValue.string) ?? .null)
      o.append("unsubscribe_detected_at", date(s.unsubscribeDetectedAt))
      subscriptions.append(s.productKey, .object(o))
    }
    var sub = JSONObject()
    sub.append("entitlements", .object(entitlements))
    sub.append("first_seen", date(all.map(\.firstSeen).min() ?? instant))
    sub.append("last_seen", date(instant))
    sub.append("management_url", unlocking.map { .string(managementURL($0.store)) } ?? .null)
    sub.append("non_subscriptions", .object([:]))
    sub.append("original_app_user_id", .string(appUserId))
    sub.append("original_application_version", .null)
    sub.append("original_purchase_date", .null)
    sub.append("other_purchases", .object([:]))
    sub.append("subscriptions", .object(subscriptions))
    var o = JSONObject()
    o.append("request_date", date(instant))
    o.append("request_date_ms", .int(instant.millisecondsSinceEpoch))
    o.append("subscriber", .object(sub))
    return WireResponse(status: 200, body: .object(o))
  }

  /// RevenueCat's REST spelling of a store.
  static func storeName(_ store: RevenueCatStore) -> String {
    switch store {
    case .appStore: "app_store"
    case .playStore: "play_store"
    case .stripe: "stripe"
    default: store.rawValue.lowercased()
    }
  }

  /// Where the store lets the subscriber manage the subscription.
  static func managementURL(_ store: RevenueCatStore) -> String {
    switch store {
    case .appStore: "https://apps.apple.com/account/subscriptions"
    case .playStore: "https://play.google.com/store/account/subscriptions"
    default: "https://billing.stripe.com/p/login"
    }
  }

  static func date(_ instant: Instant?) -> JSONValue {
    instant.map { .string(RFC3339.format($0)) } ?? .null
  }
}
