import TestSupport
import Testing

@testable import SimSub

/// `defer`: the developer defers the billing date through the Play Developer API
/// (`purchases.subscriptionsv2.defer`), and Google sends `SUBSCRIPTION_DEFERRED` (9).
@Suite("Google Play: billing-date deferrals")
struct GooglePlayDeferralTests {
  let renewal1 = GP.at(2026, 2, 1)

  @Test func aDeferralMovesTheRenewalAndLaterOnesCountFromIt() throws {
    var e = GP.engine(GP.model(), payments: ScriptedPayments(declineRenewalsFrom: .distantFuture))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.deferBilling(.days(10)), at: testStart + .days(20))
    _ = e.run(until: GP.at(2026, 3, 20))
    #expect(
      e.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_DEFERRED", "SUBSCRIPTION_RENEWED", "SUBSCRIPTION_RENEWED",
      ])
    let deferred = try #require(e.observer.delivered("SUBSCRIPTION_DEFERRED"))
    #expect(deferred.rtdn.subscriptionNotification.notificationType.rawValue == 9)
    #expect(deferred.instant == testStart + .days(20))
    #expect(deferred.resource?.subscriptionState == .active)
    #expect(deferred.resource?.lineItem.expiryTime == renewal1 + .days(10))
    #expect(deferred.resource?.lineItem.autoRenewEnabled == true)
    // Nothing charged for the deferral; the renewals on Feb 11, then a month after it.
    #expect(
      e.payments.attempts.map(\.1) == [testStart, GP.at(2026, 2, 11), GP.at(2026, 3, 11)])
    #expect(e.record.truth == .active)
  }

  @Test func aTrialIsDeferredAndItsFirstChargeMovesWithIt() throws {
    var e = GP.engine(GP.model([GP.product(trial: .days(7))]))
    e.schedule(.subscribe(product: 0, trial: true), at: testStart)
    e.schedule(.deferBilling(.days(5)), at: testStart + .days(2))
    _ = e.run(until: testStart + .days(11))
    #expect(e.observer.googleSent.map(\.name).suffix(1) == ["SUBSCRIPTION_DEFERRED"])
    #expect(e.record.inTrial)
    #expect(e.record.charges == 0)
    _ = e.run(until: testStart + .days(12) + .hours(1))
    #expect(e.observer.googleSent.map(\.name).suffix(1) == ["SUBSCRIPTION_RENEWED"])
    #expect(e.observer.googleSent.last?.instant == testStart + .days(12))
    #expect(e.record.charges == 1)
  }

  @Test func aCanceledSubscriptionIsDeferredAndExpiresAtTheNewDate() throws {
    var e = GP.engine(GP.model())
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.cancel, at: testStart + .days(5))
    e.schedule(.deferBilling(.days(7)), at: testStart + .days(6))
    _ = e.run(until: renewal1 + .days(30))
    #expect(
      e.observer.googleSent.map(\.name).suffix(3) == [
        "SUBSCRIPTION_CANCELED", "SUBSCRIPTION_DEFERRED", "SUBSCRIPTION_EXPIRED",
      ])
    #expect(e.observer.delivered("SUBSCRIPTION_DEFERRED")?.resource?.subscriptionState == .canceled)
    #expect(e.observer.truthSteps.last?.0 == renewal1 + .days(7))
    #expect(e.observer.truthSteps.last?.1 == .expired)
  }

  @Test func nothingIsDeferredInASilentDayGraceHoldPauseOrAfterTheEnd() throws {
    // A declined renewal: the silent day, grace (7 days), then account hold.
    for at in [renewal1 + .hours(1), renewal1 + .days(2), renewal1 + .days(8)] {
      var e = GP.engine(GP.model(), payments: ScriptedPayments(declineRenewalsFrom: renewal1))
      e.schedule(.subscribe(product: 0, trial: false), at: testStart)
      e.schedule(.deferBilling(.days(5)), at: at)
      _ = e.run(until: at + .hours(1))
      #expect(!e.observer.googleSent.map(\.name).contains("SUBSCRIPTION_DEFERRED"), "\(at)")
      #expect(e.record.billingIssueStart == renewal1)
    }
    var paused = GP.engine(GP.model())
    paused.schedule(.subscribe(product: 0, trial: false), at: testStart)
    paused.schedule(.pause(.days(30)), at: testStart + .days(3))
    paused.schedule(.deferBilling(.days(5)), at: renewal1 + .days(2))
    _ = paused.run(until: renewal1 + .days(3))
    #expect(!paused.observer.googleSent.map(\.name).contains("SUBSCRIPTION_DEFERRED"))
    #expect(paused.record.truth == .paused)
    var expired = GP.engine(GP.model())
    expired.schedule(.subscribe(product: 0, trial: false), at: testStart)
    expired.schedule(.cancel, at: testStart + .days(1))
    expired.schedule(.deferBilling(.days(5)), at: renewal1 + .days(1))
    _ = expired.run(until: renewal1 + .days(2))
    #expect(!expired.observer.googleSent.map(\.name).contains("SUBSCRIPTION_DEFERRED"))
    #expect(expired.record.truth == .expired)
  }
}
