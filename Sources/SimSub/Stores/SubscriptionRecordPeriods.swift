/// Record operations every store model performs the same way: moving to the next billing period,
/// closing a billing-issue episode, and starting a purchase.
extension SubscriptionRecord {
  /// The end of the `count`-th period of `period` after the billing anchor.
  @inlinable @inline(__always)
  func anchoredEnd(after count: Int64, of period: BillingPeriod) -> Instant {
    period.advance(billingAnchor, date: anchorDate, by: count)
  }

  /// Moves to the next period counted from the billing anchor, so month periods keep the
  /// anchor's day (Jan 31 → Feb 28 → Mar 31 → Apr 30).
  @inlinable @inline(__always)
  mutating func startNextPeriod(period: BillingPeriod) {
    periodStart = periodEnd
    periodsSinceAnchor += 1
    periodEnd = anchoredEnd(after: periodsSinceAnchor, of: period)
    periodNumber += 1
  }

  /// Starts a period at `now` that also becomes the new billing anchor (a recovery after grace
  /// or from hold, a resume from pause).
  @inlinable @inline(__always)
  mutating func startPeriod(anchoredAt now: Instant, period: BillingPeriod) {
    billingAnchor = now
    periodsSinceAnchor = 1
    periodStart = now
    periodEnd = anchoredEnd(after: 1, of: period)
    periodNumber += 1
  }

  /// Clears what a billing-issue episode keeps in the record.
  @inlinable @inline(__always)
  mutating func clearBillingIssue() {
    billingIssueStart = nil
    gracePeriodExpiresDate = nil
    retryWindowEnd = nil
    retryCount = 0
    retriesWaitForNewCard = false
  }

  /// Starts a new purchase's first period, from `now` to `end` (a trial's end, or one period
  /// on), under `token`: active and renewing, trial eligibility in the product's group spent
  /// (`groupBit`), and nothing left of a billing issue, a pending change or a revocation. The
  /// charge, the anchor and the trial flag are the caller's.
  @inlinable @inline(__always)
  mutating func beginPurchase(token: PurchaseToken, groupBit: UInt64, at now: Instant, until end: Instant) {
    trialsUsed |= groupBit
    truth = .active
    autoRenew = true
    pendingProduct = nil
    periodStart = now
    periodEnd = end
    periodNumber += 1
    if originalPurchaseDate == nil { originalPurchaseDate = now }
    clearBillingIssue()
    revocationDate = nil
    purchaseToken = token
    purchaseStart = now
    epoch &+= 1
  }
}
