import Testing

@testable import SimSub

/// The known-bad `price-increase-is-end` through the runner, at both stores that play a price
/// increase: it reads the App Store's `PRICE_INCREASE/PENDING`, or Google's
/// `SUBSCRIPTION_PRICE_CHANGE_UPDATED` showing the change `OUTSTANDING`, as the end of access,
/// and `no-lockout-in-grace` catches it from the notice to the acceptance; the reference policy
/// keeps the subscriber in, and an increase that needs no answer fools neither.
@Suite("price-increase-is-end through the runner")
struct PriceIncreaseIsEndScenarioTests {
  static let stores = ["apple", "google"]

  static func story(store: String, policy: String, consent: String) -> String {
    """
    name: t
    store: \(store)
    product: {period: 1M, price: 9.99, raised-price: 12.99}
    policy: \(policy)
    timeline:
      - {at: 10d, do: raise-price, consent: \(consent)}
      - {at: 20d, do: accept-price}
    expect:
      - {at: 35d, store: active, access: yes, charges: 2}

    """
  }

  @Test(arguments: stores)
  func locksOutFromTheNoticeToTheAcceptance(_ store: String) throws {
    let result = try ScenarioTesting.play(
      Self.story(store: store, policy: "price-increase-is-end", consent: "required"))
    #expect(!result.passed)
    #expect(result.violations.map(\.invariant) == [.noLockoutInGrace])
    let v = try #require(result.violations.first)
    let notice = ScenarioTesting.instant("2026-01-11T00:00:00Z")
    #expect(v.start >= notice && v.start <= notice + .hours(2))
    #expect(v.end == ScenarioTesting.instant("2026-01-21T00:00:00Z"))
    #expect(v.truth == .active)
    #expect(v.decision.state == .expired)
  }

  @Test(arguments: stores)
  func theReferenceKeepsTheSubscriberIn(_ store: String) throws {
    #expect(
      try ScenarioTesting.play(Self.story(store: store, policy: "reference", consent: "required")).passed)
  }

  @Test(arguments: stores)
  func anIncreaseThatNeedsNoAnswerFoolsNeither(_ store: String) throws {
    #expect(
      try ScenarioTesting.play(
        Self.story(store: store, policy: "price-increase-is-end", consent: "not-required")
      )
      .passed)
  }
}
