import TestSupport
import Testing

@testable import SimSub

@Suite("Google Play pause and resume")
struct GooglePlayPauseTests {
  let renewal1 = GP.at(2026, 2, 1)
  let resumeAt = GP.at(2026, 3, 1)  // renewal 1 plus one calendar month

  func pausing(_ length: TimeSpan = .days(30), product: Product = GP.product()) -> GP.TestEngine<CardOnFile> {
    var e = GP.engine(GP.model([product]))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.pause(length), at: testStart + .days(9))
    return e
  }

  @Test func aPauseIsScheduledThenTakesEffectAtTheRenewalThenResumes() throws {
    var e = pausing()
    _ = e.run(until: testStart + .days(10))
    let scheduled = try #require(e.observer.delivered("SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED"))
    #expect(scheduled.rtdn.subscriptionNotification.notificationType.rawValue == 11)
    #expect(scheduled.resource?.subscriptionState == .active)
    #expect(scheduled.resource?.lineItem.autoRenewEnabled == true)
    #expect(scheduled.resource?.lineItem.expiryTime == renewal1)
    #expect(scheduled.resource?.autoResumeTime == resumeAt)
    #expect(e.record.truth == .active)

    _ = e.run(until: renewal1 + .hours(1))
    let paused = try #require(e.observer.delivered("SUBSCRIPTION_PAUSED"))
    #expect(paused.instant == renewal1)
    #expect(paused.rtdn.subscriptionNotification.notificationType.rawValue == 10)
    #expect(paused.resource?.subscriptionState == .paused)
    #expect(paused.resource?.lineItem.expiryTime == renewal1)
    #expect(paused.resource?.lineItem.autoRenewEnabled == true)
    #expect(paused.resource?.autoResumeTime == resumeAt)
    #expect(e.record.truth == .paused)
    #expect(e.record.charges == 1)
    // The paused span is period 2: renewal 2 is the resume.
    #expect(e.record.periodNumber == 2)
    #expect(e.record.periodEnd == resumeAt)

    _ = e.run(until: GP.at(2026, 4, 1, 1))
    let recovered = try #require(e.observer.delivered("SUBSCRIPTION_RECOVERED"))
    #expect(recovered.instant == resumeAt)
    #expect(recovered.resource?.subscriptionState == .active)
    #expect(recovered.resource?.autoResumeTime == nil)
    #expect(recovered.resource?.lineItem.expiryTime == GP.at(2026, 4, 1))
    #expect(
      e.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED", "SUBSCRIPTION_PAUSED",
        "SUBSCRIPTION_RECOVERED", "SUBSCRIPTION_RENEWED",
      ])
    #expect(e.observer.truthSteps.map(\.0) == [testStart, renewal1, resumeAt])
    #expect(e.observer.truthSteps.map(\.1) == [.active, .paused, .active])
    #expect(e.record.charges == 3)
    #expect(e.record.periodNumber == 4)
  }

  @Test func aManualResumeChargesAtOnceAndMovesTheBillingDate() {
    var e = pausing()
    let resume = GP.at(2026, 2, 10, 15)
    e.schedule(.resume, at: resume)
    _ = e.run(until: GP.at(2026, 3, 11))
    let tail = e.observer.googleSent.suffix(2)
    #expect(tail.map(\.name) == ["SUBSCRIPTION_RECOVERED", "SUBSCRIPTION_RENEWED"])
    #expect(tail.map(\.instant) == [resume, GP.at(2026, 3, 10, 15)])
    #expect(e.record.billingAnchor == resume)
  }

  @Test func aDeclinedResumeGoesStraightToAccountHold() throws {
    var e = pausing()
    e.schedule(.cardFails(.expired), at: GP.at(2026, 2, 20))
    let fix = resumeAt + .days(4)
    e.schedule(.updateCard, at: fix)
    _ = e.run(until: fix + .hours(1))
    #expect(
      Array(e.observer.googleSent.suffix(2).map(\.name)) == [
        "SUBSCRIPTION_ON_HOLD", "SUBSCRIPTION_RECOVERED",
      ])
    let hold = try #require(e.observer.delivered("SUBSCRIPTION_ON_HOLD"))
    #expect(hold.instant == resumeAt)
    #expect(hold.resource?.subscriptionState == .onHold)
    #expect(hold.resource?.lineItem.expiryTime == resumeAt)
    #expect(e.observer.truthSteps.map(\.1) == [.active, .paused, .hold, .active])
    #expect(
      e.observer.delivered("SUBSCRIPTION_RECOVERED")?.resource?.lineItem.expiryTime == GP.at(2026, 4, 5))
  }

  @Test func aDeclinedResumeWithoutHoldExpires() {
    var e = pausing(product: GP.product(grace: .days(30), hold: .zero))
    e.schedule(.cardFails(.expired), at: GP.at(2026, 2, 20))
    _ = e.run(until: resumeAt + .hours(1))
    #expect(
      Array(e.observer.googleSent.suffix(2).map(\.name)) == ["SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED"])
    #expect(e.record.truth == .expired)
  }

  @Test func resumingBeforeThePauseBeginsCallsItOff() {
    var e = pausing()
    e.schedule(.resume, at: testStart + .days(20))
    _ = e.run(until: renewal1 + .hours(1))
    #expect(
      e.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED",
        "SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED",
        "SUBSCRIPTION_RENEWED",
      ])
    #expect(e.observer.delivered("SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED")?.resource?.autoResumeTime == nil)
  }

  @Test func aWeeklyPlanPausesForWeeks() {
    var e = GP.engine(GP.model([GP.product("premium.weekly", period: .oneWeek)]))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.pause(.days(14)), at: testStart + .days(2))
    _ = e.run(until: testStart + .days(22))
    let sent = e.observer.googleSent.filter {
      $0.name == "SUBSCRIPTION_PAUSED" || $0.name == "SUBSCRIPTION_RECOVERED"
    }
    #expect(sent.map(\.instant) == [testStart + .days(7), testStart + .days(21)])
  }

  @Test func pausesGoogleDoesNotOfferAreIgnored() {
    var e = pausing(.days(10))
    _ = e.run(until: renewal1 + .hours(1))
    #expect(e.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_RENEWED"])
  }

  @Test func aPauseNeedsARenewingSubscription() {
    var e = GP.engine(GP.model())
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.cancel, at: testStart + .days(1))
    e.schedule(.pause(.days(30)), at: testStart + .days(2))
    e.schedule(.resume, at: testStart + .days(3))
    _ = e.run(until: testStart + .days(4))
    #expect(e.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_CANCELED"])
  }

  @Test func aCancelWhilePausedExpiresAtOnce() throws {
    var e = pausing()
    let cancel = GP.at(2026, 2, 12)
    e.schedule(.cancel, at: cancel)
    _ = e.run(until: GP.at(2026, 3, 5))
    #expect(
      Array(e.observer.googleSent.suffix(2).map(\.name)) == ["SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED"])
    #expect(e.observer.googleSent.last?.instant == cancel)
    #expect(e.observer.delivered("SUBSCRIPTION_EXPIRED")?.resource?.lineItem.expiryTime == cancel)
    #expect(e.record.truth == .expired)
    #expect(e.record.charges == 1)
  }
}
