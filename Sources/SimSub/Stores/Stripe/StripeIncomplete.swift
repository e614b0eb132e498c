/// A first payment that fails or needs authentication: Stripe's `incomplete` and
/// `incomplete_expired` statuses.
///
/// Stripe creates the subscription even when its first payment fails: "The subscription is
/// created in an incomplete status, where it remains for up to 23 hours. During that time
/// period, it can be moved into an active state by paying the first invoice. If no successful
/// payment is made, the subscription moves into a final `incomplete_expired` state" (Stripe
/// changelog 2019-03-14, "Subscriptions are now successfully created even if the first payment
/// fails"; the Subscription object's `status`: `incomplete` "A successful payment needs to be made
/// within 23 hours to activate the subscription. Or the payment requires action, like customer
/// authentication"; `incomplete_expired` "These subscriptions don't bill customers").
///
/// The record keeps the state without a field of its own: truth `hold` (no access), the open
/// invoice opened at the purchase (`billingIssueStart == purchaseStart`, no period paid), and the
/// 23 hours' end as `retryWindowEnd` (the `retryWindowEnds` timer). Stripe makes no automatic
/// retry of an incomplete subscription's first invoice, so none is scheduled. After
/// `incomplete_expired` the truth is `expired` and the open invoice's start is kept, so the
/// status still reads `incomplete_expired`.
extension StripeModel {
  /// How long an `incomplete` subscription waits for its first payment: 23 hours.
  static let incompleteWindow = TimeSpan.hours(23)

  /// Whether the record is an `incomplete` subscription, or one that became
  /// `incomplete_expired`: its only invoice, opened at the purchase, was never paid.
  static func isIncomplete(_ record: SubscriptionRecord) -> Bool {
    guard let opened = record.billingIssueStart else { return false }
    return opened == record.purchaseStart && record.periodsSinceAnchor == 0 && !record.inTrial
  }

  /// Subscribes to `product` with a first payment that is declined or that needs the customer's
  /// authentication: `customer.subscription.created` (`incomplete`), then `invoice.payment_failed`
  /// or `invoice.payment_action_required` for the first invoice (`subscription_create`).
  func purchaseIncomplete(
    _ product: ProductIndex, needsAuthentication: Bool, record: inout SubscriptionRecord, at now: Instant,
    effects: inout StoreEffects
  ) {
    guard isProduct(product) else { return }
    let item = products[Int(product)]
    var r = record
    r.product = product
    r.inTrial = false
    let subscription = Self.id(for: r, r.transactionCount)
    r.beginPurchase(
      token: subscription, groupBit: groupBits[Int(product)], at: now, until: item.period.advance(now, by: 1))
    r.billingAnchor = now
    r.periodsSinceAnchor = 0
    r.truth = .hold
    r.billingIssueStart = now
    r.retryWindowEnd = now + Self.incompleteWindow
    if !needsAuthentication {
      r.cardWorks = false
      r.declineReason = .declined
    }
    record = r
    effects.schedule(.retryWindowEnds, at: now + Self.incompleteWindow, for: record)
    send(.subscriptionCreated, subscription: &record, at: now, effects: &effects)
    let invoice = openInvoice(of: record, failedAt: now, nextPaymentAttempt: nil)
    send(
      needsAuthentication ? .invoicePaymentActionRequired : .invoicePaymentFailed, .invoice(invoice),
      record: &record, at: now, effects: &effects)
  }

  /// The customer completes the payment of an `incomplete` subscription's first invoice, by
  /// authenticating it (`authenticate`) or with a card that works (`update-card`): `invoice.paid`
  /// and `customer.subscription.updated` to `active`. The period is the one billed from the
  /// purchase. A declined attempt sends `invoice.payment_failed` and stays `incomplete`.
  func payIncomplete<Payments: PaymentProcessor>(
    record: inout SubscriptionRecord, at now: Instant, payments: inout Payments, effects: inout StoreEffects
  ) {
    guard record.truth == .hold, Self.isIncomplete(record), let created = record.billingIssueStart else {
      return
    }
    let amount = products[Int(record.product)].priceMilliunits
    guard charge(.cardUpdated, amount: amount, record: &record, at: now, payments: &payments) else {
      record.retryCount += 1
      let invoice = openInvoice(of: record, failedAt: created, nextPaymentAttempt: nil)
      send(.invoicePaymentFailed, .invoice(invoice), record: &record, at: now, effects: &effects)
      return
    }
    let attempts = record.retryCount + 2
    record.clearBillingIssue()
    record.truth = .active
    record.epoch &+= 1
    record.periodsSinceAnchor = 1
    record.periodStart = created
    effects.schedule(.renewal, at: record.periodEnd, for: record)
    sendPaidInvoice(
      reason: .subscriptionCreate, amount: Self.cents(amount), created: created,
      usagePeriod: (created, created),
      attempts: attempts, record: &record, at: now, effects: &effects)
    send(
      .subscriptionUpdated, subscription: &record, previous: StripePreviousAttributes(status: .incomplete),
      at: now, effects: &effects)
  }

  /// 23 hours passed without a payment: `customer.subscription.updated` to `incomplete_expired`,
  /// a final status without access.
  func expireIncomplete(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    guard record.truth == .hold, Self.isIncomplete(record) else { return }
    record.truth = .expired
    record.retryWindowEnd = nil
    record.epoch &+= 1
    send(
      .subscriptionUpdated, subscription: &record, previous: StripePreviousAttributes(status: .incomplete),
      at: now, effects: &effects)
  }
}
