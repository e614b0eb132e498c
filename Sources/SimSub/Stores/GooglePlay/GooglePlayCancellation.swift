/// Cancelling, restoring a canceled subscription, and revoking one (a refund).
extension GooglePlayModel {
  /// The subscriber turns auto-renew off.
  ///
  /// While paid up: `SUBSCRIPTION_CANCELED`, state `CANCELED`, access to the period's end
  /// ("When a subscription is canceled, the user retains access to the content until the end of
  /// the current billing cycle"). In the silent stage, grace, hold or a pause no paid time is
  /// left: Google reports `expiryTime` in the past ("the user should lose entitlement
  /// immediately. This could happen, for example, if a user cancels a subscription while on
  /// account hold") and, as at the end of hold, `SUBSCRIPTION_EXPIRED` follows at once. In the
  /// silent stage and grace, where Google extends `expiryTime` "until the user cancels", and in a
  /// pause, access ends at the cancel; in hold it ended at the failed renewal.
  func cancel(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    switch record.truth {
    case .active where record.billingIssueStart == nil:
      record.autoRenew = false
      record.scheduledPause = nil
      record.truth = .canceled
      send(.subscriptionCanceled, record: &record, at: now, effects: &effects)
    case .active, .grace, .paused, .hold:
      if record.truth != .hold { record.periodEnd = now }
      record.autoRenew = false
      record.clearBillingIssue()
      record.scheduledPause = nil
      record.autoResumeTime = nil
      record.truth = .expired
      record.epoch &+= 1
      send(.subscriptionCanceled, record: &record, at: now, effects: &effects)
      send(.subscriptionExpired, record: &record, at: now, effects: &effects)
    default:
      return
    }
  }

  /// The subscriber restores a canceled subscription before it expires:
  /// `SUBSCRIPTION_RESTARTED`, same token, renewing as if never canceled.
  func restore(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    guard record.truth == .canceled else { return }
    record.autoRenew = true
    record.truth = .active
    send(.subscriptionRestarted, record: &record, at: now, effects: &effects)
  }

  /// The latest charge is refunded and access revoked at once: `SUBSCRIPTION_REVOKED`, state
  /// `EXPIRED` (lifecycle guide, "Revocations"). The refund is the current product's price,
  /// capped by what is left unrefunded (nothing in a free trial).
  func revoke(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    switch record.truth {
    case .active, .canceled, .grace, .hold, .paused: break
    default: return
    }
    let refund = latestChargeRefund(of: record)
    record.refundedMilliunits += refund
    record.revocationDate = now
    record.truth = .revoked
    record.autoRenew = false
    record.clearBillingIssue()
    record.scheduledPause = nil
    record.autoResumeTime = nil
    record.pendingProduct = nil
    record.epoch &+= 1
    send(.subscriptionRevoked, record: &record, at: now, effects: &effects)
  }
}
