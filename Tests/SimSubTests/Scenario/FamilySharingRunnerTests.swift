import Foundation
import Testing

@testable import SimSub

/// A policy that forgets Family Sharing: the reference's answers, with the soft prompt in grace
/// and the hard one in billing retry for everyone (tests only).
struct NagsEveryonePolicy: EntitlementPolicy {
  static let name = "test-nags-everyone"
  static let summary = "reference, but prompts family members too (tests only)"
  var base = ReferencePolicy()
  init() {}
  mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    base.receive(n, at: arrival)
  }
  func decision(at instant: Instant) -> Decision {
    var d = base.decision(at: instant)
    if d.state == .grace { d.prompt = .soft }
    if d.state == .hold { d.prompt = .hard }
    return d
  }
  static let decidesOnlyOnNotifications = false
  init(context: PolicyContext) { self.init() }
  func nextDecisionChange(after instant: Instant) -> Instant? { base.nextDecisionChange(after: instant) }
}

extension ScenarioTests {
  /// Scenarios with Apple Family Sharing: the purchaser and each member played as runs of their
  /// own, member expectations, the member prompt rule, and `expect-violations` across the family.
  @Suite struct FamilySharingRunnerTests {
    /// Two members; the card fails before renewal 1 (2026-02-01), is fixed five days into grace;
    /// member 2 leaves ten days after the renewal.
    static func family(_ extra: String = "", expect: String = "") -> String {
      """
      name: family
      store: apple
      product: {period: 1M}
      family-members: 2
      \(extra)
      timeline:
        - {at: 20d, do: card-fails}
        - {at: renewal 1 + 5d, do: update-card}
        - {at: renewal 1 + 10d, do: leave-family, member: 2}
      expect:
        - {at: renewal 1 + 1h, store: grace, prompt: soft}
      \(expect)

      """
    }

    @Test func eachMemberIsARunOfItsOwn() throws {
      let result = try ScenarioTesting.play(Self.family())
      #expect(result.passed)
      #expect(result.member == 0)
      #expect(result.members.map(\.member) == [1, 2])
      #expect(result.runs.count == 3)
      #expect(result.runName == "purchaser")
      #expect(result.members.map(\.runName) == ["family member 1", "family member 2"])
      // The same timeline: every run saw the same subscriber actions at the same instants.
      func actions(_ r: ScenarioResult) -> [String] {
        r.rows.compactMap {
          if case .action(let a) = $0.event {
            "\(Describe.action(a, products: r.scenario.products))@\($0.instant)"
          } else {
            nil
          }
        }
      }
      for member in result.members { #expect(actions(member) == actions(result)) }
      // Each with its own truth and policy: only member 2 is revoked at the end.
      #expect(result.rows.last?.truth == .active)
      #expect(result.members[0].rows.last?.truth == .active)
      #expect(result.members[1].rows.last?.truth == .revoked)
      #expect(result.members[1].rows.last?.decision.access == false)
      #expect(ScenarioTesting.deliveries(result.members[1]).contains("REVOKE@2026-02-11T00:00:00Z"))
      #expect(!ScenarioTesting.deliveries(result).contains { $0.hasPrefix("REVOKE") })
      #expect(!ScenarioTesting.deliveries(result.members[0]).contains { $0.hasPrefix("REVOKE") })
      // The purchaser's expectation is checked in the purchaser's run only.
      #expect(result.expectations.count == 1)
      #expect(result.members.allSatisfy { $0.expectations.isEmpty })
    }

    @Test func aMemberExpectationIsCheckedInThatMembersRun() throws {
      let result = try ScenarioTesting.play(
        Self.family(
          expect: """
              - {at: renewal 1 + 10d, member: 2, store: revoked, entitlement: revoked, access: no, sent: REVOKE}
              - {at: renewal 1 + 10d, member: 1, store: active, access: yes}
            """))
      #expect(result.passed)
      #expect(result.expectations.count == 1)
      #expect(result.members[0].expectations.map(\.expectation.member) == [1])
      #expect(result.members[1].expectations.map(\.expectation.member) == [2])
      #expect(
        ScenarioTesting.checks(result.members[1]) == [
          "store revoked: revoked ✓", "entitlement revoked: revoked ✓", "access no: no ✓",
          "sent REVOKE: sent ✓",
        ])
    }

    @Test func aFailedMemberExpectationFailsTheScenarioWithTheMembersValue() throws {
      let result = try ScenarioTesting.play(
        Self.family(expect: "  - {at: renewal 1 + 10d, member: 2, store: active, access: yes, sent: REVOKE}"))
      #expect(!result.passed)
      #expect(result.expectations.allSatisfy { $0.passed })
      #expect(result.members[0].passed)
      #expect(!result.members[1].passed)
      #expect(
        ScenarioTesting.checks(result.members[1]) == [
          "store active: revoked ✗", "access yes: no ✗", "sent REVOKE: sent ✓",
        ])
      #expect(
        ScenarioFailures.lines(result) == [
          "family member 2: line 12: at renewal 1 + 10d (2026-02-11T00:00:00Z) store: expected active, got revoked",
          "family member 2: line 12: at renewal 1 + 10d (2026-02-11T00:00:00Z) access: expected yes, got no",
        ])
    }

    @Test func aPromptToAFamilyMemberBreaksPromptMatches() throws {
      let result = try ScenarioTesting.run(Self.family(), policy: NagsEveryonePolicy.self)
      #expect(!result.passed)
      // The purchaser is asked to fix their card, as they should be.
      #expect(result.violations.isEmpty)
      for member in result.members {
        #expect(
          ScenarioTesting.violations(member) == ["prompt-matches 2026-02-01T00:00:00Z→2026-02-06T00:00:00Z"],
          "member \(member.member)")
        #expect(member.violations.first?.decision.prompt == .soft)
      }
      // The reference policy, which reads FAMILY_SHARED, passes the same scenario.
      #expect(try ScenarioTesting.play(Self.family()).passed)
    }

    @Test func aFamilyMemberInBillingRetryIsNotPromptedEither() throws {
      let text = """
        name: hold
        store: apple
        product: {period: 1M, grace: 0d}
        family-members: 1
        timeline:
          - {at: 20d, do: card-fails}
          - {at: renewal 1 + 3d, do: update-card}
        expect:
          - {at: renewal 1 + 1h, store: hold, prompt: hard}
          - {at: renewal 1 + 1h, member: 1, store: hold, entitlement: hold, access: no, prompt: none}

        """
      #expect(try ScenarioTesting.play(text).passed)
      let nagged = try ScenarioTesting.run(text, policy: NagsEveryonePolicy.self)
      #expect(nagged.violations.isEmpty)
      #expect(
        ScenarioTesting.violations(nagged.members[0])
          == ["prompt-matches 2026-02-01T00:00:00Z→2026-02-04T00:00:00Z"])
      #expect(nagged.members[0].violations.first?.truth == .hold)
    }

    @Test func freeAccessAfterREVOKEIsCaughtInTheMembersRun() throws {
      func text(_ extra: String) -> String {
        """
        name: revoke
        store: apple
        product: {period: 1M}
        family-members: 2
        policy: unknown-is-active
        \(extra)
        timeline:
          - {at: 10d, do: leave-family, member: 2}

        """
      }
      let result = try ScenarioTesting.play(text(""))
      #expect(!result.passed)
      #expect(result.violations.isEmpty)
      #expect(result.members[0].violations.isEmpty)
      #expect(
        ScenarioTesting.violations(result.members[1]) == [
          "no-free-access 2026-01-11T00:00:00Z→2026-02-11T00:00:00Z"
        ])
      // Nothing else breaks it, so expect-violations makes it a negative test the family meets.
      let negative = try ScenarioTesting.play(text("expect-violations: [no-free-access]"))
      #expect(negative.passed)
      #expect(negative.violatedInFamily == [.noFreeAccess])
      #expect(negative.invariants.map(\.passed) == [true, true, true])
      #expect(negative.invariants[1].violations.isEmpty && negative.invariants[1].violatedInFamily)
      #expect(negative.members.allSatisfy { $0.violatedInFamily == [.noFreeAccess] })
      #expect(negative.members.map { $0.invariants[1].violations.count } == [0, 1])
      let report = ScenarioTextReport().render(negative)
      #expect(report.contains("no-free-access — held here; violated elsewhere in the family, as expected"))
      #expect(report.contains("no-free-access — violated, as expected"))
    }

    @Test func anExpectedViolationNobodyInTheFamilyBreaksFailsEveryRun() throws {
      let result = try ScenarioTesting.play(Self.family("expect-violations: [no-free-access]"))
      #expect(!result.passed)
      #expect(result.violatedInFamily.isEmpty)
      for run in result.runs {
        #expect(run.invariants.map(\.passed) == [true, false, true], "\(run.runName ?? "")")
      }
    }

    @Test func anchorsResolveAlikeInEveryRunAfterSharingEnds() throws {
      let result = try ScenarioTesting.play(
        Self.family(
          expect: """
              - {at: renewal 3, member: 2, store: revoked, access: no}
              - {at: renewal 3, store: active, sent: DID_RENEW}
            """))
      #expect(result.passed, "\(ScenarioFailures.lines(result))")
      let purchaser = try #require(result.expectations.last?.instant)
      let member = try #require(result.members[1].expectations.first?.instant)
      #expect(purchaser == member)
      #expect(RFC3339.format(member) == "2026-04-01T00:00:00Z")
    }

    @Test func anEntryErrorIsReportedOnceForTheFamily() throws {
      let result = try ScenarioTesting.play(
        """
        name: t
        store: apple
        product: {period: 1M}
        family-members: 1
        horizon: 40d
        timeline:
          - {at: renewal 3, do: cancel}
        expect:
          - {at: renewal 4, member: 1, store: active}

        """)
      #expect(!result.passed)
      #expect(result.entryErrors.map(\.line) == [7])
      #expect(result.members[0].entryErrors.map(\.line) == [9])
    }

    @Test func withoutFamilyNothingChanges() throws {
      let result = try ScenarioTesting.play(
        "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - {at: 1d, do: cancel}\n")
      #expect(result.members.isEmpty)
      #expect(result.runName == nil)
      #expect(result.violatedInFamily.isEmpty)
      #expect(result.runs.count == 1)
    }
  }
}
