/// A free trial begun without a payment method, and what it becomes at its end: `paused`
/// (resumed when the customer adds one), canceled, or invoiced as usual.
///
/// Stripe: "When creating a subscription with a trial period, no payment method is required for
/// the customer. An immediate invoice is still created, but for $0. When the trial ends, if the
/// subscription status isn't paused, we generate an invoice" ("Trials"). What happens then is
/// the subscription's `trial_settings.end_behavior.missing_payment_method` (the product's
/// `missingPaymentMethod`): "Indicates how the subscription should change when the trial ends if
/// the user did not provide a payment method" (API reference, Subscription object), one of
/// `create_invoice`, `pause` and `cancel`. Of `paused`: "A subscription can only enter a paused
/// status when a trial ends without a payment method. A paused subscription doesn't generate
/// invoices and can be resumed after your customer adds their payment method" (API reference,
/// Subscription `status`). Resuming ("Resume a subscription", `POST /v1/subscriptions/:id/resume`)
/// "Initiates resumption of a paused subscription, optionally resetting the billing cycle anchor
/// … If payment succeeds the subscription will become `active`"; its `billing_cycle_anchor` is
/// "Either `now` or `unchanged`. The default is `now`."
///
/// | at the trial's end, no payment method | the model |
/// |---|---|
/// | `pause` | truth `paused` (no access): `customer.subscription.updated` to `paused` (`previous_attributes.status` `trialing`), `customer.subscription.paused`; no invoice, no renewal |
/// | `cancel` | `customer.subscription.deleted` |
/// | `create_invoice` | the renewal's invoice fails: `past_due`, and Stripe makes no retry without a payment method, so the retries' end (`when-retries-end`) follows at once (``StripeModel/beginPastDue(wasTrial:previousInvoice:record:at:effects:)``) |
///
/// A payment method added while paused (`update-card`) resumes the subscription with
/// `billing_cycle_anchor` `now`: the first period is charged from that instant
/// (`invoice.paid`, `subscription_cycle`), then `customer.subscription.updated` to `active`
/// and `customer.subscription.resumed`. That the app resumes as soon as the card is added, and
/// that Stripe announces the status changes with `customer.subscription.updated` beside
/// `customer.subscription.paused` and `.resumed`, are simsub's choices (docs/STORE-MODELS.md).
/// A payment method added during the trial makes it an ordinary trial.
extension StripeModel {
  /// Subscribes to `product` with its free trial and no payment method. A subscriber not
  /// eligible for the trial buys nothing: there is nothing to charge.
  func purchaseWithoutPaymentMethod<Payments: PaymentProcessor>(
    _ product: ProductIndex, record: inout SubscriptionRecord, at now: Instant, payments: inout Payments,
    effects: inout StoreEffects
  ) {
    record.cardWorks = false
    record.unretryable = .noPaymentMethod
    purchase(product, trial: true, record: &record, at: now, payments: &payments, effects: &effects)
  }

  /// Whether the trial ending now has no payment method to charge.
  static func endsTrialWithoutPaymentMethod(_ record: SubscriptionRecord) -> Bool {
    record.inTrial && record.unretryable == .noPaymentMethod
  }

  /// The trial ends without a payment method: the product's `missingPaymentMethod` decides.
  /// Returns whether it was handled here (`pause`, `cancel`); `create_invoice` is the usual
  /// renewal, whose charge fails.
  func endTrialWithoutPaymentMethod(
    record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects
  ) -> Bool {
    switch products[Int(record.product)].missingPaymentMethod {
    case .createInvoice:
      return false
    case .cancel:
      end(record: &record, at: now, effects: &effects)
      return true
    case .pause:
      record.inTrial = false
      record.truth = .paused
      record.epoch &+= 1
      send(
        .subscriptionUpdated, subscription: &record, previous: StripePreviousAttributes(status: .trialing),
        at: now, effects: &effects)
      send(.subscriptionPaused, subscription: &record, at: now, effects: &effects)
      return true
    }
  }

  /// The customer added a payment method to a `paused` subscription, and it is resumed with
  /// `billing_cycle_anchor` `now`: the new period is charged. A declined charge would leave it
  /// `past_due` in Stripe; a card just added in a scenario always works, so that is not played
  /// and the subscription stays paused.
  func resumePaused<Payments: PaymentProcessor>(
    record: inout SubscriptionRecord, at now: Instant, payments: inout Payments, effects: inout StoreEffects
  ) {
    guard record.truth == .paused else { return }
    let usageStart = record.periodStart
    guard charge(.renewal, amount: price(of: record), record: &record, at: now, payments: &payments) else {
      return
    }
    record.truth = .active
    record.epoch &+= 1
    record.startPeriod(anchoredAt: now, period: products[Int(record.product)].period)
    effects.schedule(.renewal, at: record.periodEnd, for: record)
    sendPaidInvoice(
      reason: .subscriptionCycle, amount: Self.cents(price(of: record)), created: now,
      usagePeriod: (usageStart, now), attempts: 1, record: &record, at: now, effects: &effects)
    send(
      .subscriptionUpdated, subscription: &record, previous: StripePreviousAttributes(status: .paused),
      at: now, effects: &effects)
    send(.subscriptionResumed, subscription: &record, at: now, effects: &effects)
  }
}
