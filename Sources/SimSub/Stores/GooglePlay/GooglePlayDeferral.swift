/// The developer defers the billing date (Play Developer API, `purchases.subscriptionsv2.defer`:
/// "Defers the renewal of a subscription"; the older `purchases.subscriptions.defer`: "Defers a
/// user's subscription purchase until a specified future expiration time").
///
/// The current period ends `span` later: the line item's `expiryTime` moves to the new date,
/// nothing is charged, later renewals count from it, and Google sends `SUBSCRIPTION_DEFERRED`
/// (9): "During the deferral period, the user is subscribed to your content with full access but
/// is not charged. The subscription renewal date is updated to reflect the new date" (lifecycle
/// guide, "Deferred subscriptions"). A trial is
/// deferred like a paid period: its first charge moves to the new date. `span` is 1 to 365
/// days, checked by the scenario decoder (RevenueCat, which calls the same method: "Google Play
/// supports subscription deferrals for 1 to 365 days").
///
/// Where Google says nothing of a state, simsub's choice: a subscription that is active and paid
/// up, or canceled and still paid through (`expiryTime` ahead, which the deferral must move
/// later: "The given time must be later/greater than the current expiry time"), is deferred; in
/// the silent stage, grace, account hold or a pause (no paid period to move) and after the end,
/// nothing happens and nothing is sent.
extension GooglePlayModel {
  func deferBilling(
    by span: TimeSpan, record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects
  ) {
    guard Self.defers(record), record.periodEnd > now else { return }
    let end = record.periodEnd + span
    record.billingAnchor = end
    record.periodsSinceAnchor = 0
    record.periodEnd = end
    record.epoch &+= 1
    effects.schedule(.renewal, at: end, for: record)
    send(.subscriptionDeferred, record: &record, at: now, effects: &effects)
  }

  /// Whether Google defers the billing date of a subscription in this state: active with no
  /// billing issue open, or canceled.
  static func defers(_ record: SubscriptionRecord) -> Bool {
    switch record.truth {
    case .active: record.billingIssueStart == nil
    case .canceled: true
    default: false
    }
  }
}
