/// Canceling, uncanceling, refunding, and changing the price.
extension StripeModel {
  /// The customer cancels. Paid through: `cancel_at_period_end`, access to the period's end
  /// (the customer portal's default). With an invoice open (`past_due`, `unpaid`), or `paused`,
  /// nothing paid is left, so the subscription is canceled at once.
  func cancel(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    switch record.truth {
    case .active:
      record.autoRenew = false
      record.truth = .canceled
      send(
        .subscriptionUpdated, subscription: &record,
        previous: StripePreviousAttributes(cancelAtPeriodEnd: false),
        at: now, effects: &effects)
    case .grace, .hold, .paused:
      record.autoRenew = false
      end(record: &record, at: now, effects: &effects)
    default:
      return
    }
  }

  /// The customer takes the cancel back before the period ends.
  func uncancel(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    guard record.truth == .canceled else { return }
    record.autoRenew = true
    record.truth = .active
    send(
      .subscriptionUpdated, subscription: &record,
      previous: StripePreviousAttributes(cancelAtPeriodEnd: true),
      at: now, effects: &effects)
  }

  /// The merchant refunds the latest payment and cancels the subscription at once:
  /// `charge.refunded` (when something was paid), then `customer.subscription.deleted`. The
  /// refund is the current price, capped by what is left unrefunded.
  func refund(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    switch record.truth {
    case .active, .canceled, .grace, .hold: break
    default: return
    }
    let amount = latestChargeRefund(of: record)
    record.refundedMilliunits += amount
    record.pendingProrationMilliunits = 0
    record.revocationDate = now
    record.truth = .revoked
    record.autoRenew = false
    record.clearBillingIssue()
    record.epoch &+= 1
    if amount > 0 {
      let charge = StripeCharge(
        id: Self.id(for: record, record.transactionCount), customer: Self.customer(of: record),
        amount: Self.cents(amount), amountCaptured: Self.cents(amount), amountRefunded: Self.cents(amount),
        refunded: true, created: record.periodStart,
        paymentIntent: Self.id(for: record, record.transactionCount))
      send(.chargeRefunded, .charge(charge), record: &record, at: now, effects: &effects)
    }
    send(.subscriptionDeleted, subscription: &record, at: now, effects: &effects)
  }

  /// Switches the subscription to `product` at once, while paid up, prorated by the update's
  /// `proration_behavior` (Stripe's default `create_prorations` when the app names none):
  /// ``StripeProration`` says what is invoiced now and what waits for the renewal's invoice.
  ///
  /// Events: `customer.subscription.updated`, and when something is invoiced now `invoice.paid`
  /// (`billing_reason` `subscription_update`). Another interval restarts the period now. A
  /// declined charge changes nothing. In a trial the price changes and the trial goes on.
  func changeProduct<Payments: PaymentProcessor>(
    to product: ProductIndex, proration behavior: StripeProrationBehavior, record: inout SubscriptionRecord,
    at now: Instant, payments: inout Payments, effects: inout StoreEffects
  ) {
    guard isProduct(product), product != record.product,
      record.truth == .active || record.truth == .canceled, record.billingIssueStart == nil
    else { return }
    let new = products[Int(product)]
    let proration = StripeProration(
      behavior, old: products[Int(record.product)], new: new, record: record, at: now)
    var r = record
    r.product = product
    let amount = proration.invoiceNow
    if amount > 0 {
      guard charge(.upgrade, amount: amount, record: &r, at: now, payments: &payments) else { return }
    }
    r.pendingProrationMilliunits = Int32(clamping: proration.pending)
    var usage = (now, r.periodEnd)
    if proration.resetsCycle {
      usage = (now, now)
      r.billingAnchor = now
      r.periodsSinceAnchor = 1
      r.periodStart = now
      r.periodEnd = new.period.advance(now, by: 1)
      r.epoch &+= 1
      effects.schedule(.renewal, at: r.periodEnd, for: r)
    }
    let previousInvoice = latestInvoice(of: record)
    record = r
    send(
      .subscriptionUpdated, subscription: &record,
      previous: amount > 0 ? StripePreviousAttributes(latestInvoice: previousInvoice) : nil, at: now,
      effects: &effects)
    if amount > 0 {
      sendPaidInvoice(
        reason: .subscriptionUpdate, amount: Self.cents(amount), created: now, usagePeriod: usage,
        attempts: 1,
        record: &record, at: now, effects: &effects)
    }
  }
}
