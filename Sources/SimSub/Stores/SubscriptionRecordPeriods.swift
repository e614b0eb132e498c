/// Record operations every store model performs the same way: moving to the next billing period
/// and closing a billing-issue episode.
extension SubscriptionRecord {
  /// Moves to the next period counted from the billing anchor, so month periods keep the
  /// anchor's day (Jan 31 → Feb 28 → Mar 31 → Apr 30).
  @inlinable @inline(__always)
  mutating func startNextPeriod(period: BillingPeriod) {
    periodStart = periodEnd
    periodsSinceAnchor += 1
    periodEnd = period.advance(billingAnchor, by: periodsSinceAnchor)
    periodNumber += 1
  }

  /// Starts a period at `now` that also becomes the new billing anchor (a recovery after grace
  /// or from hold, a resume from pause).
  @inlinable @inline(__always)
  mutating func startPeriod(anchoredAt now: Instant, period: BillingPeriod) {
    billingAnchor = now
    periodsSinceAnchor = 1
    periodStart = now
    periodEnd = period.advance(now, by: 1)
    periodNumber += 1
  }

  /// Clears what a billing-issue episode keeps in the record.
  @inlinable @inline(__always)
  mutating func clearBillingIssue() {
    billingIssueStart = nil
    gracePeriodExpiresDate = nil
    retryWindowEnd = nil
    retryCount = 0
  }
}
