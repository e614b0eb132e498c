/// Building Stripe events from the subscription record.
///
/// Ids are numbers, written with Stripe's prefixes at the JSON edge, so sending allocates and
/// interns nothing: `cus_<subscriber>`; `sub_`, `in_`, `ch_`, `evt_` as
/// `100000000000000 + subscriber × 1000000 + n`, where `n` is the record's transaction count
/// when the subscription was bought (`sub_`, also its item's `si_`), the invoice's transaction
/// (`in_`, also its line's `il_`, its charge's `ch_` and payment intent's `pi_`: an open invoice
/// is the next transaction, `transactionCount + 1`), or the notification count (`evt_`).
/// Prices are `price_<k>` of product `prod_<k>`, k the catalog position from 1; the scenario's
/// product id is the price's `lookup_key`.
///
/// The subscription is rendered as its status stands:
///
/// | truth | `status` | current period |
/// |---|---|---|
/// | active, canceled | `trialing` in a trial, else `active`; canceled: `cancel_at_period_end` | the paid period |
/// | grace, hold | `past_due`; `unpaid` once the retries ran out with that setting | from the failed renewal: Stripe has already moved to the new period |
/// | hold with the first invoice unpaid (``isIncomplete(_:)``) | `incomplete` | from the purchase |
/// | expired, revoked | `canceled`, `ended_at`; `incomplete_expired` after `incomplete` | the last period |
extension StripeModel {
  static let idBase: UInt64 = 100_000_000_000_000
  static let idsPerSubscriber: UInt64 = 1_000_000

  /// The id number `n` of the record's subscriber.
  @inline(__always)
  static func id(for record: SubscriptionRecord, _ n: Int64) -> Symbol {
    Symbol(number: idBase &+ record.subscriber &* idsPerSubscriber &+ UInt64(truncatingIfNeeded: n))
  }

  @inline(__always)
  static func customer(of record: SubscriptionRecord) -> Symbol {
    Symbol(number: record.subscriber)
  }

  /// Milliunits to cents, rounded to the nearest.
  @inline(__always)
  static func cents(_ milliunits: Int64) -> Int64 { (milliunits + 5) / 10 }

  /// The most recent invoice: the open one, or the last one paid.
  @inline(__always)
  func latestInvoice(of record: SubscriptionRecord) -> Symbol? {
    if record.billingIssueStart != nil { return Self.id(for: record, record.transactionCount + 1) }
    return record.transactionCount > 0 ? Self.id(for: record, record.transactionCount) : nil
  }

  /// Stripe's `status` for the record.
  static func status(of record: SubscriptionRecord, products: [Product]) -> StripeSubscriptionStatus {
    switch record.truth {
    case .never: return .incomplete
    case .active, .canceled: return record.inTrial ? .trialing : .active
    case .grace, .hold:
      if isIncomplete(record) { return .incomplete }
      let retriesOver = record.billingIssueStart != nil && record.retryWindowEnd == nil
      return retriesOver && products[Int(record.product)].whenRetriesEnd == .unpaid ? .unpaid : .pastDue
    case .paused: return .paused
    case .expired, .revoked: return isIncomplete(record) ? .incompleteExpired : .canceled
    }
  }

  /// The Subscription object as the record stands at `now`.
  func subscriptionObject(_ record: SubscriptionRecord, at now: Instant) -> StripeSubscription {
    let index = Int(record.product)
    let product = products[index]
    let status = Self.status(of: record, products: products)
    var periodStart = record.periodStart
    var periodEnd = record.periodEnd
    if let failed = record.billingIssueStart {
      periodStart = failed
      periodEnd = record.anchoredEnd(after: record.periodsSinceAnchor + 1, of: product.period)
    }
    let ended = record.truth == .expired || record.truth == .revoked
    let canceling = record.truth == .canceled
    let subscription = record.purchaseToken ?? Self.id(for: record, 0)
    let price = StripePrice(
      id: Symbol(number: UInt64(index + 1)), product: Symbol(number: UInt64(index + 1)),
      lookupKey: product.id,
      unitAmount: Self.cents(product.priceMilliunits), interval: intervals[index].0,
      intervalCount: intervals[index].1)
    return StripeSubscription(
      id: subscription, customer: Self.customer(of: record), status: status,
      created: record.purchaseStart ?? now, startDate: record.purchaseStart ?? now,
      billingCycleAnchor: record.billingAnchor, cancelAtPeriodEnd: canceling,
      cancelAt: canceling ? record.periodEnd : nil, canceledAt: canceling || ended ? now : nil,
      endedAt: ended ? now : nil, trialStart: record.inTrial ? record.periodStart : nil,
      trialEnd: record.inTrial ? record.periodEnd : nil, latestInvoice: latestInvoice(of: record),
      item: StripeSubscriptionItem(
        id: subscription, currentPeriodStart: periodStart, currentPeriodEnd: periodEnd, price: price))
  }

  /// Sends a subscription event describing the record now.
  @inline(__always)
  func send(
    _ type: StripeEventType, subscription record: inout SubscriptionRecord,
    previous: StripePreviousAttributes? = nil, at now: Instant, effects: inout StoreEffects
  ) {
    let object = StripeEventObject.subscription(subscriptionObject(record, at: now))
    send(type, object, previous: previous, record: &record, at: now, effects: &effects)
  }

  /// The latest invoice, paid now: `invoice.paid`, then `invoice.payment_succeeded` with the
  /// same invoice (Stripe sends both for a paid invoice, also a trial's $0 one; see
  /// docs/STORE-MODELS.md). `usagePeriod` is the invoice's own
  /// `period_start`/`period_end`; its line bills the record's current period (from `created`
  /// for a mid-period change).
  func sendPaidInvoice(
    reason: StripeBillingReason, amount: Int64, created: Instant, usagePeriod: (Instant, Instant),
    attempts: Int32,
    record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects
  ) {
    let id = Self.id(for: record, record.transactionCount)
    let lineStart = reason == .subscriptionUpdate ? created : record.periodStart
    let invoice = StripeInvoice(
      id: id, customer: Self.customer(of: record), subscription: record.purchaseToken, status: .paid,
      billingReason: reason, amountDue: amount, amountPaid: amount, amountRemaining: 0,
      attemptCount: attempts, attempted: attempts > 0, nextPaymentAttempt: nil, created: created,
      periodStart: usagePeriod.0, periodEnd: usagePeriod.1, paidAt: now,
      line: StripeInvoiceLine(
        id: id, amount: amount, periodStart: lineStart, periodEnd: record.periodEnd,
        price: Symbol(number: UInt64(record.product + 1))))
    send(.invoicePaid, .invoice(invoice), record: &record, at: now, effects: &effects)
    send(.invoicePaymentSucceeded, .invoice(invoice), record: &record, at: now, effects: &effects)
  }

  /// The open invoice's latest attempt failed: `invoice.payment_failed`, with the next attempt
  /// or none when the retries are over.
  func sendFailedInvoice(
    nextAttempt: Instant?, record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects
  ) {
    let invoice = openInvoice(
      of: record, failedAt: record.billingIssueStart ?? now, nextPaymentAttempt: nextAttempt)
    send(.invoicePaymentFailed, .invoice(invoice), record: &record, at: now, effects: &effects)
  }

  /// The renewal's invoice while its payment is retried: opened when the renewal `failedAt`,
  /// `attempt_count` the attempts so far, `next_payment_attempt` the next retry or none. What
  /// `invoice.payment_failed` carries and what `GET /v1/invoices/{id}` answers.
  func openInvoice(of record: SubscriptionRecord, failedAt failed: Instant, nextPaymentAttempt: Instant?)
    -> StripeInvoice
  {
    let product = products[Int(record.product)]
    // A renewal's invoice carries the proration items pending for it (`StripeProration`).
    let amount = Self.cents(
      Self.isIncomplete(record)
        ? product.priceMilliunits : StripeProration.invoice(product.priceMilliunits, with: record))
    let id = Self.id(for: record, record.transactionCount + 1)
    // An `incomplete` subscription's first invoice: Stripe does not retry it, and voids it at
    // `incomplete_expired`.
    let first = Self.isIncomplete(record)
    return StripeInvoice(
      id: id, customer: Self.customer(of: record), subscription: record.purchaseToken,
      status: first && record.truth == .expired ? .void : .open,
      billingReason: first ? .subscriptionCreate : .subscriptionCycle, amountDue: amount, amountPaid: 0,
      amountRemaining: amount,
      attemptCount: record.retryCount + 1, attempted: true,
      nextPaymentAttempt: first ? nil : nextPaymentAttempt,
      created: failed, periodStart: first ? failed : record.periodStart, periodEnd: failed,
      line: StripeInvoiceLine(
        id: id, amount: amount, periodStart: failed,
        periodEnd: record.anchoredEnd(after: record.periodsSinceAnchor + 1, of: product.period),
        price: Symbol(number: UInt64(record.product + 1))))
  }

  /// Counts one event on the record and sends it.
  func send(
    _ type: StripeEventType, _ object: StripeEventObject, previous: StripePreviousAttributes? = nil,
    record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects
  ) {
    record.notificationCount += 1
    effects.send(
      .stripe(
        StripeEvent(
          id: Self.id(for: record, record.notificationCount), type: type, created: now,
          apiVersion: StripeDefaults.apiVersion, livemode: true, pendingWebhooks: 1, object: object,
          previousAttributes: previous)))
  }
}
