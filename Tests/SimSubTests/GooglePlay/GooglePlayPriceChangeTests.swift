import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// `raise-price` and `accept-price` at Google: the developer moves a legacy price cohort to the
/// raised price, opt-in (`PRICE_INCREASE`) or opt-out (`OPT_OUT_PRICE_INCREASE`), Google sends
/// `SUBSCRIPTION_PRICE_CHANGE_UPDATED` (19) and, when the user accepts,
/// `SUBSCRIPTION_PRICE_CHANGE_CONFIRMED` (8); the first renewal after the notice (37 days
/// opt-in, 30 or 60 opt-out) charges the new price or, an opt-in increase unaccepted, cancels
/// and expires the subscription; the renewals before it charge the old one.
@Suite("Google Play: price changes")
struct GooglePlayPriceChangeTests {
  let renewal1 = GP.at(2026, 2, 1)
  let renewal2 = GP.at(2026, 3, 1)
  let renewal3 = GP.at(2026, 4, 1)
  let raised = GP.product(price: 9_990).raised(to: 12_990)
  let subscribe = SubscriberAction.subscribe(product: 0, trial: false)

  func engine(_ products: [Product]? = nil) -> GP.TestEngine<ScriptedPayments> {
    GP.engine(GP.model(products ?? [raised]), payments: ScriptedPayments(declineRenewalsFrom: .distantFuture))
  }

  @Test func anAcceptedOptInIncreaseRenewsAtTheNewPrice() throws {
    var e = engine()
    e.schedule(subscribe, at: testStart)
    e.schedule(.raisePrice(consentRequired: true), at: testStart + .days(10))
    e.schedule(.acceptPrice, at: testStart + .days(20))
    _ = e.run(until: renewal2 + .days(1))
    #expect(
      e.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_PRICE_CHANGE_UPDATED", "SUBSCRIPTION_PRICE_CHANGE_CONFIRMED",
        "SUBSCRIPTION_PRICE_CHANGE_UPDATED", "SUBSCRIPTION_RENEWED", "SUBSCRIPTION_RENEWED",
      ])
    let notice = try #require(
      e.observer.googleDelivered.first { $0.name == "SUBSCRIPTION_PRICE_CHANGE_UPDATED" })
    #expect(notice.rtdn.subscriptionNotification.notificationType.rawValue == 19)
    let details = try #require(notice.resource?.lineItem.priceChangeDetails)
    #expect(details.priceChangeMode == .priceIncrease)
    #expect(details.priceChangeState == .outstanding)
    #expect(details.newPrice == Money(currencyCode: "USD", units: 12, nanos: 990_000_000))
    // Day 10 + 37 days is Feb 17: the first renewal after it is Mar 1.
    #expect(details.expectedNewPriceChargeTime == renewal2)
    #expect(notice.resource?.subscriptionState == .active)
    let confirmed = try #require(e.observer.delivered("SUBSCRIPTION_PRICE_CHANGE_CONFIRMED"))
    #expect(confirmed.rtdn.subscriptionNotification.notificationType.rawValue == 8)
    #expect(confirmed.resource?.lineItem.priceChangeDetails?.priceChangeState == .confirmed)
    #expect(confirmed.resource?.lineItem.priceChangeDetails?.priceChangeMode == .priceIncrease)
    // Feb 1 renews at the old price, the increase still waiting for Mar 1; Mar 1 charges the
    // new price, and the details are gone from then on.
    let renewals = e.observer.googleDelivered.filter { $0.name == "SUBSCRIPTION_RENEWED" }
    #expect(renewals.first?.resource?.lineItem.priceChangeDetails?.expectedNewPriceChargeTime == renewal2)
    #expect(renewals.last?.resource?.lineItem.priceChangeDetails == nil)
    #expect(e.record.collectedMilliunits == 9_990 + 9_990 + 12_990)
    #expect(e.record.priceIncrease == .applied)
    #expect(e.record.truth == .active)
    _ = e.run(until: renewal3 + .days(1))
    #expect(e.record.collectedMilliunits == 9_990 + 9_990 + 12_990 + 12_990)
  }

  @Test func anOptInIncreaseNotAcceptedCancelsAndExpiresAtTheRenewal() throws {
    var e = engine()
    e.schedule(subscribe, at: testStart)
    e.schedule(.raisePrice(consentRequired: true), at: testStart + .days(10))
    _ = e.run(until: renewal2 + .days(5))
    #expect(
      e.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_PRICE_CHANGE_UPDATED", "SUBSCRIPTION_RENEWED",
        "SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED",
      ])
    #expect(e.observer.googleSent.suffix(2).map(\.instant) == [renewal2, renewal2])
    #expect(e.observer.truthSteps.last?.0 == renewal2)
    #expect(e.observer.truthSteps.last?.1 == .expired)
    let expired = try #require(e.observer.delivered("SUBSCRIPTION_EXPIRED"))
    #expect(expired.resource?.subscriptionState == .expired)
    #expect(expired.resource?.canceledStateContext == .systemInitiatedCancellation)
    #expect(expired.resource?.lineItem.priceChangeDetails == nil)
    // Feb 1, inside the notice, renews at the old price; nothing is charged on Mar 1.
    #expect(e.payments.attempts.map(\.1) == [testStart, renewal1])
    #expect(e.record.collectedMilliunits == 2 * 9_990)
  }

  @Test func anOptOutIncreaseIsConfirmedAtOnceAndCharged() throws {
    var e = engine()
    e.schedule(subscribe, at: testStart)
    e.schedule(.raisePrice(consentRequired: false), at: testStart + .days(10))
    _ = e.run(until: renewal2 + .days(1))
    #expect(
      e.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_PRICE_CHANGE_UPDATED", "SUBSCRIPTION_RENEWED",
        "SUBSCRIPTION_RENEWED",
      ])
    let details = try #require(
      e.observer.delivered("SUBSCRIPTION_PRICE_CHANGE_UPDATED")?.resource?.lineItem.priceChangeDetails)
    #expect(details.priceChangeMode == .optOutPriceIncrease)
    #expect(details.priceChangeState == .confirmed)
    // Day 10 + 30 days is Feb 10: Feb 1 at the old price, Mar 1 at the new.
    #expect(details.expectedNewPriceChargeTime == renewal2)
    #expect(e.record.collectedMilliunits == 9_990 + 9_990 + 12_990)
  }

  @Test func anOptOutNoticeOf60DaysWaitsOneRenewalMore() throws {
    var e = engine()
    e.schedule(subscribe, at: testStart)
    e.schedule(.raisePrice(consentRequired: false, longNotice: true), at: testStart + .days(10))
    _ = e.run(until: renewal3 + .days(1))
    let details = try #require(
      e.observer.delivered("SUBSCRIPTION_PRICE_CHANGE_UPDATED")?.resource?.lineItem.priceChangeDetails)
    // Day 10 + 60 days is Mar 12: Feb 1 and Mar 1 at the old price, Apr 1 at the new.
    #expect(details.expectedNewPriceChargeTime == renewal3)
    #expect(e.record.collectedMilliunits == 3 * 9_990 + 12_990)
  }

  @Test func anOptOutNoticeEndingOnARenewalAppliesThere() throws {
    var e = engine()
    e.schedule(subscribe, at: testStart)
    // Jan 2 + 30 days is Feb 1, the renewal itself: "following" the notice, it charges the new price.
    e.schedule(.raisePrice(consentRequired: false), at: renewal1 - .days(30))
    _ = e.run(until: renewal1 + .days(1))
    #expect(e.record.collectedMilliunits == 9_990 + 12_990)
  }

  @Test func googlesWorkedExampleChargesTheNewPriceOnMay5() throws {
    // "Change subscription prices": an increase on March 3 for a subscriber who renews on the
    // 5th; March 5 and April 5 at the old price, the new price on May 5.
    var e = engine()
    e.schedule(subscribe, at: GP.at(2026, 1, 5))
    e.schedule(.raisePrice(consentRequired: true), at: GP.at(2026, 3, 3))
    e.schedule(.acceptPrice, at: GP.at(2026, 3, 10))
    _ = e.run(until: GP.at(2026, 5, 6))
    let details = try #require(
      e.observer.delivered("SUBSCRIPTION_PRICE_CHANGE_UPDATED")?.resource?.lineItem.priceChangeDetails)
    #expect(details.expectedNewPriceChargeTime == GP.at(2026, 5, 5))
    #expect(
      e.payments.attempts.map(\.1) == [
        GP.at(2026, 1, 5), GP.at(2026, 2, 5), GP.at(2026, 3, 5), GP.at(2026, 4, 5), GP.at(2026, 5, 5),
      ])
    #expect(e.record.collectedMilliunits == 4 * 9_990 + 12_990)
  }

  @Test func anOptOutIncreaseIsAvoidedByCanceling() throws {
    var e = engine()
    e.schedule(subscribe, at: testStart)
    e.schedule(.raisePrice(consentRequired: false), at: testStart + .days(10))
    e.schedule(.cancel, at: testStart + .days(12))
    _ = e.run(until: renewal1 + .days(1))
    #expect(e.observer.googleSent.map(\.name).suffix(2) == ["SUBSCRIPTION_CANCELED", "SUBSCRIPTION_EXPIRED"])
    #expect(
      e.observer.delivered("SUBSCRIPTION_EXPIRED")?.resource?.canceledStateContext
        == .userInitiatedCancellation)
    #expect(e.observer.delivered("SUBSCRIPTION_CANCELED")?.resource?.lineItem.priceChangeDetails == nil)
    #expect(e.record.collectedMilliunits == 9_990)
  }

  @Test func aDeferralMovesTheExpectedChargeTime() throws {
    var e = engine()
    e.schedule(subscribe, at: testStart)
    e.schedule(.raisePrice(consentRequired: true), at: testStart + .days(10))
    e.schedule(.deferBilling(.days(10)), at: testStart + .days(15))
    _ = e.run(until: testStart + .days(16))
    let deferred = try #require(e.observer.delivered("SUBSCRIPTION_DEFERRED"))
    // The renewal the increase waits for is still the second, each now ten days later.
    #expect(
      deferred.resource?.lineItem.priceChangeDetails?.expectedNewPriceChargeTime == renewal2 + .days(10))
  }

  @Test func onlyARenewingSubscriptionIsMovedOnce() throws {
    // Canceled, in the silent day after a declined renewal, or a product never raised: nothing
    // is sent; a second raise while one waits changes nothing either.
    var canceled = engine()
    canceled.schedule(subscribe, at: testStart)
    canceled.schedule(.cancel, at: testStart + .days(1))
    canceled.schedule(.raisePrice(consentRequired: true), at: testStart + .days(2))
    _ = canceled.run(until: testStart + .days(3))
    #expect(canceled.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_CANCELED"])
    var silent = GP.engine(GP.model([raised]), payments: ScriptedPayments(declineRenewalsFrom: renewal1))
    silent.schedule(subscribe, at: testStart)
    silent.schedule(.raisePrice(consentRequired: true), at: renewal1 + .hours(2))
    _ = silent.run(until: renewal1 + .hours(3))
    #expect(silent.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PURCHASED"])
    var plain = engine([GP.product()])
    plain.schedule(subscribe, at: testStart)
    plain.schedule(.raisePrice(consentRequired: true), at: testStart + .days(2))
    _ = plain.run(until: testStart + .days(3))
    #expect(plain.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PURCHASED"])
    var twice = engine()
    twice.schedule(subscribe, at: testStart)
    twice.schedule(.raisePrice(consentRequired: true), at: testStart + .days(2))
    twice.schedule(.raisePrice(consentRequired: false), at: testStart + .days(3))
    _ = twice.run(until: testStart + .days(4))
    #expect(
      twice.observer.googleSent.map(\.name) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_PRICE_CHANGE_UPDATED",
      ])
    #expect(twice.record.priceIncrease == .pending)
  }

  @Test func acceptingWithoutAnOutstandingIncreaseSendsNothing() throws {
    var e = engine()
    e.schedule(subscribe, at: testStart)
    e.schedule(.raisePrice(consentRequired: false), at: testStart + .days(2))
    e.schedule(.acceptPrice, at: testStart + .days(3))
    _ = e.run(until: testStart + .days(4))
    #expect(
      e.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_PRICE_CHANGE_UPDATED"])
  }

  @Test func aResubscriptionAfterTheUnacceptedEndPaysTheNewPrice() throws {
    var e = engine()
    e.schedule(subscribe, at: testStart)
    e.schedule(.raisePrice(consentRequired: true), at: testStart + .days(10))
    e.schedule(.resubscribe(product: 0), at: renewal2 + .days(10))
    _ = e.run(until: renewal2 + .days(11))
    #expect(e.observer.googleSent.map(\.name).last == "SUBSCRIPTION_PURCHASED")
    #expect(e.record.collectedMilliunits == 2 * 9_990 + 12_990)
    #expect(e.record.priceIncrease == .applied)
  }

  @Test func aProductChangeLeavesTheIncreaseBehind() throws {
    let yearly = GP.product("premium.yearly", period: .oneYear, price: 129_990)
    var e = engine([raised, yearly])
    e.schedule(subscribe, at: testStart)
    e.schedule(.raisePrice(consentRequired: true), at: testStart + .days(10))
    e.schedule(.changeProduct(1), at: testStart + .days(15))
    _ = e.run(until: renewal1 + .days(1))
    #expect(e.record.priceIncrease == .none)
    #expect(e.record.truth == .active)
    #expect(!e.observer.googleSent.map(\.name).contains("SUBSCRIPTION_CANCELED"))
  }
}
