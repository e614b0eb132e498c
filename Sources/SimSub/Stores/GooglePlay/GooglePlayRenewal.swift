/// The end of a period: a renewal charge, a scheduled pause beginning, or, after a cancel, the
/// expiry.
extension GooglePlayModel {
  /// Fires at the current period's end.
  ///
  /// With auto-renew off the subscription expires (`SUBSCRIPTION_EXPIRED`). A scheduled pause
  /// begins instead of the charge. Otherwise a pending (deferred) product takes over and the
  /// renewal is charged: `SUBSCRIPTION_RENEWED` on success, a billing issue on decline.
  func renew<Payments: PaymentProcessor>(
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
    if let next = record.pendingProduct {
      record.product = next
      record.pendingProduct = nil
    }
    record.inTrial = false
    if charge(.renewal, amount: price(of: record), record: &record, at: now, payments: &payments) {
      Self.startNextPeriod(&record, period: products[Int(record.product)].period)
      effects.schedule(.renewal, at: record.periodEnd, for: record)
      send(.subscriptionRenewed, record: &record, at: now, effects: &effects)
    } else {
      beginBillingIssue(record: &record, at: now, effects: &effects)
    }
  }

  /// Moves to the next period counted from the billing anchor, so month periods keep the
  /// anchor's day (Jan 31 → Feb 28 → Mar 31 → Apr 30).
  @inline(__always)
  static func startNextPeriod(_ record: inout SubscriptionRecord, period: BillingPeriod) {
    record.periodStart = record.periodEnd
    record.periodsSinceAnchor += 1
    record.periodEnd = period.advance(record.billingAnchor, by: record.periodsSinceAnchor)
    record.periodNumber += 1
  }

  /// Starts a period at `now` that also becomes the new billing anchor (a recovery from hold,
  /// a resume from pause).
  @inline(__always)
  static func startPeriod(_ record: inout SubscriptionRecord, anchoredAt now: Instant, period: BillingPeriod) {
    record.billingAnchor = now
    record.periodsSinceAnchor = 1
    record.periodStart = now
    record.periodEnd = period.advance(now, by: 1)
    record.periodNumber += 1
  }
}
