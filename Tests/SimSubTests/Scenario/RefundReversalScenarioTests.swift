import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// A refund Apple reverses, played through the runner: directly and behind RevenueCat, with the
/// reference policy (access back for the rest of the period) and the known-bad
/// `refund-is-final` (locked out, caught by `no-lockout-in-grace`).
@Suite("Refund reversals through the runner")
struct RefundReversalScenarioTests {
  static func story(policy: String, channel: String = "direct") -> String {
    """
    name: t
    store: apple
    channel: \(channel)
    product: {period: 1M}
    policy: \(policy)
    timeline:
      - {at: 10d, do: refund}
      - {at: 15d, do: reverse-refund}
    expect:
      - {at: 15d 1h, store: canceled}

    """
  }

  @Test func theReferencePolicyGivesAccessBack() throws {
    let result = try ScenarioTesting.play(Self.story(policy: "reference"))
    #expect(result.passed)
    #expect(
      result.deliveries.map(\.name) == [
        "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "REFUND",
        "REFUND_REVERSED",
        "EXPIRED/VOLUNTARY",
      ])
    let reversed = ScenarioTesting.instant("2026-01-16T00:00:00Z")
    let row = try #require(result.rows.last { $0.instant == reversed })
    #expect(row.truth == .canceled)
    #expect(row.decision == Decision(state: .active, access: true))
  }

  @Test func behindRevenueCatTheReversalIsItsOwnEvent() throws {
    let result = try ScenarioTesting.play(Self.story(policy: "reference", channel: "revenuecat"))
    #expect(result.passed)
    #expect(
      result.deliveries.map(\.name) == [
        "INITIAL_PURCHASE", "CANCELLATION/CUSTOMER_SUPPORT", "REFUND_REVERSED", "EXPIRATION/UNSUBSCRIBE",
      ])
  }

  @Test(arguments: ["direct", "revenuecat"])
  func refundIsFinalLocksOutAfterTheReversal(channel: String) throws {
    let result = try ScenarioTesting.play(Self.story(policy: "refund-is-final", channel: channel))
    #expect(!result.passed)
    #expect(result.violations.map(\.invariant) == [.noLockoutInGrace])
    let v = try #require(result.violations.first)
    #expect(v.start == ScenarioTesting.instant("2026-01-16T00:00:00Z"))
    // Until the period the reversal paid for ends.
    #expect(v.end == ScenarioTesting.instant("2026-02-01T00:00:00Z"))
    #expect(v.truth == .canceled)
    #expect(v.decision.access == false)
  }

  @Test func refundIsFinalAgreesWithTheReferenceWithoutAReversal() throws {
    // A refund and a new purchase: the mark is cleared, and nothing fails.
    let text = """
      name: t
      store: apple
      product: {period: 1M}
      policy: refund-is-final
      timeline:
        - {at: 10d, do: refund}
        - {at: 15d, do: resubscribe}
      expect:
        - {at: 15d 1h, store: active, access: yes}

      """
    #expect(try ScenarioTesting.play(text).passed)
  }
}
