import TestSupport
import Testing

@testable import SimSub

@Suite("App Store: refunds and product changes")
struct AppStoreRefundAndChangeTests {
  let renewal1 = at("2026-02-01T00:00:00Z")

  // MARK: Refund

  @Test func aRefundRevokesAtOnce() throws {
    var e = try appleEngine()
    let refundAt = testStart + .days(10) + .hours(3)
    e.play([(subscribe, testStart), (.refund, refundAt)], until: testStart + .days(90))
    #expect(
      e.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "REFUND",
      ])
    #expect(e.observer.sent.map(\.status) == [1, 1, 5])
    let refund = try #require(e.observer.last("REFUND"))
    #expect(refund.apple.subtype == nil)
    #expect(refund.transaction?.revocationDate == refundAt)
    #expect(refund.transaction?.revocationReason == 0)
    #expect(refund.transaction?.transactionId == refund.transaction?.originalTransactionId)
    #expect(refund.renewal?.autoRenewStatus == 0)
    #expect(e.record.truth == .revoked)
    #expect(e.observer.instants(becoming: .revoked) == [refundAt])
    #expect(e.record.refundedMilliunits == 9_990)
    #expect(e.record.revocationDate == refundAt)
    // Nothing renews afterwards.
    #expect(e.payments.attempts.map(\.kind) == [.purchase])
  }

  @Test func aRefundAfterCancelSendsOnlyRefund() throws {
    var e = try appleEngine()
    e.play(
      [(subscribe, testStart), (.cancel, testStart + .days(1)), (.refund, testStart + .days(2))],
      until: testStart + .days(3))
    #expect(e.observer.sentNames.suffix(2) == ["DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "REFUND"])
    #expect(e.observer.sent.count == 3)
  }

  @Test func aRefundDuringGraceRevokesAndStopsRetries() throws {
    var e = try appleEngine()
    let refundAt = renewal1 + .days(4)
    e.play(
      [(subscribe, testStart), (.cardFails(.declined), testStart), (.refund, refundAt)],
      until: renewal1 + .days(70))
    #expect(e.observer.sent.suffix(2).map(\.status) == [4, 5])
    #expect(e.observer.sentNames.last == "REFUND")
    #expect(e.record.truth == .revoked)
    #expect(e.payments.attempts.allSatisfy { $0.instant <= refundAt })
    #expect(e.record.billingIssueStart == nil)
  }

  @Test func aRefundedTrialReturnsNothing() throws {
    var e = try appleEngine([appleProduct(trial: .days(3))])
    e.play([(subscribeWithTrial, testStart), (.refund, testStart + .days(1))], until: testStart + .days(2))
    #expect(e.record.truth == .revoked)
    #expect(e.record.refundedMilliunits == 0)
  }

  @Test func resubscribingAfterARefund() throws {
    var e = try appleEngine()
    e.play(
      [
        (subscribe, testStart), (.refund, testStart + .days(1)),
        (.resubscribe(product: 0), testStart + .days(2)),
      ],
      until: testStart + .days(3))
    let re = try #require(e.observer.last("SUBSCRIBED/RESUBSCRIBE"))
    #expect(re.transaction?.revocationDate == nil)
    #expect(re.status == 1)
    #expect(e.record.truth == .active)
  }

  // MARK: Product changes

  let basic = appleProduct("basic.monthly", price: 9_990)
  let plus = appleProduct("plus.monthly", price: 14_990)

  @Test func anUpgradeIsImmediateWithAProratedRefund() throws {
    var e = try appleEngine([basic, plus])
    let upgradeAt = testStart + .days(10)
    e.play([(subscribe, testStart), (.changeProduct(1), upgradeAt)], until: upgradeAt + .hours(1))
    let n = try #require(e.observer.sent.last)
    #expect(n.name == "DID_CHANGE_RENEWAL_PREF/UPGRADE")
    #expect(n.status == 1)
    #expect(n.transaction?.productId == "plus.monthly")
    #expect(n.transaction?.purchaseDate == upgradeAt)
    #expect(n.transaction?.expiresDate == at("2026-02-11T00:00:00Z"))
    #expect(n.transaction?.price == 14_990)
    #expect(n.transaction?.transactionReason == "PURCHASE")
    #expect(n.renewal?.autoRenewProductId == "plus.monthly")
    // 21 of January's 31 days unused: 9990 × 21 / 31, rounded down.
    #expect(e.record.refundedMilliunits == 6_767)
    #expect(e.record.charges == 2)
    #expect(e.record.collectedMilliunits == 9_990 + 14_990)
    #expect(e.payments.attempts.map(\.kind) == [.purchase, .upgrade])
    // The upgraded period replaces the current one: still period 1, ending a month from now.
    #expect(e.record.periodNumber == 1)
    _ = e.run(until: at("2026-03-01T00:00:00Z"))
    let renewals = e.observer.sentAt.filter { $0.notification.name == "DID_RENEW" }
    #expect(renewals.map(\.instant) == [at("2026-02-11T00:00:00Z")])
    #expect(renewals.first?.notification.transaction?.price == 14_990)
  }

  @Test func aSameDurationCrossgradeIsImmediate() throws {
    var e = try appleEngine([basic, appleProduct("basic.family", price: 9_990)])
    e.play([(subscribe, testStart), (.changeProduct(1), testStart + .days(3))], until: testStart + .days(4))
    #expect(e.observer.sentNames.last == "DID_CHANGE_RENEWAL_PREF/UPGRADE")
    #expect(e.record.product == 1)
    #expect(e.record.periodEnd == at("2026-02-04T00:00:00Z"))
  }

  @Test func aLongerPeriodAtAHigherDailyPriceIsAnUpgrade() throws {
    var e = try appleEngine([basic, appleProduct("plus.yearly", period: .oneYear, price: 149_990)])
    e.play([(subscribe, testStart), (.changeProduct(1), testStart + .days(3))], until: testStart + .days(4))
    #expect(e.observer.sentNames.last == "DID_CHANGE_RENEWAL_PREF/UPGRADE")
    #expect(e.record.periodEnd == at("2027-01-04T00:00:00Z"))
  }

  @Test func aDowngradeWaitsForTheNextRenewal() throws {
    var e = try appleEngine([basic, plus])
    e.play(
      [(.subscribe(product: 1, trial: false), testStart), (.changeProduct(0), testStart + .days(10))],
      until: testStart + .days(11))
    let n = try #require(e.observer.sent.last)
    #expect(n.name == "DID_CHANGE_RENEWAL_PREF/DOWNGRADE")
    #expect(n.status == 1)
    #expect(n.renewal?.autoRenewProductId == "basic.monthly")
    #expect(n.renewal?.productId == "plus.monthly")
    #expect(n.transaction?.productId == "plus.monthly")
    #expect(n.transaction?.expiresDate == renewal1)
    #expect(e.record.product == 1)
    #expect(e.record.pendingProduct == 0)
    #expect(e.payments.attempts.map(\.kind) == [.purchase])
    _ = e.run(until: renewal1)
    let renewal = try #require(e.observer.last("DID_RENEW"))
    #expect(renewal.transaction?.productId == "basic.monthly")
    #expect(renewal.transaction?.price == 9_990)
    #expect(renewal.transaction?.expiresDate == at("2026-03-01T00:00:00Z"))
    #expect(renewal.renewal?.autoRenewProductId == "basic.monthly")
    #expect(e.record.pendingProduct == nil)
    #expect(e.record.refundedMilliunits == 0)
  }

  @Test func aCrossgradeToAnotherDurationWaitsAndRestartsTheAnchor() throws {
    let start = at("2026-01-31T00:00:00Z")
    var e = try appleEngine(
      [basic, appleProduct("basic.yearly", period: .oneYear, price: 99_990)], start: start)
    e.play([(subscribe, start), (.changeProduct(1), start + .days(3))], until: at("2026-03-01T00:00:00Z"))
    #expect(
      e.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_PREF/DOWNGRADE", "DID_RENEW"])
    let renewal = try #require(e.observer.last("DID_RENEW"))
    #expect(e.observer.sentAt.last?.instant == at("2026-02-28T00:00:00Z"))
    #expect(renewal.transaction?.productId == "basic.yearly")
    #expect(renewal.transaction?.expiresDate == at("2027-02-28T00:00:00Z"))
  }

  @Test func aPendingDowngradeWaitsThroughABillingIssue() throws {
    var e = try appleEngine([basic, plus])
    e.play(
      [
        (.subscribe(product: 1, trial: false), testStart), (.changeProduct(0), testStart + .days(10)),
        (.cardFails(.declined), testStart + .days(11)), (.updateCard, renewal1 + .days(2)),
      ], until: renewal1 + .days(3))
    let failed = try #require(e.observer.last("DID_FAIL_TO_RENEW/GRACE_PERIOD"))
    #expect(failed.transaction?.productId == "plus.monthly")
    #expect(failed.renewal?.autoRenewProductId == "basic.monthly")
    let recovery = try #require(e.observer.last("DID_RENEW/BILLING_RECOVERY"))
    #expect(recovery.transaction?.productId == "basic.monthly")
    #expect(recovery.transaction?.price == 9_990)
  }

  @Test func choosingTheCurrentProductAgainCancelsTheDowngrade() throws {
    var e = try appleEngine([basic, plus])
    e.play(
      [
        (.subscribe(product: 1, trial: false), testStart), (.changeProduct(0), testStart + .days(10)),
        (.changeProduct(1), testStart + .days(12)),
      ], until: renewal1)
    let n = try #require(
      e.observer.sent.first { $0.apple.notificationType == .didChangeRenewalPref && $0.apple.subtype == nil })
    #expect(n.renewal?.autoRenewProductId == "plus.monthly")
    #expect(
      e.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_PREF/DOWNGRADE", "DID_CHANGE_RENEWAL_PREF", "DID_RENEW",
      ])
    #expect(e.observer.last("DID_RENEW")?.transaction?.productId == "plus.monthly")
  }

  @Test func aDowngradeWhileCanceledTurnsAutoRenewBackOn() throws {
    var e = try appleEngine([basic, plus])
    e.play(
      [
        (.subscribe(product: 1, trial: false), testStart), (.cancel, testStart + .days(5)),
        (.changeProduct(0), testStart + .days(6)),
      ], until: renewal1)
    #expect(
      e.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED", "DID_CHANGE_RENEWAL_PREF/DOWNGRADE", "DID_RENEW",
      ])
    #expect(e.record.truth == .active)
    #expect(e.record.product == 0)
  }

  @Test func anUpgradeWhileCanceledRenewsAgain() throws {
    var e = try appleEngine([basic, plus])
    e.play(
      [(subscribe, testStart), (.cancel, testStart + .days(5)), (.changeProduct(1), testStart + .days(6))],
      until: testStart + .days(7))
    #expect(e.observer.sentNames.last == "DID_CHANGE_RENEWAL_PREF/UPGRADE")
    #expect(e.observer.sent.last?.renewal?.autoRenewStatus == 1)
    #expect(e.record.truth == .active)
  }

  @Test func anUpgradeDuringATrialRefundsNothingAndEndsTheTrial() throws {
    var e = try appleEngine([appleProduct("basic.monthly", trial: .weeks(1)), plus])
    e.play(
      [(subscribeWithTrial, testStart), (.changeProduct(1), testStart + .days(2))],
      until: testStart + .days(3))
    let n = try #require(e.observer.sent.last)
    #expect(n.transaction?.offerType == nil)
    #expect(n.transaction?.price == 14_990)
    #expect(e.record.refundedMilliunits == 0)
    #expect(e.record.inTrial == false)
  }

  @Test func changesThatCannotHappenChangeNothing() throws {
    let other = appleProduct("other.monthly", price: 20_000, group: "other")
    var e = try appleEngine([basic, plus, other])
    e.play(
      [
        (subscribe, testStart),
        (.changeProduct(2), testStart + .days(1)),  // another group
        (.changeProduct(0), testStart + .days(1)),  // the current product, nothing pending
        (.cardFails(.declined), testStart + .days(1)),
        (.changeProduct(1), testStart + .days(2)),  // the upgrade's charge is declined
      ], until: testStart + .days(3))
    #expect(e.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY"])
    #expect(e.record.product == 0)
    #expect(e.payments.attempts.map(\.kind) == [.purchase, .upgrade])
    // In grace, no change is possible.
    e.play([(.changeProduct(1), renewal1 + .days(1))], until: renewal1 + .days(2))
    #expect(e.observer.sentNames.last == "DID_FAIL_TO_RENEW/GRACE_PERIOD")
  }

  @Test func upgradeOrDowngradeFollowsThePricePerDay() {
    let weekly = appleProduct("w", period: .oneWeek, price: 2_990)
    let monthly = appleProduct("m", price: 9_990)
    let yearly = appleProduct("y", period: .oneYear, price: 99_990)
    #expect(AppStoreModel.isImmediateChange(from: monthly, to: weekly))
    #expect(!AppStoreModel.isImmediateChange(from: weekly, to: monthly))
    #expect(!AppStoreModel.isImmediateChange(from: monthly, to: yearly))
    #expect(AppStoreModel.isImmediateChange(from: yearly, to: monthly))
    #expect(AppStoreModel.isImmediateChange(from: monthly, to: appleProduct("m2", price: 9_990)))
    #expect(
      AppStoreModel.proratedRefund(
        price: 9_990, periodStart: testStart, periodEnd: renewal1, at: testStart + .days(10))
        == 6_767)
    #expect(
      AppStoreModel.proratedRefund(price: 9_990, periodStart: testStart, periodEnd: renewal1, at: renewal1)
        == 0)
    #expect(
      AppStoreModel.proratedRefund(price: 9_990, periodStart: testStart, periodEnd: renewal1, at: testStart)
        == 9_990)
  }
}
