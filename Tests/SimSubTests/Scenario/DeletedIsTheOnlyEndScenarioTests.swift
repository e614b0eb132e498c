import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// The known-bad `deleted-is-the-only-end` through the runner: caught by `no-free-access` when a
/// trial without a payment method is paused (never deleted); the reference policy passes the
/// same story; where Stripe deletes, the bad policy agrees with the reference.
@Suite("deleted-is-the-only-end through the runner")
struct DeletedIsTheOnlyEndScenarioTests {
  static func pausedTrial(policy: String, access: String) -> String {
    """
    name: t
    store: stripe
    product: {period: 1M, trial: 14d, missing-payment-method: pause}
    policy: \(policy)
    timeline:
      - {at: 0d, do: subscribe, payment-method: none}
    expect:
      - {at: 13d, store: active, access: yes}
      - {at: 20d, store: paused, access: \(access)}

    """
  }

  @Test func aPausedTrialKeepsItsAccessAndIsCaught() throws {
    let result = try ScenarioTesting.play(Self.pausedTrial(policy: "deleted-is-the-only-end", access: "yes"))
    #expect(!result.passed)
    #expect(result.violations.map(\.invariant) == [.noFreeAccess])
    let v = try #require(result.violations.first)
    #expect(v.truth == .paused)
    #expect(v.decision.access)
    #expect(v.start == ScenarioTesting.instant("2026-01-15T00:00:00Z"))
  }

  @Test func theReferencePolicyEndsAccessWhenTheTrialPauses() throws {
    let result = try ScenarioTesting.play(Self.pausedTrial(policy: "reference", access: "no"))
    #expect(result.passed)
    #expect(result.violations.isEmpty)
  }

  @Test(arguments: ["missing-payment-method: cancel", "missing-payment-method: pause"])
  func whereStripeDeletesTheBadPolicyAgrees(setting: String) throws {
    // A trial without a payment method that is canceled at its end, and (with pause) a trial
    // whose subscriber cancels while paused: each ends with customer.subscription.deleted.
    let text = """
      name: t
      store: stripe
      product: {period: 1M, trial: 7d, \(setting)}
      policy: deleted-is-the-only-end
      timeline:
        - {at: 0d, do: subscribe, payment-method: none}
        - {at: 7d, do: cancel}
      expect:
        - {at: 6d, store: active, access: yes}
        - {at: 8d, store: expired, access: no}

      """
    let result = try ScenarioTesting.play(text)
    #expect(result.passed)
    #expect(result.violations.isEmpty)
  }

  @Test func aPaidSubscriptionThatLapsesIsDeletedAndAgrees() throws {
    let text = """
      name: t
      store: stripe
      product: {period: 1M, trial: 7d}
      policy: deleted-is-the-only-end
      timeline:
        - {at: 0d, do: subscribe}
        - {at: 10d, do: cancel}
      expect:
        - {at: 20d, store: canceled, access: yes, charges: 1}
        - {at: 40d, store: expired, access: no}

      """
    #expect(try ScenarioTesting.play(text).passed)
  }
}
