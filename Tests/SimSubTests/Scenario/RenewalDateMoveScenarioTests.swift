import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// A renewal date the developer moves later, played through the runner: Apple's extension
/// (`extend-renewal`, `RENEWAL_EXTENDED`) and Google's deferral (`defer`,
/// `SUBSCRIPTION_DEFERRED`), directly and behind RevenueCat (`SUBSCRIPTION_EXTENDED`), with the
/// reference policy (access to the new date) and the known-bad `extension-ignored` (locked out at
/// the old date, caught by `no-lockout-in-grace`).
@Suite("Renewal dates moved through the runner")
struct RenewalDateMoveScenarioTests {
  /// One store's way of moving the date, and the first three deliveries it makes directly.
  struct Move: Sendable, CustomTestStringConvertible {
    var store: String
    var action: String
    var deliveries: [String]
    var testDescription: String { store }
  }

  static let moves = [
    Move(
      store: "apple", action: "extend-renewal",
      deliveries: ["SUBSCRIBED/INITIAL_BUY", "RENEWAL_EXTENDED", "DID_RENEW"]),
    Move(
      store: "google", action: "defer",
      deliveries: ["SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_DEFERRED", "SUBSCRIPTION_RENEWED"]),
  ]

  static func story(_ move: Move, policy: String, channel: String = "direct") -> String {
    """
    name: t
    store: \(move.store)
    channel: \(channel)
    product: {period: 1M}
    policy: \(policy)
    timeline:
      - {at: 20d, do: \(move.action), by: 10d}
    expect:
      - {at: 31d 1h, store: active}

    """
  }

  @Test(arguments: moves)
  func theReferencePolicyKeepsAccessToTheNewDate(_ move: Move) throws {
    let result = try ScenarioTesting.play(Self.story(move, policy: "reference"))
    #expect(result.passed)
    #expect(Array(result.deliveries.map(\.name).prefix(3)) == move.deliveries)
    #expect(result.deliveries[2].instant == ScenarioTesting.instant("2026-02-11T00:00:00Z"))
  }

  @Test(arguments: moves)
  func behindRevenueCatTheMoveIsSubscriptionExtended(_ move: Move) throws {
    let result = try ScenarioTesting.play(Self.story(move, policy: "reference", channel: "revenuecat"))
    #expect(result.passed)
    #expect(
      result.deliveries.map(\.name).prefix(3) == ["INITIAL_PURCHASE", "SUBSCRIPTION_EXTENDED", "RENEWAL"])
  }

  @Test(arguments: moves, ["direct", "revenuecat"])
  func extensionIgnoredLocksOutFromTheOldDateToTheNew(_ move: Move, channel: String) throws {
    let result = try ScenarioTesting.play(Self.story(move, policy: "extension-ignored", channel: channel))
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

  @Test(arguments: moves)
  func extensionIgnoredAgreesWithTheReferenceWhenNothingMoves(_ move: Move) throws {
    let text = """
      name: t
      store: \(move.store)
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
