/// Pausing and resuming (lifecycle guide, "Paused subscriptions").
///
/// A pause is asked for while active and takes effect at the next renewal
/// (`SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED`, state still `ACTIVE`); then `SUBSCRIPTION_PAUSED`,
/// state `PAUSED`, no access, no charge. At `autoResumeTime`, or earlier when the subscriber
/// resumes by hand, Google charges: `SUBSCRIPTION_RECOVERED` ("sent if the subscription is
/// resumed either automatically at the end of the pause period or if the user chose to manually
/// resume"), and the billing date becomes the resume instant; a declined charge goes straight
/// to account hold (`SUBSCRIPTION_ON_HOLD`).
///
/// The paused span counts as a period of its own: `renewal N` is the pause's start and
/// `renewal N+1` its end, the instant of the resume charge (the postponed renewal). That end is
/// `autoResumeTime` when the pause begins; an early resume by hand ends the period sooner, so a
/// `renewal N+1` anchor resolved before the resume keeps the projected instant.
extension GooglePlayModel {
  /// The subscriber asks to pause for `length` from the next renewal. Ignored unless the
  /// subscription is active and renewing and Google offers that length (`pauseError` says why).
  func schedulePause(
    _ length: TimeSpan, record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects
  ) {
    guard record.truth == .active, record.billingIssueStart == nil, record.autoRenew,
      Self.pauseLength(length, for: products[Int(record.product)].period) != nil
    else { return }
    record.scheduledPause = length
    send(.subscriptionPauseScheduleChanged, record: &record, at: now, effects: &effects)
  }

  /// The renewal due now becomes the start of the scheduled pause.
  func startPause(
    _ length: TimeSpan, record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects
  ) {
    let end =
      Self.pauseEnd(from: now, length: length, period: products[Int(record.product)].period) ?? now + length
    record.scheduledPause = nil
    record.inTrial = false
    record.truth = .paused
    record.autoResumeTime = end
    record.periodStart = now
    record.periodEnd = end
    record.periodNumber += 1
    effects.schedule(.pauseEnds, at: end, for: record)
    send(.subscriptionPaused, record: &record, at: now, effects: &effects)
  }

  /// The subscriber resumes: a paused subscription is charged now; a pause not yet begun is
  /// called off (`SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED`).
  func resume<Payments: PaymentProcessor>(
    record: inout SubscriptionRecord, at now: Instant, payments: inout Payments, effects: inout StoreEffects
  ) {
    if record.truth == .paused {
      resumeCharge(record: &record, at: now, payments: &payments, effects: &effects)
    } else if record.truth == .active, record.scheduledPause != nil {
      record.scheduledPause = nil
      send(.subscriptionPauseScheduleChanged, record: &record, at: now, effects: &effects)
    }
  }

  /// The pause ends now (at `autoResumeTime` or by hand): charge, and start a period anchored
  /// here, or go to account hold.
  func resumeCharge<Payments: PaymentProcessor>(
    record: inout SubscriptionRecord, at now: Instant, payments: inout Payments, effects: inout StoreEffects
  ) {
    record.epoch &+= 1
    record.autoResumeTime = nil
    if let next = record.pendingProduct {
      record.product = next
      record.pendingProduct = nil
    }
    if charge(.renewal, amount: price(of: record), record: &record, at: now, payments: &payments) {
      record.truth = .active
      record.startPeriod(anchoredAt: now, period: products[Int(record.product)].period)
      effects.schedule(.renewal, at: record.periodEnd, for: record)
      send(.subscriptionRecovered, record: &record, at: now, effects: &effects)
    } else {
      beginHoldAfterResume(record: &record, at: now, payments: &payments, effects: &effects)
    }
  }
}
