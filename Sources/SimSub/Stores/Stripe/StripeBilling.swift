/// Purchases, renewals, failed payments, Smart Retries, recovery, and the end of the retries.
///
/// One invoice is open at a time: from the renewal whose payment failed (`billingIssueStart`,
/// which is also Stripe's new `current_period_start`) until it is paid or the subscription
/// ends. While it is open, `retryWindowEnd` is set as long as Stripe still retries; when the
/// retries run out and the subscription stays (`unpaid` or `past_due`), it is cleared and the
/// invoice stays payable by a card update.
extension StripeModel {
  /// Subscribes to `product`, with its trial when asked for and the subscriber has not had one
  /// in the product's group. A declined first payment buys nothing.
  func purchase<Payments: PaymentProcessor>(
    _ product: ProductIndex, trial wantsTrial: Bool, record: inout SubscriptionRecord, at now: Instant,
    payments: inout Payments, effects: inout StoreEffects
  ) {
    guard isProduct(product) else { return }
    let item = products[Int(product)]
    let bit = groupBits[Int(product)]
    var r = record
    r.product = product
    let subscription = Self.id(for: r, r.transactionCount)
    let end: Instant
    let amount: Int64
    if wantsTrial, r.trialsUsed & bit == 0, let trial = item.trial {
      r.inTrial = true
      r.transactionCount += 1  // the trial's $0 invoice
      end = now + trial
      r.billingAnchor = end
      r.periodsSinceAnchor = 0
      amount = 0
    } else {
      r.inTrial = false
      guard charge(.purchase, amount: item.priceMilliunits, record: &r, at: now, payments: &payments) else {
        return
      }
      end = item.period.advance(now, by: 1)
      r.billingAnchor = now
      r.periodsSinceAnchor = 1
      amount = Self.cents(item.priceMilliunits)
    }
    r.beginPurchase(token: subscription, groupBit: bit, at: now, until: end)
    record = r
    effects.schedule(.renewal, at: end, for: record)
    send(.subscriptionCreated, subscription: &record, at: now, effects: &effects)
    sendPaidInvoice(
      reason: .subscriptionCreate, amount: amount, created: now, usagePeriod: (now, now),
      attempts: amount > 0 ? 1 : 0,
      record: &record, at: now, effects: &effects)
    if record.inTrial { remindOfTrialEnd(record: &record, at: now, effects: &effects) }
  }

  /// The period's end: with `cancel_at_period_end` the subscription ends; otherwise the renewal
  /// is charged, and a declined payment opens the invoice's retries.
  func renew<Payments: PaymentProcessor>(
    record: inout SubscriptionRecord, at now: Instant, payments: inout Payments, effects: inout StoreEffects
  ) {
    guard record.truth == .active || record.truth == .canceled, record.billingIssueStart == nil else {
      return
    }
    guard record.autoRenew else {
      end(record: &record, at: now, effects: &effects)
      return
    }
    if Self.endsTrialWithoutPaymentMethod(record),
      endTrialWithoutPaymentMethod(record: &record, at: now, effects: &effects)
    {
      return
    }
    let wasTrial = record.inTrial
    let previousInvoice = latestInvoice(of: record)
    let usageStart = record.periodStart
    record.inTrial = false
    // The renewal's invoice carries the proration items a product change left for it.
    let amount = invoiceAmount(of: record)
    if charge(.renewal, amount: amount, record: &record, at: now, payments: &payments) {
      record.pendingProrationMilliunits = 0
      record.startNextPeriod(period: products[Int(record.product)].period)
      effects.schedule(.renewal, at: record.periodEnd, for: record)
      send(
        .subscriptionUpdated, subscription: &record,
        previous: StripePreviousAttributes(
          status: wasTrial ? .trialing : nil, latestInvoice: previousInvoice),
        at: now, effects: &effects)
      sendPaidInvoice(
        reason: .subscriptionCycle, amount: Self.cents(amount), created: now,
        usagePeriod: (usageStart, now),
        attempts: 1, record: &record, at: now, effects: &effects)
    } else {
      beginPastDue(
        wasTrial: wasTrial, previousInvoice: previousInvoice, record: &record, at: now, effects: &effects)
    }
  }

  /// The renewal due now was declined: `past_due`, grace for the app's promise, and the retries
  /// (none without a payment method; after a hard decline, ones that wait for a new card).
  func beginPastDue(
    wasTrial: Bool, previousInvoice: Symbol?, record: inout SubscriptionRecord, at now: Instant,
    effects: inout StoreEffects
  ) {
    let product = products[Int(record.product)]
    record.billingIssueStart = now
    record.retryCount = 0
    record.retryWindowEnd = now + product.hold
    if product.grace > .zero {
      record.truth = .grace
      record.gracePeriodExpiresDate = now + product.grace
      // Set before the retries, so a retry at the same instant comes after grace has ended.
      effects.schedule(.graceEnds, at: now + product.grace, for: record)
    } else {
      record.truth = .hold
      record.gracePeriodExpiresDate = nil
    }
    // Stripe "doesn't retry payments if: No payment methods are available" ("Automate payment
    // retries"): the failed attempt is the last, and the retries' end follows at once. After a
    // hard decline "Retries continue to be scheduled" (same page), and wait for a new card.
    noteHardDecline(record: &record)
    let next =
      record.unretryable == .noPaymentMethod ? nil : scheduleRetry(1, record: record, effects: &effects)
    sendFailedInvoice(nextAttempt: next, record: &record, at: now, effects: &effects)
    send(
      .subscriptionUpdated, subscription: &record,
      previous: StripePreviousAttributes(
        status: wasTrial ? .trialing : .active, latestInvoice: previousInvoice),
      at: now, effects: &effects)
    // A schedule with no retry inside the window has made all its attempts already.
    if next == nil { retriesRunOut(record: &record, at: now, effects: &effects) }
  }

  /// Sets the `n`-th retry if the product's schedule has one; returns its instant.
  @discardableResult
  func scheduleRetry(_ n: Int32, record: SubscriptionRecord, effects: inout StoreEffects) -> Instant? {
    let schedule = schedules[Int(record.product)]
    let index = Int(n) - 1
    guard index < schedule.count, let start = record.billingIssueStart else { return nil }
    let at = start + schedule[index]
    effects.schedule(.retry(n), at: at, for: record)
    return at
  }

  /// Smart Retries tries the open invoice again. After a hard decline the retry is scheduled
  /// and counted but not executed: "Retries continue to be scheduled, and `attempt_count`
  /// continues to increment, but retries only execute after detecting a new payment method"
  /// ("Automate payment retries"); no payment is made, so no event is sent (simsub's reading).
  func retry<Payments: PaymentProcessor>(
    _ n: Int32, record: inout SubscriptionRecord, at now: Instant, payments: inout Payments,
    effects: inout StoreEffects
  ) {
    guard record.billingIssueStart != nil, record.retryWindowEnd != nil, n == record.retryCount + 1,
      record.truth == .grace || record.truth == .hold
    else { return }
    let executes = !record.retriesWaitForNewCard
    if executes,
      charge(.retry(n), amount: invoiceAmount(of: record), record: &record, at: now, payments: &payments)
    {
      // The renewal's attempt and n retries.
      recover(attempts: n + 1, record: &record, at: now, effects: &effects)
      return
    }
    record.retryCount = n
    let next = scheduleRetry(n + 1, record: record, effects: &effects)
    if executes {
      noteHardDecline(record: &record)
      sendFailedInvoice(nextAttempt: next, record: &record, at: now, effects: &effects)
    }
    if next == nil { retriesRunOut(record: &record, at: now, effects: &effects) }
  }

  /// An attempt on the open invoice was just declined: if the card's decline is a hard one,
  /// Stripe now knows it, and the retries wait for a new card.
  @inline(__always)
  func noteHardDecline(record: inout SubscriptionRecord) {
    if let code = record.unretryable, code != .noPaymentMethod { record.retriesWaitForNewCard = true }
  }

  /// The subscriber updated the card: the open invoice (`past_due` or `unpaid`) is paid at
  /// once, as the customer portal and the hosted invoice page do.
  func payOpenInvoice<Payments: PaymentProcessor>(
    record: inout SubscriptionRecord, at now: Instant, payments: inout Payments, effects: inout StoreEffects
  ) {
    guard record.billingIssueStart != nil, record.truth == .grace || record.truth == .hold else { return }
    if charge(.cardUpdated, amount: invoiceAmount(of: record), record: &record, at: now, payments: &payments)
    {
      // The renewal's attempt, the retries made, and this one.
      recover(attempts: record.retryCount + 2, record: &record, at: now, effects: &effects)
    }
  }

  /// The open invoice is paid: `active` again. The billing date is kept: the period that began
  /// at the failed renewal is the one now paid for; if it has already ended (a window longer
  /// than the period), a new one starts at the payment.
  func recover(
    attempts: Int32, record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects
  ) {
    let failed = record.billingIssueStart ?? now
    let previousStatus = Self.status(of: record, products: products)
    let period = products[Int(record.product)].period
    let usageStart = record.periodStart
    let amount = invoiceAmount(of: record)
    record.pendingProrationMilliunits = 0
    record.clearBillingIssue()
    record.truth = .active
    record.epoch &+= 1
    let kept = record.anchoredEnd(after: record.periodsSinceAnchor + 1, of: period)
    if kept > now {
      record.startNextPeriod(period: period)
    } else {
      record.startPeriod(anchoredAt: now, period: period)
    }
    effects.schedule(.renewal, at: record.periodEnd, for: record)
    sendPaidInvoice(
      reason: .subscriptionCycle, amount: Self.cents(amount), created: failed,
      usagePeriod: (usageStart, failed), attempts: attempts, record: &record, at: now, effects: &effects)
    send(
      .subscriptionUpdated, subscription: &record, previous: StripePreviousAttributes(status: previousStatus),
      at: now, effects: &effects)
  }

  /// The open or next renewal invoice: the price and the proration items pending for it
  /// (``StripeProration``).
  @inline(__always)
  func invoiceAmount(of record: SubscriptionRecord) -> Int64 {
    StripeProration.invoice(price(of: record), with: record)
  }

  /// Every retry failed: the account's setting decides.
  func retriesRunOut(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    switch products[Int(record.product)].whenRetriesEnd {
    case .cancel:
      end(record: &record, at: now, effects: &effects)
    case .unpaid:
      record.retryWindowEnd = nil
      record.truth = .hold
      record.gracePeriodExpiresDate = nil
      record.epoch &+= 1
      send(
        .subscriptionUpdated, subscription: &record, previous: StripePreviousAttributes(status: .pastDue),
        at: now, effects: &effects)
    case .pastDue:
      // Stripe stops retrying and says nothing more; the app's grace runs its course.
      record.retryWindowEnd = nil
    }
  }

  /// The subscription ends now (`customer.subscription.deleted`), at its period's end after a
  /// cancel, or when the retries run out.
  func end(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    // Proration items still pending are dropped with the subscription (simsub's choice).
    record.pendingProrationMilliunits = 0
    record.clearBillingIssue()
    record.truth = .expired
    record.epoch &+= 1
    send(.subscriptionDeleted, subscription: &record, at: now, effects: &effects)
  }
}
