/// Stripe Billing's rules for a web subscription with automatic collection, as a store model.
///
/// | rule | the model | source |
/// |---|---|---|
/// | first payment declined or needing authentication | `customer.subscription.created` (`incomplete`) and `invoice.payment_failed` or `invoice.payment_action_required`; paid within 23 hours (`authenticate`, `update-card`): `invoice.paid`, `customer.subscription.updated` to `active`; otherwise `customer.subscription.updated` to `incomplete_expired` | changelog 2019-03-14, API reference, Subscription `status` |
/// | purchase | `customer.subscription.created` (`active`, or `trialing` with a trial) and `invoice.paid` (`subscription_create`) | Stripe docs, "How subscriptions work" |
/// | free trial | once per product group; status `trialing`; a $0 invoice; charged at the trial's end | same, "Trials" |
/// | trial without a payment method (`subscribe` with `payment-method: none`) | at the trial's end the product's `missing-payment-method`: `pause` (`customer.subscription.updated` to `paused`, `customer.subscription.paused`; a card added later resumes it: `invoice.paid`, `customer.subscription.updated`, `customer.subscription.resumed`), `cancel` (`customer.subscription.deleted`) or `create-invoice` (`past_due`, no retries) | API reference, Subscription `trial_settings`, `status`; "Resume a subscription"; "Trials" |
/// | trial reminder | `customer.subscription.trial_will_end` three days before the trial ends; at once after the purchase when the trial is 3 days or shorter | API reference, "Types of events" |
/// | renewal | `customer.subscription.updated` (the new period) and `invoice.paid` (`subscription_cycle`); month periods keep the anchor day | same |
/// | failed renewal | `invoice.payment_failed` (`attempt_count` 1, `next_payment_attempt`) and `customer.subscription.updated` to `past_due` | API reference, Subscription `status` |
/// | retries | Smart Retries within the product's window (`hold`): by default 8 tries, at 1, 2, 3, 5, 7, 9, 11 and 14 days of a 2-week window, scaled to others; each failure sends `invoice.payment_failed` | "Automate payment retries" (schedule: assumption) |
/// | hard decline | `card-fails` `reason: lost-card`, `stolen-card`, `pickup-card`: the attempt that meets it fails as any; the later retries stay scheduled, each counted in `attempt_count`, charging and sending nothing until a new card; `when-retries-end` after the last | "Automate payment retries": "Retries continue to be scheduled, and `attempt_count` continues to increment, but retries only execute after detecting a new payment method" (no event for a retry not executed: simsub's reading) |
/// | no payment method | a trial's invoice without one: no retry, `next_payment_attempt` null, and `when-retries-end` at once | "Automate payment retries" (the end at once: simsub's reading) |
/// | the app's grace | truth `grace` for the product's `grace` from the failure, `hold` after it; Stripe sends nothing when it ends | Stripe has no grace; the app's promise |
/// | recovery | a retry or a card update pays the invoice: `invoice.paid` and `customer.subscription.updated` to `active`; the billing date is kept | API reference |
/// | retries run out | the product's `when-retries-end`: `cancel` (`customer.subscription.deleted`), `unpaid` (`customer.subscription.updated`, no access, the invoice stays payable) or `past-due` (nothing; Stripe stops retrying) | "Automate payment retries", "Subscription status" |
/// | cancel | `cancel_at_period_end` (`customer.subscription.updated`), access to the period's end, then `customer.subscription.deleted` | Customer portal's default |
/// | cancel while `past_due` or `unpaid` | canceled at once (`customer.subscription.deleted`): nothing paid is left | simsub's choice |
/// | uncancel | `cancel_at_period_end` off again | API reference |
/// | refund | the merchant refunds the latest payment and cancels at once: `charge.refunded`, `customer.subscription.deleted` | Dashboard "Cancel subscription" with a refund |
/// | product change | at once; the same interval keeps the period and invoices the prorated difference of a dearer price (`subscription_update`); another interval starts a new period now, charging the new price less the unused part of the old | API reference, prorations (`always_invoice`) |
/// | webhook redelivery | live mode, up to 3 days with exponential backoff | Stripe docs, webhooks (steps assumed) |
///
/// Simplifications, each documented in the store-model docs: a first payment that a plain
/// `subscribe` finds declined buys nothing (`incomplete` is played only when the scenario asks
/// for it with `first-payment`); one invoice is open at a time, so no further
/// period is billed while one is unpaid, and a payment after the kept period has ended starts a
/// new period at the payment; a merchant's pause of payment collection (`pause_collection`) and
/// subscription schedules are not played (`paused` is, after a trial without a payment method).
///
/// ```swift
/// let model = try StripeModel(products: [
///   Product(id: "premium.monthly", grace: .days(7), hold: .days(14), whenRetriesEnd: .unpaid)
/// ])
/// ```
public struct StripeModel: StoreModel {
  public static let kind = StoreKind.stripe

  public let products: [Product]
  /// Per product, the retry offsets that fall inside its window: the `retrySchedule` given to
  /// `init`, or the product's default.
  let schedules: [[TimeSpan]]
  /// Per product, the bit of its group in `SubscriptionRecord.trialsUsed`.
  let groupBits: [UInt64]
  /// Per product, `lookup_key`, the price's interval and its count.
  let intervals: [(StripeRecurringInterval, Int32)]

  /// A model selling `products`, each checked against Stripe's limits (`StripeLimits`).
  ///
  /// - Parameter retrySchedule: when Stripe retries a failed payment, as offsets from it; those
  ///   beyond a product's window are not made. `nil` for `StripeDefaults.retrySchedule(window:)`
  ///   of each product's window.
  public init(products: [Product], retrySchedule: [TimeSpan]? = nil) throws(StoreConfigurationError) {
    if let error = StripeLimits.check(products: products, retrySchedule: retrySchedule) { throw error }
    var groups: [Symbol] = []
    var bits: [UInt64] = []
    for product in products {
      if let index = groups.firstIndex(of: product.group) {
        bits.append(1 << UInt64(index))
      } else {
        groups.append(product.group)
        bits.append(1 << UInt64(groups.count - 1))
      }
    }
    self.products = products
    self.schedules = products.map { product in
      (retrySchedule ?? StripeDefaults.retrySchedule(window: product.hold)).filter { $0 <= product.hold }
    }
    self.groupBits = bits
    self.intervals = products.map { product in
      switch product.period {
      case .oneWeek: (.week, 1)
      case .oneMonth: (.month, 1)
      case .twoMonths: (.month, 2)
      case .threeMonths: (.month, 3)
      case .sixMonths: (.month, 6)
      case .oneYear: (.year, 1)
      }
    }
  }

  // MARK: Defaults the scenario layer reads

  /// The retry window a scenario gets when it names none: Stripe's recommended 2 weeks.
  public static func defaultHold(for period: BillingPeriod) -> TimeSpan { StripeDefaults.window }

  /// The app's grace a scenario gets when it names none: the whole retry window.
  public static func defaultGrace(window: TimeSpan) -> TimeSpan { StripeDefaults.grace(window: window) }

  /// +1 h, doubling, while the next attempt stays within 3 days of the first; then Stripe gives
  /// up.
  public static func redeliveryDelay(afterFailedAttempt attempt: Int32) -> TimeSpan? {
    guard attempt >= 1, attempt < 32 else { return nil }
    let first = StripeDefaults.firstRedeliveryDelay.seconds
    // The next attempt comes first × (2^attempt − 1) after the first one.
    let elapsed = first * ((1 << Int64(attempt)) - 1)
    guard elapsed <= StripeDefaults.redeliverySpan.seconds else { return nil }
    return TimeSpan(seconds: first << Int64(attempt - 1))
  }

  // MARK: Subscriber actions

  public func apply<Payments: PaymentProcessor>(
    _ action: SubscriberAction, to record: inout SubscriptionRecord, at now: Instant,
    payments: inout Payments, effects: inout StoreEffects
  ) {
    switch action {
    case .subscribe(let product, let trial):
      guard Self.sellsNewSubscription(in: record.truth) else { return }
      purchase(product, trial: trial, record: &record, at: now, payments: &payments, effects: &effects)
    case .resubscribe(let product):
      guard record.truth == .expired || record.truth == .revoked else { return }
      purchase(product, trial: false, record: &record, at: now, payments: &payments, effects: &effects)
    case .subscribeIncomplete(let product, let needsAuthentication):
      guard Self.sellsNewSubscription(in: record.truth) else { return }
      purchaseIncomplete(
        product, needsAuthentication: needsAuthentication, record: &record, at: now, effects: &effects)
    case .subscribeWithoutPaymentMethod(let product):
      guard Self.sellsNewSubscription(in: record.truth) else { return }
      purchaseWithoutPaymentMethod(product, record: &record, at: now, payments: &payments, effects: &effects)
    case .authenticate:
      payIncomplete(record: &record, at: now, payments: &payments, effects: &effects)
    case .cardFails(let reason):
      record.cardWorks = false
      record.declineReason = reason
      record.unretryable = nil
    case .cardFailsHard(let code):
      record.cardWorks = false
      record.declineReason = .declined
      record.unretryable = code
    case .updateCard:
      record.cardWorks = true
      record.unretryable = nil
      record.retriesWaitForNewCard = false
      if Self.isIncomplete(record) {
        payIncomplete(record: &record, at: now, payments: &payments, effects: &effects)
      } else if record.truth == .paused {
        resumePaused(record: &record, at: now, payments: &payments, effects: &effects)
      } else {
        payOpenInvoice(record: &record, at: now, payments: &payments, effects: &effects)
      }
    case .cancel:
      cancel(record: &record, at: now, effects: &effects)
    case .uncancel:
      uncancel(record: &record, at: now, effects: &effects)
    case .refund:
      refund(record: &record, at: now, effects: &effects)
    case .changeProduct(let product, let terms):
      changeProduct(
        to: product, proration: terms.proration ?? .storeDefault, record: &record, at: now,
        payments: &payments, effects: &effects)
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
      renew(record: &record, at: now, payments: &payments, effects: &effects)
    case .retry(let n):
      retry(n, record: &record, at: now, payments: &payments, effects: &effects)
    case .graceEnds:
      // The app's promise runs out; Stripe says nothing.
      guard record.truth == .grace else { return }
      record.truth = .hold
    case .retryWindowEnds:
      // The retries end with the last one (`retry`); this timer is only an `incomplete`
      // subscription's 23 hours.
      expireIncomplete(record: &record, at: now, effects: &effects)
    case .trialWillEnd:
      remindTrialEnd(record: &record, at: now, effects: &effects)
    default:
      // Another store's timer; this model never schedules it.
      return
    }
  }

  /// Whether Stripe sells a new subscription in this state: before any, or after one ended.
  static func sellsNewSubscription(in truth: StoreTruth) -> Bool {
    switch truth {
    case .never, .expired, .revoked: true
    default: false
    }
  }
}
