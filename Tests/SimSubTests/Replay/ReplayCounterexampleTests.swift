import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// `simsub replay --counterexamples DIR`: a scenario for each violation the log allows one for,
/// that parses and, played with the same policy, breaks the same invariant.
@Suite("Replay: counterexample scenarios")
struct ReplayCounterexampleTests {
  @Test func eachWrittenScenarioParsesAndShowsTheViolation() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let delivered = ReplayLogReaderTests.logged.filter(\.delivered)
    try dir.file("log.jsonl", delivered.map(ReplayLogReaderTests.receivedLine).joined(separator: "\n") + "\n")
    let (status, console) = dir.simsub([
      "replay", "log.jsonl", "--policy", "active-only", "--counterexamples", "cx", "--format", "json",
    ])
    #expect(status == .checkFailed, "\(console.standardError)")
    let report = try JSONValue(parsing: console.standardOutput)
    let violations = try #require(report["violations"]?.arrayValue)
    let written = try #require(report["counterexamples"]?.arrayValue)
    let missing = try #require(report["counterexamples-missing"]?.arrayValue)
    // Every violation listed is accounted for: a file, or a reason there is none.
    #expect(written.count + missing.count == min(violations.count, ReplayReport.listed))
    #expect(written.count >= 10)
    #expect(try dir.entries("cx").count == written.count)
    for c in written {
      let path = try #require(c["path"]?.stringValue)
      let scenario = try ScenarioLoader.load(path: dir.at(path))
      #expect(scenario.policy == "active-only")
      let result = try ScenarioPlayer.play(scenario)
      #expect(!result.passed)
      let invariant = try #require(c["invariant"]?.stringValue)
      #expect(result.violations.contains { $0.invariant.rawValue == invariant }, "\(path)")
      // The same subscriber's violation begins where the replay saw it begin.
      let replayed = try #require(violations.first { $0["subscriber"] == c["subscriber"] })
      let from = try #require(replayed["from"]?.stringValue)
      let start = try #require(RFC3339.parse(from))
      #expect(result.violations.contains { $0.start == start }, "\(path)")
      // Played with the reference policy, the same story breaks nothing.
      #expect(try ScenarioPlayer.play(scenario, policy: "reference").violations.isEmpty, "\(path)")
    }
    // Passing runs write nothing.
    let (passing, _) = dir.simsub(["replay", "log.jsonl", "--counterexamples", "none"])
    #expect(passing == .success)
    #expect(!FileManager.default.fileExists(atPath: dir.at("none")))
  }
}
