import TestSupport
import Testing

@testable import SimSub

@Suite("Google Play cancel, restore and refund")
struct GooglePlayCancellationTests {
  let renewal1 = GP.at(2026, 2, 1)

  func subscribed() -> GP.TestEngine<CardOnFile> {
    var e = GP.engine(GP.model())
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    return e
  }

  @Test func aCancelKeepsAccessToThePeriodsEndThenExpires() throws {
    var e = subscribed()
    let cancel = testStart + .days(3)
    e.schedule(.cancel, at: cancel)
    _ = e.run(until: cancel + .hours(1))
    #expect(e.record.truth == .canceled)
    let canceled = try #require(e.observer.delivered("SUBSCRIPTION_CANCELED"))
    #expect(canceled.instant == cancel)
    #expect(canceled.rtdn.subscriptionNotification.notificationType.rawValue == 3)
    #expect(canceled.resource?.subscriptionState == .canceled)
    #expect(canceled.resource?.canceledStateContext == .userInitiatedCancellation)
    #expect(canceled.resource?.lineItem.expiryTime == renewal1)
    #expect(canceled.resource?.lineItem.autoRenewEnabled == false)

    _ = e.run(until: GP.at(2026, 3, 15))
    #expect(
      e.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED",
      ])
    let expired = try #require(e.observer.delivered("SUBSCRIPTION_EXPIRED"))
    #expect(expired.instant == renewal1)
    #expect(expired.rtdn.subscriptionNotification.notificationType.rawValue == 13)
    #expect(expired.resource?.subscriptionState == .expired)
    #expect(expired.resource?.canceledStateContext == .userInitiatedCancellation)
    #expect(expired.resource?.lineItem.expiryTime == renewal1)
    #expect(e.observer.truthSteps.map(\.1) == [.active, .canceled, .expired])
    #expect(e.record.charges == 1)
  }

  @Test func aRestoreBeforeExpiryRestartsTheSameSubscription() throws {
    var e = subscribed()
    e.schedule(.cancel, at: testStart + .days(3))
    e.schedule(.uncancel, at: testStart + .days(5))
    _ = e.run(until: renewal1 + .hours(1))
    #expect(
      e.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_CANCELED", "SUBSCRIPTION_RESTARTED", "SUBSCRIPTION_RENEWED",
      ])
    let restarted = try #require(e.observer.delivered("SUBSCRIPTION_RESTARTED"))
    #expect(restarted.rtdn.subscriptionNotification.notificationType.rawValue == 7)
    #expect(restarted.token == e.observer.googleSent[0].token)
    #expect(restarted.resource?.subscriptionState == .active)
    #expect(restarted.resource?.canceledStateContext == nil)
    #expect(restarted.resource?.lineItem.autoRenewEnabled == true)
    #expect(restarted.resource?.lineItem.expiryTime == renewal1)
    #expect(e.record.charges == 2)
  }

  @Test func restoringWhatIsNotCanceledDoesNothing() {
    var e = subscribed()
    e.schedule(.uncancel, at: testStart + .days(3))
    e.schedule(.cancel, at: testStart + .days(4))
    e.schedule(.cancel, at: testStart + .days(5))
    _ = e.run(until: testStart + .days(6))
    #expect(e.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_CANCELED"])
  }

  @Test func aCancelDuringATrialEndsItWithoutACharge() {
    var e = GP.engine(GP.model([GP.product(trial: .days(7))]))
    e.schedule(.subscribe(product: 0, trial: true), at: testStart)
    e.schedule(.cancel, at: testStart + .days(2))
    _ = e.run(until: testStart + .days(10))
    #expect(
      e.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED",
      ])
    #expect(e.observer.googleSent.last?.instant == testStart + .days(7))
    #expect(e.record.charges == 0)
  }

  // MARK: Cancel with no paid time left

  @Test(arguments: [
    (TimeSpan.hours(2), TimeSpan.hours(2)),  // silent grace: access ends at the cancel
    (.days(3), .days(3)),  // grace: likewise
    (.days(10), .zero),  // hold: access ended at the failed renewal
  ])
  func aCancelDuringABillingIssueExpiresAtOnce(after: TimeSpan, accessEndsAfterFailure: TimeSpan) throws {
    var e = subscribed()
    e.schedule(.cardFails(.expired), at: testStart + .days(20))
    e.schedule(.cancel, at: renewal1 + after)
    _ = e.run(until: renewal1 + .days(61))
    let last = e.observer.googleSent.suffix(2)
    #expect(last.map(\.name) == ["SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED"])
    #expect(last.map(\.instant) == [renewal1 + after, renewal1 + after])
    #expect(e.record.truth == .expired)
    let expired = try #require(e.observer.delivered("SUBSCRIPTION_EXPIRED"))
    #expect(expired.resource?.subscriptionState == .expired)
    #expect(expired.resource?.canceledStateContext == .userInitiatedCancellation)
    #expect(expired.resource?.lineItem.expiryTime == renewal1 + accessEndsAfterFailure)
    #expect(e.observer.googleSent.filter { $0.name == "SUBSCRIPTION_EXPIRED" }.count == 1)
  }

  // MARK: Refund

  @Test func aRefundRevokesAtOnce() throws {
    var e = subscribed()
    let refund = testStart + .days(10)
    e.schedule(.refund, at: refund)
    _ = e.run(until: GP.at(2026, 3, 15))
    #expect(e.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_REVOKED"])
    let revoked = try #require(e.observer.delivered("SUBSCRIPTION_REVOKED"))
    #expect(revoked.instant == refund)
    #expect(revoked.rtdn.subscriptionNotification.notificationType.rawValue == 12)
    #expect(revoked.resource?.subscriptionState == .expired)
    #expect(revoked.resource?.lineItem.expiryTime == refund)
    #expect(revoked.resource?.canceledStateContext == .developerInitiatedCancellation)
    #expect(e.record.truth == .revoked)
    #expect(e.record.revocationDate == refund)
    #expect(e.record.refundedMilliunits == 9_990)
    #expect(e.record.charges == 1)
  }

  @Test func aRefundDuringHoldStopsTheRetries() {
    var e = GP.engine(GP.model(), payments: ScriptedPayments(declineRenewalsFrom: renewal1))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.refund, at: renewal1 + .days(10))
    _ = e.run(until: renewal1 + .days(70))
    #expect(e.observer.googleSent.last?.name == "SUBSCRIPTION_REVOKED")
    #expect(e.payments.retryInstants.last == renewal1 + .days(9))
    #expect(e.record.truth == .revoked)
  }

  @Test func aRefundInATrialRefundsNothing() {
    var e = GP.engine(GP.model([GP.product(trial: .days(7))]))
    e.schedule(.subscribe(product: 0, trial: true), at: testStart)
    e.schedule(.refund, at: testStart + .days(1))
    _ = e.run(until: testStart + .days(2))
    #expect(e.record.truth == .revoked)
    #expect(e.record.refundedMilliunits == 0)
  }

  @Test func aRefundAfterExpiryDoesNothingAndAResubscriptionFollows() {
    var e = subscribed()
    e.schedule(.refund, at: testStart + .days(1))
    e.schedule(.refund, at: testStart + .days(2))
    e.schedule(.resubscribe(product: 0), at: testStart + .days(3))
    _ = e.run(until: testStart + .days(4))
    #expect(
      e.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_REVOKED", "SUBSCRIPTION_PURCHASED",
      ])
    #expect(e.record.truth == .active)
    #expect(e.record.refundedMilliunits == 9_990)
    #expect(e.record.revocationDate == nil)
  }
}
