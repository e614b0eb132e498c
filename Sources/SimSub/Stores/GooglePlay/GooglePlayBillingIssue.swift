/// A declined renewal and what follows: silent grace, grace, account hold, retries, recovery,
/// and the end of hold.
///
/// Stages are counted from the failed renewal F: silent grace [F, F + silentGrace), state
/// `ACTIVE` and no notification; grace until F + grace; account hold until F + grace + hold.
/// The silent day is part of grace, or of hold when grace is shorter ("Play will wait a
/// minimum of 1 day"), and it comes before every grace period: "you won't receive a grace period
/// RTDN until the silent grace period ends" (lifecycle guide, "Grace period"). The
/// `silentGraceEnds` timer marks the end of the silent stage, `graceEnds` the end of grace.
/// A stage that ends at the same instant as a retry ends first: the retry then belongs to the
/// next stage (a retry on grace's last instant is a recovery from hold).
extension GooglePlayModel {
  /// The renewal due now was declined.
  func beginBillingIssue<Payments: PaymentProcessor>(
    record: inout SubscriptionRecord, at now: Instant, payments: inout Payments, effects: inout StoreEffects
  ) {
    let product = products[Int(record.product)]
    let graceEnd = now + product.grace
    let windowEnd = graceEnd + product.hold
    record.billingIssueStart = now
    record.retryCount = 0
    record.retryWindowEnd = windowEnd
    record.gracePeriodExpiresDate = product.grace > .zero ? graceEnd : nil
    // Every stage end is set here, before any retry, so a retry at the same instant comes
    // after it however early the retry was set (a forecast one is set now, for weeks ahead).
    effects.schedule(.retryWindowEnds, at: windowEnd, for: record)
    let silentEnd = now + silentGrace
    let silent = silentGrace > .zero && silentEnd < windowEnd
    if product.grace > .zero, graceEnd > (silent ? silentEnd : now) {
      effects.schedule(.graceEnds, at: graceEnd, for: record)
    }
    if silent {
      effects.schedule(.silentGraceEnds, at: silentEnd, for: record)
    } else {
      enterGraceOrHold(record: &record, at: now, effects: &effects)
    }
    scheduleRetries(record: record, at: now, payments: &payments, effects: &effects)
  }

  /// The resume from a pause was declined: straight to account hold ("The subscription enters
  /// into account hold directly when the subscription resumes from a paused state with a failed
  /// form of payment").
  func beginHoldAfterResume<Payments: PaymentProcessor>(
    record: inout SubscriptionRecord, at now: Instant, payments: inout Payments, effects: inout StoreEffects
  ) {
    let windowEnd = now + products[Int(record.product)].hold
    record.billingIssueStart = now
    record.retryCount = 0
    record.retryWindowEnd = windowEnd
    record.gracePeriodExpiresDate = nil
    record.periodEnd = now
    guard windowEnd > now else {
      expireUnpaid(record: &record, at: now, effects: &effects)
      return
    }
    effects.schedule(.retryWindowEnds, at: windowEnd, for: record)
    scheduleRetries(record: record, at: now, payments: &payments, effects: &effects)
    record.truth = .hold
    send(.subscriptionOnHold, record: &record, at: now, effects: &effects)
  }

  /// Grace if some is left, else account hold, else (no hold) the end. Grace's end is already
  /// set (`beginBillingIssue`).
  func enterGraceOrHold(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    if let graceEnd = record.gracePeriodExpiresDate, now < graceEnd {
      record.truth = .grace
      send(.subscriptionInGracePeriod, record: &record, at: now, effects: &effects)
    } else {
      enterHold(record: &record, at: now, effects: &effects)
    }
  }

  func enterHold(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    guard let windowEnd = record.retryWindowEnd, now < windowEnd else {
      expireUnpaid(record: &record, at: now, effects: &effects)
      return
    }
    record.truth = .hold
    record.gracePeriodExpiresDate = nil
    send(.subscriptionOnHold, record: &record, at: now, effects: &effects)
  }

  /// The silent stage or grace ends unpaid.
  func graceStageEnds(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    guard record.billingIssueStart != nil else { return }
    switch record.truth {
    case .active: enterGraceOrHold(record: &record, at: now, effects: &effects)
    case .grace: enterHold(record: &record, at: now, effects: &effects)
    default: return
    }
  }

  /// Account hold ends unpaid.
  func holdEnds(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    guard record.billingIssueStart != nil else { return }
    switch record.truth {
    case .active, .grace, .hold: expireUnpaid(record: &record, at: now, effects: &effects)
    default: return
    }
  }

  /// "If the user does not fix their payment method before the end of the account hold period,
  /// you instead receive an RTDN with type `SUBSCRIPTION_CANCELED` … Immediately after … you will
  /// also receive an RTDN with type `SUBSCRIPTION_EXPIRED`" (lifecycle guide, "Account hold").
  /// Auto-renew stays on in the record: the system, not the subscriber, canceled.
  func expireUnpaid(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    record.clearBillingIssue()
    record.truth = .expired
    record.epoch &+= 1
    send(.subscriptionCanceled, record: &record, at: now, effects: &effects)
    send(.subscriptionExpired, record: &record, at: now, effects: &effects)
  }

  /// Sets the episode's retries going: the first of them, or, when the payment processor can
  /// tell which succeeds, only that one (or none). A declined retry sends nothing and changes
  /// nothing but `retryCount`, so skipping the declined ones is invisible to the policy and the
  /// reports, and a daily schedule no longer costs an event a day.
  func scheduleRetries<Payments: PaymentProcessor>(
    record: SubscriptionRecord, at now: Instant, payments: inout Payments, effects: inout StoreEffects
  ) {
    switch payments.forecastRetries(count: retriesInWindow(of: record), for: record, at: now) {
    case .unknown: scheduleRetry(1, record: record, effects: &effects)
    case .firstSucceeds(let n): scheduleRetry(n, record: record, effects: &effects)
    case .noneSucceeds: return
    }
  }

  /// How many of the schedule's retries fall before the episode's window ends.
  func retriesInWindow(of record: SubscriptionRecord) -> Int32 {
    guard let start = record.billingIssueStart, let windowEnd = record.retryWindowEnd else { return 0 }
    // The offsets increase (`validate(retrySchedule:)`), so the retries inside the window are a
    // prefix of the schedule: found by halving, not by reading up to 60 daily offsets one by
    // one (about 500 instructions an episode).
    var inside = 0
    var outside = retrySchedule.count
    while inside < outside {
      let middle = (inside + outside) / 2
      if start + retrySchedule[middle] < windowEnd {
        inside = middle + 1
      } else {
        outside = middle
      }
    }
    return Int32(inside)
  }

  /// Sets the `n`-th retry, if the schedule has one before hold ends.
  // Always inlined: a call that takes the record by value copies all of it.
  @inline(__always)
  func scheduleRetry(_ n: Int32, record: SubscriptionRecord, effects: inout StoreEffects) {
    let index = Int(n) - 1
    guard index < retrySchedule.count, let start = record.billingIssueStart,
      let windowEnd = record.retryWindowEnd
    else { return }
    let at = start + retrySchedule[index]
    guard at < windowEnd else { return }
    effects.schedule(.retry(n), at: at, for: record)
  }

  /// Google retries the charge.
  func retry<Payments: PaymentProcessor>(
    _ n: Int32, record: inout SubscriptionRecord, at now: Instant, payments: inout Payments,
    effects: inout StoreEffects
  ) {
    guard record.billingIssueStart != nil, Self.inBillingIssue(record.truth) else { return }
    record.retryCount = n
    if charge(.retry(n), amount: price(of: record), record: &record, at: now, payments: &payments) {
      recover(record: &record, at: now, effects: &effects)
    } else {
      scheduleRetry(n + 1, record: record, effects: &effects)
    }
  }

  /// The subscriber fixed the card: Google charges at once while it is still trying.
  func fixCard<Payments: PaymentProcessor>(
    record: inout SubscriptionRecord, at now: Instant, payments: inout Payments, effects: inout StoreEffects
  ) {
    guard record.billingIssueStart != nil, Self.inBillingIssue(record.truth) else { return }
    if charge(.cardUpdated, amount: price(of: record), record: &record, at: now, payments: &payments) {
      recover(record: &record, at: now, effects: &effects)
    }
  }

  /// A charge went through during the episode.
  ///
  /// In the silent stage or grace the renewal date is kept ("When a subscription recovers
  /// during a grace period, the renewal date does not reset") and Google sends
  /// `SUBSCRIPTION_RENEWED` ("the subscription renews with its original renewal date, and you
  /// can handle the renewal as described in Renewals"). In account hold the recovery instant
  /// becomes the billing anchor ("the billing date moves to the date of recovery") and Google
  /// sends `SUBSCRIPTION_RECOVERED`. A kept date already past (a 30-day grace in February)
  /// re-anchors at the recovery too.
  func recover(record: inout SubscriptionRecord, at now: Instant, effects: inout StoreEffects) {
    let fromHold = record.truth == .hold
    let period = products[Int(record.product)].period
    record.clearBillingIssue()
    record.truth = .active
    record.epoch &+= 1
    if fromHold {
      record.startPeriod(anchoredAt: now, period: period)
    } else {
      let kept = record.anchoredEnd(after: record.periodsSinceAnchor + 1, of: period)
      if kept > now {
        record.startNextPeriod(period: period)
      } else {
        record.startPeriod(anchoredAt: now, period: period)
      }
    }
    effects.schedule(.renewal, at: record.periodEnd, for: record)
    send(
      fromHold ? .subscriptionRecovered : .subscriptionRenewed, record: &record, at: now, effects: &effects)
  }

  /// States in which a billing issue can be open: the silent stage (`active`), grace, hold.
  @inline(__always)
  static func inBillingIssue(_ truth: StoreTruth) -> Bool {
    switch truth {
    case .active, .grace, .hold: true
    default: false
    }
  }
}
