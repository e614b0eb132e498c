import Testing

@testable import SimSub

/// A price increase behind RevenueCat, at both stores that play one: the notices themselves
/// reach the server as nothing; an increase not agreed to ends with `PRICE_INCREASE` reasons
/// (Apple: `EXPIRATION` at the next renewal; Google: `CANCELLATION` and `EXPIRATION` at the first
/// renewal after its 37-day notice, a `RENEWAL` before it); a subscriber who cancels instead ends
/// as any cancel does.
@Suite("RevenueCat: price increases")
struct RevenueCatPriceIncreaseTests {
  static func story(store: String, cancel: Bool = false, accept: Bool = false) -> String {
    """
    name: t
    store: \(store)
    channel: revenuecat
    product: {period: 1M, price: 9.99, raised-price: 12.99}
    timeline:
      - {at: 10d, do: raise-price}
    \(cancel ? "  - {at: 12d, do: cancel}" : "")
    \(accept ? "  - {at: 12d, do: accept-price}" : "")
    expect:
      - {at: \(store == "google" && !cancel ? "59d 1h" : "31d 1h"), store: \(accept ? "active" : "expired")}

    """
  }

  @Test(arguments: [
    ("apple", ["INITIAL_PURCHASE", "EXPIRATION/PRICE_INCREASE"]),
    ("google", ["INITIAL_PURCHASE", "RENEWAL", "CANCELLATION/PRICE_INCREASE", "EXPIRATION/PRICE_INCREASE"]),
  ])
  func anIncreaseNotAgreedToEndsWithPriceIncrease(_ store: String, _ names: [String]) throws {
    let result = try ScenarioTesting.play(Self.story(store: store))
    #expect(result.passed)
    #expect(result.deliveries.map(\.name) == names)
    let end = store == "google" ? "2026-03-01T00:00:00Z" : "2026-02-01T00:00:00Z"
    #expect(result.deliveries.last?.instant == ScenarioTesting.instant(end))
  }

  @Test(arguments: ["apple", "google"])
  func aCancelInsteadEndsAsAnyCancel(_ store: String) throws {
    let result = try ScenarioTesting.play(Self.story(store: store, cancel: true))
    #expect(result.passed)
    #expect(
      result.deliveries.map(\.name) == [
        "INITIAL_PURCHASE", "CANCELLATION/UNSUBSCRIBE", "EXPIRATION/UNSUBSCRIBE",
      ])
  }

  @Test(arguments: ["apple", "google"])
  func anAcceptedIncreaseRenews(_ store: String) throws {
    let result = try ScenarioTesting.play(Self.story(store: store, accept: true))
    #expect(result.passed)
    // The renewal at the period's end (the run goes on to a second one).
    #expect(Array(result.deliveries.map(\.name).prefix(2)) == ["INITIAL_PURCHASE", "RENEWAL"])
    #expect(result.deliveries[1].instant == ScenarioTesting.instant("2026-02-01T00:00:00Z"))
  }
}
