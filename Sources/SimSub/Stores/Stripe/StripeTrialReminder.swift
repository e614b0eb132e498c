/// `customer.subscription.trial_will_end`: Stripe's reminder that a trial is about to end.
///
/// Stripe: the event "Occurs three days before a subscription's trial period is scheduled to
/// end, or immediately when a trial is ended early … If a trial is shortened so that fewer than
/// three days remain, this event can fire immediately" (API reference, "Types of events", as the
/// official `stripe` library documents its event class). The reminder changes nothing: the
/// subscription is still `trialing` and the event carries it as it stands.
///
/// simsub plays it three days before the trial's end (`trial_end`, the record's `periodEnd`);
/// a trial of three days or less is sent its reminder at once, right after the purchase's
/// events, as a trial shortened below three days is. A trial canceled at its period's end
/// (`cancel_at_period_end`) still ends then, so it is reminded too. A trial that is over before
/// the reminder (refunded, or ended) gets none: the timer is stale.
extension StripeModel {
  /// How long before a trial's end Stripe reminds: three days.
  static let trialReminderLead = TimeSpan.days(3)

  /// A trial has just begun: sets its reminder, or sends it now when the trial ends within
  /// three days.
  func remindOfTrialEnd(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    let at = record.periodEnd - Self.trialReminderLead
    if at > now {
      effects.schedule(.trialWillEnd, at: at, for: record)
    } else {
      send(.subscriptionTrialWillEnd, subscription: &record, at: now, effects: &effects)
    }
  }

  /// The reminder's timer: `customer.subscription.trial_will_end`, while the trial it was set
  /// for is still running and ends three days from now.
  func remindTrialEnd(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    guard record.inTrial, record.truth == .active || record.truth == .canceled,
      record.periodEnd - Self.trialReminderLead == now
    else { return }
    send(.subscriptionTrialWillEnd, subscription: &record, at: now, effects: &effects)
  }
}
