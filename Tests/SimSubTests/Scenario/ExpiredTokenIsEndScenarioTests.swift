import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// The known-bad `expired-token-is-end` through the runner: caught by `no-lockout-in-grace` when
/// a Google plan change expires the replaced token, whatever the replacement mode; the reference
/// policy passes the same stories; where the subscription itself expires, the two agree.
@Suite("expired-token-is-end through the runner")
struct ExpiredTokenIsEndScenarioTests {
  static func change(policy: String, mode: String) -> String {
    """
    name: t
    store: google
    product:
      - {id: basic, period: 1M, price: 9.99}
      - {id: plus, period: 1M, price: 14.99}
    policy: \(policy)
    timeline:
      - {at: 10d, do: change-product, product: plus, replacement-mode: \(mode)}
    expect:
      - {at: 9d, store: active, access: yes}

    """
  }

  @Test(arguments: GoogleReplacementMode.allCases)
  func aPlanChangeIsCaught(_ mode: GoogleReplacementMode) throws {
    let result = try ScenarioTesting.play(Self.change(policy: "expired-token-is-end", mode: mode.name))
    #expect(!result.passed)
    #expect(result.violations.map(\.invariant) == [.noLockoutInGrace])
    let v = try #require(result.violations.first)
    #expect(v.truth == .active)
    #expect(!v.decision.access)
    #expect(v.start == ScenarioTesting.instant("2026-01-11T00:00:00Z"))
  }

  @Test(arguments: GoogleReplacementMode.allCases)
  func theReferencePolicyFollowsTheLink(_ mode: GoogleReplacementMode) throws {
    let result = try ScenarioTesting.play(Self.change(policy: "reference", mode: mode.name))
    #expect(result.passed)
    #expect(result.violations.isEmpty)
  }

  @Test func whereTheSubscriptionExpiresTheBadPolicyAgrees() throws {
    let text = """
      name: t
      store: google
      product: {period: 1M}
      policy: expired-token-is-end
      timeline:
        - {at: 10d, do: cancel}
      expect:
        - {at: 20d, store: canceled, access: yes}
        - {at: renewal 1 + 1h, store: expired, access: no, sent: SUBSCRIPTION_EXPIRED}

      """
    let result = try ScenarioTesting.play(text)
    #expect(result.passed, "\(ScenarioTesting.checks(result))")
    #expect(result.violations.isEmpty)
  }
}
