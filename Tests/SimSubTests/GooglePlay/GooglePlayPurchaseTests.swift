import TestSupport
import Testing

@testable import SimSub

@Suite("Google Play purchases, trials and renewals")
struct GooglePlayPurchaseTests {
  let firstToken: UInt64 = 100_000_001_000_000  // subscriber 1, no transactions before

  @Test func aPurchaseSendsPurchasedAndFetchesActive() throws {
    var e = GP.engine(GP.model())
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: testStart + .days(1))
    let sent = e.observer.googleSent
    #expect(sent.map(\.name) == ["SUBSCRIPTION_PURCHASED"])
    #expect(e.record.truth == .active)
    #expect(e.record.charges == 1)
    #expect(e.record.collectedMilliunits == 9_990)
    #expect(e.record.periodNumber == 1)
    #expect(e.record.periodEnd == GP.at(2026, 2, 1))

    let n = try #require(e.observer.delivered("SUBSCRIPTION_PURCHASED"))
    #expect(n.rtdn.version == "1.0")
    #expect(n.rtdn.packageName == "com.example.app")
    #expect(n.rtdn.eventTime == testStart)
    #expect(n.rtdn.subscriptionNotification.notificationType.rawValue == 4)
    #expect(n.token == Symbol(number: firstToken))
    let r = try #require(n.resource)
    #expect(r.subscriptionState == .active)
    #expect(r.startTime == testStart)
    #expect(r.linkedPurchaseToken == nil)
    #expect(r.canceledStateContext == nil)
    #expect(r.autoResumeTime == nil)
    #expect(r.latestOrderId == Symbol(number: firstToken * 1000))
    #expect(r.acknowledgementState == "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED")
    #expect(r.lineItem.productId == "premium.monthly")
    #expect(r.lineItem.basePlanId == "monthly")
    #expect(r.lineItem.expiryTime == GP.at(2026, 2, 1))
    #expect(r.lineItem.autoRenewEnabled)
    #expect(r.lineItem.offerId == nil)
    #expect(r.lineItem.latestSuccessfulOrderId == r.latestOrderId)
  }

  @Test func aDeclinedFirstChargeBuysNothing() {
    var e = GP.engine(GP.model())
    e.schedule(.cardFails(.declined), at: testStart)
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: testStart + .days(40))
    #expect(e.observer.googleSent.isEmpty)
    #expect(e.record.truth == .never)
    #expect(e.record.charges == 0)
  }

  @Test func aRenewalSendsRenewedWithTheNextExpiryAndANewOrder() throws {
    var e = GP.engine(GP.model())
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: GP.at(2026, 2, 15))
    let renewed = try #require(e.observer.delivered("SUBSCRIPTION_RENEWED"))
    #expect(renewed.instant == GP.at(2026, 2, 1))
    #expect(renewed.rtdn.subscriptionNotification.notificationType.rawValue == 2)
    #expect(renewed.token == Symbol(number: firstToken))
    #expect(renewed.resource?.subscriptionState == .active)
    #expect(renewed.resource?.lineItem.expiryTime == GP.at(2026, 3, 1))
    #expect(renewed.resource?.latestOrderId == Symbol(number: firstToken * 1000 + 1))
    #expect(e.record.charges == 2)
    #expect(e.record.periodNumber == 2)
    #expect(e.record.periodStart == GP.at(2026, 2, 1))
  }

  /// Jan 31 → Feb 28 (29 in a leap year) → Mar 31 → Apr 30, always from the anchor.
  @Test(arguments: [2026, 2028] as [Int64])
  func monthlyRenewalsKeepTheAnchorDay(year: Int64) {
    let february: Int64 = CivilDate.isLeapYear(year) ? 29 : 28
    let renewals = [
      GP.at(year, 2, february, 9), GP.at(year, 3, 31, 9), GP.at(year, 4, 30, 9), GP.at(year, 5, 31, 9),
    ]
    let start = GP.at(year, 1, 31, 9)
    var e = GP.engine(GP.model(), start: start)
    e.schedule(.subscribe(product: 0, trial: false), at: start)
    _ = e.run(until: GP.at(year, 5, 31, 10))
    let renewed = e.observer.googleDelivered.filter { $0.name == "SUBSCRIPTION_RENEWED" }
    #expect(renewed.map(\.instant) == renewals)
    let expiries = renewed.compactMap { $0.resource?.lineItem.expiryTime }
    #expect(expiries == Array(renewals.dropFirst()) + [GP.at(year, 6, 30, 9)])
    #expect(e.record.periodNumber == 5)
  }

  @Test func aYearlyPlanBoughtOnFebruary29RenewsOnFebruary28() {
    let start = GP.at(2028, 2, 29)
    var e = GP.engine(GP.model([GP.product("premium.yearly", period: .oneYear)]), start: start)
    e.schedule(.subscribe(product: 0, trial: false), at: start)
    _ = e.run(until: GP.at(2032, 3, 1))
    let renewed = e.observer.googleSent.filter { $0.name == "SUBSCRIPTION_RENEWED" }.map(\.instant)
    #expect(renewed == [GP.at(2029, 2, 28), GP.at(2030, 2, 28), GP.at(2031, 2, 28), GP.at(2032, 2, 29)])
  }

  @Test func weeklyPlansRenewEverySevenDays() {
    var e = GP.engine(GP.model([GP.product("premium.weekly", period: .oneWeek)]))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: testStart + .days(29))
    let renewed = e.observer.googleSent.filter { $0.name == "SUBSCRIPTION_RENEWED" }.map(\.instant)
    #expect(renewed == [7, 14, 21, 28].map { testStart + .days($0) })
    #expect(e.observer.delivered("SUBSCRIPTION_PURCHASED")?.resource?.lineItem.basePlanId == "weekly")
  }

  // MARK: Trials

  @Test func aFreeTrialIsUnchargedThenRenewsAtItsEnd() throws {
    var e = GP.engine(GP.model([GP.product(trial: .days(7))]))
    e.schedule(.subscribe(product: 0, trial: true), at: testStart)
    _ = e.run(until: testStart + .days(8))
    let purchased = try #require(e.observer.delivered("SUBSCRIPTION_PURCHASED"))
    #expect(purchased.resource?.lineItem.offerId == "free-trial")
    #expect(purchased.resource?.lineItem.expiryTime == testStart + .days(7))
    #expect(purchased.resource?.latestOrderId == Symbol(number: firstToken * 1000))  // the $0 order
    let renewed = try #require(e.observer.delivered("SUBSCRIPTION_RENEWED"))
    #expect(renewed.instant == testStart + .days(7))
    #expect(renewed.resource?.lineItem.offerId == nil)
    #expect(renewed.resource?.lineItem.expiryTime == GP.at(2026, 2, 8))
    #expect(e.record.charges == 1)
    #expect(e.record.collectedMilliunits == 9_990)
    #expect(e.record.periodNumber == 2)
    #expect(!e.record.inTrial)
  }

  @Test func aTrialIsGivenOnlyWhenAskedAndOffered() {
    var e = GP.engine(GP.model([GP.product(trial: .days(7)), GP.product("plain", group: "other")]))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: testStart + .hours(1))
    #expect(e.record.charges == 1)
    #expect(!e.record.inTrial)

    var f = GP.engine(GP.model([GP.product("plain")]))
    f.schedule(.subscribe(product: 0, trial: true), at: testStart)
    _ = f.run(until: testStart + .hours(1))
    #expect(f.record.charges == 1)
    #expect(f.observer.delivered("SUBSCRIPTION_PURCHASED")?.resource?.lineItem.offerId == nil)
  }

  @Test func aPaidPurchaseEndsTrialEligibilityInItsGroup() {
    // As for Apple and Stripe: a subscriber who has bought in the group is no new customer.
    let model = GP.model([
      GP.product("a", trial: .days(7), group: "g1"), GP.product("b", trial: .days(7), group: "g1"),
    ])
    var e = GP.engine(model)
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.refund, at: testStart + .days(1))
    e.schedule(.subscribe(product: 1, trial: true), at: testStart + .days(2))
    _ = e.run(until: testStart + .days(3))
    let purchases = e.observer.googleDelivered.filter { $0.name == "SUBSCRIPTION_PURCHASED" }
    #expect(purchases.count == 2)
    #expect(purchases.map { $0.resource?.lineItem.offerId } == [nil, nil])
    #expect(e.record.charges == 2)
    #expect(!e.record.inTrial)
  }

  @Test func resubscribeBuysOnlyAfterAnEnd() {
    var e = GP.engine(GP.model([GP.product()]))
    // With nothing bought yet there is nothing to subscribe to again.
    e.schedule(.resubscribe(product: 0), at: testStart)
    _ = e.run(until: testStart + .days(1))
    #expect(e.observer.googleSent.isEmpty)
    #expect(e.record.truth == .never)
    e.schedule(.subscribe(product: 0, trial: false), at: testStart + .days(1))
    e.schedule(.refund, at: testStart + .days(2))
    e.schedule(.resubscribe(product: 0), at: testStart + .days(3))
    _ = e.run(until: testStart + .days(4))
    #expect(e.observer.googleDelivered.filter { $0.name == "SUBSCRIPTION_PURCHASED" }.count == 2)
    #expect(e.record.truth == .active)
  }

  @Test func aTrialIsGrantedOncePerGroup() {
    let model = GP.model([
      GP.product("a", trial: .days(7), group: "g1"), GP.product("b", trial: .days(7), group: "g1"),
      GP.product("c", trial: .days(3), group: "g2"),
    ])
    var e = GP.engine(model)
    e.schedule(.subscribe(product: 0, trial: true), at: testStart)
    e.schedule(.cancel, at: testStart + .days(1))
    // The trial expires on day 7; the same group's other product gets no second trial.
    e.schedule(.subscribe(product: 1, trial: true), at: testStart + .days(10))
    e.schedule(.refund, at: testStart + .days(11))
    // Another group's trial is still there.
    e.schedule(.subscribe(product: 2, trial: true), at: testStart + .days(12))
    _ = e.run(until: testStart + .days(13))
    let purchases = e.observer.googleDelivered.filter { $0.name == "SUBSCRIPTION_PURCHASED" }
    #expect(
      purchases.map { $0.resource?.lineItem.offerId } == [Symbol("free-trial"), nil, Symbol("free-trial")])
    #expect(e.record.charges == 1)
    #expect(e.record.inTrial)
  }

  // MARK: Resubscribe

  @Test func aResubscriptionAfterExpiryIsANewUnlinkedPurchase() throws {
    var e = GP.engine(GP.model())
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.cancel, at: testStart + .days(3))
    e.schedule(.resubscribe(product: 0), at: GP.at(2026, 3, 10))
    _ = e.run(until: GP.at(2026, 3, 11))
    #expect(
      e.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED", "SUBSCRIPTION_PURCHASED",
      ])
    let again = try #require(e.observer.delivered("SUBSCRIPTION_PURCHASED"))
    #expect(again.token == Symbol(number: firstToken + 1))  // one transaction before it
    #expect(again.token != e.observer.googleSent[0].token)
    #expect(again.resource?.linkedPurchaseToken == nil)
    #expect(again.resource?.subscriptionState == .active)
    #expect(again.resource?.startTime == GP.at(2026, 3, 10))
    #expect(again.resource?.lineItem.expiryTime == GP.at(2026, 4, 10))
    #expect(e.record.charges == 2)
    #expect(e.record.periodNumber == 2)
    #expect(e.record.originalPurchaseDate == testStart)
  }

  @Test func resubscribingWhileSubscribedDoesNothing() {
    var e = GP.engine(GP.model())
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.resubscribe(product: 0), at: testStart + .days(3))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart + .days(4))
    _ = e.run(until: testStart + .days(5))
    #expect(e.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PURCHASED"])
    #expect(e.record.charges == 1)
  }

  // MARK: Identifiers

  @Test func orderIdsReadAsGoogleSpellsThem() {
    let token = firstToken
    #expect(GooglePlayModel.orderIdText(Symbol(number: token * 1000)) == "GPA.0010-0000-0010-00000")
    #expect(GooglePlayModel.orderIdText(Symbol(number: token * 1000 + 1)) == "GPA.0010-0000-0010-00000..0")
    #expect(GooglePlayModel.orderIdText(Symbol(number: token * 1000 + 12)) == "GPA.0010-0000-0010-00000..11")
    #expect(GooglePlayModel.orderIdText("GPA.3333-4137-0319-36762") == "GPA.3333-4137-0319-36762")
  }

  @Test func subscribersGetDistinctTokens() {
    var a = SubscriptionRecord(subscriber: 1)
    var b = SubscriptionRecord(subscriber: 2)
    #expect(GooglePlayModel.newPurchaseToken(for: a) != GooglePlayModel.newPurchaseToken(for: b))
    a.transactionCount = 999_999
    b.transactionCount = 0
    #expect(GooglePlayModel.newPurchaseToken(for: a) != GooglePlayModel.newPurchaseToken(for: b))
  }
}
