import TestSupport
import Testing

@testable import SimSub

/// `remove-from-sale`: the developer takes the subscriber's product off sale, and the
/// subscription expires at its next renewal with `EXPIRED/PRODUCT_NOT_FOR_SALE`.
@Suite("App Store: a product taken off sale")
struct AppStoreProductOffSaleTests {
  let renewal1 = at("2026-02-01T00:00:00Z")

  @Test func theNextRenewalExpiresWithoutACharge() throws {
    var e = try appleEngine()
    e.play([(subscribe, testStart), (.removeFromSale, testStart + .days(10))], until: renewal1 + .days(1))
    #expect(e.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY", "EXPIRED/PRODUCT_NOT_FOR_SALE"])
    let expired = try #require(e.observer.last("EXPIRED/PRODUCT_NOT_FOR_SALE"))
    #expect(expired.status == 2)
    #expect(expired.renewal?.expirationIntent == 4)
    #expect(e.observer.instants(becoming: .expired) == [renewal1])
    #expect(e.payments.attempts.map(\.instant) == [testStart])
  }

  @Test func theProductCannotBeBoughtAgainButAnotherCan() throws {
    let yearly = appleProduct("premium.yearly", period: .oneYear, price: 99_990)
    var e = try appleEngine([appleProduct(), yearly])
    e.play(
      [
        (subscribe, testStart), (.removeFromSale, testStart + .days(10)),
        (.resubscribe(product: 0), renewal1 + .days(5)), (.resubscribe(product: 1), renewal1 + .days(6)),
      ],
      until: renewal1 + .days(7))
    #expect(e.observer.sentNames.suffix(2) == ["EXPIRED/PRODUCT_NOT_FOR_SALE", "SUBSCRIBED/RESUBSCRIBE"])
    #expect(e.record.product == 1)
    #expect(e.payments.attempts.map(\.instant) == [testStart, renewal1 + .days(6)])
  }

  @Test func aCanceledSubscriptionExpiresAsACancel() throws {
    var e = try appleEngine()
    e.play(
      [(subscribe, testStart), (.cancel, testStart + .days(5)), (.removeFromSale, testStart + .days(10))],
      until: renewal1 + .days(1))
    #expect(e.observer.sentNames.last == "EXPIRED/VOLUNTARY")
    #expect(e.observer.last("EXPIRED/VOLUNTARY")?.renewal?.expirationIntent == 1)
  }
}
