import TestSupport
import Testing

@testable import SimSub

/// A purchase paid later (`subscribe` with `first-payment: pending`): pending with no access and
/// no notification, then paid (`SUBSCRIPTION_PURCHASED`, same token) or canceled
/// (`SUBSCRIPTION_PENDING_PURCHASE_CANCELED`).
@Suite("Google Play: pending purchases")
struct GooglePlayPendingPurchaseTests {
  func pending() -> GP.TestEngine<CardOnFile> {
    var e = GP.engine(GP.model())
    e.schedule(.subscribePending(product: 0), at: testStart)
    return e
  }

  @Test func aPendingPurchaseHasAPendingResourceAndSendsNothing() throws {
    var e = pending()
    _ = e.run(until: testStart + .days(1))
    #expect(e.observer.googleSent.isEmpty)
    #expect(e.record.truth == .never)
    #expect(e.record.charges == 0)
    let token = try #require(e.record.purchaseToken)
    let resource = e.store.subscriptionResource(for: token, record: e.record, at: e.now)
    #expect(resource.subscriptionState == .pending)
    #expect(resource.latestOrderId == nil)
  }

  @Test func payingCompletesThePurchaseWithTheSameTokenFromThePayment() throws {
    var e = pending()
    e.schedule(.completePurchase, at: testStart + .days(2))
    _ = e.run(until: testStart + .days(1))
    let pendingToken = try #require(e.record.purchaseToken)
    _ = e.run(until: GP.at(2026, 2, 3, 1))
    #expect(e.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_RENEWED"])
    let purchased = try #require(e.observer.delivered("SUBSCRIPTION_PURCHASED"))
    #expect(purchased.instant == testStart + .days(2))
    #expect(purchased.token == pendingToken)
    #expect(purchased.resource?.subscriptionState == .active)
    #expect(purchased.resource?.lineItem.expiryTime == GP.at(2026, 2, 3))
    #expect(e.observer.googleSent.last?.instant == GP.at(2026, 2, 3))
    #expect(e.record.charges == 2)
  }

  @Test func aDeclinedPaymentLeavesItPending() throws {
    var e = pending()
    e.schedule(.cardFails(.declined), at: testStart + .hours(1))
    e.schedule(.completePurchase, at: testStart + .days(2))
    _ = e.run(until: testStart + .days(3))
    #expect(e.observer.googleSent.isEmpty)
    #expect(GooglePlayModel.isPending(e.record))
  }

  @Test func cancelingSendsPendingPurchaseCanceledAndALaterPurchaseHasItsOwnToken() throws {
    var e = pending()
    e.schedule(.cancel, at: testStart + .days(3))
    e.schedule(.completePurchase, at: testStart + .days(4))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart + .days(10))
    _ = e.run(until: testStart + .days(5))
    #expect(e.observer.googleSent.map(\.name) == ["SUBSCRIPTION_PENDING_PURCHASE_CANCELED"])
    let canceled = try #require(e.observer.delivered("SUBSCRIPTION_PENDING_PURCHASE_CANCELED"))
    #expect(canceled.rtdn.subscriptionNotification.notificationType.rawValue == 20)
    #expect(canceled.resource?.subscriptionState == .pendingPurchaseCanceled)
    #expect(canceled.resource?.canceledStateContext == nil)
    #expect(e.record.truth == .never)
    #expect(GooglePlayModel.isPendingCanceled(e.record))
    #expect(e.record.charges == 0)
    _ = e.run(until: testStart + .days(11))
    let bought = try #require(e.observer.delivered("SUBSCRIPTION_PURCHASED"))
    #expect(bought.token != canceled.token)
    #expect(bought.resource?.linkedPurchaseToken == nil)
    #expect(e.record.truth == .active)
  }
}
