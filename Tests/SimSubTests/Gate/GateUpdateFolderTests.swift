import Foundation
import TestSupport
import Testing

@testable import SimSub

/// `simsub gate --update` in a repository that has no `Reports/` yet, as the gate itself tells a
/// new user to run it.
@Suite struct GateUpdateFolderTests {
  /// A repository with one shipped scenario and nothing else.
  static func repository() throws -> CommandLineScratchDirectory {
    let dir = try CommandLineScratchDirectory()
    let scenario = TestSupport.packageRoot.appendingPathComponent("Scenarios/card-expired.scn").path
    try dir.file("Scenarios/card-expired.scn", try String(contentsOfFile: scenario, encoding: .utf8))
    return dir
  }

  static func gate(_ arguments: [String], in dir: CommandLineScratchDirectory) -> (
    SimSub.ExitStatus, CapturingConsole
  ) {
    let console = CapturingConsole()
    let facts = TerminalFacts(
      standardOutputIsTerminal: false, standardErrorIsTerminal: false, environment: [:])
    let status = SimSubMain.run(
      arguments: ["gate"] + arguments, console: console, facts: facts, baseDirectory: dir.path)
    return (status, console)
  }

  @Test func theFirstUpdateCreatesReports() throws {
    let dir = try Self.repository()
    defer { dir.remove() }
    let (status, console) = Self.gate(["--update"], in: dir)
    #expect(status == .success, "\(console.standardError)")
    #expect(console.standardOutput.hasPrefix("Baseline updated:\n  baseline created: 1 scenario"))
    #expect(try dir.entries("Reports") == ["baseline.json", "policy-table.md"])
    let (again, _) = Self.gate([], in: dir)
    #expect(again == .success)
  }

  @Test func aRefusedFirstUpdateLeavesNoReportsFolder() throws {
    let dir = try Self.repository()
    defer { dir.remove() }
    let (status, console) = Self.gate(["--update", "--policy", "active-only"], in: dir)
    #expect(status == .badInput)
    #expect(console.standardError.hasPrefix("Error: cannot update the baseline while scenarios fail"))
    #expect(try dir.entries() == ["Scenarios"])
  }
}
