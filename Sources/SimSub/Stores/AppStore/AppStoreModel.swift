/// The App Store's billing rules for auto-renewable subscriptions, as Apple documents them
/// (sources in `AppStoreDefaults` and the project's store-model docs).
///
/// What it plays:
/// - **Purchase**: `SUBSCRIBED/INITIAL_BUY`, or `SUBSCRIBED/RESUBSCRIBE` after an expiry or a
///   refund. The introductory free trial is granted once per subscription group (`offerType` 1,
///   price 0); a subscriber who has bought in a group before is not eligible again.
/// - **Renewal** at the period's end: `DID_RENEW`, the next period counted from the billing
///   anchor (Jan 31 → Feb 28 → Mar 31).
/// - **Failed renewal**: with grace, `DID_FAIL_TO_RENEW/GRACE_PERIOD` (status 4,
///   `gracePeriodExpiresDate`, `isInBillingRetryPeriod`); without, `DID_FAIL_TO_RENEW`
///   (status 3); a product whose `graceRenewals` is `paidToPaid` gives none to the first charge
///   after a free trial. Retries follow `retrySchedule` within the window `grace + hold` (60 days by
///   default); grace ending unpaid sends `GRACE_PERIOD_EXPIRED` (status 3, truth `hold`); the
///   window ending unpaid sends `EXPIRED/BILLING_RETRY` (status 2, `expirationIntent` 2).
/// - **Recovery** (a retry succeeds, or `update-card` charges at once): `DID_RENEW/BILLING_RECOVERY`.
///   Inside grace the billing date is kept (the next renewal is one period after the original
///   renewal date); after grace the recovery instant becomes the new anchor.
/// - **Cancel / uncancel**: `DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED|AUTO_RENEW_ENABLED`;
///   the paid period then ends with `EXPIRED/VOLUNTARY` (`expirationIntent` 1). Canceling
///   during grace or billing retry stops the retries and ends the subscription at once: Apple
///   retries "for 60 days, or until the user resolves their billing issue or cancels their
///   subscription, whichever comes first" (`DID_FAIL_TO_RENEW`), and grace exists only "at the
///   start of a billing retry state" (`gracePeriodExpirationDate`).
/// - **Refund**: `DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED` (Apple turns auto-renew off
///   when a refund is requested) then `REFUND` (status 5, `revocationDate`); access ends at once.
/// - **Refund requested** (`request-refund`): `AUTO_RENEW_DISABLED` (when on) and
///   `CONSUMPTION_REQUEST`; access unchanged until `refund` (granted: `REFUND`) or
///   `decline-refund` (`REFUND_DECLINED`).
/// - **Refund reversed** (`reverse-refund`): `REFUND_REVERSED`; the revocation is withdrawn and
///   the refunded period is paid through again, auto-renew still off (`canceled`, then
///   `EXPIRED/VOLUNTARY` at the period's end; `expired` at once if it has ended).
/// - **Renewal date extended** (`extend-renewal`, by 1 to 90 days): `RENEWAL_EXTENDED`; the
///   period ends later and later renewals count from the new date.
/// - **Price increase** (`raise-price`, the product's `raisedPriceMilliunits`): one that needs
///   consent sends `PRICE_INCREASE/PENDING` (`priceIncreaseStatus` 0); the subscriber's consent
///   (`accept-price`) sends `PRICE_INCREASE/ACCEPTED` (1), as does an increase that needs none.
///   The next renewal charges the new price; without consent the subscription expires there
///   instead (`EXPIRED/PRICE_INCREASE`, `expirationIntent` 3).
/// - **Product taken off sale** (`remove-from-sale`): the next renewal expires the subscription
///   (`EXPIRED/PRODUCT_NOT_FOR_SALE`, `expirationIntent` 4); the product cannot be bought again.
/// - **Subscription offers** (`redeem-offer`, the product's `offer`): an offer code buys a first
///   subscription, any offer a lapsed one (`SUBSCRIBED/INITIAL_BUY`, `RESUBSCRIBE`: "Customer
///   redeems an offer code to subscribe for the first time. | `SUBSCRIBED` | `INITIAL_BUY`",
///   Apple's `notificationType` page); a promotional offer or an offer code redeemed for the
///   active subscription (`OFFER_REDEEMED`) applies from the next renewal. The offer's
///   transactions carry its `offerType` and price; after it, `DID_RENEW` at the product's price.
/// - **Product change** within a group: an upgrade (a higher price per day), or a crossgrade to
///   the same duration, is immediate (`DID_CHANGE_RENEWAL_PREF/UPGRADE`, a new period from now, a
///   prorated refund of the unused part); a downgrade, or a crossgrade to another duration, waits
///   for the next renewal (`DID_CHANGE_RENEWAL_PREF/DOWNGRADE`, `autoRenewProductId` changes
///   now). Choosing the current product again cancels a pending downgrade
///   (`DID_CHANGE_RENEWAL_PREF` without subtype).
///
/// Actions the subscription's state does not allow (an `uncancel` after expiry, a `refund`
/// before any purchase) change nothing; Google-only actions (`pause`, `resume`) are ignored and
/// the scenario layer rejects them for Apple. Family Sharing is played for each family member by
/// `AppStoreFamilyMember`, which wraps this model; here `stopSharing` changes nothing, since the
/// purchaser keeps their subscription when sharing is withdrawn.
public struct AppStoreModel: StoreModel {
  public static let kind = StoreKind.apple

  public let products: [Product]
  /// Retry offsets from the failed renewal (`AppStoreDefaults.retrySchedule` unless given).
  public let retrySchedule: [TimeSpan]
  /// Shapes the notifications (bundle id, environment, whose copy: the purchaser's or a family
  /// member's).
  public private(set) var notifications: AppStoreNotificationBuilder
  /// Each product's subscription group as an index into the catalog's groups (trial bits).
  @usableFromInline let groupIndex: [UInt8]

  /// A model selling `products`, each checked against App Store Connect's limits
  /// (`AppStoreLimits`).
  ///
  /// - Parameters:
  ///   - retrySchedule: when Apple retries a failed renewal, as offsets from it; `nil` for
  ///     simsub's assumption `AppStoreDefaults.retrySchedule`.
  ///   - bundleId: the app's bundle id in every notification.
  ///   - environment: `Production` by default (Apple redelivers failed notifications only there).
  public init(
    products: [Product], retrySchedule: [TimeSpan]? = nil,
    bundleId: Symbol = AppStoreDefaults.bundleId, environment: AppStoreEnvironment = .production
  ) throws(StoreConfigurationError) {
    let schedule = retrySchedule ?? Self.defaultRetrySchedule
    if let error = AppStoreLimits.check(products: products, retrySchedule: schedule) { throw error }
    var groups: [Symbol] = []
    var index: [UInt8] = []
    for product in products {
      if let i = groups.firstIndex(of: product.group) {
        index.append(UInt8(i))
      } else {
        groups.append(product.group)
        index.append(UInt8(groups.count - 1))
      }
    }
    self.products = products
    self.retrySchedule = schedule
    self.notifications = AppStoreNotificationBuilder(bundleId: bundleId, environment: environment)
    self.groupIndex = index
  }

  /// The same rules and products, with every notification shaped as family member `member`'s
  /// copy (its own transaction ids, `FAMILY_SHARED`); `0` for the purchaser's.
  public func notifying(familyMember member: UInt8) -> AppStoreModel {
    var model = self
    model.notifications.familyMember = member
    return model
  }

  // MARK: Defaults the scenario layer reads

  /// simsub's default grace: 16 days, 6 for weekly products (Apple's own default is off).
  public static func defaultGrace(for period: BillingPeriod) -> TimeSpan {
    AppStoreDefaults.grace(for: period)
  }

  /// The billing-retry window after grace: 60 days minus the grace (documented).
  public static func defaultHold(for period: BillingPeriod, grace: TimeSpan) -> TimeSpan {
    AppStoreDefaults.hold(for: period, grace: grace)
  }

  /// Retry offsets from the failed renewal (an assumption; Apple does not publish its cadence).
  public static let defaultRetrySchedule: [TimeSpan] = AppStoreDefaults.retrySchedule

  /// +1 h, +12 h, +24 h, +48 h, +72 h after each failed attempt, then Apple gives up.
  public static func redeliveryDelay(afterFailedAttempt attempt: Int32) -> TimeSpan? {
    let delays = AppStoreDefaults.redeliveryDelays
    guard attempt >= 1, Int(attempt) <= delays.count else { return nil }
    return delays[Int(attempt) - 1]
  }

  // MARK: Subscriber actions

  public func apply<Payments: PaymentProcessor>(
    _ action: SubscriberAction, to record: inout SubscriptionRecord, at now: Instant,
    payments: inout Payments, effects: inout StoreEffects
  ) {
    switch action {
    case .subscribe(let product, let trial):
      purchase(product, trial: trial, record: &record, now: now, payments: &payments, effects: &effects)
    case .resubscribe(let product):
      guard record.truth == .expired || record.truth == .revoked else { return }
      purchase(product, trial: false, record: &record, now: now, payments: &payments, effects: &effects)
    case .redeemOffer(let product):
      redeemOffer(product, record: &record, now: now, payments: &payments, effects: &effects)
    case .cardFails(let reason):
      record.cardWorks = false
      record.declineReason = reason
    case .updateCard:
      record.cardWorks = true
      if record.truth == .grace || record.truth == .hold,
        payments.charge(.cardUpdated, for: record, at: now)
      {
        recover(record: &record, now: now, effects: &effects)
      }
    case .cancel:
      cancel(record: &record, now: now, effects: &effects)
    case .uncancel:
      guard record.truth == .canceled else { return }
      record.autoRenew = true
      record.truth = .active
      send(.didChangeRenewalStatus, .autoRenewEnabled, record: &record, now: now, effects: &effects)
    case .refund:
      refund(record: &record, now: now, effects: &effects)
    case .requestRefund:
      requestRefund(record: &record, now: now, effects: &effects)
    case .declineRefund:
      guard record.refundRequested, record.truth != .revoked else { return }
      record.refundRequested = false
      send(.refundDeclined, nil, record: &record, now: now, effects: &effects)
    case .reverseRefund:
      reverseRefund(record: &record, now: now, effects: &effects)
    case .extendRenewal(let days):
      extendRenewal(by: days, record: &record, now: now, effects: &effects)
    case .raisePrice(let consentRequired, _):
      raisePrice(consentRequired: consentRequired, record: &record, now: now, effects: &effects)
    case .removeFromSale:
      record.productOffSale = true
    case .acceptPrice:
      guard record.priceIncrease == .pending, record.truth != .expired, record.truth != .revoked else {
        return
      }
      record.priceIncrease = .accepted
      send(.priceIncrease, .accepted, record: &record, now: now, effects: &effects)
    case .changeProduct(let product, _):
      changeProduct(to: product, record: &record, now: now, payments: &payments, effects: &effects)
    case .stopSharing:
      // The purchaser keeps their subscription; `AppStoreFamilyMember` plays it for the member.
      return
    default:
      // Another store's action: the scenario layer refuses it here (`StoreFacts.ownActions`) and
      // Monte Carlo never draws it, so a new action of another store needs no case in this model.
      return
    }
  }

  // MARK: Store timers

  public func fire<Payments: PaymentProcessor>(
    _ timer: StoreTimer, to record: inout SubscriptionRecord, at now: Instant,
    payments: inout Payments, effects: inout StoreEffects
  ) {
    switch timer {
    case .renewal:
      guard record.truth == .active || record.truth == .canceled else { return }
      if record.autoRenew {
        // One test of three bytes on the common path; the rare paths are one call out of line,
        // and the common renewal below keeps its one call site (so it stays inlined).
        if record.productOffSale || record.priceIncrease != .none || record.offer != .none,
          renewedOnRarePath(record: &record, now: now, payments: &payments, effects: &effects)
        {
          return
        }
        renew(record: &record, now: now, payments: &payments, effects: &effects)
      } else {
        record.truth = .expired
        record.epoch &+= 1
        send(.expired, .voluntary, record: &record, now: now, effects: &effects)
      }
    case .retry(let n):
      guard record.truth == .grace || record.truth == .hold, n == record.retryCount + 1 else { return }
      if payments.charge(.retry(n), for: record, at: now) {
        recover(record: &record, now: now, effects: &effects)
      } else {
        record.retryCount = n
        scheduleNextRetry(record: record, effects: &effects)
      }
    case .graceEnds:
      guard record.truth == .grace else { return }
      record.truth = .hold
      send(.gracePeriodExpired, nil, record: &record, now: now, effects: &effects)
    case .retryWindowEnds:
      guard record.truth == .grace || record.truth == .hold else { return }
      record.truth = .expired
      record.clearBillingIssue()
      record.epoch &+= 1
      send(.expired, .billingRetry, record: &record, now: now, effects: &effects)
    default:
      // Another store's timer; this model never schedules it.
      return
    }
  }

  // MARK: Rules

  /// A purchase: the first (`INITIAL_BUY`), or a new one after an expiry or a refund
  /// (`RESUBSCRIBE`). Charges (unless a trial is granted) and starts a new period at `now`.
  /// With `offer` (``redeemOffer(_:record:now:payments:effects:)``), the purchase is the offer's:
  /// its price (nothing for a free offer) and its first transaction's length; it is announced by
  /// `SUBSCRIBED` as any purchase, the transaction carrying the offer.
  @inlinable func purchase<Payments: PaymentProcessor>(
    _ index: ProductIndex, trial wantsTrial: Bool, offer: SubscriptionOffer? = nil,
    record: inout SubscriptionRecord, now: Instant, payments: inout Payments, effects: inout StoreEffects
  ) {
    guard isProduct(index), !(record.productOffSale && index == record.product) else { return }
    let subtype: AppStoreNotificationSubtype
    switch record.truth {
    case .never: subtype = .initialBuy
    case .expired, .revoked: subtype = .resubscribe
    default: return
    }
    let product = products[Int(index)]
    // A product whose price was raised sells at the new price from then on.
    let increase: PriceIncrease =
      record.priceIncrease != .none && index == record.product && record.truth != .never ? .applied : .none
    let groupBit = UInt64(1) << UInt64(groupIndex[Int(index)])
    let trial = offer == nil && wantsTrial && record.trialsUsed & groupBit == 0 ? product.trial : nil
    let free = trial != nil || offer?.payment == .freeTrial
    let previousProduct = record.product
    record.product = index
    if !free {
      let amount = offer?.priceMilliunits ?? product.price(at: increase)
      guard charge(.purchase, amount: amount, record: &record, at: now, payments: &payments) else {
        record.product = previousProduct
        return
      }
    } else {
      record.transactionCount += 1  // the free trial's transaction
    }
    record.trialsUsed |= groupBit
    record.priceIncrease = increase
    record.latestTransactionIsRenewal = false
    record.inTrial = free
    record.offer = offer == nil ? .none : .current
    record.offerPeriodsLeft = offer?.discountedRenewals ?? 0
    record.pendingProduct = nil
    record.autoRenew = true
    if record.originalPurchaseDate == nil { record.originalPurchaseDate = now }
    record.periodStart = now
    if let trial {
      record.billingAnchor = now + trial
      record.periodsSinceAnchor = 0
      record.periodEnd = record.billingAnchor
    } else {
      let periods = offer?.firstTransactionPeriods ?? 1
      record.billingAnchor = now
      record.periodsSinceAnchor = periods
      record.periodEnd = record.anchoredEnd(after: periods, of: product.period)
    }
    record.periodNumber += 1
    record.revocationDate = nil
    record.clearBillingIssue()
    record.truth = .active
    record.epoch &+= 1
    effects.schedule(.renewal, at: record.periodEnd, for: record)
    send(.subscribed, subtype, record: &record, now: now, effects: &effects)
  }

  /// The subscriber redeems `index`'s subscription offer. App Store Server Notifications,
  /// `notificationType`, "Handle use cases for In-App Purchase life-cycle events": "Customer
  /// redeems an offer code to subscribe for the first time. | `SUBSCRIBED` | `INITIAL_BUY`";
  /// "… after their subscription expired. | `SUBSCRIBED` | `RESUBSCRIBE`"; "Customer redeems a
  /// promotional offer or offer code for an active subscription. | `OFFER_REDEEMED` |".
  ///
  /// - Before any purchase: only an offer code buys (`SUBSCRIBED/INITIAL_BUY`; offer codes
  ///   apply to "New and Existing Users", RevenueCat, "iOS Subscription
  ///   Offers"). Promotional offers are for "lapsed or current subscribers" (StoreKit,
  ///   "Implementing promotional offers in your app"), win-back offers for a subscription that is
  ///   "churned" ("Supporting win-back offers in your app").
  /// - After an expiry or a refund: any of the three buys (`SUBSCRIBED/RESUBSCRIBE`).
  /// - Active and renewing, the same product, in no offer or trial, with no downgrade, price
  ///   increase or removal from sale waiting: a promotional offer or an offer code is redeemed
  ///   for the next renewal (`OFFER_REDEEMED` without subtype; renewal info, which describes "the
  ///   product that will renew at the next billing period" (`autoRenewProductId`), carries the
  ///   offer's `offerType`). A win-back offer is not: the subscription is not churned.
  ///
  /// Every other state changes nothing, as does a product without an offer. simsub's choices
  /// where Apple is silent are in docs/STORE-MODELS.md (a subscriber who redeems in grace or
  /// billing retry, or with auto-renew off, is not eligible here).
  @inline(never) @usableFromInline
  func redeemOffer<Payments: PaymentProcessor>(
    _ index: ProductIndex, record: inout SubscriptionRecord, now: Instant, payments: inout Payments,
    effects: inout StoreEffects
  ) {
    guard isProduct(index), let offer = products[Int(index)].offer else { return }
    switch record.truth {
    case .never:
      guard offer.type == .offerCode else { return }
      purchase(
        index, trial: false, offer: offer, record: &record, now: now, payments: &payments, effects: &effects)
    case .expired, .revoked:
      purchase(
        index, trial: false, offer: offer, record: &record, now: now, payments: &payments, effects: &effects)
    case .active:
      guard offer.type != .winBack, index == record.product, record.autoRenew, !record.inTrial,
        record.offer == .none, record.pendingProduct == nil, record.priceIncrease == .none,
        !record.productOffSale
      else { return }
      record.offer = .pending
      send(.offerRedeemed, nil, record: &record, now: now, effects: &effects)
    default:
      return
    }
  }

  /// A renewal with auto-renew on while an offer is redeemed for it or running, or `false` when
  /// the offer is over (its state cleared) and the renewal is the product's. An offer
  /// redeemed for the active subscription starts here: a free offer is one free transaction of
  /// its whole length, one paid up front a single charge of the offer's price for it, one paid
  /// as it goes the offer's price for this period. A pay-as-you-go offer's later periods charge
  /// its price too; after the offer the product's price is charged again (`DID_RENEW` each
  /// time, as Apple's engineer answers on the Developer Forums, thread 731832: "Once
  /// subscription converts to the paid renewal, you will be notified with DID_RENEW type").
  ///
  /// simsub's choices where Apple is silent: a renewal that fails ends the offer, and the
  /// recovery charges the product's price; a downgrade waiting for the renewal ends it too.
  @inline(never) @usableFromInline
  func renewedWithOffer<Payments: PaymentProcessor>(
    record: inout SubscriptionRecord, now: Instant, payments: inout Payments, effects: inout StoreEffects
  ) -> Bool {
    let product = products[Int(record.product)]
    let starting = record.offer == .pending
    // A downgrade waiting for this renewal takes over, without the old product's offer.
    guard let offer = product.offer, starting || record.offerPeriodsLeft > 0, record.pendingProduct == nil
    else {
      record.offer = .none
      record.offerPeriodsLeft = 0
      return false
    }
    if offer.payment != .freeTrial {
      guard payments.charge(.renewal, for: record, at: now) else {
        record.offer = .none
        record.offerPeriodsLeft = 0
        beginBillingIssue(record: &record, now: now, effects: &effects)
        return true
      }
      record.charges += 1
      record.collectedMilliunits += offer.priceMilliunits
    }
    record.transactionCount += 1
    record.latestTransactionIsRenewal = true
    record.inTrial = offer.payment == .freeTrial
    record.offer = .current
    record.offerPeriodsLeft = starting ? offer.discountedRenewals : record.offerPeriodsLeft - 1
    if starting && offer.payment != .payAsYouGo {
      // One transaction for the whole offer, counted from the renewal date.
      record.billingAnchor = record.periodEnd
      record.periodStart = record.periodEnd
      record.periodsSinceAnchor = offer.firstTransactionPeriods
      record.periodEnd = record.anchoredEnd(after: offer.firstTransactionPeriods, of: product.period)
      record.periodNumber += 1
    } else {
      record.startNextPeriod(period: product.period)
    }
    effects.schedule(.renewal, at: record.periodEnd, for: record)
    send(.didRenew, nil, record: &record, now: now, effects: &effects)
    return true
  }

  /// A renewal with auto-renew on of a subscription on a rare path: a product taken off sale or
  /// a price increase (``endsInsteadOfRenewing(record:now:effects:)``), or a subscription offer
  /// (``renewedWithOffer(record:now:payments:effects:)``). `false` when the renewal is, after
  /// all, the product's common one.
  @inline(never) @usableFromInline
  func renewedOnRarePath<Payments: PaymentProcessor>(
    record: inout SubscriptionRecord, now: Instant, payments: inout Payments, effects: inout StoreEffects
  ) -> Bool {
    if record.productOffSale || record.priceIncrease != .none,
      endsInsteadOfRenewing(record: &record, now: now, effects: &effects)
    {
      return true
    }
    return record.offer != .none
      && renewedWithOffer(record: &record, now: now, payments: &payments, effects: &effects)
  }

  /// Before a renewal with auto-renew on, for a product taken off sale or with a price increase:
  /// whether the subscription ends there instead. A product taken off sale does not renew: "the
  /// subscription expired because the product wasn't available for purchase at the time the
  /// subscription attempted to renew" (`subtype` `PRODUCT_NOT_FOR_SALE`). A price increase not
  /// consented to ends it too (`EXPIRED/PRICE_INCREASE`); one accepted applies from this renewal.
  /// A downgrade waiting for the renewal goes through either way, to a product still on sale.
  @inline(never) @usableFromInline
  func endsInsteadOfRenewing(record: inout SubscriptionRecord, now: Instant, effects: inout StoreEffects)
    -> Bool
  {
    guard record.pendingProduct == nil else { return false }
    if record.productOffSale {
      record.truth = .expired
      record.epoch &+= 1
      send(.expired, .productNotForSale, record: &record, now: now, effects: &effects)
      return true
    }
    if record.priceIncrease == .pending {
      record.truth = .expired
      record.epoch &+= 1
      send(.expired, .priceIncrease, record: &record, now: now, effects: &effects)
      return true
    }
    if record.priceIncrease == .accepted { record.priceIncrease = .applied }
    return false
  }

  /// The scheduled renewal with auto-renew on: charge the renewing product (a pending
  /// downgrade takes over here), or open a billing issue.
  // Always inlined into `fire` (a renewal is most App Store events): as a call of its own, with
  // the record, the payments and the effects passed through and a frame of its own, it cost
  // about 60 more instructions per renewal.
  @inlinable @inline(__always) func renew<Payments: PaymentProcessor>(
    record: inout SubscriptionRecord, now: Instant, payments: inout Payments, effects: inout StoreEffects
  ) {
    guard payments.charge(.renewal, for: record, at: now) else {
      beginBillingIssue(record: &record, now: now, effects: &effects)
      return
    }
    // Neither helper moves `periodEnd`: the new period starts at the renewal date.
    takePendingProduct(&record, newPeriodStart: record.periodEnd)
    countRenewalCharge(&record)
    record.startNextPeriod(period: products[Int(record.product)].period)
    effects.schedule(.renewal, at: record.periodEnd, for: record)
    send(.didRenew, nil, record: &record, now: now, effects: &effects)
  }

  /// The renewal failed: grace (if the product has it) at the start of the billing-retry window.
  /// `periodStart`/`periodEnd` stay on the lapsed period, so `expiresDate` is the failed
  /// renewal's date throughout the episode.
  @inlinable func beginBillingIssue(
    record: inout SubscriptionRecord, now: Instant, effects: inout StoreEffects
  ) {
    let product = products[Int(record.product)]
    let windowEnd = now + product.grace + product.hold
    record.billingIssueStart = now
    record.retryWindowEnd = windowEnd
    record.retryCount = 0
    // "Paid to paid only": the first charge after a free trial gets no grace (App Store Connect,
    // Billing Grace Period eligibility; `renewalType` `PAID_TO_PAID_ONLY`).
    if product.grace > .zero && !(product.graceRenewals == .paidToPaid && record.inTrial) {
      let graceEnd = now + product.grace
      record.truth = .grace
      record.gracePeriodExpiresDate = graceEnd
      if graceEnd < windowEnd { effects.schedule(.graceEnds, at: graceEnd, for: record) }
      send(.didFailToRenew, .gracePeriod, record: &record, now: now, effects: &effects)
    } else {
      record.truth = .hold
      record.gracePeriodExpiresDate = nil
      send(.didFailToRenew, nil, record: &record, now: now, effects: &effects)
    }
    scheduleNextRetry(record: record, effects: &effects)
    effects.schedule(.retryWindowEnds, at: windowEnd, for: record)
  }

  /// Sets the episode's next retry, if the schedule has one inside the window.
  // Always inlined, like the other helpers that read the record: a call that takes the record
  // by value copies all of it.
  @inline(__always) @usableFromInline
  func scheduleNextRetry(record: SubscriptionRecord, effects: inout StoreEffects) {
    let next = Int(record.retryCount) + 1
    guard next <= retrySchedule.count, let start = record.billingIssueStart, let end = record.retryWindowEnd
    else { return }
    let at = start + retrySchedule[next - 1]
    if at < end { effects.schedule(.retry(Int32(next)), at: at, for: record) }
  }

  /// A charge in grace or billing retry went through: `DID_RENEW/BILLING_RECOVERY`. Inside grace
  /// the anchor is kept (the new period started at the failed renewal); after grace the recovery
  /// instant is the new anchor.
  @inlinable func recover(record: inout SubscriptionRecord, now: Instant, effects: inout StoreEffects) {
    let failedRenewal = record.billingIssueStart ?? record.periodEnd
    let keepsAnchor = record.truth == .grace
    takePendingProduct(&record, newPeriodStart: failedRenewal)
    countRenewalCharge(&record)
    let period = products[Int(record.product)].period
    let end = record.anchoredEnd(after: record.periodsSinceAnchor + 1, of: period)
    if keepsAnchor && now < end {
      record.periodsSinceAnchor += 1
      record.periodStart = failedRenewal
      record.periodEnd = end
      record.periodNumber += 1
    } else {
      record.startPeriod(anchoredAt: now, period: period)
    }
    record.clearBillingIssue()
    record.truth = .active
    record.epoch &+= 1
    effects.schedule(.renewal, at: record.periodEnd, for: record)
    send(.didRenew, .billingRecovery, record: &record, now: now, effects: &effects)
  }

  /// Auto-renew off. Paid through: access to the period's end. In grace or billing retry:
  /// Apple stops retrying, which ends grace too, so the subscription expires now.
  @inlinable func cancel(record: inout SubscriptionRecord, now: Instant, effects: inout StoreEffects) {
    switch record.truth {
    case .active:
      record.autoRenew = false
      record.truth = .canceled
      send(.didChangeRenewalStatus, .autoRenewDisabled, record: &record, now: now, effects: &effects)
    case .grace, .hold:
      record.autoRenew = false
      record.truth = .expired
      record.clearBillingIssue()
      record.epoch &+= 1
      send(.didChangeRenewalStatus, .autoRenewDisabled, record: &record, now: now, effects: &effects)
      send(.expired, .voluntary, record: &record, now: now, effects: &effects)
    default:
      return
    }
  }

  /// Apple refunds the latest transaction and revokes the subscription at once.
  @inlinable func refund(record: inout SubscriptionRecord, now: Instant, effects: inout StoreEffects) {
    switch record.truth {
    case .active, .canceled, .grace, .hold: break
    default: return
    }
    if record.autoRenew {
      record.autoRenew = false
      if record.truth == .active { record.truth = .canceled }
      send(.didChangeRenewalStatus, .autoRenewDisabled, record: &record, now: now, effects: &effects)
    }
    record.refundedMilliunits += record.inTrial ? 0 : paidPrice(of: record)
    record.refundRequested = false
    record.revocationDate = now
    record.truth = .revoked
    record.clearBillingIssue()
    record.epoch &+= 1
    send(.refund, nil, record: &record, now: now, effects: &effects)
  }

  /// The customer asks for a refund of the latest charge ("Request a refund", Apple support).
  /// Apple turns auto-renew off ("the App Store turned off subscription auto-renewal after the
  /// customer requested a refund", `AUTO_RENEW_DISABLED`) and sends `CONSUMPTION_REQUEST`: "the
  /// customer initiated a refund request for a consumable in-app purchase or auto-renewable
  /// subscription, and the App Store is requesting that you provide consumption data"
  /// (`notificationType`). Access is unchanged until Apple decides: `REFUND` if it grants the
  /// refund, `REFUND_DECLINED` if not. Only a paid subscription that is active (with auto-renew
  /// on or off) can be asked about, once until the answer.
  @inlinable func requestRefund(record: inout SubscriptionRecord, now: Instant, effects: inout StoreEffects) {
    guard record.truth == .active || record.truth == .canceled, !record.inTrial, !record.refundRequested
    else { return }
    record.refundRequested = true
    if record.autoRenew {
      record.autoRenew = false
      record.truth = .canceled
      send(.didChangeRenewalStatus, .autoRenewDisabled, record: &record, now: now, effects: &effects)
    }
    send(.consumptionRequest, nil, record: &record, now: now, effects: &effects)
  }

  /// Apple reverses the refund: `REFUND_REVERSED`, "If your app revoked content or services as a
  /// result of the related refund, it needs to reinstate them" (App Store Server Notifications,
  /// `notificationType`). The revocation is withdrawn (`revocationDate` gone from the
  /// transaction), and the refunded period is paid again. Auto-renew stays off, as the refund
  /// request left it (Apple does not say it turns it back on): still inside the refunded period
  /// the truth is `canceled` (status 1) and the period ends with `EXPIRED/VOLUNTARY`; after it,
  /// `expired` (status 2). Only a subscription revoked by a refund can have it reversed.
  @inlinable func reverseRefund(record: inout SubscriptionRecord, now: Instant, effects: inout StoreEffects) {
    guard record.truth == .revoked, record.revocationDate != nil else { return }
    record.refundedMilliunits -= record.inTrial ? 0 : paidPrice(of: record)
    record.revocationDate = nil
    record.autoRenew = false
    record.epoch &+= 1
    if now < record.periodEnd {
      record.truth = .canceled
      effects.schedule(.renewal, at: record.periodEnd, for: record)
    } else {
      record.truth = .expired
    }
    send(.refundReversed, nil, record: &record, now: now, effects: &effects)
  }

  /// The developer extends the renewal date (App Store Server API, "Extend a Subscription
  /// Renewal Date", for "their paid, active subscription"): the current period ends `days`
  /// later, later renewals count from the new date, and Apple sends `RENEWAL_EXTENDED` (status
  /// 1, the transaction's `expiresDate` the new date). Not eligible, so nothing happens
  /// (`SubscriptionExtensionIneligibleError`): "Subscriptions in a free offer period", billing
  /// retry, grace ("with an expiration date in the past"), and expired or revoked ones.
  @inlinable func extendRenewal(
    by days: TimeSpan, record: inout SubscriptionRecord, now: Instant, effects: inout StoreEffects
  ) {
    guard record.truth == .active || record.truth == .canceled, !record.inTrial else { return }
    let end = record.periodEnd + days
    record.billingAnchor = end
    record.periodsSinceAnchor = 0
    record.periodEnd = end
    record.epoch &+= 1
    effects.schedule(.renewal, at: end, for: record)
    send(.renewalExtended, nil, record: &record, now: now, effects: &effects)
  }

  /// The developer raises the product's price for existing subscribers (App Store Connect,
  /// "Manage pricing for auto-renewable subscriptions"). An increase that needs the customer's
  /// consent sends `PRICE_INCREASE/PENDING`: "If the customer doesn't consent, the
  /// auto-renewable subscription expires at the end of the billing cycle" ("Managing Price
  /// Increases for Auto-Renewable Subscriptions"). One that needs none sends
  /// `PRICE_INCREASE/ACCEPTED` ("the system notified them of a price increase if the price
  /// increase doesn't require customer consent", `subtype`). Either way the new price is
  /// charged from the next renewal. Only a subscription that is renewing (active, auto-renew
  /// on, no downgrade waiting) is asked; every other state changes nothing, and a second raise
  /// while one waits changes nothing either.
  @inlinable func raisePrice(
    consentRequired: Bool, record: inout SubscriptionRecord, now: Instant, effects: inout StoreEffects
  ) {
    guard record.truth == .active, record.autoRenew, record.pendingProduct == nil,
      record.priceIncrease == .none, products[Int(record.product)].raisedPriceMilliunits != nil
    else { return }
    record.priceIncrease = consentRequired ? .pending : .accepted
    send(.priceIncrease, consentRequired ? .pending : .accepted, record: &record, now: now, effects: &effects)
  }

  /// An upgrade or crossgrade (immediate) or a downgrade (at the next renewal) within the group.
  @inlinable func changeProduct<Payments: PaymentProcessor>(
    to index: ProductIndex, record: inout SubscriptionRecord, now: Instant,
    payments: inout Payments, effects: inout StoreEffects
  ) {
    guard isProduct(index),
      record.truth == .active || record.truth == .canceled,
      groupIndex[Int(index)] == groupIndex[Int(record.product)]
    else { return }
    if index == record.product {
      guard record.pendingProduct != nil else { return }
      record.pendingProduct = nil
      send(.didChangeRenewalPref, nil, record: &record, now: now, effects: &effects)
      return
    }
    let old = products[Int(record.product)]
    let new = products[Int(index)]
    guard Self.isImmediateChange(from: old, to: new) else {
      record.pendingProduct = index
      if !record.autoRenew {
        record.autoRenew = true
        record.truth = .active
        send(.didChangeRenewalStatus, .autoRenewEnabled, record: &record, now: now, effects: &effects)
      }
      send(.didChangeRenewalPref, .downgrade, record: &record, now: now, effects: &effects)
      return
    }
    let previous = record.product
    let paidForOld = paidPrice(of: record)
    record.product = index
    guard charge(.upgrade, amount: new.priceMilliunits, record: &record, at: now, payments: &payments) else {
      record.product = previous
      return
    }
    if !record.inTrial {
      record.refundedMilliunits += Self.proratedRefund(
        price: paidForOld, periodStart: record.periodStart,
        periodEnd: record.periodEnd, at: now)
    }
    record.priceIncrease = .none
    record.productOffSale = false
    record.offer = .none
    record.offerPeriodsLeft = 0
    record.latestTransactionIsRenewal = false
    record.inTrial = false
    record.pendingProduct = nil
    record.autoRenew = true
    record.billingAnchor = now
    record.periodsSinceAnchor = 1
    record.periodStart = now
    record.periodEnd = record.anchoredEnd(after: 1, of: new.period)
    record.truth = .active
    record.epoch &+= 1
    effects.schedule(.renewal, at: record.periodEnd, for: record)
    send(.didChangeRenewalPref, .upgrade, record: &record, now: now, effects: &effects)
  }

  // MARK: Helpers

  /// What the current period's transaction charged: the running offer's price (its whole price
  /// for one paid up front), else the product's price.
  @inlinable func paidPrice(of record: SubscriptionRecord) -> Int64 {
    if record.offer == .current, let offer = products[Int(record.product)].offer {
      return offer.priceMilliunits
    }
    return price(of: record)
  }

  /// Whether moving between two products of a group takes effect now (an upgrade: a higher price
  /// per day; or a crossgrade to the same duration) rather than at the next renewal.
  @inlinable public static func isImmediateChange(from old: Product, to new: Product) -> Bool {
    let newPerDay = new.priceMilliunits * old.period.nominalDays
    let oldPerDay = old.priceMilliunits * new.period.nominalDays
    return newPerDay > oldPerDay || (newPerDay == oldPerDay && new.period == old.period)
  }

  /// The unused part of a period's price at `now`, rounded down to a milliunit.
  @inlinable public static func proratedRefund(
    price: Int64, periodStart: Instant, periodEnd: Instant, at now: Instant
  ) -> Int64 {
    let length = (periodEnd - periodStart).seconds
    let unused = (periodEnd - now).seconds
    guard length > 0, unused > 0 else { return 0 }
    return price * min(unused, length) / length
  }

  /// A pending downgrade becomes the product from the period starting at `newPeriodStart`; a
  /// new billing period length restarts the anchor there.
  @inlinable @inline(__always)
  func takePendingProduct(_ record: inout SubscriptionRecord, newPeriodStart: Instant) {
    guard let pending = record.pendingProduct else { return }
    let oldPeriod = products[Int(record.product)].period
    record.product = pending
    record.pendingProduct = nil
    record.priceIncrease = .none
    record.productOffSale = false
    if products[Int(pending)].period != oldPeriod {
      record.billingAnchor = newPeriodStart
      record.periodsSinceAnchor = 0
    }
  }

  @inlinable func countRenewalCharge(_ record: inout SubscriptionRecord) {
    record.charges += 1
    record.collectedMilliunits += price(of: record)
    record.transactionCount += 1
    record.latestTransactionIsRenewal = true
    record.inTrial = false
  }

  @inlinable func send(
    _ type: AppStoreNotificationType, _ subtype: AppStoreNotificationSubtype?,
    record: inout SubscriptionRecord, now: Instant, effects: inout StoreEffects
  ) {
    effects.send(notifications.make(type, subtype, record: &record, products: products, at: now))
    // One test of three bytes on the common path; a price increase, a product taken off sale or
    // a subscription offer amends what was built, out of line.
    if AppStoreNotificationBuilder.needsAmending(record) { amendLast(record: record, effects: &effects) }
  }

  @inline(never) @usableFromInline
  func amendLast(record: SubscriptionRecord, effects: inout StoreEffects) {
    let last = effects.notificationCount - 1
    effects.replaceNotification(
      at: last,
      with: AppStoreNotificationBuilder.amend(
        effects.notificationSlots[last], record: record, products: products))
  }
}
