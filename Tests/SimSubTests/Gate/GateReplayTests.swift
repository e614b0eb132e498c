import Foundation
import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// `simsub gate --replay`: the shipped scenarios' requests as a production log, gated.
@Suite("Gate: replaying a log")
struct GateReplayTests {
  /// The shipped scenarios' delivered requests as received-request lines, in `dir`.
  func log(in dir: CommandLineScratchDirectory) throws -> String {
    let delivered = ReplayLogReaderTests.logged.filter(\.delivered)
    try dir.file("log.jsonl", delivered.map(ReplayLogReaderTests.receivedLine).joined(separator: "\n") + "\n")
    return "log.jsonl"
  }

  /// A repository with one shipped scenario and a baseline taken with the reference policy.
  func repository() throws -> CommandLineScratchDirectory {
    let dir = try CommandLineScratchDirectory()
    let text = try String(
      contentsOf: packageRoot.appendingPathComponent("Scenarios/card-expired.scn"), encoding: .utf8)
    try dir.file("Scenarios/card-expired.scn", text)
    try FileManager.default.createDirectory(atPath: dir.at("Reports"), withIntermediateDirectories: true)
    let (status, console) = dir.simsub(["gate", "--update"])
    #expect(status == .success, "\(console.standardError)")
    return dir
  }

  /// active-only fails the replay for exactly the subscribers it locks out in grace, each listed;
  /// the reference policy passes the same gate.
  @Test func aKnownBadPolicyFailsTheReplayAndTheReferencePasses() throws {
    let dir = try repository()
    defer { dir.remove() }
    let name = try log(in: dir)
    let replay = GateReplay(logs: try ReplayLogs([name], resolver: PathResolver(baseDirectory: dir.path)))
    let paths = Gate.Paths(root: dir.path)

    let bad = try Gate.run(ActiveOnlyPolicy.self, paths: paths, replay: replay)
    #expect(!bad.passed)
    let lockouts = try #require(bad.failures.first { $0.kind == .replayLockout })
    #expect(!bad.failures.contains { $0.kind == .replayFreeAccess })
    // The violators active-only shows on the same log, each named in the failure.
    var reader = ReplayLogReader()
    try reader.read(file: dir.at(name))
    let subscribers = ReplaySubscribers(reader.entries)
    let violators = ReplayPlayer().play(
      ActiveOnlyPolicy.self, entries: reader.entries, subscribers: subscribers
    )
    .violations.filter { $0.invariant == .noLockoutInGrace }
    #expect(!violators.isEmpty)
    #expect(lockouts.summary.hasPrefix("replay: \(Plural.count(violators.count, "subscriber")) of "))
    let listed = min(violators.count, ReplayReport.listed)
    #expect(lockouts.detail.count == listed + (violators.count > listed ? 2 : 1))
    let outcome = try #require(bad.replay)
    #expect(Set(outcome.newLockouts.map(\.subscriber)) == Set(violators.map(\.subscriber)))
    for d in outcome.newLockouts.prefix(listed) {
      let ids = subscribers.groups[d.subscriber].ids.prefix(2).joined(separator: ", ")
      #expect(lockouts.detail.contains { $0.hasPrefix(ids + ": from ") })
    }
    #expect(GateReport.text(bad).contains("✗ replay: "))

    let good = try Gate.run(ReferencePolicy.self, paths: paths, replay: replay)
    #expect(good.passed, "\(good.failures.map(\.summary))")
    #expect(good.replay?.report.differences.isEmpty == true)
    #expect(GateReport.text(good).contains("  replay        "))
  }

  /// Only what the baseline's policy did not do fails the gate: compared with itself, active-only
  /// brings no new lockout, though it locks the same subscribers out.
  @Test func aLockoutTheBaselinesPolicyMadeTooIsNoRegression() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let name = try log(in: dir)
    let replay = GateReplay(
      logs: try ReplayLogs([name], resolver: PathResolver(baseDirectory: dir.path)),
      baselinePolicy: "active-only")
    let outcome = try replay.play(ActiveOnlyPolicy.self, baseline: "reference")
    #expect(outcome.report.policy == "active-only")
    #expect(outcome.report.notifications == ReplayLogReaderTests.logged.filter(\.delivered).count)
    #expect(replay.failures(outcome).isEmpty)
    // Against the reference policy the same play fails.
    let against = GateReplay(logs: replay.logs)
    #expect(!against.failures(try against.play(ActiveOnlyPolicy.self, baseline: "reference")).isEmpty)
  }

  /// Through the command: exit status 1 with the replay in the JSON report, warnings for
  /// unreadable lines on standard error, a missing log and `--update` refused with status 2.
  @Test func theCommandReportsTheReplay() throws {
    let dir = try repository()
    defer { dir.remove() }
    let name = try log(in: dir)
    try dir.file("log.jsonl", try dir.read("log.jsonl") + "not json\n")
    let (status, console) = dir.simsub([
      "gate", "--policy", "active-only", "--replay", name, "--format", "json",
    ])
    #expect(status == .checkFailed)
    let json = try JSONValue(parsing: console.standardOutput)
    #expect(json["replay"]?["compared"] == "active-only")
    #expect(json["replay"]?["policy"] == "reference")
    #expect(json["failures"]?.arrayValue?.contains { $0["kind"] == "replay-lockout" } == true)
    #expect(
      console.standardError.contains(
        "log.jsonl:\(ReplayLogReaderTests.logged.filter(\.delivered).count + 1):1: warning: "))

    let (passing, passed) = dir.simsub(["gate", "--replay", name])
    #expect(passing == .success, "\(passed.standardOutput)")
    #expect(passed.standardOutput.contains("0 new lockouts"))
    #expect(dir.simsub(["gate", "--replay", "missing.jsonl"]).0 == .badInput)
    #expect(dir.simsub(["gate", "--update", "--replay", name]).0 == .badInput)
  }
}
