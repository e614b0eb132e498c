import Foundation
import TestSupport
import Testing

@testable import SimSub

/// The gate against deliberately altered policies, each making one kind of regression, in a
/// throwaway repository built from a few shipped scenarios.
@Suite("Gate")
struct GateTests {
  /// The reference policy, but a subscriber in grace loses access: breaks scenarios.
  struct LocksOutGrace: EntitlementPolicy {
    static let name = "locks-out-grace"
    static let summary = "test: no access in grace"
    static let decidesOnlyOnNotifications = true
    var base = ReferencePolicy()
    mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
      base.receive(n, at: arrival)
    }
    func decision(at instant: Instant) -> Decision {
      var d = base.decision(at: instant)
      if d.state == .grace { d.access = false }
      return d
    }
    init() {}
    init(context: PolicyContext) { self.init() }
    func nextDecisionChange(after instant: Instant) -> Instant? { base.nextDecisionChange(after: instant) }
  }

  /// The reference policy, but a refunded subscriber is asked to fix a card: no scenario
  /// constrains the prompt after a refund, so only the policy table notices.
  struct NagsAfterRefund: EntitlementPolicy {
    static let name = "nags-after-refund"
    static let summary = "test: hard prompt when revoked"
    static let decidesOnlyOnNotifications = true
    var base = ReferencePolicy()
    mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
      base.receive(n, at: arrival)
    }
    func decision(at instant: Instant) -> Decision {
      var d = base.decision(at: instant)
      if d.state == .revoked { d.prompt = .hard }
      return d
    }
    init() {}
    init(context: PolicyContext) { self.init() }
    func nextDecisionChange(after instant: Instant) -> Instant? { base.nextDecisionChange(after: instant) }
  }

  /// Locks out a subscriber in grace from their second billing issue on: no shipped story has
  /// two, and the policy table starts every row fresh, so only a population finds it.
  struct LocksOutRepeatFailures: EntitlementPolicy {
    static let name = "locks-out-repeat-failures"
    static let summary = "test: no access in a second grace"
    static let decidesOnlyOnNotifications = true
    var base = ReferencePolicy()
    var episodes = 0
    var wasInTrouble = false
    mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
      base.receive(n, at: arrival)
      let state = base.decision(at: arrival).state
      let inTrouble = state == .grace || state == .hold
      if inTrouble && !wasInTrouble { episodes += 1 }
      wasInTrouble = inTrouble
      return .accepted
    }
    func decision(at instant: Instant) -> Decision {
      var d = base.decision(at: instant)
      if d.state == .grace, episodes >= 2 { d.access = false }
      return d
    }
    init() {}
    init(context: PolicyContext) { self.init() }
    func nextDecisionChange(after instant: Instant) -> Instant? { base.nextDecisionChange(after: instant) }
  }

  /// Stops asking for a new card from the second billing issue on: access is right, so no
  /// invariant fails, but fewer subscribers fix their card and recovery falls.
  struct StopsNaggingRepeatFailures: EntitlementPolicy {
    static let name = "stops-nagging"
    static let summary = "test: no prompt in a second billing issue"
    static let decidesOnlyOnNotifications = true
    var inner = LocksOutRepeatFailures()
    mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
      inner.receive(n, at: arrival)
    }
    func decision(at instant: Instant) -> Decision {
      var d = inner.base.decision(at: instant)
      if inner.episodes >= 2 { d.prompt = .none }
      return d
    }
    init() {}
    init(context: PolicyContext) { self.init() }
    func nextDecisionChange(after instant: Instant) -> Instant? { inner.nextDecisionChange(after: instant) }
  }

  static var repository: URL { packageRoot }

  /// The temporary repositories a test made, removed when it ends: Swift Testing makes a fresh
  /// `GateTests` for each test and lets it go afterwards.
  private final class Sandboxes {
    var roots: [URL] = []
    deinit { for root in roots { try? FileManager.default.removeItem(at: root) } }
  }
  private let sandboxes = Sandboxes()

  /// A temporary repository with three shipped scenarios and a baseline taken with `reference`,
  /// removed when the test ends.
  func sandbox(montecarlo: Bool = false) throws -> Gate.Paths {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "simsub-gate-\(UUID().uuidString)")
    sandboxes.roots.append(root)
    let scenarios = root.appendingPathComponent("Scenarios")
    try FileManager.default.createDirectory(at: scenarios, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Reports"), withIntermediateDirectories: true)
    for name in [
      "card-expired.scn", "apple-trial-converts-to-paid.scn", "google-silent-grace-then-grace-recovers.scn",
    ] {
      try FileManager.default.copyItem(
        at: Self.repository.appendingPathComponent("Scenarios/\(name)"),
        to: scenarios.appendingPathComponent(name))
    }
    let paths = Gate.Paths(root: root.path)
    if montecarlo {
      let populations = scenarios.appendingPathComponent("populations")
      try FileManager.default.createDirectory(at: populations, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        at: Self.repository.appendingPathComponent("Scenarios/populations/typical.pop"),
        to: populations.appendingPathComponent("typical.pop"))
      // A small run: the draws are fixed, so even 20,000 subscribers give a stable baseline.
      var baseline = GateBaseline(montecarlo: GateMonteCarlo.standard)
      baseline.montecarlo?.users = 20_000
      try (baseline.json.serialized(.pretty) + "\n").write(
        to: root.appendingPathComponent("Reports/baseline.json"), atomically: true, encoding: .utf8)
    } else {
      try (GateBaseline(montecarlo: nil).json.serialized(.pretty) + "\n").write(
        to: root.appendingPathComponent("Reports/baseline.json"), atomically: true, encoding: .utf8)
    }
    _ = try Gate.update(ReferencePolicy.self, paths: paths)
    return paths
  }

  @Test func theReferencePolicyPassesTheCommittedBaseline() throws {
    let result = try Gate.run(ReferencePolicy.self, paths: Gate.Paths(root: Self.repository.path))
    #expect(result.passed, "\(result.failures.map(\.summary))")
    #expect(result.scenarios.count >= 30)
  }

  @Test func updateThenGatePasses() throws {
    let paths = try sandbox()
    let result = try Gate.run(ReferencePolicy.self, paths: paths)
    #expect(result.passed)
    #expect(result.scenarios.count == 3)
    #expect(try Gate.update(ReferencePolicy.self, paths: paths).isEmpty)
  }

  @Test func theGatesJUnitIsValidForTheAntAndJenkinsSchemas() throws {
    let paths = try sandbox()
    let run = ScenarioJUnitReport.Run(timestamp: RFC3339.parse("2026-01-31T09:00:00Z")!, hostname: "ci")
    for policy in [LocksOutGrace.self, ReferencePolicy.self] as [any EntitlementPolicy.Type] {
      let xml = GateReport.junit(try Gate.run(policy, paths: paths), run: run)
      #expect(JUnitSchemas.problems(xml) == [], "\(policy)")
      let gate = try #require(JUnitSchemas.TreeReader.read(xml)?.all("testsuite").last)
      #expect(gate.attributes["name"] == "simsub gate" && gate.attributes["package"] == "simsub.gate")
    }
  }

  @Test func aScenarioFailureFailsTheGateNamingScenarioAndCheck() throws {
    let paths = try sandbox()
    let result = try Gate.run(LocksOutGrace.self, paths: paths)
    #expect(!result.passed)
    let failure = try #require(result.failures.first { $0.kind == .scenario })
    #expect(
      failure.summary
        == "scenario Scenarios/card-expired.scn failed with policy locks-out-grace: Card expires at the first renewal; the subscriber fixes it during grace"
    )
    #expect(
      failure.detail.contains {
        $0.hasPrefix("line 18: at renewal 1 + 1h (2026-02-28T10:00:00Z) access: expected yes, got no")
      })
    #expect(
      failure.detail.contains { $0.hasPrefix("no-lockout-in-grace: locked out while the store says grace") })
    #expect(failure.file == "Scenarios/card-expired.scn" && failure.line == 18)
    let annotations = GateReport.githubAnnotations(result)
    #expect(
      annotations.contains(
        "::error file=Scenarios/card-expired.scn,line=18,title=simsub gate%3A scenario::scenario Scenarios/card-expired.scn failed"
      ))
  }

  /// The reference policy, but it asks everyone in grace to fix the card, family members too.
  struct NagsFamilyMembers: EntitlementPolicy {
    static let name = "nags-family-members"
    static let summary = "test: soft prompt in grace for everyone"
    static let decidesOnlyOnNotifications = true
    var base = ReferencePolicy()
    mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
      base.receive(n, at: arrival)
    }
    func decision(at instant: Instant) -> Decision {
      var d = base.decision(at: instant)
      if d.state == .grace { d.prompt = .soft }
      return d
    }
    init() {}
    init(context: PolicyContext) { self.init() }
    func nextDecisionChange(after instant: Instant) -> Instant? { base.nextDecisionChange(after: instant) }
  }

  @Test func aFamilyMembersFailurePointsAtTheMembersExpectation() throws {
    let paths = try sandbox()
    let name = "family-member-through-grace-recovery-and-revoke.scn"
    try FileManager.default.copyItem(
      at: Self.repository.appendingPathComponent("Scenarios/\(name)"),
      to: URL(fileURLWithPath: paths.root + "/Scenarios/\(name)"))
    _ = try Gate.update(ReferencePolicy.self, paths: paths)
    let result = try Gate.run(NagsFamilyMembers.self, paths: paths)
    let failure = try #require(result.failures.first { $0.kind == .scenario })
    #expect(result.failures.filter { $0.kind == .scenario }.count == 1)
    #expect(failure.file == "Scenarios/\(name)")
    // The purchaser's checks all pass; the member's prompt expectation is on line 30.
    #expect(failure.line == 30)
    #expect(
      failure.detail.first
        == "family member 1: line 30: at renewal 1 + 1h (2026-02-01T01:00:00Z) prompt: expected none, got soft"
    )
    #expect(
      failure.detail.contains {
        $0.hasPrefix("family member 1: prompt-matches: prompt soft while the store says grace")
      })
    // The policy table notices too: the member's grace row.
    #expect(result.failures.contains { $0.kind == .policyTable })
  }

  @Test func aPolicyTableChangeAloneFailsTheGateWithTheRows() throws {
    let paths = try sandbox()
    let result = try Gate.run(NagsAfterRefund.self, paths: paths)
    #expect(result.scenarios.allSatisfy { $0.passed })
    let failure = try #require(result.failures.first)
    #expect(result.failures.count == 1)
    #expect(failure.kind == .policyTable)
    #expect(
      failure.summary.hasPrefix("policy table: ")
        && failure.summary.hasSuffix(" decisions changed since Reports/policy-table.md"))
    #expect(
      failure.detail.contains("apple, from active, REFUND (status 5): revoked, no, none → revoked, no, hard"))
  }

  @Test func theHTMLPageListsEveryFailureAndTheChangedRows() throws {
    let paths = try sandbox()
    let result = try Gate.run(LocksOutGrace.self, paths: paths)
    let page = GateReport.html(result)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(page.contains("<title>simsub gate: failed (policy locks-out-grace)</title>"))
    for failure in result.failures { #expect(page.contains(XMLText.escape(failure.summary))) }
    #expect(page.contains("id=\"policy-table\""))
    #expect(!GateReport.html(try Gate.run(ReferencePolicy.self, paths: paths)).contains("id=\"failures\""))
  }

  @Test func aWrongfulLockoutOnlyAPopulationFindsFailsTheGate() throws {
    let paths = try sandbox(montecarlo: true)
    let result = try Gate.run(LocksOutRepeatFailures.self, paths: paths)
    #expect(result.scenarios.allSatisfy { $0.passed })
    #expect(result.tableDiff.isEmpty)
    // Subscribers who leave after the lockout also lower recovery; the lockout comes first.
    let failure = try #require(result.failures.first)
    #expect(failure.kind == .lockout)
    #expect(Set(result.failures.map(\.kind)).isSubset(of: [.lockout, .metric]))
    #expect(failure.summary.hasPrefix("Monte Carlo: "))
    #expect(failure.summary.contains(" of 20000 subscribers wrongfully locked out (first: subscriber "))
    #expect(
      failure.detail.last
        == "reproduce: simsub montecarlo Scenarios/populations/typical.pop --users 20000 --seed 1")
    #expect(throws: GateError.self) { _ = try Gate.update(LocksOutRepeatFailures.self, paths: paths) }
  }

  @Test func aRecoveryDropBeyondItsToleranceFailsTheGateWithTheFigures() throws {
    let paths = try sandbox(montecarlo: true)
    let baseline = try #require(try Gate.run(ReferencePolicy.self, paths: paths).figures.first)
    #expect(baseline.watched.metric == .recoveryRate)
    let result = try Gate.run(StopsNaggingRepeatFailures.self, paths: paths)
    #expect(result.scenarios.allSatisfy { $0.passed })
    #expect(result.tableDiff.isEmpty)
    let failure = try #require(result.failures.first { $0.kind == .metric })
    let now = try #require(result.figures.first { $0.watched.metric == .recoveryRate }).now
    #expect(now.value < baseline.watched.value - baseline.watched.tolerance)
    #expect(
      failure.summary.hasPrefix(
        "Monte Carlo: recovery rate (within 30 days) fell from \(baseline.watched.format(baseline.watched.value)) to \(baseline.watched.format(now.value)) ("
      ))
    #expect(failure.summary.hasSuffix(" points, tolerance 0.50 points)"))
    #expect(failure.detail.first?.contains("95% interval") == true)
  }

  @Test func theSameSeedGivesTheSameFiguresSoTheReferencePolicyPasses() throws {
    let paths = try sandbox(montecarlo: true)
    let result = try Gate.run(ReferencePolicy.self, paths: paths)
    #expect(result.passed, "\(result.failures.map(\.summary))")
    #expect(result.figures.count == 3)
    #expect(result.figures.allSatisfy { $0.watched.value == $0.now.value })
  }

  @Test func aDeletedScenarioFailsTheGate() throws {
    let paths = try sandbox()
    try FileManager.default.removeItem(atPath: paths.root + "/Scenarios/card-expired.scn")
    let result = try Gate.run(ReferencePolicy.self, paths: paths)
    #expect(
      result.failures.map(\.summary) == [
        "scenario Scenarios/card-expired.scn is in the baseline but no longer exists"
      ])
  }

  @Test func anUpdateThatCannotFinishLeavesTheOldBaseline() throws {
    let paths = try sandbox()
    let baselinePath = paths.root + "/Reports/baseline.json"
    let before = try String(contentsOfFile: baselinePath, encoding: .utf8)
    // The table's folder is gone, so staging the first file fails before any rename.
    var broken = try GateBaseline(json: before)
    broken.policyTable = "Missing/policy-table.md"
    try (broken.json.serialized(.pretty) + "\n").write(
      toFile: baselinePath, atomically: true, encoding: .utf8)
    let written = try String(contentsOfFile: baselinePath, encoding: .utf8)
    #expect(throws: GateError.self) { _ = try Gate.update(NagsAfterRefund.self, paths: paths) }
    #expect(try String(contentsOfFile: baselinePath, encoding: .utf8) == written)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: paths.root + "/Reports").filter {
      $0.hasSuffix(".tmp")
    }
    #expect(leftovers.isEmpty)
  }

  @Test func updateRefusesWhileScenariosFail() throws {
    let paths = try sandbox()
    #expect(throws: GateError.self) { _ = try Gate.update(LocksOutGrace.self, paths: paths) }
  }
}
