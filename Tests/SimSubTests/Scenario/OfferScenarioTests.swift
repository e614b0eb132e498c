import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// Apple's subscription offers through the runner: a purchase made with an offer code or a
/// win-back offer (`OFFER_REDEEMED/INITIAL_BUY`, `RESUBSCRIBE`), the reference policy giving
/// access from it, and the known-bad `offer-redeemed-ignored` locking the subscriber out until the
/// first `DID_RENEW` (caught by `no-lockout-in-grace`); behind RevenueCat, and for an offer on
/// the active subscription, the bad policy agrees with the reference.
@Suite("Subscription offers through the runner")
struct OfferScenarioTests {
  static func offerCodeStart(policy: String, channel: String = "direct", access: String) -> String {
    """
    name: t
    store: apple
    channel: \(channel)
    product: {period: 1M, price: 9.99, offer: offer-code, offer-price: 4.99, offer-periods: 2}
    policy: \(policy)
    timeline:
      - {at: 0d, do: redeem-offer}
    expect:
      - {at: 10d, store: active, access: \(access), charges: 1}
      - {at: renewal 2 + 1h, store: active, access: yes, charges: 3}

    """
  }

  @Test func theReferenceGivesAccessFromTheOfferCodePurchase() throws {
    let result = try ScenarioTesting.play(Self.offerCodeStart(policy: "reference", access: "yes"))
    #expect(result.passed)
    #expect(result.deliveries.map(\.name).prefix(2) == ["OFFER_REDEEMED/INITIAL_BUY", "DID_RENEW"])
  }

  @Test func ignoringOfferRedeemedLocksOutUntilTheFirstRenewal() throws {
    let result = try ScenarioTesting.play(Self.offerCodeStart(policy: "offer-redeemed-ignored", access: "no"))
    #expect(!result.passed)
    #expect(result.violations.map(\.invariant) == [.noLockoutInGrace])
    let v = try #require(result.violations.first)
    #expect(v.start == ScenarioTesting.instant("2026-01-01T00:00:00Z"))
    #expect(v.end == ScenarioTesting.instant("2026-02-01T00:00:00Z"))
    #expect(v.truth == .active)
    #expect(!v.decision.access)
  }

  @Test func ignoringOfferRedeemedLocksOutAWinBack() throws {
    let text = """
      name: t
      store: apple
      product: {period: 1M, offer: win-back, offer-periods: 1}
      policy: offer-redeemed-ignored
      timeline:
        - {at: 5d, do: cancel}
        - {at: renewal 1 + 10d, do: redeem-offer}
      expect:
        - {at: renewal 1 + 11d, store: active, access: no, sent: OFFER_REDEEMED/RESUBSCRIBE}

      """
    let result = try ScenarioTesting.play(text)
    #expect(result.violations.map(\.invariant) == [.noLockoutInGrace])
    #expect(result.violations.first?.start == ScenarioTesting.instant("2026-02-11T00:00:00Z"))
  }

  @Test func behindRevenueCatTheOfferPurchaseIsAnInitialPurchase() throws {
    let result = try ScenarioTesting.play(
      Self.offerCodeStart(policy: "offer-redeemed-ignored", channel: "revenuecat", access: "yes"))
    #expect(result.passed)
    #expect(result.deliveries.map(\.name).prefix(2) == ["INITIAL_PURCHASE", "RENEWAL"])
  }

  @Test func anOfferForTheActiveSubscriptionChangesNoAccess() throws {
    let text = """
      name: t
      store: apple
      product: {period: 1M, offer: promotional, offer-price: 4.99}
      policy: offer-redeemed-ignored
      timeline:
        - {at: 0d, do: subscribe}
        - {at: 10d, do: redeem-offer}
      expect:
        - {at: 10d 1h, store: active, access: yes, sent: OFFER_REDEEMED, charges: 1}
        - {at: renewal 2 + 1h, store: active, access: yes, charges: 3}

      """
    #expect(try ScenarioTesting.play(text).passed)
  }

  @Test func behindRevenueCatAnOfferForTheActiveSubscriptionSendsNothingUntilItsRenewal() throws {
    let text = """
      name: t
      store: apple
      channel: revenuecat
      product: {period: 1M, offer: promotional, offer-price: 4.99}
      timeline:
        - {at: 0d, do: subscribe}
        - {at: 10d, do: redeem-offer}
      expect:
        - {at: 10d 1h, store: active, access: yes, charges: 1}
        - {at: renewal 1 + 1h, store: active, access: yes, sent: RENEWAL, charges: 2}

      """
    let result = try ScenarioTesting.play(text)
    #expect(result.passed)
    #expect(result.deliveries.map(\.name).prefix(2) == ["INITIAL_PURCHASE", "RENEWAL"])
  }
}
