/// A pending purchase: the first purchase made with a payment method that pays later (such as
/// cash at a store), which Google holds until it is paid or canceled.
///
/// While pending, the purchase token exists and the fetched resource is
/// `SUBSCRIPTION_STATE_PENDING` ("Purchase is pending and not yet completed", Play Billing
/// Library `Purchase.PurchaseState.PENDING`); there is no access and simsub sends nothing (the
/// RTDN reference lists no notification for a purchase that becomes pending). Paid
/// (`complete-purchase`): the purchase goes through as any other, `SUBSCRIPTION_PURCHASED` with
/// the same token, the first period from the payment. Canceled (`cancel`, by the subscriber or
/// because the payment never came): `SUBSCRIPTION_PENDING_PURCHASE_CANCELED` (20, "A pending
/// transaction of a subscription has been canceled", RTDN reference) and state
/// `SUBSCRIPTION_STATE_PENDING_PURCHASE_CANCELED` (`SubscriptionState`).
///
/// The record marks a pending purchase by a purchase token on a subscription that never began
/// (truth `never`), renewing while pending and not once canceled, so no field is added. Where
/// Google is silent, simsub's choices: a pending purchase waits until it is paid or canceled
/// (Google does not say how long it lasts, so a scenario cancels it where the payment window
/// would close), a declined payment leaves it pending, and the truth stays `never` throughout:
/// the subscriber never had a subscription, and a later `subscribe` buys anew.
extension GooglePlayModel {
  /// Whether the subscription is a purchase still waiting for its payment.
  @inline(__always)
  static func isPending(_ record: SubscriptionRecord) -> Bool {
    record.truth == .never && record.purchaseToken != nil && record.autoRenew
  }

  /// Whether the subscription is a pending purchase that was canceled.
  @inline(__always)
  static func isPendingCanceled(_ record: SubscriptionRecord) -> Bool {
    record.truth == .never && record.purchaseToken != nil && !record.autoRenew
  }

  /// The subscriber buys `product` with a payment still to come: a token, nothing else.
  func beginPendingPurchase(_ product: ProductIndex, record: inout SubscriptionRecord, at now: Instant) {
    guard isProduct(product) else { return }
    record.product = product
    record.autoRenew = true
    record.purchaseToken = Self.newPurchaseToken(for: record)
    record.periodStart = now
    record.periodEnd = now
  }

  /// The pending purchase is paid: bought now, with the pending purchase's token.
  func completePendingPurchase<Payments: PaymentProcessor>(
    record: inout SubscriptionRecord, at now: Instant, payments: inout Payments, effects: inout StoreEffects
  ) {
    guard Self.isPending(record) else { return }
    let pendingToken = record.purchaseToken
    record.purchaseToken = nil
    purchase(record.product, trial: false, record: &record, at: now, payments: &payments, effects: &effects)
    // A declined payment buys nothing: still pending.
    if record.truth == .never { record.purchaseToken = pendingToken }
  }

  /// The pending purchase is canceled before it was paid.
  func cancelPendingPurchase(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    record.autoRenew = false
    record.periodEnd = now
    record.epoch &+= 1
    send(.subscriptionPendingPurchaseCanceled, record: &record, at: now, effects: &effects)
    // The next purchase gets a token of its own.
    record.transactionCount += 1
  }
}
