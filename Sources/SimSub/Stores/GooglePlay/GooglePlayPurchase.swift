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

  /// Switches to `product` while paid up (active or canceled, no billing issue), billed by the
  /// replacement mode the app set in the purchase flow (`SubscriptionUpdateParams`), Google's
  /// default `WITH_TIME_PRORATION` when it set none.
  ///
  /// Every mode makes a new purchase with a new token whose `linkedPurchaseToken` is the old one:
  /// `SUBSCRIPTION_PURCHASED` for the new token, then `SUBSCRIPTION_EXPIRED` for the old one, as
  /// the deferred-replacement table of the lifecycle guide documents. What each mode charges
  /// and when the new product takes over is ``GooglePlayReplacement``'s rule. A declined charge,
  /// or a mode Google refuses for this change (`CHARGE_PRORATED_PRICE` for anything but an
  /// upgrade), changes nothing and sends nothing.
  func changeProduct<Payments: PaymentProcessor>(
    to product: ProductIndex, mode: GoogleReplacementMode, record: inout SubscriptionRecord, at now: Instant,
    payments: inout Payments, effects: inout StoreEffects
  ) {
    guard isProduct(product), product != record.product, product != record.pendingProduct,
      record.truth == .active || record.truth == .canceled, record.billingIssueStart == nil
    else { return }
    let replacement = GooglePlayReplacement(
      mode: mode, old: products[Int(record.product)], oldPrice: price(of: record),
      new: products[Int(product)], record: record, at: now)
    guard let replacement else { return }
    let oldToken = record.purchaseToken
    var r = record
    let token = Self.newPurchaseToken(for: r)
    if replacement.charge > 0 {
      guard charge(.upgrade, amount: replacement.charge, record: &r, at: now, payments: &payments) else {
        return
      }
    }
    if replacement.atOnce {
      r.product = product
      r.pendingProduct = nil
    } else {
      r.pendingProduct = product
    }
    // The new purchase is at its own product's price: a price increase of the old one is gone.
    r.priceIncrease = .none
    // The next period, of whichever product, starts at this period's end (moved or not).
    if let end = replacement.periodEnd {
      r.periodStart = now
      r.periodEnd = end
      r.epoch &+= 1
      effects.schedule(.renewal, at: end, for: r)
    }
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
