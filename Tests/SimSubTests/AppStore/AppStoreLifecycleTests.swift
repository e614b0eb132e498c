import TestSupport
import Testing

@testable import SimSub

@Suite("App Store: purchase, renewal, trial, cancel, resubscribe")
struct AppStoreLifecycleTests {
  @Test func firstPurchaseSendsSubscribedInitialBuy() throws {
    var e = try appleEngine()
    e.play([(subscribe, testStart)], until: testStart + .days(1))
    #expect(e.record.truth == .active)
    #expect(e.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY"])
    let n = try #require(e.observer.sent.first)
    #expect(n.status == 1)
    #expect(n.apple.signedDate == testStart)
    let t = try #require(n.transaction)
    #expect(t.transactionId == t.originalTransactionId)
    #expect(t.productId == "premium.monthly")
    #expect(t.purchaseDate == testStart)
    #expect(t.originalPurchaseDate == testStart)
    #expect(t.expiresDate == at("2026-02-01T00:00:00Z"))
    #expect(t.price == 9_990)
    #expect(t.currency == "USD")
    #expect(t.transactionReason == "PURCHASE")
    #expect(t.offerType == nil)
    #expect(t.revocationDate == nil)
    let r = try #require(n.renewal)
    #expect(r.autoRenewStatus == 1)
    #expect(r.autoRenewProductId == "premium.monthly")
    #expect(r.expirationIntent == nil)
    #expect(r.isInBillingRetryPeriod == nil)
    #expect(r.gracePeriodExpiresDate == nil)
    #expect(r.renewalDate == at("2026-02-01T00:00:00Z"))
    #expect(e.record.charges == 1)
    #expect(e.record.collectedMilliunits == 9_990)
    #expect(e.record.periodNumber == 1)
    #expect(e.record.periodEnd == at("2026-02-01T00:00:00Z"))
    #expect(e.payments.attempts.map(\.kind) == [.purchase])
  }

  @Test func aDeclinedFirstPurchaseBuysNothing() throws {
    var e = try appleEngine()
    e.play([(.cardFails(.declined), testStart), (subscribe, testStart)], until: testStart + .days(40))
    #expect(e.record.truth == .never)
    #expect(e.observer.sent.isEmpty)
    #expect(e.record.charges == 0)
    #expect(e.payments.attempts.map(\.succeeded) == [false])
  }

  struct AnchorCase: Sendable, CustomTestStringConvertible {
    var start: String
    var period: BillingPeriod
    var renewals: [String]
    var testDescription: String { "\(start) \(period.code)" }
  }

  @Test(arguments: [
    AnchorCase(
      start: "2026-01-31T09:00:00Z", period: .oneMonth,
      renewals: [
        "2026-02-28T09:00:00Z", "2026-03-31T09:00:00Z", "2026-04-30T09:00:00Z", "2026-05-31T09:00:00Z",
      ]),
    AnchorCase(
      start: "2028-01-31T09:00:00Z", period: .oneMonth,
      renewals: ["2028-02-29T09:00:00Z", "2028-03-31T09:00:00Z", "2028-04-30T09:00:00Z"]),
    AnchorCase(
      start: "2028-02-29T12:00:00Z", period: .oneYear,
      renewals: [
        "2029-02-28T12:00:00Z", "2030-02-28T12:00:00Z", "2031-02-28T12:00:00Z", "2032-02-29T12:00:00Z",
      ]),
    AnchorCase(
      start: "2026-08-31T00:00:00Z", period: .sixMonths,
      renewals: ["2027-02-28T00:00:00Z", "2027-08-31T00:00:00Z"]),
    AnchorCase(
      start: "2026-01-01T00:00:00Z", period: .oneWeek,
      renewals: ["2026-01-08T00:00:00Z", "2026-01-15T00:00:00Z", "2026-01-22T00:00:00Z"]),
  ])
  func renewalsKeepTheAnchorDay(_ c: AnchorCase) throws {
    let start = at(c.start)
    var e = try appleEngine([appleProduct("p", period: c.period)], start: start)
    let last = at(c.renewals.last!)
    e.play([(subscribe, start)], until: last)
    let renewals = e.observer.sentAt.filter { $0.notification.name == "DID_RENEW" }
    #expect(renewals.map(\.instant) == c.renewals.map(at))
    // Each renewal pays for the period that ends at the next one.
    let expiries = renewals.compactMap { $0.notification.transaction?.expiresDate }
    #expect(expiries.dropLast() == c.renewals.dropFirst().map(at)[...])
    #expect(renewals.allSatisfy { $0.notification.status == 1 })
    #expect(renewals.allSatisfy { $0.notification.transaction?.transactionReason == "RENEWAL" })
    #expect(renewals.allSatisfy { $0.notification.transaction?.purchaseDate == $0.instant })
    let ids = e.observer.sent.compactMap { $0.transaction?.transactionId.number }
    #expect(ids == ids.sorted() && Set(ids).count == ids.count)
    #expect(e.record.periodNumber == Int32(c.renewals.count + 1))
    #expect(e.record.charges == Int32(c.renewals.count + 1))
  }

  @Test func aTrialIsFreeAndConvertsAtItsEnd() throws {
    var e = try appleEngine([appleProduct(trial: .weeks(1))])
    e.play([(subscribeWithTrial, testStart)], until: testStart + .days(8))
    let buy = try #require(e.observer.last("SUBSCRIBED/INITIAL_BUY"))
    #expect(buy.transaction?.offerType == 1)
    #expect(buy.transaction?.price == 0)
    #expect(buy.transaction?.expiresDate == testStart + .days(7))
    #expect(buy.status == 1)
    let convert = try #require(e.observer.last("DID_RENEW"))
    #expect(e.observer.sentAt.last?.instant == testStart + .days(7))
    #expect(convert.transaction?.offerType == nil)
    #expect(convert.transaction?.price == 9_990)
    #expect(convert.transaction?.transactionReason == "RENEWAL")
    // The paid months count from the trial's end.
    #expect(convert.transaction?.expiresDate == at("2026-02-08T00:00:00Z"))
    #expect(e.record.charges == 1)
    #expect(e.payments.attempts.map(\.kind) == [.renewal])
    // renewal 1 is the end of the trial; the first paid period is period 2.
    #expect(e.record.periodNumber == 2)
  }

  @Test func aTrialIsGrantedOncePerGroup() throws {
    let products = [
      appleProduct("a", trial: .days(3), group: "one"),
      appleProduct("b", trial: .days(3), group: "one"),
      appleProduct("c", trial: .days(3), group: "two"),
    ]
    var e = try appleEngine(products)
    e.play(
      [
        (.subscribe(product: 0, trial: true), testStart),
        (.cancel, testStart + .days(1)),
        // Expired at day 3; asking again in the same group gets no trial.
        (.subscribe(product: 1, trial: true), testStart + .days(5)),
        (.refund, testStart + .days(6)),
        // Another group's intro offer is still available.
        (.resubscribe(product: 2), testStart + .days(7)),
      ], until: testStart + .days(8))
    let buys = e.observer.sent.filter { $0.apple.notificationType == .subscribed }
    #expect(
      buys.map(\.name) == ["SUBSCRIBED/INITIAL_BUY", "SUBSCRIBED/RESUBSCRIBE", "SUBSCRIBED/RESUBSCRIBE"])
    #expect(buys.map { $0.transaction?.offerType } == [1, nil, nil])
    #expect(buys.map { $0.transaction?.price } == [0, 9_990, 9_990])

    var f = try appleEngine(products)
    f.play([(.subscribe(product: 2, trial: true), testStart)], until: testStart + .hours(1))
    #expect(f.observer.sent.first?.transaction?.offerType == 1)
  }

  @Test func askingForATrialOnAProductWithoutOneBuysIt() throws {
    var e = try appleEngine()
    e.play([(subscribeWithTrial, testStart)], until: testStart + .hours(1))
    #expect(e.observer.sent.first?.transaction?.offerType == nil)
    #expect(e.record.charges == 1)
  }

  @Test func cancelKeepsAccessToThePeriodsEndThenExpiresVoluntarily() throws {
    var e = try appleEngine()
    e.play([(subscribe, testStart), (.cancel, testStart + .days(10))], until: testStart + .days(11))
    #expect(e.record.truth == .canceled)
    let off = try #require(e.observer.last("DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED"))
    #expect(off.status == 1)
    #expect(off.renewal?.autoRenewStatus == 0)
    #expect(off.transaction?.expiresDate == at("2026-02-01T00:00:00Z"))
    _ = e.run(until: testStart + .days(60))
    #expect(e.record.truth == .expired)
    #expect(e.observer.instants(becoming: .expired) == [at("2026-02-01T00:00:00Z")])
    let expired = try #require(e.observer.last("EXPIRED/VOLUNTARY"))
    #expect(expired.status == 2)
    #expect(expired.renewal?.expirationIntent == 1)
    #expect(expired.renewal?.autoRenewStatus == 0)
    #expect(expired.renewal?.isInBillingRetryPeriod == false)
    #expect(e.record.charges == 1)
    #expect(e.payments.attempts.map(\.kind) == [.purchase])
  }

  @Test func uncancelTurnsAutoRenewBackOn() throws {
    var e = try appleEngine()
    e.play(
      [(subscribe, testStart), (.cancel, testStart + .days(5)), (.uncancel, testStart + .days(6))],
      until: testStart + .days(32))
    #expect(
      e.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED", "DID_RENEW",
      ])
    #expect(e.observer.last("DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED")?.status == 1)
    #expect(e.observer.last("DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED")?.renewal?.autoRenewStatus == 1)
    #expect(e.record.truth == .active)
    #expect(e.observer.truthChanges.map(\.to) == [.active, .canceled, .active])
  }

  @Test func cancelAtTheRenewalInstantEndsTheSubscriptionThere() throws {
    var e = try appleEngine()
    let renewal1 = at("2026-02-01T00:00:00Z")
    e.play([(subscribe, testStart), (.cancel, renewal1)], until: renewal1)
    #expect(e.record.truth == .expired)
    #expect(
      e.observer.sentNames.suffix(2) == [
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY",
      ])
  }

  @Test func resubscribingAfterExpiryStartsANewRun() throws {
    var e = try appleEngine()
    let back = at("2026-03-15T10:00:00Z")
    e.play(
      [(subscribe, testStart), (.cancel, testStart + .days(1)), (.resubscribe(product: 0), back)],
      until: back + .hours(1))
    let re = try #require(e.observer.last("SUBSCRIBED/RESUBSCRIBE"))
    let first = try #require(e.observer.last("SUBSCRIBED/INITIAL_BUY"))
    #expect(re.status == 1)
    #expect(re.transaction?.originalTransactionId == first.transaction?.originalTransactionId)
    #expect(re.transaction?.transactionId != first.transaction?.transactionId)
    #expect(re.transaction?.originalPurchaseDate == testStart)
    #expect(re.transaction?.purchaseDate == back)
    #expect(re.transaction?.expiresDate == at("2026-04-15T10:00:00Z"))
    #expect(re.renewal?.autoRenewStatus == 1)
    #expect(e.record.truth == .active)
    #expect(e.record.periodNumber == 2)
    #expect(e.record.charges == 2)
  }

  @Test func actionsTheStateDoesNotAllowChangeNothing() throws {
    var e = try appleEngine()
    e.play(
      [
        (.uncancel, testStart), (.cancel, testStart), (.refund, testStart), (.changeProduct(0), testStart),
        (.resubscribe(product: 0), testStart + .days(1)),
        (subscribe, testStart + .days(2)), (subscribe, testStart + .days(3)),
        (.uncancel, testStart + .days(3)),
        (.pause(.days(30)), testStart + .days(3)), (.resume, testStart + .days(3)),
        (.changeProduct(7), testStart + .days(3)), (.resubscribe(product: 9), testStart + .days(3)),
      ], until: testStart + .days(4))
    #expect(e.observer.sentAt.map(\.instant) == [testStart + .days(2)])
    #expect(e.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY"])
    #expect(e.record.charges == 1)
    #expect(e.record.truth == .active)
  }
}
