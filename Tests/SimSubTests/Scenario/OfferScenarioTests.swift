import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// A handler that grants on `SUBSCRIBED` and `DID_RENEW` and drops `OFFER_REDEEMED`: the
/// mistake simsub once shipped as the known-bad `offer-redeemed-ignored`, which Apple's current
/// page makes harmless (an offer that buys is a `SUBSCRIBED`).
struct DropsOfferRedeemed: EntitlementPolicy {
  static let name = "drops-offer-redeemed"
  static let summary = "ignores OFFER_REDEEMED"
  static let decidesOnlyOnNotifications = true
  var reference: ReferencePolicy
  init(context: PolicyContext) { reference = ReferencePolicy(context: context) }
  mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    if case .appStore(let n) = notification, n.notificationType == .offerRedeemed { return .accepted }
    return reference.receive(notification, at: arrival)
  }
  func decision(at instant: Instant) -> Decision { reference.decision(at: instant) }
  func nextDecisionChange(after instant: Instant) -> Instant? { reference.nextDecisionChange(after: instant) }
}

/// Apple's subscription offers through the runner: a purchase made with an offer code or a
/// win-back offer is a `SUBSCRIBED/INITIAL_BUY` or `RESUBSCRIBE` (Apple's `notificationType`
/// page), so the reference gives access from it and a handler that drops `OFFER_REDEEMED` loses
/// nothing; behind RevenueCat the purchase is an `INITIAL_PURCHASE`.
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
    #expect(result.deliveries.map(\.name).prefix(2) == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW"])
  }

  @Test func aHandlerThatDropsOfferRedeemedGivesAccessFromTheOfferCodePurchase() throws {
    let result = try ScenarioTesting.run(
      Self.offerCodeStart(policy: "reference", access: "yes"), policy: DropsOfferRedeemed.self)
    #expect(result.passed)
    #expect(result.violations.isEmpty)
  }

  @Test func aHandlerThatDropsOfferRedeemedGivesAccessFromAWinBack() throws {
    let text = """
      name: t
      store: apple
      product: {period: 1M, offer: win-back, offer-periods: 1}
      timeline:
        - {at: 5d, do: cancel}
        - {at: renewal 1 + 10d, do: redeem-offer}
      expect:
        - {at: renewal 1 + 11d, store: active, access: yes, sent: SUBSCRIBED/RESUBSCRIBE, not-sent: OFFER_REDEEMED}

      """
    let result = try ScenarioTesting.run(text, policy: DropsOfferRedeemed.self)
    #expect(result.passed)
    #expect(result.violations.isEmpty)
  }

  @Test func theOlderReadingsPairingIsRefusedWithTheCurrentOnes() {
    let text = """
      name: t
      store: apple
      product: {period: 1M, offer: offer-code}
      timeline:
        - {at: 0d, do: redeem-offer}
      expect:
        - {at: 1h, sent: OFFER_REDEEMED/INITIAL_BUY}

      """
    let errors = ScenarioTesting.errors(text)
    #expect(errors.count == 1)
    #expect(errors.first?.contains("never sends 'OFFER_REDEEMED/INITIAL_BUY'") == true)
    #expect(errors.first?.hasSuffix("it sends 'OFFER_REDEEMED'") == true)
  }

  @Test func behindRevenueCatTheOfferPurchaseIsAnInitialPurchase() throws {
    let result = try ScenarioTesting.play(
      Self.offerCodeStart(policy: "reference", channel: "revenuecat", access: "yes"))
    #expect(result.passed)
    #expect(result.deliveries.map(\.name).prefix(2) == ["INITIAL_PURCHASE", "RENEWAL"])
  }

  @Test func anOfferForTheActiveSubscriptionChangesNoAccess() throws {
    let text = """
      name: t
      store: apple
      product: {period: 1M, offer: promotional, offer-price: 4.99}
      timeline:
        - {at: 0d, do: subscribe}
        - {at: 10d, do: redeem-offer}
      expect:
        - {at: 10d 1h, store: active, access: yes, sent: OFFER_REDEEMED, charges: 1}
        - {at: renewal 2 + 1h, store: active, access: yes, charges: 3}

      """
    #expect(try ScenarioTesting.play(text).passed)
    #expect(try ScenarioTesting.run(text, policy: DropsOfferRedeemed.self).passed)
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
