import TestSupport
import Testing

@testable import SimSub

/// The replacement modes an app sets on a Google Play plan change, played through the engine.
@Suite("Google Play replacement modes")
struct GooglePlayReplacementModeTests {
  let firstToken: UInt64 = 100_000_001_000_000
  let change = GP.at(2026, 1, 17)  // 15 of the first period's 31 days left
  let renewal1 = GP.at(2026, 2, 1)

  let basic = GP.product("basic.monthly", price: 4_990)
  let premium = GP.product("premium.monthly", price: 9_990)

  /// The old period's unused value (15 of 31 days of `oldPrice`) as time at `newPrice` per 30
  /// days, in whole seconds.
  func credit(oldPrice: Double, newPrice: Double) -> TimeSpan {
    let unused = oldPrice * 15 / 31
    return .seconds(Int64((unused / (newPrice / 30) * 86_400).rounded()))
  }

  func engine(from: ProductIndex = 0, to: ProductIndex = 1, mode: GoogleReplacementMode?)
    -> GP.TestEngine<
      CardOnFile
    >
  {
    var e = GP.engine(GP.model([basic, premium]))
    e.schedule(.subscribe(product: from, trial: false), at: testStart)
    e.schedule(.changeProduct(to, terms: .init(replacementMode: mode)), at: change)
    return e
  }

  @Test func withoutAModeGooglePlaysWithTimeProration() {
    var byDefault = engine(mode: nil)
    var named = engine(mode: .withTimeProration)
    _ = byDefault.run(until: renewal1 + .days(40))
    _ = named.run(until: renewal1 + .days(40))
    #expect(GoogleReplacementMode.storeDefault == .withTimeProration)
    #expect(byDefault.record == named.record)
    #expect(byDefault.observer.googleSent.map(\.instant) == named.observer.googleSent.map(\.instant))
  }

  @Test func withTimeProrationCreditsTheUnusedTimeAndChargesNothingNow() throws {
    var e = engine(mode: .withTimeProration)
    _ = e.run(until: change + .hours(1))
    #expect(
      e.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_EXPIRED",
      ])
    #expect(e.record.product == 1)
    #expect(e.record.charges == 1)
    #expect(e.record.collectedMilliunits == 4_990)
    // 4.99 for 15 of 31 days is about 7.25 days of 9.99 a month.
    let end = change + credit(oldPrice: 4_990, newPrice: 9_990)
    #expect(end > change + .days(7) && end < change + .days(8))
    let purchased = e.observer.googleDelivered[1]
    #expect(purchased.resource?.lineItem.productId == "premium.monthly")
    #expect(purchased.resource?.lineItem.expiryTime == end)
    #expect(purchased.resource?.linkedPurchaseToken == Symbol(number: firstToken))
    #expect(e.observer.googleDelivered[2].resource?.canceledStateContext == .replacementCancellation)

    // The new product's first charge comes when the credited time runs out, not at renewal 1.
    _ = e.run(until: renewal1 + .hours(1))
    let renewed = try #require(e.observer.delivered("SUBSCRIPTION_RENEWED"))
    #expect(renewed.instant == end)
    #expect(renewed.token == Symbol(number: firstToken + 1))
    #expect(e.record.collectedMilliunits == 4_990 + 9_990)
    #expect(e.observer.googleSent.filter { $0.instant == renewal1 }.isEmpty)
  }

  @Test func aDowngradeWithTimeProrationBuysMoreTimeOfTheCheaperPlan() {
    var e = engine(from: 1, to: 0, mode: .withTimeProration)
    _ = e.run(until: change + .hours(1))
    #expect(e.record.product == 0)
    #expect(e.record.periodEnd == change + credit(oldPrice: 9_990, newPrice: 4_990))
    #expect(e.record.periodEnd > renewal1)
  }

  @Test func chargeProratedPriceChargesTheDifferenceAndKeepsTheBillingDate() {
    var e = engine(mode: .chargeProratedPrice)
    _ = e.run(until: renewal1 + .hours(1))
    // (9.99 − 4.99) per 30 days, for the 15 days left; then 9.99 at the kept renewal.
    #expect(e.record.collectedMilliunits == 4_990 + 2_500 + 9_990)
    #expect(e.observer.delivered("SUBSCRIPTION_RENEWED")?.instant == renewal1)
  }

  @Test func chargeProratedPriceIsOnlyForAnUpgrade() {
    var e = engine(from: 1, to: 0, mode: .chargeProratedPrice)
    _ = e.run(until: change + .hours(1))
    #expect(e.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PURCHASED"])
    #expect(e.record.product == 1)
    #expect(e.record.purchaseToken == Symbol(number: firstToken))
  }

  @Test func chargeFullPriceChargesAFullPeriodPlusTheCreditedTime() throws {
    var e = engine(mode: .chargeFullPrice)
    _ = e.run(until: change + .hours(1))
    #expect(e.record.collectedMilliunits == 4_990 + 9_990)
    #expect(e.record.charges == 2)
    let end = GP.at(2026, 2, 17) + credit(oldPrice: 4_990, newPrice: 9_990)
    #expect(e.record.periodEnd == end)
    let purchased = e.observer.googleDelivered[1]
    #expect(purchased.resource?.lineItem.expiryTime == end)
    #expect(purchased.resource?.latestOrderId == Symbol(number: (firstToken + 1) * 1000))
    _ = e.run(until: end + .hours(1))
    #expect(try #require(e.observer.delivered("SUBSCRIPTION_RENEWED")).instant == end)
  }

  @Test func aDeclinedFullPriceChangesNothing() {
    var e = GP.engine(GP.model([basic, premium]))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.cardFails(.declined), at: change)
    e.schedule(.changeProduct(1, terms: .init(replacementMode: .chargeFullPrice)), at: change)
    _ = e.run(until: change + .hours(1))
    #expect(e.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PURCHASED"])
    #expect(e.record.product == 0)
  }

  @Test func withoutProrationSwitchesNowAndChargesTheNewPriceAtTheKeptDate() {
    var e = engine(mode: .withoutProration)
    _ = e.run(until: change + .hours(1))
    #expect(e.record.product == 1)
    #expect(e.record.pendingProduct == nil)
    #expect(e.record.collectedMilliunits == 4_990)
    #expect(e.observer.googleDelivered[1].resource?.lineItem.productId == "premium.monthly")
    #expect(e.observer.googleDelivered[1].resource?.lineItem.expiryTime == renewal1)
    _ = e.run(until: renewal1 + .hours(1))
    #expect(e.observer.delivered("SUBSCRIPTION_RENEWED")?.instant == renewal1)
    #expect(e.record.collectedMilliunits == 4_990 + 9_990)
  }

  @Test func deferredWaitsForTheRenewalEvenForAnUpgrade() {
    var e = engine(mode: .deferred)
    _ = e.run(until: change + .hours(1))
    #expect(e.record.product == 0)
    #expect(e.record.pendingProduct == 1)
    #expect(e.observer.googleDelivered[1].resource?.lineItem.productId == "basic.monthly")
    _ = e.run(until: renewal1 + .hours(1))
    #expect(e.record.product == 1)
    #expect(e.record.collectedMilliunits == 4_990 + 9_990)
  }

  @Test func inATrialEveryImmediateModeKeepsTheTrial() {
    for mode in [GoogleReplacementMode.withTimeProration, .chargeFullPrice, .withoutProration] {
      let products = [GP.product("basic.monthly", price: 4_990, trial: .days(7)), premium]
      var e = GP.engine(GP.model(products))
      e.schedule(.subscribe(product: 0, trial: true), at: testStart)
      e.schedule(.changeProduct(1, terms: .init(replacementMode: mode)), at: testStart + .days(2))
      _ = e.run(until: testStart + .days(7) + .hours(1))
      #expect(e.record.product == 1, "\(mode)")
      #expect(e.record.collectedMilliunits == 9_990, "\(mode)")
      #expect(e.observer.googleSent.last?.name == "SUBSCRIPTION_RENEWED", "\(mode)")
      #expect(e.observer.googleSent.last?.instant == testStart + .days(7), "\(mode)")
    }
  }
}
