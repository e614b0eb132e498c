/// RevenueCat between a store and the app: the wrapped store model plays the store's rules
/// unchanged, and every notification it sends is replaced by the webhook events RevenueCat sends
/// about it (`channel: revenuecat`).
///
/// The translation follows RevenueCat's "Event Types and Fields" and "Common Webhook Flows"
/// (read November 2026):
///
/// | the store sends | RevenueCat sends |
/// |---|---|
/// | Apple `SUBSCRIBED`, Google `SUBSCRIPTION_PURCHASED` (4) | `INITIAL_PURCHASE` (`period_type` `TRIAL` in a trial) |
/// | Apple `SUBSCRIBED/RESUBSCRIBE` (a lapsed subscriber buys again) | `RENEWAL`: "an existing subscription has been renewed or a lapsed user has resubscribed"; a Google Play resubscription stays `INITIAL_PURCHASE`, as RevenueCat "typically" marks it ("Common Webhook Flows") |
/// | Apple `OFFER_REDEEMED` (an offer for the active subscription; an offer that buys is a `SUBSCRIBED`) | nothing |
/// | Apple `DID_RENEW` (also `BILLING_RECOVERY`), Google `RENEWED` (2), `RECOVERED` (1) | `RENEWAL` (`is_trial_conversion` after a trial) |
/// | a failed renewal with grace: Apple `DID_FAIL_TO_RENEW/GRACE_PERIOD`, Google `IN_GRACE_PERIOD` (6) | `BILLING_ISSUE` (`grace_period_expiration_at_ms`) and `CANCELLATION` `BILLING_ERROR`, in the channel's order |
/// | a failed renewal without grace: Apple `DID_FAIL_TO_RENEW`, Google `ON_HOLD` (5) not after grace | the same pair, then `EXPIRATION` `BILLING_ERROR` |
/// | grace ends unpaid: Apple `GRACE_PERIOD_EXPIRED`, Google `ON_HOLD` after grace | `EXPIRATION` `BILLING_ERROR` |
/// | the retry window or hold ends: Apple `EXPIRED/BILLING_RETRY`, Google `CANCELED` + `EXPIRED` by the system | nothing: the entitlement already expired |
/// | auto-renew off: Apple `AUTO_RENEW_DISABLED`, Google `CANCELED` (3) | `CANCELLATION` `UNSUBSCRIBE` |
/// | auto-renew on: Apple `AUTO_RENEW_ENABLED`, Google `RESTARTED` (7) | `UNCANCELLATION` |
/// | the paid period ends after a cancel: Apple `EXPIRED/VOLUNTARY`, Google `EXPIRED` (13) | `EXPIRATION` `UNSUBSCRIBE` |
/// | a price increase not consented to: Apple `EXPIRED/PRICE_INCREASE` | `EXPIRATION` `PRICE_INCREASE` (Apple's `PRICE_INCREASE` notices themselves: nothing) |
/// | a product taken off sale: Apple `EXPIRED/PRODUCT_NOT_FOR_SALE` | `EXPIRATION` `UNKNOWN` (an assumption: RevenueCat names no reason for it) |
/// | refund: Apple `REFUND` (with its `AUTO_RENEW_DISABLED`), Google `REVOKED` (12) | `CANCELLATION` `CUSTOMER_SUPPORT`, `expiration_at_ms` the refund |
/// | the billing date moved: Apple `RENEWAL_EXTENDED`, Google `DEFERRED` (9) | `SUBSCRIPTION_EXTENDED`, `expiration_at_ms` the new date |
/// | product change: Apple `DID_CHANGE_RENEWAL_PREF/UPGRADE`, a Google change at once (every replacement mode but `DEFERRED`) | `PRODUCT_CHANGE` and `RENEWAL` |
/// | product change at the next renewal: Apple `…/DOWNGRADE`, a `DEFERRED` Google change | `PRODUCT_CHANGE` (`new_product_id`) |
/// | Google opt-in price increase not accepted: `CANCELED` (3) + `EXPIRED` (13) at the renewal | `CANCELLATION` `PRICE_INCREASE` and `EXPIRATION` `PRICE_INCREASE` (reasons RevenueCat marks for the App Store: an assumption) |
/// | Google `PRICE_CHANGE_UPDATED` (19), `PRICE_CHANGE_CONFIRMED` (8) | nothing: RevenueCat "records it" and documents no event |
/// | Google pause scheduled (11), paused (10) | `SUBSCRIPTION_PAUSED` (`auto_resume_at_ms`); `EXPIRATION` `SUBSCRIPTION_PAUSED` |
///
/// A Google change at once sends the same pair whatever its replacement mode, even one that
/// charges nothing at the change (`WITH_TIME_PRORATION`, `WITHOUT_PRORATION`): an **assumption**,
/// since RevenueCat's event documentation does not tell the modes apart.
///
/// `BILLING_ISSUE` comes once per billing-issue episode. RevenueCat dispatches the failed
/// renewal's events "in order at the same time" and warns that they may arrive "in a different
/// order … due to network irregularities": `billingIssueOrder` chooses which of the pair is sent
/// first, so a scenario can play either arrival (the `EXPIRATION` of a renewal without grace
/// comes last either way). Redelivery follows RevenueCat: "up to 5 times with an increasing
/// delay (5, 10, 20, 40, and 80 minutes)".
///
/// Ids: `id` is a number made of the subscriber, the count of the store notification it
/// translates and the event's place in the translation; `app_user_id` is the subscriber's
/// number; `product_id` is the product id (Google: `<product>:<base plan>`, RevenueCat's format
/// for Play products set up since 2023); `transaction_id` is Apple's and absent for Google.
public struct RevenueCatChannel<Store: StoreModel>: StoreModel {
  public static var kind: StoreKind { Store.kind }

  /// The store whose rules are played.
  public let store: Store
  public let billingIssueOrder: RevenueCatPairOrder
  public var products: [Product] { store.products }
  /// Per product, RevenueCat's `product_id`.
  let productIds: [Symbol]
  let revenueCatStore: RevenueCatStore

  /// RevenueCat in front of `store`.
  /// - Throws: `StoreConfigurationError` for a store RevenueCat's translation is not played for
  ///   (simsub plays it for Apple and Google).
  public init(wrapping store: Store, billingIssueOrder: RevenueCatPairOrder = .billingIssueFirst)
    throws(StoreConfigurationError)
  {
    switch Store.kind {
    case .apple: revenueCatStore = .appStore
    case .google: revenueCatStore = .playStore
    case .stripe:
      throw StoreConfigurationError(
        setting: "channel", message: "simsub plays the revenuecat channel for apple and google, not stripe")
    }
    self.store = store
    self.billingIssueOrder = billingIssueOrder
    self.productIds = store.products.map { product in
      Store.kind == .google ? Symbol("\(product.id.text):\(product.period.adjective)") : product.id
    }
  }

  /// 5, 10, 20, 40 and 80 minutes after each failed attempt, then RevenueCat stops.
  public static func redeliveryDelay(afterFailedAttempt attempt: Int32) -> TimeSpan? {
    RevenueCatDefaults.redeliveryDelay(afterFailedAttempt: attempt)
  }

  public func apply<Payments: PaymentProcessor>(
    _ action: SubscriberAction, to record: inout SubscriptionRecord, at now: Instant,
    payments: inout Payments, effects: inout StoreEffects
  ) {
    let before = record
    let first = effects.notificationCount
    store.apply(action, to: &record, at: now, payments: &payments, effects: &effects)
    translate(from: first, before: before, record: record, at: now, effects: &effects)
  }

  public func fire<Payments: PaymentProcessor>(
    _ timer: StoreTimer, to record: inout SubscriptionRecord, at now: Instant,
    payments: inout Payments, effects: inout StoreEffects
  ) {
    let before = record
    let first = effects.notificationCount
    store.fire(timer, to: &record, at: now, payments: &payments, effects: &effects)
    translate(from: first, before: before, record: record, at: now, effects: &effects)
  }

  // RevenueCat's events are complete when sent: nothing to fetch on arrival.
  public func prepareDelivery(
    _ notification: inout StoreNotification, record: SubscriptionRecord, at arrival: Instant
  ) {}

  // MARK: Translation

  /// Replaces the store's notifications from `first` on with RevenueCat's events.
  func translate(
    from first: Int, before: SubscriptionRecord, record: SubscriptionRecord, at now: Instant,
    effects: inout StoreEffects
  ) {
    let end = effects.notificationCount
    guard end > first else { return }
    var refunded = false
    for i in first..<end {
      if case .appStore(let n) = effects.notificationSlots[i], n.notificationType == .refund {
        refunded = true
      }
    }
    var out = Output(
      subscriber: record.subscriber, firstSource: record.notificationCount - Int64(end - first) + 1)
    for i in first..<end {
      out.source = Int64(i - first)
      out.place = 0
      switch effects.notificationSlots[i] {
      case .appStore(let n):
        translate(
          n, refunded: refunded, before: before, record: record, at: now, out: &out, effects: &effects)
      case .googlePlay(let n):
        translate(n, before: before, record: record, at: now, out: &out, effects: &effects)
      case .stripe, .revenueCat:
        break
      }
    }
    effects.removeNotifications(in: first..<end)
  }

  /// Where the next event's id comes from.
  struct Output {
    var subscriber: UInt64
    var firstSource: Int64
    var source: Int64 = 0
    var place: UInt8 = 0

    /// The next event's id: `100000000000000 + subscriber × 1000000 + 4 × source + place`,
    /// where `source` counts the store's notifications and `place` is the event's place in the
    /// translation of one (at most three).
    mutating func nextId() -> Symbol {
      let n = UInt64(bitPattern: firstSource + source) &* 4 &+ UInt64(place)
      place &+= 1
      return Symbol(number: 100_000_000_000_000 &+ subscriber &* 1_000_000 &+ n)
    }
  }

  func translate(
    _ n: AppStoreServerNotification, refunded: Bool, before: SubscriptionRecord, record: SubscriptionRecord,
    at now: Instant, out: inout Output, effects: inout StoreEffects
  ) {
    let subtype = n.subtype
    switch n.notificationType {
    case .subscribed:
      // A lapsed subscriber's resubscription in the same group is a `RENEWAL`: "An existing
      // subscription has been renewed or a lapsed user has resubscribed" ("Event Types and
      // Fields"); `INITIAL_PURCHASE` is "a new subscription has been purchased". An offer that
      // buys is one of these too: RevenueCat's support, asked which event an expired customer's
      // offer code sends: "the event will either be a INITIAL_PURCHASE or RENEWAL" (RevenueCat
      // community, "iOS: Do offer codes trigger a RevenueCat event?").
      send(
        subtype == .resubscribe ? .renewal : .initialPurchase, record: record, at: now, out: &out,
        effects: &effects)
    case .offerRedeemed:
      // An offer redeemed for the active subscription changes nothing until the renewal it
      // applies to, whose `DID_RENEW` is a `RENEWAL`; RevenueCat documents no event for the
      // redemption itself, and simsub sends none (an assumption).
      return
    case .didRenew:
      send(
        .renewal, record: record, at: now, isTrialConversion: before.inTrial && subtype == nil, out: &out,
        effects: &effects)
    case .didFailToRenew:
      failedRenewal(withGrace: subtype == .gracePeriod, record: record, at: now, out: &out, effects: &effects)
    case .gracePeriodExpired:
      send(.expiration, record: record, at: now, reason: .billingError, out: &out, effects: &effects)
    case .expired:
      // After a billing issue RevenueCat has already expired the entitlement at grace's end.
      guard subtype != .billingRetry else { return }
      // A price increase the customer did not consent to: `EXPIRATION` `PRICE_INCREASE`,
      // "Subscriber did not agree to a price increase" ("Event Types and Fields", expiration
      // reasons, App Store only).
      // A product taken off sale: RevenueCat names no reason for it, and simsub sends `UNKNOWN`
      // (an assumption).
      let reason: RevenueCatReason =
        subtype == .priceIncrease ? .priceIncrease : subtype == .productNotForSale ? .unknown : .unsubscribe
      send(.expiration, record: record, at: now, reason: reason, out: &out, effects: &effects)
    case .didChangeRenewalStatus:
      if subtype == .autoRenewDisabled, !refunded {
        send(.cancellation, record: record, at: now, reason: .unsubscribe, out: &out, effects: &effects)
      } else if subtype == .autoRenewEnabled {
        send(.uncancellation, record: record, at: now, out: &out, effects: &effects)
      }
    case .refund, .revoke:
      send(.cancellation, record: record, at: now, reason: .customerSupport, out: &out, effects: &effects)
    case .renewalExtended:
      // RevenueCat documents `SUBSCRIPTION_EXTENDED` ("Event Types and Fields"); `expiration_at_ms`
      // is the new end of the period.
      send(.subscriptionExtended, record: record, at: now, out: &out, effects: &effects)
    case .refundReversed:
      // RevenueCat documents `REFUND_REVERSED` ("Event Types and Fields"); `expiration_at_ms` is
      // the end of the period the reversal pays for again.
      send(.refundReversed, record: record, at: now, out: &out, effects: &effects)
    case .didChangeRenewalPref:
      if subtype == .upgrade {
        send(
          .productChange, record: before, at: now, newProduct: record.product, out: &out, effects: &effects)
        send(.renewal, record: record, at: now, out: &out, effects: &effects)
      } else if subtype == .downgrade, let pending = record.pendingProduct {
        send(.productChange, record: record, at: now, newProduct: pending, out: &out, effects: &effects)
      }
    default:
      return
    }
  }

  func translate(
    _ n: GooglePlayNotification, before: SubscriptionRecord, record: SubscriptionRecord, at now: Instant,
    out: inout Output, effects: inout StoreEffects
  ) {
    let token = n.subscriptionNotification.purchaseToken
    switch n.subscriptionNotification.notificationType {
    case .subscriptionPurchased:
      let replaces =
        record.linkedPurchaseToken != nil && (before.truth == .active || before.truth == .canceled)
      if replaces, let pending = record.pendingProduct {
        send(.productChange, record: before, at: now, newProduct: pending, out: &out, effects: &effects)
      } else if replaces {
        send(
          .productChange, record: before, at: now, newProduct: record.product, out: &out, effects: &effects)
        send(.renewal, record: record, at: now, out: &out, effects: &effects)
      } else {
        // A lapsed subscriber's new purchase too: RevenueCat "typically" marks a Google Play
        // resubscription as INITIAL_PURCHASE ("Common Webhook Flows", "Resubscribe Flow").
        send(.initialPurchase, record: record, at: now, out: &out, effects: &effects)
      }
    case .subscriptionRenewed, .subscriptionRecovered:
      send(.renewal, record: record, at: now, isTrialConversion: before.inTrial, out: &out, effects: &effects)
    case .subscriptionInGracePeriod:
      failedRenewal(withGrace: true, record: record, at: now, out: &out, effects: &effects)
    case .subscriptionOnHold:
      if before.truth == .grace {
        send(.expiration, record: record, at: now, reason: .billingError, out: &out, effects: &effects)
      } else {
        failedRenewal(withGrace: false, record: record, at: now, out: &out, effects: &effects)
      }
    case .subscriptionCanceled:
      // An opt-in price increase not accepted: "the subscription cancels at the end of the
      // current period, the SUBSCRIPTION_CANCELED RTDN fires … Your webhook receives a
      // CANCELLATION event" (RevenueCat Android SDK guide, "Price Changes"). Its reason is
      // `PRICE_INCREASE`, "Subscriber cancelled due to a price increase", which RevenueCat marks
      // for the App Store: behind Google an assumption.
      if Self.priceIncreaseEnded(record) {
        send(.cancellation, record: record, at: now, reason: .priceIncrease, out: &out, effects: &effects)
        return
      }
      // The system cancels when hold runs out (auto-renew still on): nothing to tell.
      guard !record.autoRenew else { return }
      send(.cancellation, record: record, at: now, reason: .unsubscribe, out: &out, effects: &effects)
    case .subscriptionExpired:
      guard token == record.purchaseToken, before.truth != .hold else { return }
      // After an opt-in price increase not accepted, `EXPIRATION` `PRICE_INCREASE` ("Subscriber
      // did not agree to a price increase", marked for the App Store: behind Google an
      // assumption).
      let reason: RevenueCatReason =
        Self.priceIncreaseEnded(record) ? .priceIncrease : record.autoRenew ? .billingError : .unsubscribe
      send(.expiration, record: record, at: now, reason: reason, out: &out, effects: &effects)
    case .subscriptionRestarted:
      send(.uncancellation, record: record, at: now, out: &out, effects: &effects)
    case .subscriptionPauseScheduleChanged:
      guard let length = record.scheduledPause else { return }
      let resume = GooglePlayModel.pauseEnd(
        from: record.periodEnd, length: length, period: products[Int(record.product)].period)
      send(.subscriptionPaused, record: record, at: now, autoResumeAt: resume, out: &out, effects: &effects)
    case .subscriptionPaused:
      send(.expiration, record: record, at: now, reason: .subscriptionPaused, out: &out, effects: &effects)
    case .subscriptionRevoked:
      send(.cancellation, record: record, at: now, reason: .customerSupport, out: &out, effects: &effects)
    case .subscriptionDeferred:
      // `SUBSCRIPTION_EXTENDED` "fires when the expiration date of a subscription has moved back
      // without a renewal. This can happen if a subscription was extended through the App Store
      // or Play Store APIs" (RevenueCat, 2023-10-18); `expiration_at_ms` is the new date.
      send(.subscriptionExtended, record: record, at: now, out: &out, effects: &effects)
    default:
      return
    }
  }

  /// Whether a Google subscription has just ended at a renewal for an opt-in price increase not
  /// accepted (`GooglePlayPriceChange.swift`): expired with auto-renew still on and the increase
  /// still outstanding. A subscriber who canceled instead has auto-renew off.
  static func priceIncreaseEnded(_ record: SubscriptionRecord) -> Bool {
    record.truth == .expired && record.autoRenew && record.priceIncrease == .pending
  }

  /// `BILLING_ISSUE` and `CANCELLATION` `BILLING_ERROR` in the channel's order, and without
  /// grace `EXPIRATION` `BILLING_ERROR` after them.
  func failedRenewal(
    withGrace: Bool, record: SubscriptionRecord, at now: Instant, out: inout Output,
    effects: inout StoreEffects
  ) {
    let graceEnd = withGrace ? record.gracePeriodExpiresDate : nil
    switch billingIssueOrder {
    case .billingIssueFirst:
      send(.billingIssue, record: record, at: now, graceEnd: graceEnd, out: &out, effects: &effects)
      send(.cancellation, record: record, at: now, reason: .billingError, out: &out, effects: &effects)
    case .cancellationFirst:
      send(.cancellation, record: record, at: now, reason: .billingError, out: &out, effects: &effects)
      send(.billingIssue, record: record, at: now, graceEnd: graceEnd, out: &out, effects: &effects)
    }
    if !withGrace {
      send(.expiration, record: record, at: now, reason: .billingError, out: &out, effects: &effects)
    }
  }

  /// Sends one RevenueCat event describing `record` at `now`.
  func send(
    _ type: RevenueCatEventType, record: SubscriptionRecord, at now: Instant, reason: RevenueCatReason? = nil,
    graceEnd: Instant? = nil, isTrialConversion: Bool? = nil, newProduct: ProductIndex? = nil,
    autoResumeAt: Instant? = nil, out: inout Output, effects: inout StoreEffects
  ) {
    let expiration: Instant
    switch type {
    case .expiration: expiration = now
    case .cancellation where reason == .customerSupport: expiration = record.revocationDate ?? now
    case .billingIssue: expiration = graceEnd ?? record.periodEnd
    default: expiration = record.periodEnd
    }
    var transaction: Symbol?
    var original: Symbol?
    if Store.kind == .apple, record.transactionCount > 0 {
      transaction = Symbol(
        number: AppStoreNotificationBuilder.transactionId(
          subscriber: record.subscriber, transaction: record.transactionCount))
      original = Symbol(
        number: AppStoreNotificationBuilder.originalTransactionId(subscriber: record.subscriber))
    }
    let user = Symbol(number: record.subscriber)
    effects.send(
      .revenueCat(
        RevenueCatEvent(
          type: type, id: out.nextId(), eventTimestamp: now, appUserId: user, originalAppUserId: user,
          productId: productIds[Int(record.product)], newProductId: newProduct.map { productIds[Int($0)] },
          entitlementId: RevenueCatDefaults.entitlementId, periodType: record.inTrial ? .trial : .normal,
          purchasedAt: record.periodStart, expirationAt: expiration,
          gracePeriodExpirationAt: type == .billingIssue ? graceEnd : nil,
          autoResumeAt: autoResumeAt, store: revenueCatStore, environment: .production,
          isTrialConversion: type == .renewal ? (isTrialConversion ?? false) : nil,
          cancelReason: type == .cancellation ? reason : nil,
          expirationReason: type == .expiration ? reason : nil,
          transactionId: transaction, originalTransactionId: original, isFamilyShare: false,
          countryCode: RevenueCatDefaults.countryCode)))
  }
}

/// Which of `BILLING_ISSUE` and `CANCELLATION` `BILLING_ERROR` RevenueCat sends first when a
/// renewal fails (a scenario's `channel: {name: revenuecat, billing-issue-order: …}`).
public enum RevenueCatPairOrder: UInt8, CaseIterable, Hashable, Sendable {
  /// The order RevenueCat dispatches them in.
  case billingIssueFirst
  /// The order a network irregularity can deliver them in.
  case cancellationFirst

  /// The scenario spelling: `billing-issue-first`, `cancellation-first`.
  public var name: String {
    switch self {
    case .billingIssueFirst: "billing-issue-first"
    case .cancellationFirst: "cancellation-first"
    }
  }

  public init?(name: String) {
    guard let s = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = s
  }
}

/// RevenueCat's numbers and the constants simsub's events carry.
public enum RevenueCatDefaults {
  /// "RevenueCat will retry later (up to 5 times) with an increasing delay (5, 10, 20, 40, and
  /// 80 minutes). After 5 retries, we will stop sending notifications." (RevenueCat docs,
  /// "Webhooks").
  public static let redeliveryDelays: [TimeSpan] = [5, 10, 20, 40, 80].map { .minutes($0) }

  public static func redeliveryDelay(afterFailedAttempt attempt: Int32) -> TimeSpan? {
    guard attempt >= 1, Int(attempt) <= redeliveryDelays.count else { return nil }
    return redeliveryDelays[Int(attempt) - 1]
  }

  /// The entitlement every product unlocks (`entitlement_ids`).
  public static let entitlementId: Symbol = "premium"
  /// `country_code`.
  public static let countryCode: Symbol = "US"
}
