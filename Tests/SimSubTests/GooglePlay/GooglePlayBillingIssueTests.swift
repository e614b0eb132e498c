import TestSupport
import Testing

@testable import SimSub

@Suite("Google Play failed renewals: silent grace, grace, account hold, retries, recovery")
struct GooglePlayBillingIssueTests {
  /// Renewal 1 of a subscription bought at `testStart` (2026-01-01).
  let failed = GP.at(2026, 2, 1)

  func failingEngine(
    _ product: Product = GP.product(), silentGrace: TimeSpan? = nil, retrySchedule: [TimeSpan]? = nil
  ) -> GP.TestEngine<CardOnFile> {
    var e = GP.engine(GP.model([product], retrySchedule: retrySchedule, silentGrace: silentGrace))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.cardFails(.expired), at: testStart + .days(20))
    return e
  }

  @Test func anUnpaidRenewalGoesSilentThenGraceThenHoldThenExpires() throws {
    var e = failingEngine()
    _ = e.run(until: failed + .hours(1))
    // Silent grace: still ACTIVE, nothing sent, expiryTime a day on.
    #expect(e.record.truth == .active)
    #expect(e.record.billingIssueStart == failed)
    #expect(e.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PURCHASED"])
    let silent = e.store.subscriptionResource(
      for: try #require(e.record.purchaseToken), record: e.record, at: e.now)
    #expect(silent.subscriptionState == .active)
    #expect(silent.lineItem.expiryTime == failed + .days(1))
    #expect(silent.lineItem.autoRenewEnabled)

    _ = e.run(until: failed + .days(61))
    #expect(
      e.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_IN_GRACE_PERIOD", "SUBSCRIPTION_ON_HOLD",
        "SUBSCRIPTION_CANCELED",
        "SUBSCRIPTION_EXPIRED",
      ])
    #expect(
      e.observer.googleSent.map(\.instant) == [
        testStart, failed + .days(1), failed + .days(7), failed + .days(60), failed + .days(60),
      ])
    #expect(
      e.observer.truthSteps.map(\.0) == [testStart, failed + .days(1), failed + .days(7), failed + .days(60)])
    #expect(e.observer.truthSteps.map(\.1) == [.active, .grace, .hold, .expired])

    let grace = try #require(e.observer.delivered("SUBSCRIPTION_IN_GRACE_PERIOD"))
    #expect(grace.rtdn.subscriptionNotification.notificationType.rawValue == 6)
    #expect(grace.resource?.subscriptionState == .inGracePeriod)
    #expect(grace.resource?.lineItem.expiryTime == failed + .days(7))
    #expect(grace.resource?.lineItem.autoRenewEnabled == true)

    let hold = try #require(e.observer.delivered("SUBSCRIPTION_ON_HOLD"))
    #expect(hold.rtdn.subscriptionNotification.notificationType.rawValue == 5)
    #expect(hold.resource?.subscriptionState == .onHold)
    #expect(hold.resource?.lineItem.expiryTime == failed)
    #expect(hold.resource?.lineItem.autoRenewEnabled == true)

    // Both final notifications fetch the subscription as it now is: expired by the system.
    for name in ["SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED"] {
      let n = try #require(e.observer.delivered(name))
      #expect(n.resource?.subscriptionState == .expired)
      #expect(n.resource?.canceledStateContext == .systemInitiatedCancellation)
      #expect(n.resource?.lineItem.expiryTime == failed)
      #expect(n.resource?.lineItem.autoRenewEnabled == false)
    }
    #expect(e.record.charges == 1)
    #expect(e.record.periodNumber == 1)
  }

  @Test func withoutSilentGraceGraceStartsAtTheFailedRenewal() {
    var e = failingEngine(silentGrace: .zero)
    _ = e.run(until: failed + .days(8))
    #expect(
      e.observer.googleSent.dropFirst().map(\.name) == [
        "SUBSCRIPTION_IN_GRACE_PERIOD", "SUBSCRIPTION_ON_HOLD",
      ])
    #expect(e.observer.googleSent.dropFirst().map(\.instant) == [failed, failed + .days(7)])
  }

  @Test func zeroGraceGoesToHoldAfterTheSilentDay() throws {
    var e = failingEngine(GP.product(grace: .zero))
    _ = e.run(until: failed + .days(61))
    #expect(
      e.observer.googleSent.dropFirst().map(\.name) == [
        "SUBSCRIPTION_ON_HOLD", "SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED",
      ])
    #expect(
      e.observer.googleSent.dropFirst().map(\.instant) == [
        failed + .days(1), failed + .days(60), failed + .days(60),
      ])
    #expect(e.observer.truthSteps.map(\.1) == [.active, .hold, .expired])
  }

  @Test func zeroGraceWithoutSilentGraceGoesStraightToHold() {
    var e = failingEngine(GP.product(grace: .zero), silentGrace: .zero)
    _ = e.run(until: failed + .hours(1))
    #expect(e.observer.googleSent.last?.name == "SUBSCRIPTION_ON_HOLD")
    #expect(e.observer.googleSent.last?.instant == failed)
    #expect(e.record.truth == .hold)
  }

  @Test func zeroHoldExpiresWhenGraceEnds() {
    var e = failingEngine(GP.product(grace: .days(30), hold: .zero))
    _ = e.run(until: failed + .days(31))
    #expect(
      e.observer.googleSent.dropFirst().map(\.name) == [
        "SUBSCRIPTION_IN_GRACE_PERIOD", "SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED",
      ])
    #expect(e.observer.googleSent.last?.instant == failed + .days(30))
    #expect(!e.observer.truthSteps.contains { $0.1 == .hold })
  }

  // MARK: Recovery

  @Test func fixingTheCardInGraceRenewsOnTheOriginalDate() throws {
    var e = failingEngine()
    e.schedule(.updateCard, at: failed + .days(3))
    _ = e.run(until: GP.at(2026, 3, 2))
    #expect(
      e.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_IN_GRACE_PERIOD", "SUBSCRIPTION_RENEWED",
        "SUBSCRIPTION_RENEWED",
      ])
    #expect(
      e.observer.googleSent.map(\.instant) == [
        testStart, failed + .days(1), failed + .days(3), GP.at(2026, 3, 1),
      ])
    let recovered = e.observer.googleDelivered[2]
    #expect(recovered.resource?.subscriptionState == .active)
    #expect(recovered.resource?.lineItem.expiryTime == GP.at(2026, 3, 1))
    #expect(e.record.charges == 3)
    #expect(e.record.periodNumber == 3)
    #expect(e.record.billingIssueStart == nil)
  }

  @Test func fixingTheCardInTheSilentStageRenewsOnTheOriginalDate() {
    var e = failingEngine()
    e.schedule(.updateCard, at: failed + .hours(2))
    _ = e.run(until: failed + .days(2))
    #expect(e.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_RENEWED"])
    #expect(e.record.periodEnd == GP.at(2026, 3, 1))
    #expect(e.observer.truthSteps.map(\.1) == [.active])
  }

  @Test func aGraceRecoveryKeepsTheAnchorDay() {
    let start = GP.at(2026, 1, 31, 9)
    var e = GP.engine(GP.model(), start: start)
    e.schedule(.subscribe(product: 0, trial: false), at: start)
    e.schedule(.cardFails(.insufficientFunds), at: start + .days(10))
    e.schedule(.updateCard, at: GP.at(2026, 3, 3, 9))  // Feb 28 + 3 days
    _ = e.run(until: GP.at(2026, 5, 1))
    let renewals = e.observer.googleSent.filter { $0.name == "SUBSCRIPTION_RENEWED" }.map(\.instant)
    #expect(renewals == [GP.at(2026, 3, 3, 9), GP.at(2026, 3, 31, 9), GP.at(2026, 4, 30, 9)])
  }

  @Test func fixingTheCardInHoldRecoversAndMovesTheBillingDate() throws {
    var e = failingEngine()
    let fix = failed + .days(20)
    e.schedule(.updateCard, at: fix)
    _ = e.run(until: fix + .days(32))
    #expect(
      e.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_IN_GRACE_PERIOD", "SUBSCRIPTION_ON_HOLD",
        "SUBSCRIPTION_RECOVERED",
        "SUBSCRIPTION_RENEWED",
      ])
    let recovered = try #require(e.observer.delivered("SUBSCRIPTION_RECOVERED"))
    #expect(recovered.instant == fix)
    #expect(recovered.rtdn.subscriptionNotification.notificationType.rawValue == 1)
    #expect(recovered.resource?.subscriptionState == .active)
    #expect(recovered.resource?.lineItem.expiryTime == GP.at(2026, 3, 21))
    #expect(e.observer.delivered("SUBSCRIPTION_RENEWED")?.instant == GP.at(2026, 3, 21))
    #expect(e.record.billingAnchor == fix)
    #expect(e.observer.truthSteps.map(\.1) == [.active, .grace, .hold, .active])
  }

  @Test func aCardFixedAtTheRenewalInstantRenewsNormally() {
    var e = GP.engine(GP.model())
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.cardFails(.declined), at: failed)
    e.schedule(.updateCard, at: failed)
    _ = e.run(until: failed + .days(1))
    #expect(e.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_RENEWED"])
  }

  @Test func aCardUpdateOutsideABillingIssueChargesNothing() {
    var e = GP.engine(GP.model())
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.updateCard, at: testStart + .days(3))
    _ = e.run(until: testStart + .days(4))
    #expect(e.record.charges == 1)
    #expect(e.observer.googleSent.count == 1)
  }

  @Test func aDeclinedCardUpdateLeavesTheSubscriptionInGrace() {
    var payments = ScriptedPayments(declineRenewalsFrom: failed)
    payments.cardUpdateWorks = false
    var e = GP.engine(GP.model(retrySchedule: []), payments: payments)
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.updateCard, at: failed + .days(2))
    _ = e.run(until: failed + .days(3))
    #expect(e.record.truth == .grace)
    #expect(e.record.charges == 1)
  }

  // MARK: Retries

  @Test func aRetryInGraceRenewsOnTheOriginalDate() {
    var e = GP.engine(GP.model(), payments: ScriptedPayments(declineRenewalsFrom: failed, succeedOnRetry: 3))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: failed + .days(5))
    #expect(e.payments.retryInstants == [failed + .days(1), failed + .days(2), failed + .days(3)])
    #expect(
      e.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_IN_GRACE_PERIOD", "SUBSCRIPTION_RENEWED",
      ])
    #expect(e.observer.googleSent.last?.instant == failed + .days(3))
    #expect(e.record.periodEnd == GP.at(2026, 3, 1))
  }

  @Test func aRetryInHoldRecoversAndMovesTheBillingDate() {
    var e = GP.engine(GP.model(), payments: ScriptedPayments(declineRenewalsFrom: failed, succeedOnRetry: 10))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: failed + .days(11))
    #expect(e.observer.googleSent.last?.name == "SUBSCRIPTION_RECOVERED")
    #expect(e.observer.googleSent.last?.instant == failed + .days(10))
    #expect(e.record.periodEnd == GP.at(2026, 3, 11))
    #expect(e.record.retryCount == 0)
  }

  @Test func aRetryOnGracesLastInstantComesAfterGraceEnds() {
    var e = GP.engine(GP.model(), payments: ScriptedPayments(declineRenewalsFrom: failed, succeedOnRetry: 7))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: failed + .days(8))
    #expect(
      Array(e.observer.googleSent.suffix(2).map(\.name)) == [
        "SUBSCRIPTION_ON_HOLD", "SUBSCRIPTION_RECOVERED",
      ])
  }

  @Test func aRetryAtTheSilentStagesEndComesAfterGraceBegins() {
    var e = GP.engine(GP.model(), payments: ScriptedPayments(declineRenewalsFrom: failed, succeedOnRetry: 1))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: failed + .days(2))
    let tail = e.observer.googleSent.suffix(2)
    #expect(tail.map(\.name) == ["SUBSCRIPTION_IN_GRACE_PERIOD", "SUBSCRIPTION_RENEWED"])
    #expect(tail.map(\.instant) == [failed + .days(1), failed + .days(1)])
    #expect(e.record.periodEnd == GP.at(2026, 3, 1))
  }

  @Test func retriesAreDailyUntilHoldEnds() {
    var e = GP.engine(GP.model(), payments: ScriptedPayments(declineRenewalsFrom: failed))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: failed + .days(70))
    #expect(e.payments.retryInstants == (1...59).map { failed + .days($0) })
    #expect(e.record.truth == .expired)
  }

  @Test func aCustomRetryScheduleIsFollowed() {
    var e = GP.engine(
      GP.model(retrySchedule: [.days(2), .days(5), .days(90)]),
      payments: ScriptedPayments(declineRenewalsFrom: failed))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: failed + .days(100))
    #expect(e.payments.retryInstants == [failed + .days(2), failed + .days(5)])
  }

  @Test func theRenewalAndRetriesChargeThroughThePaymentProcessor() {
    var e = GP.engine(
      GP.model(retrySchedule: [.days(1)]), payments: ScriptedPayments(declineRenewalsFrom: failed))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.updateCard, at: failed + .days(2))
    _ = e.run(until: failed + .days(3))
    #expect(e.payments.attempts.map(\.0) == [.purchase, .renewal, .retry(1), .cardUpdated])
    #expect(e.record.collectedMilliunits == 2 * 9_990)
  }

  // MARK: Retries forecast by the payment processor

  /// Plays a failed renewal with retry `succeeding` the first to go through (`.max`: none), the
  /// card fixed at `fixAt` if given, each retry made in turn or only the forecast one.
  func forecastRun(succeeding: Int32, fixAt: Instant?, forecasts: Bool) -> GP.TestEngine<ScriptedPayments> {
    var e = GP.engine(
      GP.model(),
      payments: ScriptedPayments(
        declineRenewalsFrom: failed, succeedOnRetry: succeeding, forecasts: forecasts))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    if let fixAt { e.schedule(.updateCard, at: fixAt) }
    _ = e.run(until: failed + .days(70))
    return e
  }

  @Test(arguments: [Int32(1), 5, 7, 8, 30, 59, .max])
  func aForecastRetryPlaysAsEveryRetryInTurnWould(succeeding: Int32) {
    for fixAt in [nil, failed + .days(6) + .hours(3)] {
      let inTurn = forecastRun(succeeding: succeeding, fixAt: fixAt, forecasts: false)
      let forecast = forecastRun(succeeding: succeeding, fixAt: fixAt, forecasts: true)
      // What the policy and the reports see is the same: every notification, sent and
      // delivered (with the resource fetched), every change of truth, and the record at the end.
      #expect(forecast.observer.googleSent.map(\.instant) == inTurn.observer.googleSent.map(\.instant))
      #expect(forecast.observer.googleSent.map(\.rtdn) == inTurn.observer.googleSent.map(\.rtdn))
      #expect(forecast.observer.googleDelivered.map(\.rtdn) == inTurn.observer.googleDelivered.map(\.rtdn))
      #expect(forecast.observer.truthSteps.map(\.0) == inTurn.observer.truthSteps.map(\.0))
      #expect(forecast.observer.truthSteps.map(\.1) == inTurn.observer.truthSteps.map(\.1))
      // The record too, but for the count of retries made so far in an open episode.
      var record = inTurn.record
      record.retryCount = forecast.record.retryCount
      #expect(forecast.record == record)
      // Each episode (each declined renewal) asks once, for the default schedule's daily
      // retries on days 1 to 59 of its 60-day window.
      let declined = inTurn.payments.attempts.filter { $0.0 == .renewal && $0.1 >= failed }.count
      #expect(declined >= 1)
      #expect(forecast.payments.forecastCounts == Array(repeating: 59, count: declined))
      // Only retries that go through are made: the in-turn run's successful ones.
      let succeeded = inTurn.payments.attempts.filter {
        if case .retry(let n) = $0.0 { n == succeeding } else { false }
      }
      #expect(forecast.payments.retryInstants == succeeded.map(\.1))
    }
  }
}
