/// New purchases: a first subscription, a resubscription after expiry, and product changes
/// (which Google treats as new purchases that replace the old one).
extension GooglePlayModel {
  /// Buys `product`, with its free trial when asked for and the subscriber has bought nothing in
  /// the product's group before. A declined first charge buys nothing.
  ///
  /// A resubscription after expiry is the same: "These are new purchases. Google Play issues a
  /// brand new purchase token … does not include a `linkedPurchaseToken`" (lifecycle guide,
  /// "Resubscribe after expiration").
  func purchase<Payments: PaymentProcessor>(
    _ product: ProductIndex, trial wantsTrial: Bool, record: inout SubscriptionRecord,
    at now: Instant, payments: inout Payments, effects: inout StoreEffects
  ) {
    guard isProduct(product) else { return }
    let item = products[Int(product)]
    let bit = groupBits[Int(product)]
    var r = record
    let token = Self.newPurchaseToken(for: r)
    // A product whose price was raised sells at the new price from then on.
    let increase: PriceIncrease =
      r.priceIncrease != .none && product == r.product && r.truth != .never ? .applied : .none
    r.product = product
    r.priceIncrease = increase
    let end: Instant
    if wantsTrial, r.trialsUsed & bit == 0, let trial = item.trial {
      r.inTrial = true
      r.transactionCount += 1  // the free trial's zero-price order
      end = now + trial
      r.billingAnchor = end
      r.periodsSinceAnchor = 0
    } else {
      r.inTrial = false
      guard charge(.purchase, amount: item.price(at: increase), record: &r, at: now, payments: &payments)
      else {
        return
      }
      end = item.period.advance(now, by: 1)
      r.billingAnchor = now
      r.periodsSinceAnchor = 1
    }
    // Any purchase in the group ends trial eligibility, as for Apple and Stripe: the offer's
    // eligibility is taken to be "New customer acquisition: never had this subscription".
    r.beginPurchase(token: token, groupBit: bit, at: now, until: end)
    r.scheduledPause = nil
    r.autoResumeTime = nil
    r.linkedPurchaseToken = nil
    record = r
    effects.schedule(.renewal, at: end, for: record)
    send(.subscriptionPurchased, record: &record, at: now, effects: &effects)
  }

  /// Switches to `product` while paid up (active or canceled, no billing issue).
  ///
  /// Google's recommended replacement modes ("About subscriptions", replacement
  /// recommendations): an upgrade (a higher price per day) is `CHARGE_PRORATED_PRICE`, at once,
  /// charging the price difference for the rest of the period and keeping the billing date; in
  /// a free trial it is `WITHOUT_PRORATION`, keeping the trial. Anything else is `DEFERRED`: the
  /// new product from the next renewal. Either way the change is a new purchase with a new
  /// token whose `linkedPurchaseToken` is the old one: `SUBSCRIPTION_PURCHASED` for the new
  /// token, then `SUBSCRIPTION_EXPIRED` for the old one, as the deferred-replacement table
  /// documents. A declined upgrade charge changes nothing.
  func changeProduct<Payments: PaymentProcessor>(
    to product: ProductIndex, record: inout SubscriptionRecord, at now: Instant,
    payments: inout Payments, effects: inout StoreEffects
  ) {
    guard isProduct(product), product != record.product, product != record.pendingProduct,
      record.truth == .active || record.truth == .canceled, record.billingIssueStart == nil
    else { return }
    let old = products[Int(record.product)]
    let new = products[Int(product)]
    let oldToken = record.purchaseToken
    var r = record
    let token = Self.newPurchaseToken(for: r)
    if new.pricePerDay > old.pricePerDay {
      r.product = product
      if !r.inTrial {
        let remaining = Double(max(0, (r.periodEnd - now).seconds)) / 86_400
        let amount = Int64(((new.pricePerDay - old.pricePerDay) * remaining).rounded())
        guard charge(.upgrade, amount: amount, record: &r, at: now, payments: &payments) else { return }
      }
      r.pendingProduct = nil
    } else {
      r.pendingProduct = product
    }
    // The new purchase is at its own product's price: a price increase of the old one is gone.
    r.priceIncrease = .none
    // The next period, of whichever product, starts at the current period's end.
    r.billingAnchor = r.periodEnd
    r.periodsSinceAnchor = 0
    r.truth = .active
    r.autoRenew = true
    r.scheduledPause = nil
    r.purchaseToken = token
    r.linkedPurchaseToken = oldToken
    r.purchaseStart = now
    record = r
    send(.subscriptionPurchased, record: &record, at: now, effects: &effects)
    if let oldToken {
      send(.subscriptionExpired, token: oldToken, record: &record, at: now, effects: &effects)
    }
  }
}
