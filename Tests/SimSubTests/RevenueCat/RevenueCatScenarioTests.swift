import TestSupport
import Testing

@testable import SimSub

/// RevenueCat stories from `.scn` text, and what the decoder accepts for `channel`.
@Suite("RevenueCat scenarios")
struct RevenueCatScenarioTests {
  func errors(_ text: String) -> [String] {
    do {
      _ = try ScenarioLoader.decode(text, path: "rc.scn")
      return []
    } catch {
      return error.diagnostics?.diagnostics.map(\.message) ?? [error.rendered]
    }
  }

  @Test func channels() throws {
    let head = "name: x\nstore: apple\nproduct: {period: 1M}\ntimeline: []\n"
    #expect(try ScenarioLoader.decode(head).channel == .direct)
    #expect(try ScenarioLoader.decode(head + "channel: direct\n").channel == .direct)
    #expect(
      try ScenarioLoader.decode(head + "channel: revenuecat\n").channel == .revenueCat(.billingIssueFirst))
    #expect(
      try ScenarioLoader.decode(head + "channel: {name: revenuecat}\n").channel
        == .revenueCat(.billingIssueFirst))
    #expect(
      try ScenarioLoader.decode(
        head + "channel: {name: revenuecat, billing-issue-order: cancellation-first}\n"
      ).channel
        == .revenueCat(.cancellationFirst))
    #expect(
      errors(head + "channel: revenucat\n") == ["unknown channel 'revenucat' — did you mean 'revenuecat'?"])
    #expect(
      errors(head + "channel: {name: revenuecat, order: cancellation-first}\n") == [
        "unknown key 'order': expected 'name' or 'billing-issue-order'"
      ])
    #expect(
      errors(head + "channel: {name: direct, billing-issue-order: cancellation-first}\n")
        == ["billing-issue-order is a revenuecat setting; the direct channel has none"])
    #expect(
      errors(head + "channel: {name: revenuecat, billing-issue-order: later}\n")
        == ["unknown order 'later': expected 'billing-issue-first' or 'cancellation-first'"])
    #expect(
      errors("name: x\nstore: stripe\nproduct: {period: 1M}\ntimeline: []\nchannel: revenuecat\n")
        == ["simsub plays the revenuecat channel for apple and google, not stripe"])
  }

  static func story(store: String, order: String, policy: String) -> String {
    """
    name: a renewal fails into grace and is fixed
    store: \(store)
    channel: {name: revenuecat, billing-issue-order: \(order)}
    product: {period: 1M}
    policy: \(policy)
    timeline:
      - at: 20d
        do: card-fails
      - at: renewal 1 + 4d
        do: update-card
    expect:
      - at: renewal 1 + 3d
        store: grace
        entitlement: grace
        prompt: soft

    """
  }

  @Test(arguments: ["apple", "google"], ["billing-issue-first", "cancellation-first"])
  func theReferenceKeepsGraceInEitherOrder(_ store: String, _ order: String) throws {
    let result = try ScenarioPlayer.play(
      try ScenarioLoader.decode(Self.story(store: store, order: order, policy: "reference")))
    #expect(result.violations.isEmpty)
    #expect(result.passed)
  }

  @Test(arguments: ["apple", "google"], ["billing-issue-first", "cancellation-first"])
  func billingErrorIsEndIsCaughtInEitherOrder(_ store: String, _ order: String) throws {
    let result = try ScenarioPlayer.play(
      try ScenarioLoader.decode(Self.story(store: store, order: order, policy: "billing-error-is-end")))
    #expect(result.violations.map(\.invariant) == [.noLockoutInGrace])
    let v = try #require(result.violations.first)
    // Google keeps a failed renewal active for a silent day before grace.
    let renewal1 = Scenario.defaultStart + .days(31)
    #expect(v.start == renewal1 + (store == "google" ? .days(1) : .zero))
    #expect(v.end == renewal1 + .days(4))
  }

  @Test(arguments: ["{delay: 6h}", "{duplicate: yes}", "{reorder: 1d}", "{outage: {for: 3h}}"])
  func deliveryFaultsDoNotLockOutGrace(_ faults: String) throws {
    let text =
      Self.story(store: "apple", order: "cancellation-first", policy: "reference") + "delivery: \(faults)\n"
    let result = try ScenarioPlayer.play(try ScenarioLoader.decode(text))
    #expect(result.violations.filter { $0.invariant == .noLockoutInGrace }.isEmpty, "\(faults)")
  }
}
