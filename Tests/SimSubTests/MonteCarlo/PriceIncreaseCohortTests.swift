import Foundation
import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// A cohort group's `price-increase`: on one day every subscriber of the group is asked to
/// consent to the product's `raised-price`; those who do renew at it, the others expire at their
/// next renewal.
@Suite struct PriceIncreaseCohortTests {
  /// No failed renewals and no cancels: every subscriber is renewing on day 60, so each is asked.
  static func population(accepts: String?, store: String = "apple") throws -> Population {
    try MonteCarloTestSupport.population(
      """
      name: price increase
      users: 400
      horizon: 120d
      cohort:
        - store: \(store)
          product: {period: 1M, price: 10, raised-price: 16, grace: 16d}
      \(accepts.map { "    price-increase: {at: 60d, accepts: \($0)}" } ?? "")
          payments: {renewal-failure: 0}
      behaviour:
        cancels-per-period: 0
      """)
  }

  /// Apple's increase that needs consent, and Google's opt-in one.
  static let stores = ["apple", "google"]

  @Test(arguments: stores)
  func nobodyConsentingEndsEverySubscriptionAtItsNextRenewal(_ store: String) throws {
    let result = try MonteCarloTestSupport.run(
      try Self.population(accepts: "0", store: store), policies: ["reference"])
    let all = result.all
    #expect(all.sum(.priceIncreaseExpiries, policy: 0) == 400)
    #expect(all.sum(.cancellations, policy: 0) == 400)
    #expect(all.sum(.retained, policy: 0) == 0)
    #expect(all.sum(.voluntaryCancels, policy: 0) == 0)
    #expect(all.sum(.involuntary, policy: 0) == 0)
    // Each subscriber starts in January and pays 10 at the start and at every renewal before
    // the increase applies: Apple's next renewal after day 60 (one or two renewals before it,
    // as the start falls), Google's first after its 37-day notice, day 97 (three or four).
    // That renewal expires instead, so nothing is paid at the new price.
    let collected = all.sum(.collected, policy: 0)
    let charges = store == "google" ? (3, 4) : (2, 3)
    #expect(collected % 10_000 == 0)
    #expect(collected >= 400 * 10_000 * Int64(charges.0) && collected <= 400 * 10_000 * Int64(charges.1))
  }

  @Test(arguments: stores)
  func everyoneConsentingPaysTheNewPriceFromTheNextRenewal(_ store: String) throws {
    let raised = try MonteCarloTestSupport.run(
      try Self.population(accepts: "1", store: store), policies: ["reference"]
    ).all
    let plain = try MonteCarloTestSupport.run(
      try Self.population(accepts: nil, store: store), policies: ["reference"]
    ).all
    #expect(raised.sum(.priceIncreaseExpiries, policy: 0) == 0)
    #expect(raised.sum(.retained, policy: 0) == 400)
    #expect(raised.sum(.renewals, policy: 0) == plain.sum(.renewals, policy: 0))
    // Every renewal after day 60 is charged 16 rather than 10.
    let extra = raised.sum(.collected, policy: 0) - plain.sum(.collected, policy: 0)
    #expect(extra > 0 && extra % 6_000 == 0)
    #expect(extra >= 400 * 6_000)
  }

  @Test func thoseWhoDoNotConsentAreCountedAndTheRestMoveNoOtherDraw() throws {
    // A share consents; the expiries are a price-increase count of their own, and the file
    // without a price increase plays exactly as before it (no draw of the increase's stream).
    let some = try MonteCarloTestSupport.run(try Self.population(accepts: "0.7"), policies: ["reference"]).all
    let expiries = some.sum(.priceIncreaseExpiries, policy: 0)
    #expect(expiries > 60 && expiries < 180)
    #expect(some.sum(.retained, policy: 0) == 400 - expiries)
    let typical = try MonteCarloTestSupport.run(
      try MonteCarloTestSupport.typical(users: 2_000), policies: ["reference"])
    #expect(typical.all.sum(.priceIncreaseExpiries, policy: 0) == 0)
  }
}
