import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// `simsub replay` through the whole command, in-process.
@Suite("Replay: simsub replay")
struct ReplayCommandTests {
  func simsub(_ arguments: [String], in directory: CommandLineScratchDirectory) -> (
    SimSub.ExitStatus, CapturingConsole
  ) {
    directory.simsub(["replay"] + arguments)
  }

  /// The shipped scenarios' requests as one log: the reference policy passes it, active-only
  /// locks subscribers out, and each violator is named by store ids.
  @Test func aLogPassesUnderTheReferenceAndFailsUnderActiveOnly() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let delivered = ReplayLogReaderTests.logged.filter(\.delivered)
    let log = delivered.map(ReplayLogReaderTests.receivedLine).joined(separator: "\n") + "\n"
    try dir.file("log.jsonl", log + "not a record\n")
    let (status, console) = simsub([dir.at("log.jsonl")], in: dir)
    #expect(status == .success, "\(console.standardOutput)")
    #expect(console.standardOutput.contains("✓ no-lockout-in-grace"))
    #expect(console.standardOutput.contains("1 unreadable record"))
    #expect(
      console.standardError.hasPrefix(
        "\(dir.at("log.jsonl")):\(delivered.count + 1):1: warning: "))

    let (bad, badConsole) = simsub(
      [dir.at("log.jsonl"), "--policy", "active-only", "--format", "json"], in: dir)
    #expect(bad == .checkFailed)
    let report = try JSONValue(parsing: badConsole.standardOutput)
    #expect(report["passed"] == false)
    let violations = try #require(report["violations"]?.arrayValue)
    #expect(!violations.isEmpty)
    #expect(
      violations.allSatisfy { $0["invariant"] == "no-lockout-in-grace" && $0["decision"]?["access"] == false }
    )
    // Store ids only: the subscriber is named by the ids the payloads carry.
    #expect(
      violations.allSatisfy {
        ($0["subscriber"]?.arrayValue ?? []).allSatisfy { $0.stringValue?.contains(" ") == true }
      })
  }

  /// Each listed violator comes with their timeline: every notification delivered, in received
  /// order, the store's truth and the policy's answer after each; where the violation began, the
  /// store entitled them and the policy denied access.
  @Test func eachViolatorComesWithTheirTimeline() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let delivered = ReplayLogReaderTests.logged.filter(\.delivered)
    try dir.file("log.jsonl", delivered.map(ReplayLogReaderTests.receivedLine).joined(separator: "\n") + "\n")
    let (status, console) = simsub(
      [dir.at("log.jsonl"), "--policy", "active-only", "--format", "json"], in: dir)
    #expect(status == .checkFailed)
    let violations = try #require(try JSONValue(parsing: console.standardOutput)["violations"]?.arrayValue)
    let listed = violations.prefix(ReplayReport.listed)
    #expect(listed.allSatisfy { $0["timeline"] != nil })
    for v in listed {
      let rows = try #require(v["timeline"]?.arrayValue)
      let instants = rows.compactMap { $0["at"]?.stringValue.flatMap(RFC3339.parse) }
      #expect(instants.count == rows.count && instants == instants.sorted())
      let from = try #require(v["from"]?.stringValue.flatMap(RFC3339.parse))
      let upTo = try #require(
        rows.last { row in (row["at"]?.stringValue.flatMap(RFC3339.parse)).map { $0 <= from } == true })
      if upTo["at"] == v["from"] {
        // Several notifications may share the instant (Stripe's past_due and the retries' end
        // when a failure is not retried): the violation began after one of them.
        let atFrom = rows.filter { $0["at"] == v["from"] }
        #expect(atFrom.contains { $0["store"] == "entitled" && $0["decision"]?["access"] == false })
      }
      #expect(rows.allSatisfy { ($0["notification"]?.stringValue ?? "").contains(" ") })
    }
    // Past the first 20 of an invariant, no timeline is made.
    #expect(violations.dropFirst(ReplayReport.listed).allSatisfy { $0["timeline"] == nil })
    let (_, text) = simsub([dir.at("log.jsonl"), "--policy", "active-only"], in: dir)
    #expect(text.standardOutput.contains("  store: entitled  policy: grace, no access"))
  }

  @Test func strictRefusesAnUnreadableRecordAndBadUsageIsTwo() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("log.jsonl", (ReplayLogReaderTests.logged.first?.body ?? "") + "\n{\"received\": 1}\n")
    let (status, console) = simsub([dir.at("log.jsonl"), "--strict"], in: dir)
    #expect(status == .badInput)
    #expect(console.standardError.contains(":2: error: "))
    #expect(console.standardOutput.isEmpty)
    #expect(simsub([dir.at("missing.jsonl")], in: dir).0 == .badInput)
    #expect(simsub([dir.at("log.jsonl"), "--policy", "no-such"], in: dir).0 == .badInput)
    #expect(simsub([dir.at("log.jsonl"), "--step", "0h"], in: dir).0 == .badInput)
  }
}
