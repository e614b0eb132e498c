import TestSupport
import Testing

@testable import SimSub

@Suite("Google Play product changes")
struct GooglePlayProductChangeTests {
  let firstToken: UInt64 = 100_000_001_000_000
  let change = GP.at(2026, 1, 17)  // 15 days before renewal 1
  let renewal1 = GP.at(2026, 2, 1)

  let basic = GP.product("basic.monthly", price: 4_990)
  let premium = GP.product("premium.monthly", price: 9_990)

  func engine(
    from: ProductIndex, to: ProductIndex, mode: GoogleReplacementMode? = nil, products: [Product]? = nil
  ) -> GP.TestEngine<CardOnFile> {
    var e = GP.engine(GP.model(products ?? [basic, premium]))
    e.schedule(.subscribe(product: from, trial: false), at: testStart)
    e.schedule(.changeProduct(to, terms: .init(replacementMode: mode)), at: change)
    return e
  }

  @Test func anUpgradeIsANewLinkedPurchaseChargedTheProratedDifference() throws {
    var e = engine(from: 0, to: 1, mode: .chargeProratedPrice)
    _ = e.run(until: change + .hours(1))
    let sent = e.observer.googleSent
    #expect(sent.map(\.name) == ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_EXPIRED"])
    let oldToken = Symbol(number: firstToken)
    let newToken = Symbol(number: firstToken + 1)
    #expect(sent.map(\.token) == [oldToken, newToken, oldToken])
    #expect(sent.dropFirst().allSatisfy { $0.instant == change })

    // (9.99 − 4.99) per 30 days, for the 15 days left.
    #expect(e.record.collectedMilliunits == 4_990 + 2_500)
    #expect(e.record.charges == 2)
    #expect(e.record.product == 1)
    #expect(e.record.truth == .active)
    #expect(e.observer.truthSteps.count == 1)

    let purchased = e.observer.googleDelivered[1]
    #expect(purchased.resource?.subscriptionState == .active)
    #expect(purchased.resource?.linkedPurchaseToken == oldToken)
    #expect(purchased.resource?.lineItem.productId == "premium.monthly")
    #expect(purchased.resource?.lineItem.expiryTime == renewal1)  // billing date kept
    #expect(purchased.resource?.startTime == change)
    #expect(purchased.resource?.latestOrderId == Symbol(number: (firstToken + 1) * 1000))

    let old = e.observer.googleDelivered[2]
    #expect(old.resource?.subscriptionState == .expired)
    #expect(old.resource?.canceledStateContext == .replacementCancellation)
    #expect(old.resource?.lineItem.expiryTime == change)
    #expect(old.resource?.lineItem.autoRenewEnabled == false)

    _ = e.run(until: renewal1 + .hours(1))
    let renewed = try #require(e.observer.delivered("SUBSCRIPTION_RENEWED"))
    #expect(renewed.token == newToken)
    #expect(renewed.instant == renewal1)
    #expect(renewed.resource?.lineItem.expiryTime == GP.at(2026, 3, 1))
    #expect(e.record.collectedMilliunits == 4_990 + 2_500 + 9_990)
  }

  @Test func aDowngradeWaitsForTheNextRenewal() throws {
    var e = engine(from: 1, to: 0, mode: .deferred)
    _ = e.run(until: change + .hours(1))
    #expect(
      e.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_EXPIRED",
      ])
    #expect(e.record.product == 1)
    #expect(e.record.pendingProduct == 0)
    #expect(e.record.charges == 1)
    let purchased = e.observer.googleDelivered[1]
    // The new purchase still carries the old entitlement until the renewal.
    #expect(purchased.resource?.lineItem.productId == "premium.monthly")
    #expect(purchased.resource?.lineItem.expiryTime == renewal1)
    #expect(purchased.resource?.linkedPurchaseToken == Symbol(number: firstToken))
    #expect(purchased.resource?.latestOrderId == nil)
    #expect(e.observer.googleDelivered[2].resource?.canceledStateContext == .replacementCancellation)

    _ = e.run(until: renewal1 + .hours(1))
    let renewed = try #require(e.observer.delivered("SUBSCRIPTION_RENEWED"))
    #expect(renewed.token == Symbol(number: firstToken + 1))
    #expect(renewed.resource?.lineItem.productId == "basic.monthly")
    #expect(renewed.resource?.latestOrderId == Symbol(number: (firstToken + 1) * 1000))
    #expect(e.record.product == 0)
    #expect(e.record.pendingProduct == nil)
    #expect(e.record.collectedMilliunits == 9_990 + 4_990)
  }

  @Test func aDeferredChangeToAnotherPeriodStartsItsPeriodsAtTheRenewal() {
    let weekly = GP.product("basic.weekly", period: .oneWeek, price: 4_990)
    let monthly = GP.product("premium.monthly", price: 9_990)  // cheaper per day than the weekly
    var e = GP.engine(GP.model([weekly, monthly]))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.changeProduct(1, terms: .init(replacementMode: .deferred)), at: testStart + .days(2))
    _ = e.run(until: GP.at(2026, 3, 9))
    let renewals = e.observer.googleSent.filter { $0.name == "SUBSCRIPTION_RENEWED" }.map(\.instant)
    #expect(renewals == [GP.at(2026, 1, 8), GP.at(2026, 2, 8), GP.at(2026, 3, 8)])
  }

  @Test func anUpgradeInATrialKeepsTheTrial() {
    let products = [GP.product("basic.monthly", price: 4_990, trial: .days(7)), premium]
    var e = GP.engine(GP.model(products))
    e.schedule(.subscribe(product: 0, trial: true), at: testStart)
    e.schedule(.changeProduct(1), at: testStart + .days(2))
    _ = e.run(until: testStart + .days(7) + .hours(1))
    #expect(e.record.product == 1)
    #expect(e.record.collectedMilliunits == 9_990)  // nothing at the change, full price at the trial's end
    #expect(e.observer.delivered("SUBSCRIPTION_PURCHASED")?.resource?.lineItem.offerId == "free-trial")
    #expect(e.observer.googleSent.last?.name == "SUBSCRIPTION_RENEWED")
  }

  @Test func aDeclinedUpgradeChangesNothing() {
    var e = GP.engine(GP.model([basic, premium]))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.cardFails(.declined), at: change)
    e.schedule(.changeProduct(1, terms: .init(replacementMode: .chargeProratedPrice)), at: change)
    _ = e.run(until: change + .hours(1))
    #expect(e.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PURCHASED"])
    #expect(e.record.product == 0)
    #expect(e.record.purchaseToken == Symbol(number: firstToken))
  }

  @Test func aChangeWhileCanceledRenewsAgain() {
    var e = GP.engine(GP.model([basic, premium]))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.cancel, at: testStart + .days(3))
    e.schedule(.changeProduct(1), at: change)
    _ = e.run(until: renewal1 + .hours(1))
    #expect(e.observer.truthSteps.map(\.1) == [.active, .canceled, .active])
    #expect(e.observer.googleSent.last?.name == "SUBSCRIPTION_RENEWED")
  }

  @Test func changesThatCannotHappenAreIgnored() {
    var e = GP.engine(GP.model([basic, premium]))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.changeProduct(0), at: testStart + .days(1))  // the same product
    e.schedule(.changeProduct(7), at: testStart + .days(2))  // no such product
    e.schedule(.cardFails(.expired), at: testStart + .days(3))
    e.schedule(.changeProduct(1), at: renewal1 + .days(3))  // in grace
    _ = e.run(until: renewal1 + .days(4))
    #expect(e.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_IN_GRACE_PERIOD"])
  }
}
