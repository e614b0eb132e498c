/// The end of a period: a renewal charge, a scheduled pause beginning, or, after a cancel, the
/// expiry.
extension GooglePlayModel {
  /// Fires at the current period's end.
  ///
  /// With auto-renew off the subscription expires (`SUBSCRIPTION_EXPIRED`). A scheduled pause
  /// begins instead of the charge. A price increase waiting for this renewal applies, or ends
  /// the subscription when it was not accepted (`GooglePlayPriceChange.swift`). Otherwise a pending (deferred) product takes over and the
  /// renewal is charged: `SUBSCRIPTION_RENEWED` on success, a billing issue on decline.
  // Always inlined into `fire`, as the App Store's renewal is: a call with its own frame.
  @inline(__always) func renew<Payments: PaymentProcessor>(
    record: inout SubscriptionRecord, at now: Instant, payments: inout Payments,
    effects: inout StoreEffects
  ) {
    guard record.truth == .active || record.truth == .canceled, record.billingIssueStart == nil else {
      return
    }
    guard record.autoRenew else {
      record.truth = .expired
      record.epoch &+= 1
      send(.subscriptionExpired, record: &record, at: now, effects: &effects)
      return
    }
    if let length = record.scheduledPause {
      startPause(length, record: &record, at: now, effects: &effects)
      return
    }
    // One test of a byte on the common path; the rare one is out of line.
    if record.priceIncrease.isWaiting, endsInsteadOfRenewing(record: &record, at: now, effects: &effects) {
      return
    }
    if let next = record.pendingProduct {
      record.product = next
      record.pendingProduct = nil
    }
    record.inTrial = false
    if charge(.renewal, amount: price(of: record), record: &record, at: now, payments: &payments) {
      record.startNextPeriod(period: products[Int(record.product)].period)
      effects.schedule(.renewal, at: record.periodEnd, for: record)
      send(.subscriptionRenewed, record: &record, at: now, effects: &effects)
    } else {
      beginBillingIssue(record: &record, at: now, payments: &payments, effects: &effects)
    }
  }
}
