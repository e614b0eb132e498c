/// A moment the store itself acts at, scheduled by a store model.
///
/// A timer carries the record's `epoch` from when it was set; when the subscription moves on
/// (a recovery, a cancel, a refund), the model bumps the epoch and every older timer is dropped
/// unseen, so no model ever has to find and remove a timer from the queue.
public enum StoreTimer: Hashable, Sendable {
  /// The end of the current period: charge the renewal, apply a pending change, or expire.
  case renewal
  /// The `n`-th billing retry (1-based) of the current episode.
  case retry(Int32)
  /// Google: the documented silent day after a declined renewal ends; grace (or hold) begins.
  case silentGraceEnds
  /// Billing grace ends unpaid.
  case graceEnds
  /// The retry window / account hold ends unpaid: the subscription expires.
  case retryWindowEnds
  /// Google: a scheduled pause ends and the subscription renews.
  case pauseEnds
  /// Stripe: three days before a trial ends, the reminder `customer.subscription.trial_will_end`.
  case trialWillEnd
}
