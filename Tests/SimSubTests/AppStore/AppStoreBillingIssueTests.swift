import TestSupport
import Testing

@testable import SimSub

@Suite("App Store: failed renewals, grace, billing retry, recovery")
struct AppStoreBillingIssueTests {
  let renewal1 = at("2026-02-01T00:00:00Z")

  @Test func aFailedRenewalWithGraceSendsDidFailToRenewGracePeriod() throws {
    var e = try appleEngine()
    e.play(
      [(subscribe, testStart), (.cardFails(.expired), testStart + .days(20))], until: renewal1 + .hours(1))
    #expect(e.record.truth == .grace)
    #expect(e.observer.instants(becoming: .grace) == [renewal1])
    let n = try #require(e.observer.sent.last)
    #expect(n.name == "DID_FAIL_TO_RENEW/GRACE_PERIOD")
    #expect(n.status == 4)
    #expect(n.renewal?.gracePeriodExpiresDate == renewal1 + .days(16))
    #expect(n.renewal?.isInBillingRetryPeriod == true)
    #expect(n.renewal?.expirationIntent == 2)
    #expect(n.renewal?.autoRenewStatus == 1)
    // The latest transaction is still the lapsed one: expiresDate is the failed renewal.
    #expect(n.transaction?.expiresDate == renewal1)
    #expect(n.transaction?.purchaseDate == testStart)
    #expect(e.record.charges == 1)
    #expect(e.record.periodEnd == renewal1)
    #expect(e.record.periodNumber == 1)
    #expect(e.record.billingIssueStart == renewal1)
    #expect(e.record.retryWindowEnd == renewal1 + .days(60))
  }

  /// App Store Connect's "paid to paid only" grace: the first charge after a free trial fails
  /// without grace, straight into billing retry for the whole 60 days; with "all renewals" it
  /// gets the 16 days; a paid renewal gets them either way.
  @Test(arguments: GraceRenewals.allCases)
  func aTrialsFirstChargeGetsGraceOnlyWhenEveryRenewalDoes(_ renewals: GraceRenewals) throws {
    var product = appleProduct(trial: .weeks(1))
    product.graceRenewals = renewals
    var e = try appleEngine([product])
    let conversion = testStart + .days(7)
    e.play(
      [(subscribeWithTrial, testStart), (.cardFails(.expired), testStart + .days(2))],
      until: conversion + .hours(1))
    let failed = try #require(e.observer.sent.last)
    #expect(e.record.billingIssueStart == conversion)
    #expect(e.record.retryWindowEnd == conversion + .days(60))
    switch renewals {
    case .all:
      #expect(failed.name == "DID_FAIL_TO_RENEW/GRACE_PERIOD")
      #expect(e.record.truth == .grace)
      #expect(failed.renewal?.gracePeriodExpiresDate == conversion + .days(16))
    case .paidToPaid:
      #expect(failed.name == "DID_FAIL_TO_RENEW")
      #expect(e.record.truth == .hold)
      #expect(failed.renewal?.gracePeriodExpiresDate == nil)
      #expect(failed.renewal?.isInBillingRetryPeriod == true)
    }
  }

  @Test func aPaidRenewalGetsGraceWithPaidToPaidGrace() throws {
    var product = appleProduct()
    product.graceRenewals = .paidToPaid
    var e = try appleEngine([product])
    e.play(
      [(subscribe, testStart), (.cardFails(.expired), testStart + .days(20))], until: renewal1 + .hours(1))
    #expect(e.record.truth == .grace)
    #expect(e.observer.sent.last?.name == "DID_FAIL_TO_RENEW/GRACE_PERIOD")
  }

  @Test func graceEndingUnpaidThenTheWindowEndingUnpaid() throws {
    var e = try appleEngine()
    e.play(
      [(subscribe, testStart), (.cardFails(.insufficientFunds), testStart)], until: renewal1 + .days(70))
    #expect(
      e.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "GRACE_PERIOD_EXPIRED",
        "EXPIRED/BILLING_RETRY",
      ])
    #expect(e.observer.truthChanges.map(\.to) == [.active, .grace, .hold, .expired])
    #expect(e.observer.instants(becoming: .hold) == [renewal1 + .days(16)])
    #expect(e.observer.instants(becoming: .expired) == [renewal1 + .days(60)])

    let graceOver = try #require(e.observer.last("GRACE_PERIOD_EXPIRED"))
    #expect(graceOver.status == 3)
    #expect(graceOver.apple.subtype == nil)
    #expect(graceOver.transaction?.expiresDate == renewal1)
    #expect(graceOver.renewal?.isInBillingRetryPeriod == true)
    #expect(graceOver.renewal?.gracePeriodExpiresDate == renewal1 + .days(16))

    let expired = try #require(e.observer.last("EXPIRED/BILLING_RETRY"))
    #expect(expired.status == 2)
    #expect(expired.renewal?.expirationIntent == 2)
    #expect(expired.renewal?.isInBillingRetryPeriod == false)
    #expect(expired.renewal?.gracePeriodExpiresDate == nil)
    #expect(expired.transaction?.expiresDate == renewal1)
    #expect(e.record.charges == 1)
  }

  @Test func aFailedRenewalWithoutGraceGoesStraightToBillingRetry() throws {
    var e = try appleEngine([appleProduct(grace: .zero)])
    e.play([(subscribe, testStart), (.cardFails(.declined), testStart)], until: renewal1 + .days(61))
    #expect(e.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW", "EXPIRED/BILLING_RETRY"])
    let failed = try #require(e.observer.last("DID_FAIL_TO_RENEW"))
    #expect(failed.apple.subtype == nil)
    #expect(failed.status == 3)
    #expect(failed.renewal?.gracePeriodExpiresDate == nil)
    #expect(failed.renewal?.isInBillingRetryPeriod == true)
    #expect(failed.transaction?.expiresDate == renewal1)
    #expect(e.observer.truthChanges.map(\.to) == [.active, .hold, .expired])
    #expect(e.observer.instants(becoming: .hold) == [renewal1])
    #expect(e.observer.instants(becoming: .expired) == [renewal1 + .days(60)])
  }

  @Test func retriesFollowTheDefaultScheduleInsideTheSixtyDays() throws {
    var e = try appleEngine()
    e.play([(subscribe, testStart), (.cardFails(.declined), testStart)], until: renewal1 + .days(90))
    let retries = e.payments.attempts.filter { if case .retry = $0.kind { true } else { false } }
    #expect(
      retries.map(\.instant) == [1, 3, 5, 7, 10, 14, 21, 28, 35, 42, 49, 56].map { renewal1 + .days($0) })
    #expect(retries.map(\.kind) == (1...12).map { ChargeAttempt.retry(Int32($0)) })
    // A failed retry sends nothing.
    #expect(e.observer.sent.count == 4)
  }

  @Test func aCustomScheduleSkipsRetriesPastAShorterWindow() throws {
    var e = try appleEngine(
      [appleProduct(grace: .days(3), hold: .days(17))], retrySchedule: [.days(2), .days(4), .days(30)])
    e.play([(subscribe, testStart), (.cardFails(.declined), testStart)], until: renewal1 + .days(40))
    let retries = e.payments.attempts.filter { if case .retry = $0.kind { true } else { false } }
    #expect(retries.map(\.instant) == [renewal1 + .days(2), renewal1 + .days(4)])
    #expect(e.observer.instants(becoming: .hold) == [renewal1 + .days(3)])
    #expect(e.observer.instants(becoming: .expired) == [renewal1 + .days(20)])
  }

  @Test func graceFillingTheWholeWindowExpiresWithoutGracePeriodExpired() throws {
    var e = try appleEngine([appleProduct(grace: .days(16), hold: .zero)])
    e.play([(subscribe, testStart), (.cardFails(.declined), testStart)], until: renewal1 + .days(20))
    #expect(
      e.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "EXPIRED/BILLING_RETRY",
      ])
    #expect(e.observer.instants(becoming: .expired) == [renewal1 + .days(16)])
  }

  @Test func weeklyProductsGetSixDaysOfGraceByDefault() throws {
    var e = try appleEngine([appleProduct("premium.weekly", period: .oneWeek)])
    let renewal = testStart + .days(7)
    e.play([(subscribe, testStart), (.cardFails(.declined), testStart)], until: renewal + .days(61))
    #expect(
      e.observer.last("DID_FAIL_TO_RENEW/GRACE_PERIOD")?.renewal?.gracePeriodExpiresDate == renewal + .days(6)
    )
    #expect(e.observer.instants(becoming: .hold) == [renewal + .days(6)])
    #expect(e.observer.instants(becoming: .expired) == [renewal + .days(60)])
  }

  /// The scenario format's own example: Jan 31, card expires, fixed during grace.
  @Test func recoveryInsideGraceKeepsTheBillingDate() throws {
    let start = at("2026-01-31T09:00:00Z")
    let renewal = at("2026-02-28T09:00:00Z")
    var e = try appleEngine(start: start)
    e.play(
      [(subscribe, start), (.cardFails(.expired), start + .days(20)), (.updateCard, renewal + .days(5))],
      until: at("2026-04-30T10:00:00Z"))
    #expect(
      e.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "DID_RENEW/BILLING_RECOVERY", "DID_RENEW",
        "DID_RENEW",
      ])
    let recovery = try #require(e.observer.last("DID_RENEW/BILLING_RECOVERY"))
    #expect(e.observer.sentAt[2].instant == renewal + .days(5))
    #expect(recovery.status == 1)
    #expect(recovery.transaction?.transactionReason == "RENEWAL")
    #expect(recovery.transaction?.purchaseDate == renewal)
    #expect(recovery.transaction?.expiresDate == at("2026-03-31T09:00:00Z"))
    #expect(recovery.renewal?.gracePeriodExpiresDate == nil)
    #expect(recovery.renewal?.isInBillingRetryPeriod == nil)
    #expect(recovery.renewal?.expirationIntent == nil)
    let renewals = e.observer.sentAt.filter { $0.notification.name == "DID_RENEW" }.map(\.instant)
    #expect(renewals == [at("2026-03-31T09:00:00Z"), at("2026-04-30T09:00:00Z")])
    #expect(
      e.payments.attempts.map(\.kind) == [
        .purchase, .renewal, .retry(1), .retry(2), .cardUpdated, .renewal, .renewal,
      ])
    #expect(e.record.charges == 4)
    #expect(e.observer.truthChanges.map(\.to) == [.active, .grace, .active])
    // renewal 2 is the kept billing date.
    #expect(e.record.periodNumber == 4)
  }

  @Test func aRetryThatSucceedsInsideGraceRecovers() throws {
    var e = try appleEngine()
    e.play([(subscribe, testStart)], until: testStart + .hours(1))
    // From here every charge before renewal 1 + 4d is declined, whatever the card.
    e.payments.worksFrom = renewal1 + .days(4)
    _ = e.run(until: renewal1 + .days(40))
    #expect(
      e.observer.sentAt.map(\.instant) == [
        testStart, renewal1, renewal1 + .days(5), at("2026-03-01T00:00:00Z"),
      ])
    #expect(
      e.observer.sentNames.suffix(3) == [
        "DID_FAIL_TO_RENEW/GRACE_PERIOD", "DID_RENEW/BILLING_RECOVERY", "DID_RENEW",
      ])
    #expect(e.payments.attempts.last { $0.succeeded && $0.kind == .retry(3) }?.instant == renewal1 + .days(5))
    #expect(
      e.observer.last("DID_RENEW/BILLING_RECOVERY")?.transaction?.expiresDate == at("2026-03-01T00:00:00Z"))
  }

  @Test func recoveryAfterGraceMovesTheBillingAnchorToTheRecovery() throws {
    var e = try appleEngine()
    let fixed = renewal1 + .days(20) + .hours(5)
    e.play(
      [(subscribe, testStart), (.cardFails(.expired), testStart), (.updateCard, fixed)],
      until: at("2026-04-20T00:00:00Z"))
    #expect(
      e.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "GRACE_PERIOD_EXPIRED",
        "DID_RENEW/BILLING_RECOVERY", "DID_RENEW",
      ])
    let recovery = try #require(e.observer.last("DID_RENEW/BILLING_RECOVERY"))
    #expect(recovery.transaction?.purchaseDate == fixed)
    #expect(recovery.transaction?.expiresDate == at("2026-03-21T05:00:00Z"))
    #expect(e.observer.sentAt.last?.instant == at("2026-03-21T05:00:00Z"))
    #expect(e.observer.last("DID_RENEW")?.transaction?.expiresDate == at("2026-04-21T05:00:00Z"))
    #expect(e.observer.truthChanges.map(\.to) == [.active, .grace, .hold, .active])
    #expect(e.record.billingAnchor == fixed)
    // Timers of the closed episode never fire: no EXPIRED at renewal 1 + 60d.
    #expect(!e.observer.sentNames.contains("EXPIRED/BILLING_RETRY"))
  }

  @Test func recoveryWithoutGraceMovesTheAnchorToo() throws {
    var e = try appleEngine([appleProduct(grace: .zero)])
    let fixed = renewal1 + .days(2)
    e.play([(subscribe, testStart), (.cardFails(.expired), testStart), (.updateCard, fixed)], until: fixed)
    #expect(e.observer.sentNames.last == "DID_RENEW/BILLING_RECOVERY")
    #expect(e.record.periodEnd == fixed + .days(28))
    #expect(e.record.periodStart == fixed)
  }

  @Test func updatingAWorkingCardChargesNothing() throws {
    var e = try appleEngine()
    e.play([(subscribe, testStart), (.updateCard, testStart + .days(3))], until: testStart + .days(4))
    #expect(e.payments.attempts.map(\.kind) == [.purchase])
    #expect(e.observer.sent.count == 1)
  }

  @Test func aTrialThatFailsToConvertEntersGrace() throws {
    var e = try appleEngine([appleProduct(trial: .weeks(1))])
    e.play(
      [(subscribeWithTrial, testStart), (.cardFails(.declined), testStart)], until: testStart + .days(8))
    let n = try #require(e.observer.last("DID_FAIL_TO_RENEW/GRACE_PERIOD"))
    #expect(n.transaction?.offerType == 1)
    #expect(n.transaction?.expiresDate == testStart + .days(7))
    #expect(n.renewal?.gracePeriodExpiresDate == testStart + .days(23))
    #expect(e.record.truth == .grace)
  }

  @Test(arguments: [StoreTruth.grace, .hold])
  func cancelingDuringABillingIssueStopsRetriesAndExpires(_ state: StoreTruth) throws {
    var e = try appleEngine()
    let cancelAt = renewal1 + .days(state == .grace ? 2 : 20)
    e.play(
      [(subscribe, testStart), (.cardFails(.declined), testStart), (.cancel, cancelAt)],
      until: renewal1 + .days(70))
    #expect(
      e.observer.sentNames.suffix(2) == [
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY",
      ])
    #expect(e.observer.sentAt.suffix(2).allSatisfy { $0.instant == cancelAt })
    let expired = try #require(e.observer.last("EXPIRED/VOLUNTARY"))
    #expect(expired.status == 2)
    #expect(expired.renewal?.expirationIntent == 1)
    #expect(expired.renewal?.autoRenewStatus == 0)
    #expect(expired.renewal?.isInBillingRetryPeriod == false)
    #expect(e.observer.instants(becoming: .expired) == [cancelAt])
    #expect(e.payments.attempts.allSatisfy { $0.instant <= cancelAt })
    #expect(!e.observer.sentNames.contains("EXPIRED/BILLING_RETRY"))
    #expect(!e.observer.sentNames.contains("GRACE_PERIOD_EXPIRED") || state == .hold)
    // It is over: uncancel does nothing, a resubscription starts again.
    e.play([(.uncancel, renewal1 + .days(71))], until: renewal1 + .days(72))
    #expect(e.record.truth == .expired)
  }

  @Test func aFixedCardWhenTheStoreStillDeclinesChangesNothing() throws {
    // A processor that declines every retry even after update-card: Monte Carlo's case.
    var e = try appleEngine()
    e.play([(subscribe, testStart)], until: testStart + .hours(1))
    e.payments.worksFrom = .distantFuture
    e.play([(.updateCard, renewal1 + .days(3))], until: renewal1 + .days(4))
    #expect(e.record.truth == .grace)
    #expect(e.payments.attempts.map(\.kind).contains(.cardUpdated))
    #expect(e.observer.sentNames.last == "DID_FAIL_TO_RENEW/GRACE_PERIOD")
  }
}
