import TestSupport
import Testing

@testable import SimSub

/// Whole Google stories from `.scn` text through the decoder, the model and the reference
/// policy, with every invariant on.
@Suite("Google Play scenarios with the reference policy")
struct GooglePlayScenarioTests {
  func play(_ text: String) throws -> ScenarioResult {
    let scenario = try ScenarioLoader.decode(text, path: "google.scn")
    return try ScenarioPlayer.play(scenario)
  }

  func problems(_ result: ScenarioResult) -> [String] {
    let checks = result.expectations.flatMap { e in
      e.checks.filter { !$0.passed }.map {
        "\(e.expectation.at): \($0.key) expected \($0.expected), got \($0.actual)"
      }
    }
    let violations = result.violations.map { "\($0.invariant.rawValue) at \($0.start)" }
    return checks + violations + result.entryErrors.map(\.message)
  }

  @Test func aCardFixedInAccountHold() throws {
    let result = try play(
      """
      name: card expires; fixed in account hold
      store: google
      product: {id: premium.monthly, period: 1M}
      start: 2026-01-31T09:00:00Z
      timeline:
        - at: 20d
          do: card-fails
          reason: expired
        - at: renewal 1 + 10d
          do: update-card
      expect:
        - at: renewal 1 + 1h
          store: active
          access: yes
          prompt: none
        - at: renewal 1 + 1d 1h
          store: grace
          access: yes
          prompt: soft
          sent: SUBSCRIPTION_IN_GRACE_PERIOD
        - at: renewal 1 + 7d 1h
          store: hold
          access: no
          prompt: hard
          sent: SUBSCRIPTION_ON_HOLD
        - at: renewal 2 + 1h
          store: active
          access: yes
          prompt: none
          sent: [SUBSCRIPTION_RECOVERED, SUBSCRIPTION_RENEWED]
          charges: 3
      """)
    #expect(problems(result).isEmpty)
    #expect(result.passed)
  }

  @Test func holdRunsOutWithoutGrace() throws {
    let result = try play(
      """
      name: no grace; hold runs out
      store: google
      product: {id: premium.monthly, period: 1M, grace: 0d}
      timeline:
        - at: 20d
          do: card-fails
      expect:
        - at: renewal 1 + 2d
          store: hold
          access: no
          sent: SUBSCRIPTION_ON_HOLD
        - at: renewal 1 + 61d
          store: expired
          access: no
          sent: [SUBSCRIPTION_CANCELED, SUBSCRIPTION_EXPIRED]
      """)
    #expect(problems(result).isEmpty)
  }

  /// `renewal 2` would name the projected resume (`autoResumeTime`), placed when the pause
  /// begins; after an early resume the story addresses the resume from renewal 1.
  @Test func aPauseAndAnEarlyResume() throws {
    let result = try play(
      """
      name: pause, then resume early
      store: google
      product: {id: premium.monthly, period: 1M}
      timeline:
        - at: 9d
          do: pause
          for: 2M
        - at: renewal 1 + 10d
          do: resume
      expect:
        - at: 10d
          store: active
          access: yes
          sent: SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED
        - at: renewal 1 + 1h
          store: paused
          access: no
          sent: SUBSCRIPTION_PAUSED
        - at: renewal 1 + 10d 1h
          store: active
          access: yes
          sent: SUBSCRIPTION_RECOVERED
          charges: 2
      """)
    #expect(problems(result).isEmpty)
  }

  @Test func cancelRestoreExpireResubscribeRefund() throws {
    let result = try play(
      """
      name: cancel, restore, cancel, expire, resubscribe, refund
      store: google
      product: {id: premium.monthly, period: 1M}
      timeline:
        - at: 3d
          do: cancel
        - at: 5d
          do: uncancel
        - at: 10d
          do: cancel
        - at: 40d
          do: resubscribe
        - at: 45d
          do: refund
      expect:
        - at: 6d
          store: active
          access: yes
          sent: SUBSCRIPTION_RESTARTED
        - at: 35d
          store: expired
          access: no
        - at: 41d
          store: active
          access: yes
        - at: 46d
          store: revoked
          access: no
          sent: SUBSCRIPTION_REVOKED
      """)
    #expect(problems(result).isEmpty)
  }

  @Test func lateAndDuplicatedNotificationsThroughGrace() throws {
    let result = try play(
      """
      name: late, duplicated notifications through grace and recovery
      store: google
      product: {id: premium.monthly, period: 1M, grace: 14d, hold: 30d}
      delivery: {delay: 2d, duplicate: true}
      timeline:
        - at: 20d
          do: card-fails
        - at: renewal 1 + 20d
          do: update-card
      expect:
        - at: renewal 1 + 5d
          store: grace
          access: yes
        - at: renewal 1 + 25d
          store: active
          access: yes
      """)
    #expect(problems(result).isEmpty)
  }
}
