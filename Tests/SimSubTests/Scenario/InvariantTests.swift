import TestSupport
import Testing

@testable import SimSub

// MARK: Policies that misbehave on purpose

/// Reads Apple's `data.status` of the last notification to arrive: access in active and grace,
/// a soft prompt in grace, a hard one in billing retry. Right for the stories below; the other
/// policies here each break it in one way.
struct StatusPolicy: EntitlementPolicy {
  static let name = "test-status"
  static let summary = "Apple's status, read plainly (tests only)"
  var status: AppStoreSubscriptionStatus?
  var arrival: Instant?

  init() {}

  mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    guard case .appStore(let n) = notification else { return .accepted }
    status = n.data.status
    self.arrival = arrival
    return .accepted
  }

  func decision(at instant: Instant) -> Decision { Self.decision(for: status) }

  static func decision(for status: AppStoreSubscriptionStatus?) -> Decision {
    switch status {
    case .active?: Decision(state: .active, access: true)
    case .billingGracePeriod?: Decision(state: .grace, access: true, prompt: .soft)
    case .billingRetry?: Decision(state: .hold, access: false, prompt: .hard)
    case .expired?: Decision(state: .expired, access: false)
    case .revoked?: Decision(state: .revoked, access: false)
    default: .never
    }
  }
  static let decidesOnlyOnNotifications = false
  init(context: PolicyContext) { self.init() }
  func nextDecisionChange(after instant: Instant) -> Instant? { nil }
}

/// Grants access only while active: locks out a subscriber in grace (with the right prompt).
struct LocksOutInGracePolicy: EntitlementPolicy {
  static let name = "test-locks-out-in-grace"
  static let summary = "no access in grace (tests only)"
  var base = StatusPolicy()
  init() {}
  mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    base.receive(n, at: arrival)
  }
  func decision(at instant: Instant) -> Decision {
    var d = base.decision(at: instant)
    if d.state == .grace { d.access = false }
    return d
  }
  static let decidesOnlyOnNotifications = false
  init(context: PolicyContext) { self.init() }
  func nextDecisionChange(after instant: Instant) -> Instant? { base.nextDecisionChange(after: instant) }
}

/// Grants access only an hour after the notice of a purchase or recovery arrives.
struct SlowToGrantPolicy: EntitlementPolicy {
  static let name = "test-slow-to-grant"
  static let summary = "access an hour late (tests only)"
  var base = StatusPolicy()
  var grantedAt: Instant?
  init() {}
  mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    let before = base.decision(at: arrival).access
    let outcome = base.receive(n, at: arrival)
    if !before && base.decision(at: arrival).access { grantedAt = arrival + .hours(1) }
    return outcome
  }
  func decision(at instant: Instant) -> Decision {
    var d = base.decision(at: instant)
    if let grantedAt, instant < grantedAt { d.access = false }
    return d
  }
  static let decidesOnlyOnNotifications = false
  init(context: PolicyContext) { self.init() }
  func nextDecisionChange(after instant: Instant) -> Instant? { base.nextDecisionChange(after: instant) }
}

/// Ends access 30 days 20 hours after the last notification arrived, on its own clock.
struct ClockPolicy: EntitlementPolicy {
  static let name = "test-clock"
  static let summary = "access runs out on a clock (tests only)"
  var base = StatusPolicy()
  init() {}
  mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    base.receive(n, at: arrival)
  }
  func decision(at instant: Instant) -> Decision {
    var d = base.decision(at: instant)
    if let arrival = base.arrival, instant >= arrival + .days(30) + .hours(20) { d.access = false }
    return d
  }
  static let decidesOnlyOnNotifications = false
  init(context: PolicyContext) { self.init() }
  func nextDecisionChange(after instant: Instant) -> Instant? { base.nextDecisionChange(after: instant) }
}

/// Ignores `EXPIRED`: a subscriber who cancelled keeps access for free.
struct IgnoresExpiryPolicy: EntitlementPolicy {
  static let name = "test-ignores-expiry"
  static let summary = "ignores EXPIRED (tests only)"
  var base = StatusPolicy()
  init() {}
  mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    if case .appStore(let a) = n, a.notificationType == .expired { return .accepted }
    let outcome = base.receive(n, at: arrival)
    return outcome
  }
  func decision(at instant: Instant) -> Decision { base.decision(at: instant) }
  static let decidesOnlyOnNotifications = false
  init(context: PolicyContext) { self.init() }
  func nextDecisionChange(after instant: Instant) -> Instant? { base.nextDecisionChange(after: instant) }
}

/// Never asks the subscriber to fix their card.
struct NeverPromptsPolicy: EntitlementPolicy {
  static let name = "test-never-prompts"
  static let summary = "no prompts (tests only)"
  var base = StatusPolicy()
  init() {}
  mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    base.receive(n, at: arrival)
  }
  func decision(at instant: Instant) -> Decision {
    var d = base.decision(at: instant)
    d.prompt = .none
    return d
  }
  static let decidesOnlyOnNotifications = false
  init(context: PolicyContext) { self.init() }
  func nextDecisionChange(after instant: Instant) -> Instant? { base.nextDecisionChange(after: instant) }
}

/// Locks out in grace and never prompts: breaks two invariants at once.
struct LocksOutSilentlyPolicy: EntitlementPolicy {
  static let name = "test-locks-out-silently"
  static let summary = "no access and no prompt in grace (tests only)"
  var base = LocksOutInGracePolicy()
  init() {}
  mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    base.receive(n, at: arrival)
  }
  func decision(at instant: Instant) -> Decision {
    var d = base.decision(at: instant)
    d.prompt = .none
    return d
  }
  static let decidesOnlyOnNotifications = false
  init(context: PolicyContext) { self.init() }
  func nextDecisionChange(after instant: Instant) -> Instant? { base.nextDecisionChange(after: instant) }
}

extension ScenarioTests {
  /// The three invariants and their excuses, each with a violation just inside the excused
  /// interval (not reported) and just outside it (reported from exactly there).
  @Suite struct InvariantTests {
    /// Card fails before renewal 1 (2026-02-28T09:00Z), fixed five days into grace.
    static func cardExpired(_ extra: String = "") -> String {
      """
      name: Card expires at the first renewal
      store: apple
      product: {period: 1M, grace: 16d}
      start: 2026-01-31T09:00:00Z
      \(extra)
      timeline:
        - {at: 20d, do: card-fails, reason: expired}
        - {at: renewal 1 + 5d, do: update-card}

      """
    }

    /// No grace: the failed renewal of 2026-02-01 goes to billing retry, the fix on Feb 11
    /// recovers.
    static func recoveryFromHold(_ extra: String = "") -> String {
      """
      name: Recovery from billing retry
      store: apple
      product: {grace: 0d}
      \(extra)
      timeline:
        - {at: 20d, do: card-fails}
        - {at: renewal 1 + 10d, do: update-card}

      """
    }

    /// Cancelled on day 10: expires 2026-02-01.
    static let cancelled = """
      name: Cancelled
      store: apple
      product: {}
      delivery: {delay: 6h}
      timeline:
        - {at: 10d, do: cancel}

      """

    @Test func aWellBehavedPolicyBreaksNothing() throws {
      for text in [
        Self.cardExpired(), Self.cardExpired("delivery: {delay: 6h}"), Self.recoveryFromHold(),
        Self.recoveryFromHold("delivery: {delay: 6h}"), Self.cancelled,
      ] {
        let result = try ScenarioTesting.run(text, policy: StatusPolicy.self)
        #expect(result.violations.isEmpty, "\(ScenarioTesting.violations(result))")
        #expect(result.passed)
      }
    }

    // MARK: no-lockout-in-grace

    @Test func aLockoutInGraceIsCaught() throws {
      let result = try ScenarioTesting.run(Self.cardExpired(), policy: LocksOutInGracePolicy.self)
      #expect(
        ScenarioTesting.violations(result) == [
          "no-lockout-in-grace 2026-02-28T09:00:00Z→2026-03-05T09:00:00Z"
        ])
      let v = try #require(result.violations.first)
      #expect(v.truth == .grace)
      #expect(v.decision == Decision(state: .grace, access: false, prompt: .soft))
      #expect(v.cause?.name == "DID_FAIL_TO_RENEW/GRACE_PERIOD")
      #expect(v.causeArrival == ScenarioTesting.instant("2026-02-28T09:00:00Z"))
      #expect(v.duration == .days(5))
      #expect(!result.passed)
      #expect(result.invariants.map(\.passed) == [false, true, true])
    }

    @Test func aLockoutIsExcusedUntilThePurchaseNoticeArrives() throws {
      // Six hours late: the subscriber has paid at 00:00, the policy hears of it at 06:00 and
      // this one grants access an hour after that. Inside the excuse nothing is reported; the
      // violation starts the instant the notice arrives.
      let text = "name: t\nstore: apple\nproduct: {}\ndelivery: {delay: 6h}\ntimeline: []\n"
      let slow = try ScenarioTesting.run(text, policy: SlowToGrantPolicy.self)
      #expect(
        ScenarioTesting.violations(slow) == ["no-lockout-in-grace 2026-01-01T06:00:00Z→2026-01-01T07:00:00Z"])
      // The well-behaved policy is locked out for the same six hours, excused.
      let status = try ScenarioTesting.run(text, policy: StatusPolicy.self)
      #expect(status.violations.isEmpty)
      let lockedOut = status.rows.filter { $0.truth == .active && !$0.decision.access }
      #expect(lockedOut.map { RFC3339.format($0.instant) } == ["2026-01-01T00:00:00Z"])
    }

    @Test func aLockoutIsExcusedUntilTheRecoveryFromHoldArrives() throws {
      let text = Self.recoveryFromHold("delivery: {delay: 6h}")
      let slow = try ScenarioTesting.run(text, policy: SlowToGrantPolicy.self)
      #expect(
        ScenarioTesting.violations(slow) == [
          "no-lockout-in-grace 2026-01-01T06:00:00Z→2026-01-01T07:00:00Z",
          "no-lockout-in-grace 2026-02-11T06:00:00Z→2026-02-11T07:00:00Z",
        ])
      #expect(slow.violations.map(\.cause?.name) == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW/BILLING_RECOVERY"])
      // With no delay the notice arrives with the recovery, and the hour is still caught.
      let onTime = try ScenarioTesting.run(Self.recoveryFromHold(), policy: SlowToGrantPolicy.self)
      #expect(
        ScenarioTesting.violations(onTime) == [
          "no-lockout-in-grace 2026-01-01T00:00:00Z→2026-01-01T01:00:00Z",
          "no-lockout-in-grace 2026-02-11T00:00:00Z→2026-02-11T01:00:00Z",
        ])
    }

    @Test func aLateGraceNoticeExcusesALockoutUntilItArrives() throws {
      // The policy's own clock runs out at 02:00 on the day of the renewal, which failed at
      // 00:00; the grace notice that restarts the clock is six hours late, at 06:00. The notice
      // that grace has begun excuses a lockout until it arrives, as a renewal's does: the App
      // Store sends it before the period ends (docs/STORE-MODELS.md, "A renewal and its
      // notice"), so the four hours are not the policy's fault.
      let text = """
        name: t
        store: apple
        product: {}
        delivery: {delay: 6h}
        timeline:
          - {at: 20d, do: card-fails}
          - {at: renewal 1 + 2d, do: update-card}

        """
      let result = try ScenarioTesting.run(text, policy: ClockPolicy.self)
      #expect(ScenarioTesting.violations(result) == [])
    }

    // MARK: no-free-access

    @Test func freeAccessIsExcusedUntilTheNoticeArrives() throws {
      // Expired at 2026-02-01T00:00Z; EXPIRED reaches the policy six hours later, and this
      // policy ignores it.
      let result = try ScenarioTesting.run(Self.cancelled, policy: IgnoresExpiryPolicy.self)
      #expect(
        ScenarioTesting.violations(result) == ["no-free-access 2026-02-01T06:00:00Z→2026-02-11T00:00:00Z"])
      let v = try #require(result.violations.first)
      #expect(v.truth == .expired && v.decision.access)
      // The answer at fault is the one it gave since SUBSCRIBED: it ignored EXPIRED, which
      // changed nothing.
      #expect(v.cause?.name == "SUBSCRIBED/INITIAL_BUY")
      // The policy kept access from the expiry on; the six hours before the notice are excused.
      #expect(
        result.rows.contains {
          RFC3339.format($0.instant) == "2026-02-01T00:00:00Z" && $0.truth == .expired && $0.decision.access
        })
      #expect(result.invariants.map(\.passed) == [true, false, true])
    }

    @Test func freeAccessWithNothingPendingIsCaughtAtOnce() throws {
      let text = Self.cancelled.replacingOccurrences(of: "delivery: {delay: 6h}\n", with: "")
      let result = try ScenarioTesting.run(text, policy: IgnoresExpiryPolicy.self)
      #expect(
        ScenarioTesting.violations(result) == ["no-free-access 2026-02-01T00:00:00Z→2026-02-11T00:00:00Z"])
    }

    // MARK: prompt-matches

    @Test func aWrongPromptIsExcusedUntilTheNoticeArrives() throws {
      let late = try ScenarioTesting.run(
        Self.cardExpired("delivery: {delay: 6h}"), policy: NeverPromptsPolicy.self)
      #expect(
        ScenarioTesting.violations(late) == ["prompt-matches 2026-02-28T15:00:00Z→2026-03-05T09:00:00Z"])
      let v = try #require(late.violations.first)
      #expect(v.truth == .grace && v.decision.prompt == .none)
      let onTime = try ScenarioTesting.run(Self.cardExpired(), policy: NeverPromptsPolicy.self)
      #expect(
        ScenarioTesting.violations(onTime) == ["prompt-matches 2026-02-28T09:00:00Z→2026-03-05T09:00:00Z"])
    }

    @Test func holdNeedsAHardPrompt() throws {
      let result = try ScenarioTesting.run(Self.recoveryFromHold(), policy: NeverPromptsPolicy.self)
      #expect(
        ScenarioTesting.violations(result) == ["prompt-matches 2026-02-01T00:00:00Z→2026-02-11T00:00:00Z"])
      #expect(result.violations.first?.truth == .hold)
    }

    // MARK: Levels and negative tests

    @Test func warnPassesAndStillReportsTheViolation() throws {
      let text = Self.cardExpired("invariants: {no-lockout-in-grace: warn}")
      let result = try ScenarioTesting.run(text, policy: LocksOutInGracePolicy.self)
      #expect(result.passed)
      let verdict = try #require(result.invariants.first)
      #expect(verdict.invariant == .noLockoutInGrace && verdict.level == .warn && verdict.passed)
      #expect(verdict.violations.count == 1)
      let report = ScenarioTextReport().render(result)
      #expect(
        report.contains(
          """
            ✓ no-lockout-in-grace (warn)
                locked out while the store says grace: from 2026-02-28T09:00:00Z (day 28) for 5d; policy said grace, no access, prompt soft, after DID_FAIL_TO_RENEW/GRACE_PERIOD arrived at 2026-02-28T09:00:00Z

          """))
      #expect(report.hasSuffix("PASS\n"))
    }

    @Test func offPassesAndReportsNothing() throws {
      let text = Self.cardExpired("invariants: {no-lockout-in-grace: off}")
      let result = try ScenarioTesting.run(text, policy: LocksOutInGracePolicy.self)
      #expect(result.passed)
      let verdict = try #require(result.invariants.first)
      #expect(verdict.level == .off && verdict.violations.isEmpty)
      let report = ScenarioTextReport().render(result)
      #expect(report.contains("  ✓ no-lockout-in-grace (off)\n  ✓ no-free-access\n"))
      #expect(!report.contains("locked out"))
      // Only the invariant turned off is spared.
      let other = try ScenarioTesting.run(
        Self.cardExpired("invariants: {prompt-matches: off}"), policy: LocksOutInGracePolicy.self)
      #expect(!other.passed)
    }

    @Test func expectViolationsPassesWhenTheInvariantIsViolated() throws {
      let result = try ScenarioTesting.run(
        Self.cardExpired("expect-violations: [no-lockout-in-grace]"), policy: LocksOutInGracePolicy.self)
      #expect(result.passed)
      #expect(result.invariants.map(\.expectedToFail) == [true, false, false])
      #expect(
        ScenarioTextReport().render(result).contains("  ✓ no-lockout-in-grace — violated, as expected\n"))
    }

    @Test func expectViolationsFailsWhenTheInvariantHolds() throws {
      let result = try ScenarioTesting.run(
        Self.cardExpired("expect-violations: [no-lockout-in-grace]"), policy: StatusPolicy.self)
      #expect(!result.passed)
      #expect(result.invariants.map(\.passed) == [false, true, true])
      #expect(
        ScenarioTextReport().render(result).contains(
          "  ✗ no-lockout-in-grace — expected to be violated, but held\n"))
      #expect(ScenarioFailures.lines(result) == ["no-lockout-in-grace was expected to be violated, but held"])
    }

    @Test func expectViolationsFailsWhenAnotherInvariantBreaks() throws {
      let one = try ScenarioTesting.run(
        Self.cardExpired("expect-violations: [no-lockout-in-grace]"), policy: LocksOutSilentlyPolicy.self)
      #expect(!one.passed)
      #expect(one.invariants.map(\.passed) == [true, true, false])
      let both = try ScenarioTesting.run(
        Self.cardExpired("expect-violations: [no-lockout-in-grace, prompt-matches]"),
        policy: LocksOutSilentlyPolicy.self)
      #expect(both.passed)
    }

    // MARK: The checker on its own

    @Test(arguments: StoreTruth.allCases)
    func theRulesOfEachInvariant(truth: StoreTruth) {
      func sample(_ decision: Decision, undelivered: Int32 = 0, awaitingGain: Bool = false) -> EngineSample {
        EngineSample(
          instant: testStart, truth: truth, decision: decision, afterEvent: true, undelivered: undelivered,
          awaitingGainNotice: awaitingGain)
      }
      let entitled = [StoreTruth.active, .canceled, .grace].contains(truth)
      let denied = Decision(state: .expired, access: false)
      let granted = Decision(state: .active, access: true)
      // no-lockout-in-grace: only a pending gain notice excuses it, not other pending ones.
      #expect(InvariantChecker.fails(.noLockoutInGrace, sample(denied)) == entitled)
      #expect(InvariantChecker.fails(.noLockoutInGrace, sample(denied, undelivered: 3)) == entitled)
      #expect(!InvariantChecker.fails(.noLockoutInGrace, sample(denied, undelivered: 1, awaitingGain: true)))
      #expect(!InvariantChecker.fails(.noLockoutInGrace, sample(granted)))
      // no-free-access: any pending notification excuses it.
      #expect(InvariantChecker.fails(.noFreeAccess, sample(granted)) == !entitled)
      #expect(!InvariantChecker.fails(.noFreeAccess, sample(granted, undelivered: 1)))
      #expect(!InvariantChecker.fails(.noFreeAccess, sample(denied)))
      // prompt-matches.
      let wanted: RecoveryPrompt? =
        switch truth {
        case .grace: .soft
        case .hold: .hard
        case .active, .canceled: RecoveryPrompt.none
        default: nil
        }
      for prompt in RecoveryPrompt.allCases {
        let d = Decision(state: .active, access: true, prompt: prompt)
        #expect(InvariantChecker.fails(.promptMatches, sample(d)) == (wanted != nil && wanted != prompt))
        #expect(!InvariantChecker.fails(.promptMatches, sample(d, undelivered: 1)))
      }
      // A Family Sharing member: no prompt wherever the purchaser's would be constrained; the
      // access invariants are the purchaser's.
      let memberWanted: RecoveryPrompt? = wanted == nil ? nil : RecoveryPrompt.none
      for prompt in RecoveryPrompt.allCases {
        let d = Decision(state: .active, access: true, prompt: prompt)
        #expect(
          InvariantChecker.fails(.promptMatches, sample(d), familyMember: true)
            == (memberWanted != nil && memberWanted != prompt))
        #expect(!InvariantChecker.fails(.promptMatches, sample(d, undelivered: 1), familyMember: true))
      }
      for invariant in [Invariant.noLockoutInGrace, .noFreeAccess] {
        for d in [denied, granted] {
          #expect(
            InvariantChecker.fails(invariant, sample(d), familyMember: true)
              == InvariantChecker.fails(invariant, sample(d)))
        }
      }
    }
  }
}
