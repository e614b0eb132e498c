/// The `SubscriptionPurchaseV2` a server fetches (`purchases.subscriptionsv2.get`) when an RTDN
/// reaches it, as the subscription stands at that moment, not when the RTDN was sent.
///
/// | truth | `subscriptionState` | `lineItems[0].expiryTime` |
/// |---|---|---|
/// | active | `ACTIVE` | the period's end; in the silent stage, its end ("dynamically extends") |
/// | canceled | `CANCELED` | the period's end |
/// | grace | `IN_GRACE_PERIOD` | the end of grace |
/// | hold | `ON_HOLD` | the failed renewal (in the past) |
/// | paused | `PAUSED` | the start of the pause (in the past); `autoResumeTime` set |
/// | expired | `EXPIRED` | when access ended |
/// | never, a purchase pending / its cancel | `PENDING` / `PENDING_PURCHASE_CANCELED` | the pending purchase's start / its cancel |
/// | revoked | `EXPIRED` | the revocation |
///
/// `canceledStateContext`: the subscriber (`userInitiatedCancellation`) when canceled or
/// expired after a cancel; the system after hold ran out or a price increase went unaccepted; the developer for a revocation.
/// `lineItems[0].autoRenewingPlan.priceChangeDetails` while a price increase waits for its
/// renewal (`GooglePlayPriceChange.swift`).
/// An older purchase token (replaced by a product change, or expired before a resubscription)
/// fetches as `EXPIRED`, with `replacementCancellation` when the current purchase replaced it
/// and its `expiryTime` taken as the current purchase's start; the model keeps no more of an old
/// purchase than that.
extension GooglePlayModel {
  static let regionCode: Symbol = "US"
  static let acknowledged: Symbol = "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED"
  /// `offerDetails.offerId` of the introductory free trial.
  public static let freeTrialOfferId: Symbol = "free-trial"

  /// The resource for `token` as it stands at `arrival`. Always inlined into the delivery: a
  /// call that takes the record by value copies all of it.
  @inline(__always)
  func subscriptionResource(
    for token: PurchaseToken, record: SubscriptionRecord, at arrival: Instant
  ) -> SubscriptionPurchaseV2 {
    let product = Int(record.product)
    guard token == record.purchaseToken else {
      return SubscriptionPurchaseV2(
        regionCode: words.regionCode, startTime: nil, subscriptionState: .expired,
        latestOrderId: nil, linkedPurchaseToken: nil, autoResumeTime: nil,
        canceledStateContext: token == record.linkedPurchaseToken ? .replacementCancellation : nil,
        acknowledgementState: words.acknowledged,
        lineItem: SubscriptionPurchaseLineItem(
          productId: products[product].id, expiryTime: record.purchaseStart ?? arrival,
          autoRenewEnabled: false, basePlanId: basePlanIds[product]))
    }
    let state: SubscriptionState
    var expiry = record.periodEnd
    var autoRenew = false
    var resume: Instant?
    var context: CanceledStateContext?
    switch record.truth {
    case .never:
      // A purchase waiting for its payment (`GooglePlayPendingPurchase.swift`).
      state =
        Self.isPending(record)
        ? .pending : Self.isPendingCanceled(record) ? .pendingPurchaseCanceled : .unspecified
    case .active:
      state = .active
      autoRenew = record.autoRenew
      if let failed = record.billingIssueStart { expiry = failed + silentGrace }
      if let length = record.scheduledPause {
        resume =
          Self.pauseEnd(from: record.periodEnd, length: length, period: products[product].period)
      }
    case .canceled:
      state = .canceled
      context = .userInitiatedCancellation
    case .grace:
      state = .inGracePeriod
      autoRenew = record.autoRenew
      expiry = record.gracePeriodExpiresDate ?? record.periodEnd
    case .hold:
      state = .onHold
      autoRenew = record.autoRenew
      expiry = record.billingIssueStart ?? record.periodEnd
    case .paused:
      state = .paused
      autoRenew = record.autoRenew
      expiry = record.periodStart
      resume = record.autoResumeTime
    case .expired:
      state = .expired
      context = record.autoRenew ? .systemInitiatedCancellation : .userInitiatedCancellation
    case .revoked:
      state = .expired
      expiry = record.revocationDate ?? record.periodEnd
      context = .developerInitiatedCancellation
    }
    let order = Self.latestOrderId(of: record)
    let priceChange = record.priceIncrease.isWaiting ? priceChangeDetails(of: record) : nil
    return SubscriptionPurchaseV2(
      regionCode: words.regionCode, startTime: record.purchaseStart, subscriptionState: state,
      latestOrderId: order, linkedPurchaseToken: record.linkedPurchaseToken, autoResumeTime: resume,
      canceledStateContext: context, acknowledgementState: words.acknowledged,
      lineItem: SubscriptionPurchaseLineItem(
        productId: products[product].id, expiryTime: expiry, autoRenewEnabled: autoRenew,
        basePlanId: basePlanIds[product], offerId: record.inTrial ? words.freeTrialOfferId : nil,
        latestSuccessfulOrderId: order, priceChangeDetails: priceChange))
  }
}
