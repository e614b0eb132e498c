import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// A renewal date the developer extends, played through the runner: directly and behind
/// RevenueCat, with the reference policy (access to the new date) and the known-bad
/// `extension-ignored` (locked out at the old date, caught by `no-lockout-in-grace`).
@Suite("Renewal-date extensions through the runner")
struct RenewalExtensionScenarioTests {
  static func story(policy: String, channel: String = "direct") -> String {
    """
    name: t
    store: apple
    channel: \(channel)
    product: {period: 1M}
    policy: \(policy)
    timeline:
      - {at: 20d, do: extend-renewal, by: 10d}
    expect:
      - {at: 31d 1h, store: active}

    """
  }

  @Test func theReferencePolicyKeepsAccessToTheNewDate() throws {
    let result = try ScenarioTesting.play(Self.story(policy: "reference"))
    #expect(result.passed)
    #expect(
      result.deliveries.map(\.name).prefix(3) == ["SUBSCRIBED/INITIAL_BUY", "RENEWAL_EXTENDED", "DID_RENEW"])
    #expect(result.deliveries[2].instant == ScenarioTesting.instant("2026-02-11T00:00:00Z"))
  }

  @Test func behindRevenueCatTheExtensionIsSubscriptionExtended() throws {
    let result = try ScenarioTesting.play(Self.story(policy: "reference", channel: "revenuecat"))
    #expect(result.passed)
    #expect(
      result.deliveries.map(\.name).prefix(3) == ["INITIAL_PURCHASE", "SUBSCRIPTION_EXTENDED", "RENEWAL"])
  }

  @Test(arguments: ["direct", "revenuecat"])
  func extensionIgnoredLocksOutFromTheOldDateToTheNew(channel: String) throws {
    let result = try ScenarioTesting.play(Self.story(policy: "extension-ignored", channel: channel))
    #expect(!result.passed)
    #expect(result.violations.map(\.invariant) == [.noLockoutInGrace])
    let v = try #require(result.violations.first)
    // Sampled on the step grid (1 h) from the last event: caught within the first steps past
    // the old date (Feb 1), never before it.
    let old = ScenarioTesting.instant("2026-02-01T00:00:00Z")
    #expect(v.start > old && v.start <= old + .hours(2))
    #expect(v.end == ScenarioTesting.instant("2026-02-11T00:00:00Z"))
    #expect(v.truth == .active)
    #expect(v.decision.state == .expired)
  }

  @Test func extensionIgnoredAgreesWithTheReferenceWithoutAnExtension() throws {
    let text = """
      name: t
      store: apple
      product: {period: 1M}
      policy: extension-ignored
      timeline:
        - {at: 1d, do: note, text: nothing happens}
      expect:
        - {at: 75d, store: active, access: yes, charges: 3}

      """
    #expect(try ScenarioTesting.play(text).passed)
  }
}
