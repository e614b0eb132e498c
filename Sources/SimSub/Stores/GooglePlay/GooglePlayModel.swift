/// Google Play's billing rules for auto-renewing base plans, as a store model.
///
/// Every rule below is what Google's own documentation describes (read November 2026); where
/// Google publishes no number, the model uses a stated assumption the caller can override.
///
/// | rule | the model | source |
/// |---|---|---|
/// | purchase | `SUBSCRIPTION_PURCHASED` (4), state `ACTIVE`, a new `purchaseToken` | Play Billing "Subscription lifecycle" (lifecycle) |
/// | free trial | once per product group, offer id `free-trial`, charged at its end | lifecycle, "New purchases" (`offerPhase.freeTrial`) |
/// | renewal | `SUBSCRIPTION_RENEWED` (2); month periods keep the anchor day (Jan 31 → Feb 28 → Mar 31) | lifecycle, "Subscription renewals" |
/// | silent grace | a failed renewal stays `ACTIVE`, with no notification, for `silentGrace` (default 1 day) before grace or hold | lifecycle, "Silent grace period" |
/// | grace | `SUBSCRIPTION_IN_GRACE_PERIOD` (6), access kept, `expiryTime` = grace end | lifecycle, "Grace period" |
/// | account hold | `SUBSCRIPTION_ON_HOLD` (5), no access, `expiryTime` in the past | lifecycle, "Account hold" |
/// | retries | daily through grace and hold (assumption, overridable) | not published |
/// | recovery in (silent) grace | `SUBSCRIPTION_RENEWED`; the renewal date does not change | lifecycle: "the subscription renews with its original renewal date" |
/// | recovery in hold | `SUBSCRIPTION_RECOVERED` (1); the billing date moves to the recovery | lifecycle: "the billing date moves to the date of recovery" |
/// | card fixed | the store charges at once | lifecycle ("As soon as the user fixes their payment method…") |
/// | hold ends unpaid | `SUBSCRIPTION_CANCELED` (3) then `SUBSCRIPTION_EXPIRED` (13), system-initiated | lifecycle, "Account hold" |
/// | cancel | `SUBSCRIPTION_CANCELED`, state `CANCELED` until the period ends, then `SUBSCRIPTION_EXPIRED` | lifecycle, "Cancellations", "Expirations" |
/// | cancel in grace, hold or pause | `SUBSCRIPTION_CANCELED` and at once `SUBSCRIPTION_EXPIRED`: no paid time is left | lifecycle, "Cancellations" (`expiryTime` in the past) and "Account hold" |
/// | restore | `SUBSCRIPTION_RESTARTED` (7), same token | lifecycle, "Restore prior to expiration" |
/// | resubscribe after expiry | a new purchase: new token, no `linkedPurchaseToken` | lifecycle, "Resubscribe after expiration" |
/// | refund / revoke | `SUBSCRIPTION_REVOKED` (12), state `EXPIRED`, access ends at once | lifecycle, "Revocations" |
/// | upgrade | immediate, `CHARGE_PRORATED_PRICE`: the price difference for the rest of the period, billing date kept | "About subscriptions", replacement recommendations |
/// | downgrade, crossgrade | `DEFERRED`: the new product from the next renewal | same |
/// | either change | a new token with `linkedPurchaseToken`; `SUBSCRIPTION_PURCHASED` for it, `SUBSCRIPTION_EXPIRED` for the old one | same, "Handle deferred replacement" |
/// | pause | `SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED` (11) when asked, `SUBSCRIPTION_PAUSED` (10) at the next renewal; 1–4 weeks (weekly) or 1–3 calendar months; none for annual plans | lifecycle, "Paused subscriptions" |
/// | deferral | the developer defers the billing date (`purchases.subscriptionsv2.defer`, 1 to 365 days): `SUBSCRIPTION_DEFERRED` (9), `expiryTime` the new date, nothing charged; later renewals count from it; not in the silent stage, grace, hold, a pause or after the end | Play Developer API, `purchases.subscriptionsv2.defer`; RTDN reference |
/// | pending purchase | `subscribe` with `first-payment: pending`: state `PENDING`, no access, nothing sent; paid (`complete-purchase`): `SUBSCRIPTION_PURCHASED`, the same token, the period from the payment; canceled: `SUBSCRIPTION_PENDING_PURCHASE_CANCELED` (20), state `PENDING_PURCHASE_CANCELED` | RTDN reference; `SubscriptionState` |
/// | price increase | `raise-price`: opt-in (`PRICE_INCREASE`, `OUTSTANDING`) or opt-out (`OPT_OUT_PRICE_INCREASE`, `CONFIRMED`), `SUBSCRIPTION_PRICE_CHANGE_UPDATED` (19); `accept-price`: `SUBSCRIPTION_PRICE_CHANGE_CONFIRMED` (8) and 19; the next renewal charges the new price, or, unaccepted, `SUBSCRIPTION_CANCELED` and `SUBSCRIPTION_EXPIRED` | lifecycle guide, price changes; `RegionalPriceMigrationConfig`; `SubscriptionItemPriceChangeDetails` |
/// | resume | at `autoResumeTime` or early by hand: a charge, `SUBSCRIPTION_RECOVERED`; the billing date moves to the resume; a declined charge goes straight to account hold | same, and "Account hold" |
/// | redelivery | Cloud Pub/Sub push, exponential backoff 10 s to 600 s, for the 7-day retention | Pub/Sub `RetryPolicy` and subscription properties |
///
/// Limits (`init` checks each product): grace in whole days from 0 to the shorter of 30 days
/// and the billing period (7 for weekly); account hold 0 to 60 days; grace plus hold 30 to 60
/// days (Play Developer API `AutoRenewingBasePlanType`). Defaults: hold is 60 days minus grace
/// (Play Console Help 16631229, since December 2025); grace is 3 days for weekly plans and 7
/// days otherwise, a simsub assumption: Google says only that a default "based on the recurring
/// period duration" applies.
///
/// ```swift
/// let model = try GooglePlayModel(products: [
///   Product(id: "premium.monthly", grace: GooglePlayModel.defaultGrace(for: .oneMonth),
///           hold: GooglePlayModel.defaultHold(for: .oneMonth, grace: .days(7)))
/// ])
/// ```
public struct GooglePlayModel: StoreModel {
  public static let kind = StoreKind.google

  public let products: [Product]
  /// Retry offsets from the failed renewal; those at or after the end of account hold are
  /// never made.
  public let retrySchedule: [TimeSpan]
  /// How long a failed renewal stays `ACTIVE`, without notification, before grace or hold.
  public let silentGrace: TimeSpan
  /// `packageName` on every notification.
  public let packageName: Symbol

  /// `offerDetails.basePlanId` per product, made once so the hot path never interns text.
  let basePlanIds: [Symbol]
  /// Per product, the bit of its group in `SubscriptionRecord.trialsUsed`.
  let groupBits: [UInt64]
  /// The constant texts of every notification and resource, kept in the model: a `static let`
  /// interned from a literal is checked for initialisation on every read.
  let words = GooglePlayWords()

  /// A model selling `products`, each checked against Google's limits.
  ///
  /// - Parameters:
  ///   - retrySchedule: offsets from a failed renewal at which Google retries the charge;
  ///     `nil` for `defaultRetrySchedule` (daily).
  ///   - silentGrace: how long a failed renewal stays `ACTIVE` before grace or hold;
  ///     `nil` for `defaultSilentGrace` (1 day), `.zero` to enter grace at once.
  ///   - packageName: the app's package name on notifications.
  /// - Throws: `StoreConfigurationError` naming the first setting Google does not allow.
  public init(
    products: [Product], retrySchedule: [TimeSpan]? = nil, silentGrace: TimeSpan? = nil,
    packageName: Symbol = "com.example.app"
  ) throws(StoreConfigurationError) {
    try Self.validate(products: products)
    let schedule = retrySchedule ?? Self.defaultRetrySchedule
    try Self.validate(retrySchedule: schedule)
    let silent = silentGrace ?? Self.defaultSilentGrace
    try Self.validate(silentGrace: silent)
    var groups: [Symbol] = []
    var bits: [UInt64] = []
    for product in products {
      if let index = groups.firstIndex(of: product.group) {
        bits.append(1 << UInt64(index))
      } else {
        guard groups.count < 64 else {
          throw StoreConfigurationError(setting: "group", message: "simsub tracks at most 64 product groups")
        }
        groups.append(product.group)
        bits.append(1 << UInt64(groups.count - 1))
      }
    }
    self.products = products
    self.retrySchedule = schedule
    self.silentGrace = silent
    self.packageName = packageName
    self.basePlanIds = products.map { Symbol($0.period.adjective) }
    self.groupBits = bits
  }

  // MARK: StoreModel

  public func apply<Payments: PaymentProcessor>(
    _ action: SubscriberAction, to record: inout SubscriptionRecord, at now: Instant,
    payments: inout Payments, effects: inout StoreEffects
  ) {
    switch action {
    case .subscribe(let product, let trial):
      guard Self.sellsNewPurchase(in: record.truth) else { return }
      purchase(product, trial: trial, record: &record, at: now, payments: &payments, effects: &effects)
    case .resubscribe(let product):
      // After an end only, as for Apple and Stripe: with nothing bought yet there is nothing
      // to subscribe to again.
      guard record.truth == .expired || record.truth == .revoked else { return }
      purchase(product, trial: false, record: &record, at: now, payments: &payments, effects: &effects)
    case .subscribePending(let product):
      guard record.truth == .never, !Self.isPending(record) else { return }
      beginPendingPurchase(product, record: &record, at: now)
    case .completePurchase:
      completePendingPurchase(record: &record, at: now, payments: &payments, effects: &effects)
    case .cardFails(let reason):
      record.cardWorks = false
      record.declineReason = reason
    case .updateCard:
      record.cardWorks = true
      fixCard(record: &record, at: now, payments: &payments, effects: &effects)
    case .cancel:
      if Self.isPending(record) {
        cancelPendingPurchase(record: &record, at: now, effects: &effects)
      } else {
        cancel(record: &record, at: now, effects: &effects)
      }
    case .uncancel:
      restore(record: &record, at: now, effects: &effects)
    case .refund:
      revoke(record: &record, at: now, effects: &effects)
    case .changeProduct(let product, let terms):
      changeProduct(
        to: product, mode: terms.replacementMode ?? .storeDefault, record: &record, at: now,
        payments: &payments, effects: &effects)
    case .pause(let length):
      schedulePause(length, record: &record, at: now, effects: &effects)
    case .resume:
      resume(record: &record, at: now, payments: &payments, effects: &effects)
    case .deferBilling(let span):
      deferBilling(by: span, record: &record, at: now, effects: &effects)
    case .raisePrice(let consentRequired, let longNotice):
      raisePrice(
        consentRequired: consentRequired, longNotice: longNotice, record: &record, at: now, effects: &effects)
    case .acceptPrice:
      acceptPrice(record: &record, at: now, effects: &effects)
    default:
      // Another store's action: the scenario layer refuses it here (`StoreFacts.ownActions`) and
      // Monte Carlo never draws it, so a new action of another store needs no case in this model.
      return
    }
  }

  public func fire<Payments: PaymentProcessor>(
    _ timer: StoreTimer, to record: inout SubscriptionRecord, at now: Instant,
    payments: inout Payments, effects: inout StoreEffects
  ) {
    switch timer {
    case .renewal:
      renew(record: &record, at: now, payments: &payments, effects: &effects)
    case .retry(let n):
      retry(n, record: &record, at: now, payments: &payments, effects: &effects)
    case .silentGraceEnds, .graceEnds:
      graceStageEnds(record: &record, at: now, effects: &effects)
    case .retryWindowEnds:
      holdEnds(record: &record, at: now, effects: &effects)
    case .pauseEnds:
      guard record.truth == .paused else { return }
      resumeCharge(record: &record, at: now, payments: &payments, effects: &effects)
    default:
      // Another store's timer; this model never schedules it.
      return
    }
  }

  @inline(__always)
  public func prepareDelivery(
    _ notification: inout StoreNotification, record: SubscriptionRecord, at arrival: Instant
  ) {
    // A delivery that waited in a slot (a delay, a duplicate, an outage) is completed where it
    // lies, from the notification `withDelivered` builds for its arrival.
    let sent = notification
    withDelivered(sent, record: record, at: arrival) { notification = $0 }
  }

  /// The notification as it arrives, built for `receive` alone: the sent one stays as it lies,
  /// so the engine reads its list without taking it for writing (a uniqueness check and about
  /// 30 instructions per delivery fewer).
  @inline(__always)
  public func withDelivered(
    _ notification: StoreNotification, record: SubscriptionRecord, at arrival: Instant,
    _ receive: (StoreNotification) -> Void
  ) {
    guard case .googlePlay(let sent) = notification else { return receive(notification) }
    let resource = subscriptionResource(
      for: sent.subscriptionNotification.purchaseToken, record: record, at: arrival)
    receive(
      .googlePlay(
        GooglePlayNotification(
          version: sent.version, packageName: sent.packageName, eventTime: sent.eventTime,
          subscriptionNotification: sent.subscriptionNotification, subscription: resource)))
  }

  /// Whether Google sells a new subscription in this state: before any, or after the last one
  /// ended (a resubscription).
  static func sellsNewPurchase(in truth: StoreTruth) -> Bool {
    switch truth {
    case .never, .expired, .revoked: true
    default: false
    }
  }
}
