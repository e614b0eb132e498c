import Foundation
import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// The sample log shipped in docs/replay/ and what docs/REPLAY.md shows simsub print for it.
@Suite("Replay: the shipped sample log")
struct ReplaySampleLogTests {
  static let log = "docs/replay/sample-log.jsonl"

  func page() throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent("docs/REPLAY.md"), encoding: .utf8)
  }

  func simsub(_ arguments: [String]) -> (SimSub.ExitStatus, String) {
    let console = CapturingConsole()
    let facts = TerminalFacts(
      standardOutputIsTerminal: false, standardErrorIsTerminal: false, environment: [:])
    let status = SimSubMain.run(
      arguments: arguments, console: console, facts: facts, baseDirectory: packageRoot.path)
    return (status, console.standardOutput)
  }

  @Test func thePageShowsWhatReplayPrints() throws {
    let page = try page()
    let (passing, reference) = simsub(["replay", Self.log])
    #expect(passing == .success)
    #expect(page.contains("$ simsub replay \(Self.log)\n" + reference))
    let (failing, activeOnly) = simsub(["replay", Self.log, "--policy", "active-only"])
    #expect(failing == .checkFailed)
    #expect(page.contains("$ simsub replay \(Self.log) --policy active-only\n" + activeOnly))
    #expect(activeOnly.contains("✗ no-lockout-in-grace"))
  }

  @Test func thePageShowsWhatTheGatesReplayFinds() throws {
    let page = try page()
    let replay = GateReplay(
      logs: try ReplayLogs([Self.log], resolver: PathResolver(baseDirectory: packageRoot.path)))
    let passing = try replay.play(ReferencePolicy.self, baseline: "reference")
    #expect(replay.failures(passing).isEmpty)
    #expect(page.contains("  replay        " + GateReplay.line(passing) + "\n"))
    let failing = try replay.play(ActiveOnlyPolicy.self, baseline: "reference")
    let summary = try #require(replay.failures(failing).first?.summary)
    #expect(page.contains("✗ " + summary + "\n"))
  }
}
