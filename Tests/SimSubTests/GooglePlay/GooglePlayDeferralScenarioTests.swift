import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// A billing date the developer defers on Google Play, played through the runner: directly and
/// behind RevenueCat, with the reference policy (access to the new date) and the known-bad
/// `extension-ignored` (locked out at the old date, caught by `no-lockout-in-grace`).
@Suite("Google Play deferrals through the runner")
struct GooglePlayDeferralScenarioTests {
  static func story(policy: String, channel: String = "direct") -> String {
    """
    name: t
    store: google
    channel: \(channel)
    product: {period: 1M}
    policy: \(policy)
    timeline:
      - {at: 20d, do: defer, by: 10d}
    expect:
      - {at: 31d 1h, store: active}

    """
  }

  @Test func theReferencePolicyKeepsAccessToTheNewDate() throws {
    let result = try ScenarioTesting.play(Self.story(policy: "reference"))
    #expect(result.passed)
    #expect(
      result.deliveries.map(\.name).prefix(3) == [
        "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_DEFERRED", "SUBSCRIPTION_RENEWED",
      ])
    #expect(result.deliveries[2].instant == ScenarioTesting.instant("2026-02-11T00:00:00Z"))
  }

  @Test func behindRevenueCatTheDeferralIsSubscriptionExtended() throws {
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

  @Test func extensionIgnoredAgreesWithTheReferenceOnGoogleWithoutADeferral() throws {
    let text = """
      name: t
      store: google
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
