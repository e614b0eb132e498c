import SubscriptionPolicy

/// The developer moving existing subscribers to a higher price (`raise-price`), the subscriber
/// accepting it (`accept-price`), and the renewal that charges it or, unaccepted, ends the
/// subscription.
///
/// Google's text (read December 2026): existing subscribers stay in a "legacy price cohort"
/// until the developer ends it ("Change subscription prices"); the migration's
/// `priceIncreaseType` is `PRICE_INCREASE_TYPE_OPT_IN`, "Subscribers must accept the price
/// increase or their subscription is canceled", or `PRICE_INCREASE_TYPE_OPT_OUT`, "Subscribers
/// are notified but do not have to accept the price increase", and "Price increases occur at the
/// subscriber's next billing date following a notification period that varies by region and
/// price increase type" (Play Developer API, `RegionalPriceMigrationConfig`). The lifecycle guide
/// ("Subscription lifecycle", price changes): "You receive the `SUBSCRIPTION_PRICE_CHANGE_UPDATED`
/// RTDN when a price change is added and for any updates in the price change state"; when the
/// user accepts, a `SUBSCRIPTION_PRICE_CHANGE_UPDATED`; the renewal after an increase is a
/// `SUBSCRIPTION_RENEWED`, "treat this notification as any other renewal"; and a user who does
/// not accept "before they need to renew at the higher price" is "automatically unsubscribed, and
/// you receive a `SubscriptionNotification` message with type `SUBSCRIPTION_CANCELED`". The RTDN
/// reference keeps `SUBSCRIPTION_PRICE_CHANGE_CONFIRMED` (8): "A subscription price change has
/// been confirmed by the user".
///
/// The notice ("Change subscription prices", read 2026-12-07): an opt-in increase is charged "the
/// next time they pay for their base plan following an advance notification period of 37 days",
/// and "If the user doesn't act and they reach the first renewal that the opt-in price will
/// apply to, their subscription is automatically canceled and expired on that renewal date"
/// (its example: an increase on March 3, renewals on March 5 and April 5 at the old price, the
/// new price or the cancellation on May 5). An opt-out increase comes "following an advance
/// notification period. This period varies by country and is either 30 days or 60 days": 30
/// unless the scenario says `notice: 60d`. The renewals before the notice ends charge the old
/// price; `expectedNewPriceChargeTime` is the first renewal at or after it.
///
/// simsub's choices where Google is silent or its pages overlap:
/// - `raise-price` is the moment Google notifies the subscriber; the notice runs from it. The
///   renewals it must wait for are counted then, on the billing dates of that moment: a
///   deferral or a pause during the notice moves those renewals, not their number.
/// - Accepting sends both `SUBSCRIPTION_PRICE_CHANGE_CONFIRMED` (the RTDN reference's code for
///   it) and `SUBSCRIPTION_PRICE_CHANGE_UPDATED` (the lifecycle guide's, the state moving from
///   `OUTSTANDING` to `CONFIRMED`), in that order.
/// - An opt-out increase is `CONFIRMED` from its notice ("confirmed to happen for the user").
/// - The unaccepted end is `SUBSCRIPTION_CANCELED` and, the paid period being over,
///   `SUBSCRIPTION_EXPIRED` at once, as when account hold runs out; the resource's
///   `canceledStateContext` is `systemInitiatedCancellation` (the user did nothing; Google does
///   not say which member it sets).
/// - Only a renewing subscription is moved (active, auto-renew on, no billing issue or product
///   change waiting), once; a product change drops the increase (the new purchase is at its own
///   product's price), and a resubscription to the raised product pays the new price, as every
///   new purchase does ("the new price takes effect within a few hours for all new purchases").
/// - `priceChangeDetails` is in the resource while the increase waits for its renewal and the
///   subscription renews; from that renewal on it is left out. Google describes the field as
///   "The information of the last price change for the item since subscription signup", so it
///   may keep it, `APPLIED`, without `expectedNewPriceChargeTime` ("only populated if the price
///   change has not taken effect"); simsub's one byte of state cannot tell a migrated purchase
///   from a new one bought at the new price, and shows neither.
extension GooglePlayModel {
  /// `priceChangeDetails.newPrice.currencyCode`: simsub's Google resources are `regionCode` US.
  static let currencyCode: Symbol = "USD"

  /// An opt-in increase's notice: "an advance notification period of 37 days".
  static let optInNotice = TimeSpan.days(37)

  /// An opt-out increase's notice: "either 30 days or 60 days", by country.
  static func optOutNotice(long: Bool) -> TimeSpan { .days(long ? 60 : 30) }

  /// The developer ends the legacy price cohort of the subscription's product, opt-in
  /// (`consentRequired`, mode `PRICE_INCREASE`, state `OUTSTANDING`) or opt-out
  /// (`OPT_OUT_PRICE_INCREASE`, `CONFIRMED`; `longNotice` for 60 days):
  /// `SUBSCRIPTION_PRICE_CHANGE_UPDATED` (19). The increase applies at the first renewal at or
  /// after the notice's end.
  func raisePrice(
    consentRequired: Bool, longNotice: Bool, record: inout SubscriptionRecord, at now: Instant,
    effects: inout StoreEffects
  ) {
    guard record.truth == .active, record.autoRenew, record.billingIssueStart == nil,
      record.pendingProduct == nil, record.priceIncrease == .none,
      products[Int(record.product)].raisedPriceMilliunits != nil
    else { return }
    let noticeEnd = now + (consentRequired ? Self.optInNotice : Self.optOutNotice(long: longNotice))
    let period = products[Int(record.product)].period
    var before: Int64 = 0
    while before < Int64(UInt8.max),
      record.anchoredEnd(after: record.periodsSinceAnchor + before, of: period) < noticeEnd
    {
      before += 1
    }
    record.renewalsBeforeIncrease = UInt8(before)
    record.priceIncrease = consentRequired ? .pending : .notified
    send(.subscriptionPriceChangeUpdated, record: &record, at: now, effects: &effects)
  }

  /// The subscriber accepts an opt-in increase before its renewal:
  /// `SUBSCRIPTION_PRICE_CHANGE_CONFIRMED` (8), then `SUBSCRIPTION_PRICE_CHANGE_UPDATED` (19),
  /// state `CONFIRMED`.
  func acceptPrice(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    guard record.priceIncrease == .pending, record.truth == .active || record.truth == .canceled else {
      return
    }
    record.priceIncrease = .accepted
    send(.subscriptionPriceChangeConfirmed, record: &record, at: now, effects: &effects)
    send(.subscriptionPriceChangeUpdated, record: &record, at: now, effects: &effects)
  }

  /// At a renewal while an increase waits: whether the subscription ends there instead. Inside
  /// the notice the renewal is at the old price. At the first renewal after it, an opt-in
  /// increase not accepted cancels the subscription (`SUBSCRIPTION_CANCELED`, by the system) and
  /// it expires (`SUBSCRIPTION_EXPIRED`), nothing charged; an accepted or opt-out one applies
  /// from this renewal, which charges the new price.
  @inline(never)
  func endsInsteadOfRenewing(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects)
    -> Bool
  {
    if record.renewalsBeforeIncrease > 0 {
      record.renewalsBeforeIncrease -= 1
      return false
    }
    guard record.priceIncrease == .pending else {
      record.priceIncrease = .applied
      return false
    }
    record.truth = .expired
    record.epoch &+= 1
    send(.subscriptionCanceled, record: &record, at: now, effects: &effects)
    send(.subscriptionExpired, record: &record, at: now, effects: &effects)
    return true
  }

  /// `autoRenewingPlan.priceChangeDetails` while an increase waits for its renewal, the first
  /// after the notice; `nil` otherwise. Out of line: the resource of every other delivery
  /// pays one test of a byte.
  @inline(never)
  func priceChangeDetails(of record: SubscriptionRecord) -> SubscriptionItemPriceChangeDetails? {
    guard record.truth == .active, record.autoRenew,
      let raised = products[Int(record.product)].raisedPriceMilliunits
    else { return nil }
    return SubscriptionItemPriceChangeDetails(
      newPrice: Money(currencyCode: Self.currencyCode, milliunits: raised),
      priceChangeMode: record.priceIncrease == .notified ? .optOutPriceIncrease : .priceIncrease,
      priceChangeState: record.priceIncrease == .pending ? .outstanding : .confirmed,
      expectedNewPriceChargeTime: record.anchoredEnd(
        after: record.periodsSinceAnchor + Int64(record.renewalsBeforeIncrease),
        of: products[Int(record.product)].period))
  }
}
