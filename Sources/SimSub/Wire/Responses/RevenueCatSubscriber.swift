import SubscriptionPolicy

/// What RevenueCat knows about a subscriber's subscription at an instant, read from the store
/// model's records up to it: the one source of both RevenueCat's REST answer
/// (``RevenueCatResponses``) and the SDK's `CustomerInfo` (``RevenueCatCustomerInfo``).
///
/// RevenueCat's documented grace behaviour: "Grace periods allow the customer to retain access
/// to their subscription purchase for a short period of time while the store attempts to renew
/// the subscription" ("Billing Issues & Grace Periods"). So while the store is in grace the
/// entitlement is active and expires at the grace period's end; in billing retry or account
/// hold (no grace, or grace over) it has expired at the failed renewal. From the SDK references
/// (`SubscriptionInfo`, `EntitlementInfo`): `billingIssueDetectedAt` is set from the failed
/// renewal as the store reports it and "If and when the billing issue gets resolved, this field is set to null";
/// `willRenew` is false once auto-renew is off or a billing issue is detected;
/// `unsubscribeDetectedAt` is when auto-renew went off. Read in November 2026.
struct RevenueCatSubscriber {
  /// The store's product id (RevenueCat's `product_identifier` in the SDK).
  var productId: String
  /// Google's base plan (`product_plan_identifier`); `nil` for the App Store.
  var basePlanId: String?
  var purchaseDate: Instant
  var originalPurchaseDate: Instant?
  var expiresDate: Instant
  var isActive: Bool
  var willRenew: Bool
  var isTrial: Bool
  var store: RevenueCatStore
  var isSandbox: Bool
  var unsubscribeDetectedAt: Instant?
  var billingIssueDetectedAt: Instant?
  var gracePeriodExpiresDate: Instant?
  var refundedAt: Instant?
  var autoResumeDate: Instant?
  /// The latest transaction as the store model numbers it (Apple's transaction, Google's
  /// order, Stripe's subscription), spelt as the store does only when asked
  /// (``storeTransactionId``, RevenueCat's REST answer), not for every `CustomerInfo`.
  private var transaction: (store: StoreKind, id: Symbol)?
  private var ids: WireIdentifiers
  var familyShared: Bool
  /// When RevenueCat first saw the subscriber: the first record of the run.
  var firstSeen: Instant

  /// The product key of `subscriptions` and of the webhooks' `product_id`: the product id, and
  /// for Google `<product>:<base plan>` (``RevenueCatChannel``).
  var productKey: String { basePlanId.map { "\(productId):\($0)" } ?? productId }

  /// The store's id of the latest transaction (RevenueCat's `store_transaction_id`).
  var storeTransactionId: String? {
    guard let (store, id) = transaction else { return nil }
    switch store {
    case .apple: return ids.appleTransactionId(id).text
    case .google: return ids.orderId(id).text
    case .stripe: return ids.stripeId(id, prefix: "sub").text
    }
  }

  /// The subscription at `instant` as the store model `store` keeps it in `history`, for
  /// family member `member` (0: the purchaser); `nil` before any purchase.
  init?<Store: StoreModel>(
    store: Store, history: RecordHistory, at instant: Instant, member: UInt8 = 0, context c: WireContext
  ) {
    guard let r = history.record(at: instant), r.truth != .never, let first = history.entries.first else {
      return nil
    }
    let product = store.products[Int(r.product)]
    ids = c.ids
    productId = product.id.text
    purchaseDate = r.periodStart
    originalPurchaseDate = r.originalPurchaseDate
    firstSeen = first.instant
    isTrial = r.inTrial
    familyShared = member > 0
    switch Store.kind {
    case .apple:
      self.store = .appStore
      basePlanId = nil
      isSandbox = c.settings.appleEnvironment != .production
      transaction = (
        .apple,
        Symbol(
          number: AppStoreNotificationBuilder.transactionId(
            subscriber: r.subscriber, transaction: r.transactionCount, member: member))
      )
    case .google:
      self.store = .playStore
      basePlanId = product.period.adjective
      isSandbox = false
      transaction = GooglePlayModel.latestOrderId(of: r).map { (.google, $0) }
    case .stripe:
      self.store = .stripe
      basePlanId = nil
      isSandbox = false
      transaction = r.purchaseToken.map { (.stripe, $0) }
    }
    let inBillingIssue = r.truth == .grace || r.truth == .hold
    let google = store as? GooglePlayModel
    switch r.truth {
    case .grace: expiresDate = r.gracePeriodExpiresDate ?? r.periodEnd
    case .hold: expiresDate = r.billingIssueStart ?? r.periodEnd
    case .paused: expiresDate = r.periodStart
    case .revoked: expiresDate = r.revocationDate ?? r.periodEnd
    case .active:
      // Google's silent stage: the store extends the expiry while it retries.
      if let failed = r.billingIssueStart, let google {
        expiresDate = failed + google.silentGrace
      } else {
        expiresDate = r.periodEnd
      }
    default: expiresDate = r.periodEnd
    }
    isActive = r.truth.isEntitled
    // RevenueCat detects the issue when the store reports it: Apple at the failed renewal,
    // Google once its silent stage is over (`SUBSCRIPTION_IN_GRACE_PERIOD` or `ON_HOLD`).
    billingIssueDetectedAt =
      inBillingIssue ? r.billingIssueStart.map { $0 + (google?.silentGrace ?? .zero) } : nil
    willRenew = r.autoRenew && r.billingIssueStart == nil && (r.truth == .active || r.truth == .paused)
    gracePeriodExpiresDate = inBillingIssue ? r.gracePeriodExpiresDate : nil
    refundedAt = r.truth == .revoked ? r.revocationDate : nil
    autoResumeDate = r.truth == .paused ? r.autoResumeTime : nil
    unsubscribeDetectedAt = r.autoRenew ? nil : history.autoRenewOff(through: instant)
  }
}
