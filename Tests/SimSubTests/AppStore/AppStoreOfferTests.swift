import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// `redeem-offer`: a promotional offer, an offer code or a win-back offer. An offer that buys is
/// announced by `SUBSCRIBED/INITIAL_BUY` or `SUBSCRIBED/RESUBSCRIBE` (Apple's `notificationType`
/// page, "Handle use cases for In-App Purchase life-cycle events"), one redeemed for the active
/// subscription by `OFFER_REDEEMED` without a subtype; its transactions carry `offerType` and the
/// offer's price.
@Suite("App Store: subscription offers")
struct AppStoreOfferTests {
  let renewal1 = at("2026-02-01T00:00:00Z")
  let renewal2 = at("2026-03-01T00:00:00Z")
  let renewal3 = at("2026-04-01T00:00:00Z")
  let renewal4 = at("2026-05-01T00:00:00Z")

  func offered(
    _ type: OfferType, payment: OfferPayment = .payAsYouGo, price: Int64 = 4_990, periods: Int32 = 3
  ) -> Product {
    var product = appleProduct()
    product.offer = SubscriptionOffer(
      type: type, identifier: "SPRING", payment: payment, priceMilliunits: price, periods: periods)
    return product
  }

  let redeem = SubscriberAction.redeemOffer(product: 0)

  @Test func anOfferCodeBuysWithSubscribedCarryingTheOffer() throws {
    var e = try appleEngine([offered(.offerCode)])
    e.play([(redeem, testStart)], until: renewal4 + .days(1))
    #expect(
      e.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_RENEW", "DID_RENEW", "DID_RENEW",
      ])
    let bought = try #require(e.observer.last("SUBSCRIBED/INITIAL_BUY"))
    #expect(bought.status == 1)
    #expect(bought.transaction?.offerType == 3)
    #expect(bought.transaction?.price == 4_990)
    #expect(bought.transaction?.transactionReason == "PURCHASE")
    #expect(bought.transaction?.expiresDate == renewal1)
    // The next renewal is still the offer's: renewal info says so.
    #expect(bought.renewal?.offerType == 3)
    // Three months at 4.99, then 9.99.
    #expect(e.record.collectedMilliunits == 3 * 4_990 + 2 * 9_990)
    let renewals = e.observer.sent.filter { $0.name == "DID_RENEW" }
    #expect(renewals.map { $0.transaction?.offerType } == [3, 3, nil, nil])
    #expect(renewals.map { $0.transaction?.price } == [4_990, 4_990, 9_990, 9_990])
    #expect(renewals.map { $0.renewal?.offerType } == [3, nil, nil, nil])
    #expect(e.observer.instants(becoming: .active) == [testStart])
  }

  @Test func promotionalAndWinBackOffersDoNotBuyAFirstSubscription() throws {
    for type in [OfferType.promotional, .winBack] {
      var e = try appleEngine([offered(type)])
      e.play([(redeem, testStart)], until: renewal1)
      #expect(e.observer.sentNames.isEmpty, "\(type)")
      #expect(e.record.truth == .never)
      #expect(e.payments.attempts.isEmpty)
    }
  }

  @Test func aWinBackOfferResubscribesFreeThenRenewsAtThePrice() throws {
    var e = try appleEngine([offered(.winBack, payment: .freeTrial, price: 0, periods: 1)])
    let back = renewal1 + .days(10)
    e.play(
      [(subscribe, testStart), (.cancel, testStart + .days(5)), (redeem, back)], until: back + .days(40))
    #expect(
      e.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY",
        "SUBSCRIBED/RESUBSCRIBE", "DID_RENEW",
      ])
    let redeemed = try #require(e.observer.last("SUBSCRIBED/RESUBSCRIBE"))
    #expect(redeemed.transaction?.offerType == 4)
    #expect(redeemed.transaction?.price == 0)
    #expect(redeemed.transaction?.expiresDate == at("2026-03-11T00:00:00Z"))
    // Nothing charged for the free month; the product's price after it.
    #expect(e.payments.attempts.map(\.instant) == [testStart, at("2026-03-11T00:00:00Z")])
    #expect(e.record.collectedMilliunits == 2 * 9_990)
    let converted = try #require(e.observer.last("DID_RENEW"))
    #expect(converted.transaction?.offerType == nil)
    #expect(converted.transaction?.price == 9_990)
  }

  @Test func aPromotionalOfferForTheActiveSubscriptionStartsAtTheNextRenewal() throws {
    var e = try appleEngine([offered(.promotional, periods: 2)])
    e.play([(subscribe, testStart), (redeem, testStart + .days(12))], until: renewal3 + .days(1))
    #expect(
      e.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "OFFER_REDEEMED", "DID_RENEW", "DID_RENEW", "DID_RENEW",
      ])
    let redeemed = try #require(e.observer.last("OFFER_REDEEMED"))
    #expect(redeemed.apple.subtype == nil)
    #expect(redeemed.status == 1)
    // The current transaction is the full-price purchase; the offer applies from the renewal.
    #expect(redeemed.transaction?.offerType == nil)
    #expect(redeemed.transaction?.price == 9_990)
    #expect(redeemed.renewal?.offerType == 2)
    #expect(e.payments.attempts.map(\.instant) == [testStart, renewal1, renewal2, renewal3])
    #expect(e.record.collectedMilliunits == 9_990 + 2 * 4_990 + 9_990)
  }

  @Test func aWinBackOfferIsNotForAnActiveSubscription() throws {
    var e = try appleEngine([offered(.winBack)])
    e.play([(subscribe, testStart), (redeem, testStart + .days(12))], until: renewal1 + .days(1))
    #expect(e.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW"])
    #expect(e.record.collectedMilliunits == 2 * 9_990)
  }

  @Test func anOfferIsNotRedeemedInGraceOrTwiceWhileItWaits() throws {
    var e = try appleEngine([offered(.offerCode)])
    e.play(
      [
        (subscribe, testStart), (redeem, testStart + .days(5)), (redeem, testStart + .days(6)),
        (.cardFails(.declined), testStart + .days(20)), (redeem, renewal1 + .days(1)),
      ], until: renewal1 + .days(2))
    #expect(
      e.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY", "OFFER_REDEEMED", "DID_FAIL_TO_RENEW/GRACE_PERIOD"])
    // The failed renewal ended the offer: the recovery charges the product's price.
    #expect(e.record.offer == .none)
  }

  @Test func payUpFrontIsOneChargeForTheWholeOffer() throws {
    var e = try appleEngine([offered(.offerCode, payment: .payUpFront, price: 19_990, periods: 3)])
    e.play([(redeem, testStart)], until: renewal4 + .days(1))
    #expect(e.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_RENEW"])
    let bought = try #require(e.observer.last("SUBSCRIBED/INITIAL_BUY"))
    #expect(bought.transaction?.expiresDate == renewal3)
    #expect(bought.transaction?.price == 19_990)
    #expect(bought.renewal?.offerType == nil)
    #expect(e.payments.attempts.map(\.instant) == [testStart, renewal3, renewal4])
    #expect(e.record.collectedMilliunits == 19_990 + 2 * 9_990)
  }

  @Test func aRefundDuringTheOfferReturnsTheOffersPrice() throws {
    var e = try appleEngine([offered(.offerCode)])
    e.play([(redeem, testStart), (.refund, testStart + .days(3))], until: testStart + .days(4))
    #expect(e.record.refundedMilliunits == 4_990)
    #expect(e.observer.last("REFUND")?.transaction?.offerType == 3)
  }

  @Test func theOfferKeepsTheRecordWithinTheShortCopy() {
    // The record is copied whole at each action; 256 bytes and under take memcpy's short path.
    #expect(MemoryLayout<SubscriptionRecord>.size <= 256)
  }

  @Test func anUpgradeDuringTheOfferRefundsTheOffersPriceAndEndsIt() throws {
    let plus = appleProduct("premium.plus", price: 14_990)
    var e = try appleEngine([offered(.offerCode), plus])
    e.play(
      [(redeem, testStart), (.changeProduct(1), testStart + .days(15))],
      until: testStart + .days(15) + .hours(1))
    // The unused 16 of the offer month's 31 days, at the offer's 4.99.
    #expect(e.record.refundedMilliunits == 4_990 * 16 / 31)
    #expect(e.record.offer == .none)
    let upgraded = try #require(e.observer.last("DID_CHANGE_RENEWAL_PREF/UPGRADE"))
    #expect(upgraded.transaction?.offerType == nil)
    #expect(upgraded.transaction?.price == 14_990)
  }

  @Test func reportsDescribeTheOffer() {
    #expect(
      Describe.product(offered(.offerCode))
        == "premium.monthly (1M, 9.99, grace 16d, hold 44d, offer-code SPRING: 4.99 a period for 3 periods)")
    #expect(
      Describe.offer(
        SubscriptionOffer(
          type: .winBack, identifier: "back", payment: .freeTrial, priceMilliunits: 0, periods: 1))
        == "win-back back: free for 1 period")
    let json = ScenarioJSONReport.product(offered(.promotional, payment: .payUpFront, price: 19_990))
    #expect(json["offer"] == "promotional")
    #expect(json["offer-price"] == "19.99")
    #expect(json["offer-periods"] == .int(3))
    #expect(json["offer-payment"] == "pay-up-front")
    #expect(ScenarioJSONReport.product(appleProduct())["offer"] == nil)
  }

  @Test func aProductWithoutAnOfferRedeemsNothing() throws {
    var e = try appleEngine()
    e.play([(redeem, testStart)], until: renewal1)
    #expect(e.observer.sentNames.isEmpty)
  }

  @Test func theWireCarriesTheOffersIdentifierDiscountTypeAndPeriod() throws {
    let product = offered(.offerCode)
    var e = try appleEngine([product])
    e.play([(redeem, testStart)], until: testStart + .hours(1))
    let n = try #require(e.observer.last("SUBSCRIBED/INITIAL_BUY")).apple
    let context = WireContext(
      settings: WireTesting.settings(), app: AppIdentity(), scope: "s", products: [product])
    let transaction = try #require(AppStoreWireRequest.transactionPayload(n, context: context))
    #expect(transaction["offerType"] == .int(3))
    #expect(transaction["offerIdentifier"] == "SPRING")
    #expect(transaction["offerDiscountType"] == "PAY_AS_YOU_GO")
    #expect(transaction["offerPeriod"] == "P3M")
    #expect(transaction["price"] == .int(4_990))
    let renewal = try #require(AppStoreWireRequest.renewalPayload(n, context: context))
    #expect(renewal["offerType"] == .int(3))
    #expect(renewal["offerIdentifier"] == "SPRING")
    #expect(renewal["renewalPrice"] == .int(4_990))
  }

  @Test func afterTheLastDiscountedPeriodTheRenewalPriceIsTheProducts() throws {
    let product = offered(.offerCode, periods: 2)
    var e = try appleEngine([product])
    e.play([(redeem, testStart)], until: renewal1 + .hours(1))
    let n = try #require(e.observer.last("DID_RENEW")).apple
    #expect(n.data.transactionInfo?.price == 4_990)
    let context = WireContext(
      settings: WireTesting.settings(), app: AppIdentity(), scope: "s", products: [product])
    let renewal = try #require(AppStoreWireRequest.renewalPayload(n, context: context))
    #expect(renewal["offerType"] == nil)
    #expect(renewal["offerIdentifier"] == nil)
    #expect(renewal["renewalPrice"] == .int(9_990))
  }
}
