import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// Stripe's `incomplete` first payment played through the runner: the reference policy grants
/// nothing until paid, and the known-bad `incomplete-is-active` is caught by `no-free-access`.
@Suite("Stripe incomplete through the runner")
struct IncompleteScenarioTests {
  static func story(policy: String, firstPayment: String = "fails", then: String = "") -> String {
    """
    name: t
    store: stripe
    product: {period: 1M}
    policy: \(policy)
    timeline:
      - {at: 0d, do: subscribe, first-payment: \(firstPayment)}
    \(then)
    expect:
      - {at: 1h, store: hold}

    """
  }

  @Test func theReferencePolicyGrantsNothingWhileIncompleteNorAfterItExpires() throws {
    let result = try ScenarioTesting.play(Self.story(policy: "reference"))
    #expect(result.passed)
    #expect(
      result.deliveries.map(\.name) == [
        "customer.subscription.created", "invoice.payment_failed", "customer.subscription.updated",
      ])
    #expect(result.deliveries[2].instant == ScenarioTesting.instant("2026-01-01T23:00:00Z"))
  }

  @Test func authenticatingActivates() throws {
    let result = try ScenarioTesting.play(
      Self.story(
        policy: "reference", firstPayment: "requires-action", then: "  - {at: 3h, do: authenticate}"))
    #expect(result.passed)
    #expect(
      result.deliveries.map(\.name).prefix(5) == [
        "customer.subscription.created", "invoice.payment_action_required", "invoice.paid",
        "invoice.payment_succeeded",
        "customer.subscription.updated",
      ])
  }

  @Test func incompleteIsActiveGivesFreeAccessUntilIncompleteExpired() throws {
    let result = try ScenarioTesting.play(Self.story(policy: "incomplete-is-active"))
    #expect(!result.passed)
    // Access with no prompt while the store says hold: both invariants see it.
    #expect(result.violations.map(\.invariant) == [.noFreeAccess, .promptMatches])
    let v = try #require(result.violations.first)
    #expect(v.truth == .hold)
    #expect(v.decision.access)
    #expect(v.end == ScenarioTesting.instant("2026-01-01T23:00:00Z"))
  }

  @Test func incompleteIsActiveAgreesWithTheReferenceOnAPaidPurchase() throws {
    let text = """
      name: t
      store: stripe
      product: {period: 1M}
      policy: incomplete-is-active
      timeline:
        - {at: 1d, do: note, text: nothing happens}
      expect:
        - {at: 75d, store: active, access: yes, charges: 3}

      """
    #expect(try ScenarioTesting.play(text).passed)
  }
}
