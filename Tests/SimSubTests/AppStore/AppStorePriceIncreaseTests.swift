import TestSupport
import Testing

@testable import SimSub

/// `raise-price` and `accept-price`: the developer raises a product's price for existing
/// subscribers, and Apple sends `PRICE_INCREASE` (`PENDING` or `ACCEPTED`), then renews at the
/// new price or, without the consent it needs, expires with `EXPIRED/PRICE_INCREASE`.
@Suite("App Store: price increases")
struct AppStorePriceIncreaseTests {
  let renewal1 = at("2026-02-01T00:00:00Z")
  let raised = appleProduct(price: 9_990).raised(to: 12_990)

  @Test func aConsentedIncreaseRenewsAtTheNewPrice() throws {
    var e = try appleEngine([raised])
    e.play(
      [
        (subscribe, testStart), (.raisePrice(consentRequired: true), testStart + .days(10)),
        (.acceptPrice, testStart + .days(20)),
      ],
      until: renewal1 + .days(1))
    #expect(
      e.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "PRICE_INCREASE/PENDING", "PRICE_INCREASE/ACCEPTED", "DID_RENEW",
      ])
    #expect(e.observer.last("PRICE_INCREASE/PENDING")?.renewal?.priceIncreaseStatus == 0)
    #expect(e.observer.last("PRICE_INCREASE/PENDING")?.status == 1)
    #expect(e.observer.last("PRICE_INCREASE/ACCEPTED")?.renewal?.priceIncreaseStatus == 1)
    let renewed = try #require(e.observer.last("DID_RENEW"))
    #expect(renewed.transaction?.price == 12_990)
    #expect(renewed.renewal?.priceIncreaseStatus == nil)
    #expect(e.record.collectedMilliunits == 9_990 + 12_990)
    #expect(e.record.truth == .active)
  }

  @Test func withoutConsentTheSubscriptionExpiresAtThePeriodsEnd() throws {
    var e = try appleEngine([raised])
    e.play(
      [(subscribe, testStart), (.raisePrice(consentRequired: true), testStart + .days(10))],
      until: renewal1 + .days(5))
    #expect(
      e.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY", "PRICE_INCREASE/PENDING", "EXPIRED/PRICE_INCREASE"])
    let expired = try #require(e.observer.last("EXPIRED/PRICE_INCREASE"))
    #expect(expired.status == 2)
    #expect(expired.renewal?.expirationIntent == 3)
    #expect(e.observer.instants(becoming: .expired) == [renewal1])
    // Nothing is charged at the period's end.
    #expect(e.payments.attempts.map(\.instant) == [testStart])
    #expect(e.record.collectedMilliunits == 9_990)
  }

  @Test func anIncreaseWithoutConsentIsAcceptedAtOnce() throws {
    var e = try appleEngine([raised])
    e.play(
      [(subscribe, testStart), (.raisePrice(consentRequired: false), testStart + .days(10))],
      until: renewal1 + .days(1))
    #expect(e.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY", "PRICE_INCREASE/ACCEPTED", "DID_RENEW"])
    #expect(e.record.collectedMilliunits == 9_990 + 12_990)
  }

  @Test func aCancelWhileAnIncreaseIsPendingExpiresVoluntarily() throws {
    var e = try appleEngine([raised])
    e.play(
      [
        (subscribe, testStart), (.raisePrice(consentRequired: true), testStart + .days(10)),
        (.cancel, testStart + .days(12)),
      ],
      until: renewal1 + .days(1))
    #expect(e.observer.sentNames.last == "EXPIRED/VOLUNTARY")
    #expect(e.observer.last("EXPIRED/VOLUNTARY")?.renewal?.expirationIntent == 1)
  }

  @Test func aResubscriptionAfterTheIncreasePaysTheNewPrice() throws {
    var e = try appleEngine([raised])
    e.play(
      [
        (subscribe, testStart), (.raisePrice(consentRequired: true), testStart + .days(10)),
        (.resubscribe(product: 0), renewal1 + .days(10)),
      ],
      until: renewal1 + .days(11))
    #expect(e.observer.last("SUBSCRIBED/RESUBSCRIBE")?.transaction?.price == 12_990)
    #expect(e.record.collectedMilliunits == 9_990 + 12_990)
  }

  @Test func onlyARenewingSubscriptionIsAsked() throws {
    // Auto-renew off, a billing issue, or a product never raised: nothing is sent, and a
    // second raise while one waits changes nothing either.
    var canceled = try appleEngine([raised])
    canceled.play(
      [
        (subscribe, testStart), (.cancel, testStart + .days(1)),
        (.raisePrice(consentRequired: true), testStart + .days(2)),
      ],
      until: testStart + .days(3))
    #expect(!canceled.observer.sentNames.contains { $0.hasPrefix("PRICE_INCREASE") })
    var grace = try appleEngine([raised])
    grace.play(
      [
        (subscribe, testStart), (.cardFails(.declined), testStart),
        (.raisePrice(consentRequired: true), renewal1 + .days(1)),
      ],
      until: renewal1 + .days(2))
    #expect(!grace.observer.sentNames.contains { $0.hasPrefix("PRICE_INCREASE") })
    var plain = try appleEngine()
    plain.play(
      [(subscribe, testStart), (.raisePrice(consentRequired: true), testStart + .days(2))],
      until: testStart + .days(3))
    #expect(!plain.observer.sentNames.contains { $0.hasPrefix("PRICE_INCREASE") })
    var twice = try appleEngine([raised])
    twice.play(
      [
        (subscribe, testStart), (.raisePrice(consentRequired: true), testStart + .days(2)),
        (.raisePrice(consentRequired: false), testStart + .days(3)),
      ],
      until: testStart + .days(4))
    #expect(twice.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY", "PRICE_INCREASE/PENDING"])
  }

  @Test func anUpgradeLeavesTheIncreaseBehind() throws {
    // The increase is the old product's: an upgrade to another product renews at that one's price.
    let yearly = appleProduct("premium.yearly", period: .oneYear, price: 129_990)
    var e = try appleEngine([raised, yearly])
    e.play(
      [
        (subscribe, testStart), (.raisePrice(consentRequired: true), testStart + .days(10)),
        (.changeProduct(1), testStart + .days(15)),
      ],
      until: renewal1 + .days(1))
    #expect(e.observer.sentNames.last == "DID_CHANGE_RENEWAL_PREF/UPGRADE")
    #expect(e.record.truth == .active)
    #expect(e.record.priceIncrease == .none)
  }
}

extension Product {
  /// The same product, with a price the developer can raise it to.
  func raised(to milliunits: Int64) -> Product {
    var product = self
    product.raisedPriceMilliunits = milliunits
    return product
  }
}
