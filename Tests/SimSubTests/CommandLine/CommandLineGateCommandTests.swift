import Foundation
import Testing

@testable import SimSub

/// `simsub gate` on GitHub Actions: the report on standard output stays exactly the report, and
/// the `::error` annotations go to standard error, where the runner reads them too.
@Suite struct CommandLineGateCommandTests {
  /// A repository with one shipped scenario and a baseline taken with the reference policy.
  func repository() throws -> CommandLineScratchDirectory {
    let dir = try CommandLineScratchDirectory()
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent("Scenarios/card-expired.scn"), encoding: .utf8)
    try dir.file("Scenarios/card-expired.scn", text)
    try FileManager.default.createDirectory(atPath: dir.at("Reports"), withIntermediateDirectories: true)
    let update = simsub(["gate", "--update"], in: dir, environment: [:])
    #expect(update.status == .success, "\(update.error)")
    return dir
  }

  func simsub(_ arguments: [String], in dir: CommandLineScratchDirectory, environment: [String: String]) -> (
    status: SimSub.ExitStatus, output: String, error: String
  ) {
    let console = CapturingConsole()
    let facts = TerminalFacts(
      standardOutputIsTerminal: false, standardErrorIsTerminal: false, environment: environment)
    let status = SimSubMain.run(arguments: arguments, console: console, facts: facts, baseDirectory: dir.path)
    return (status, console.standardOutput, console.standardError)
  }

  @Test func onGitHubActionsTheJSONReportIsAloneOnStandardOutput() throws {
    let dir = try repository()
    defer { dir.remove() }
    let gate = simsub(
      ["gate", "--policy", "active-only", "--format", "json"], in: dir,
      environment: ["GITHUB_ACTIONS": "true"])
    #expect(gate.status == .checkFailed)
    let json = try JSONValue(parsing: gate.output)
    #expect(json["passed"] == false)
    #expect(!gate.output.contains("::error"))
    #expect(gate.error.contains("::error file=Scenarios/card-expired.scn,line=18,"))
  }

  @Test func offGitHubActionsThereAreNoAnnotations() throws {
    let dir = try repository()
    defer { dir.remove() }
    let gate = simsub(["gate", "--policy", "active-only", "--format", "json"], in: dir, environment: [:])
    #expect(gate.status == .checkFailed)
    #expect(try JSONValue(parsing: gate.output)["passed"] == false)
    #expect(!gate.error.contains("::error"))
  }
}
