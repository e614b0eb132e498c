import Foundation
import TestSupport
import Testing

@testable import SimSub

/// Outputs are checked before any work: never over an input or over each other, whatever the
/// spelling of the path, and a folder that is missing or is itself the output is reported at
/// once rather than after the run.
@Suite struct OutputTargetTests {
  static let scenario = TestSupport.packageRoot.appendingPathComponent("Scenarios/card-expired.scn").path

  static func simsub(_ arguments: [String], in base: String? = nil) -> MonteCarloTestSupport.Invocation {
    let console = CapturingConsole()
    let facts = TerminalFacts(
      standardOutputIsTerminal: false, standardErrorIsTerminal: false, environment: [:])
    let status = SimSubMain.run(arguments: arguments, console: console, facts: facts, baseDirectory: base)
    return .init(status: status, output: console.standardOutput, error: console.standardError)
  }

  /// A scratch folder holding a copy of a scenario, `s.scn`, and a symbolic link to it.
  static func scratchWithScenario() throws -> CommandLineScratchDirectory {
    let dir = try CommandLineScratchDirectory()
    try dir.file("s.scn", try String(contentsOfFile: scenario, encoding: .utf8))
    try FileManager.default.createSymbolicLink(atPath: dir.at("link.scn"), withDestinationPath: "s.scn")
    return dir
  }

  @Test(arguments: ["s.scn", "./s.scn", "sub/../s.scn", "link.scn"])
  func aReportOverItsScenarioIsRefused(spelling: String) throws {
    let dir = try Self.scratchWithScenario()
    defer { dir.remove() }
    try FileManager.default.createDirectory(atPath: dir.at("sub"), withIntermediateDirectories: false)
    let before = try dir.read("s.scn")
    let run = Self.simsub(["run", dir.at("s.scn"), "--output", dir.at(spelling)])
    #expect(run.status == .badInput)
    #expect(
      run.error
        == "Error: --output '\(dir.at(spelling))' is the input '\(dir.at("s.scn"))': writing it would replace what is being read; name another file\n"
    )
    #expect(run.output == "")
    #expect(try dir.read("s.scn") == before)
  }

  @Test func theTimelinePictureOverTheReportIsRefused() throws {
    let dir = try Self.scratchWithScenario()
    defer { dir.remove() }
    let run = Self.simsub(["run", dir.at("s.scn"), "--svg", dir.at("p"), "--output", dir.at("./p")])
    #expect(run.status == .badInput)
    #expect(
      run.error == "Error: --output and --svg name the same file ('\(dir.at("p"))'); give each its own\n")
    #expect(try dir.entries() == ["link.scn", "s.scn"])
  }

  @Test func checkRefusesAReportOverAScenarioItFinds() throws {
    let dir = try Self.scratchWithScenario()
    defer { dir.remove() }
    let run = Self.simsub(["check", dir.path, "--output", dir.at("s.scn")])
    #expect(run.status == .badInput)
    #expect(run.error.hasPrefix("Error: --output '\(dir.at("s.scn"))' is the input "))
  }

  @Test func montecarloAndMergeRefuseAReportOverTheirInput() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("p.pop", try String(contentsOfFile: MonteCarloTestSupport.typicalPath, encoding: .utf8))
    let montecarlo = Self.simsub([
      "montecarlo", dir.at("p.pop"), "--users", "10", "--output", dir.at("p.pop"),
    ])
    #expect(montecarlo.status == .badInput)
    #expect(montecarlo.error.hasPrefix("Error: --output '\(dir.at("p.pop"))' is the input "))
    // A Markdown report's picture is an output too.
    let picture = Self.simsub([
      "montecarlo", dir.at("p.pop"), "--users", "10", "--format", "markdown", "--output", dir.at("r.md"),
      "--svg", dir.at("r.svg"),
    ])
    #expect(picture.status == .badInput)
    #expect(
      picture.error
        == "Error: --svg and the picture of --output name the same file ('\(dir.at("r.svg"))'); give each its own\n"
    )
    try dir.file("part.json", "{}")
    let merge = Self.simsub(["merge", dir.at("part.json"), "--output", dir.at("part.json")])
    #expect(merge.status == .badInput)
    #expect(merge.error.hasPrefix("Error: --output '\(dir.at("part.json"))' is the input "))
    #expect(try dir.read("part.json") == "{}")
    #expect(try dir.entries() == ["p.pop", "part.json"])
  }

  @Test func theGateRefusesAReportOverItsBaseline() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("Reports/baseline.json", "{}")
    let run = Self.simsub(["gate", "--output", "Reports/baseline.json"], in: dir.path)
    #expect(run.status == .badInput)
    #expect(run.error.hasPrefix("Error: --output 'Reports/baseline.json' is the input "))
    #expect(try dir.read("Reports/baseline.json") == "{}")
  }

  // MARK: Output locations, before the work

  @Test func aMissingFolderIsReportedBeforeTheMonteCarloRun() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let output = dir.at("nowhere/out.json")
    let run = Self.simsub([
      "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "10", "--output", output,
    ])
    #expect(run.status == .badInput)
    // Nothing was played: no throughput line.
    #expect(
      run.error
        == "Error: --output '\(output)' cannot be written: there is no folder '\(dir.at("nowhere"))'\n")
  }

  @Test(arguments: [["run", OutputTargetTests.scenario], ["montecarlo", MonteCarloTestSupport.typicalPath]])
  func anOutputThatIsAFolderSaysSo(command: [String]) throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let run = Self.simsub(command + ["--output", dir.path])
    #expect(run.status == .badInput)
    #expect(run.error == "Error: --output '\(dir.path)' is a directory; name a file in it\n")
  }

  @Test func aFolderThatIsAFileSaysSo() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("file", "")
    let run = Self.simsub(["run", Self.scenario, "--svg", dir.at("file/t.svg")])
    #expect(run.status == .badInput)
    #expect(
      run.error
        == "Error: --svg '\(dir.at("file/t.svg"))' cannot be written: '\(dir.at("file"))' is not a folder\n")
  }
}
