import Foundation
import Testing

@testable import SimSub

/// One bad file does not hide the good ones: `check` (and `run` with several files) reports the
/// others as usual and the bad file as a failure carrying its diagnostics, in every format, and
/// exits 2.
@Suite struct CommandLineBadFileTests {
  static let good = MonteCarloTestSupport.packageRoot + "/Scenarios/card-expired.scn"
  static let bad = "name: bad\nstore: aple\nproduct: {}\ntimeline:\n  - {at: 1d, do: cancle}\n"
  static func firstError(_ path: String) -> String {
    "\(path):2:8: error: unknown store 'aple' — did you mean 'apple'?"
  }
  static func secondError(_ path: String) -> String {
    "\(path):5:18: error: unknown action 'cancle' — did you mean 'cancel'?"
  }

  /// `simsub ARGUMENTS` with `BAD` replaced by the path of a malformed scenario.
  func simsub(_ arguments: [String]) throws -> (MonteCarloTestSupport.Invocation, bad: String) {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("bad.scn", Self.bad)
    let bad = dir.at("bad.scn")
    return (MonteCarloTestSupport.simsub(arguments.map { $0 == "BAD" ? bad : $0 }), bad)
  }

  @Test func theCheckTextListsTheGoodFileAndTheBadOneWithItsErrors() throws {
    let (run, bad) = try simsub(["check", Self.good, "BAD"])
    #expect(run.status == .badInput)
    let width = max(Self.good.count, bad.count)
    #expect(
      run.output == """
        ✓ \(Self.good.rightPadded(to: width))  reference
        ✗ \(bad.rightPadded(to: width))  could not be played
            \(Self.firstError(bad))
            \(Self.secondError(bad))

        1 passed, 0 failed, 1 file not played

        """)
    // The diagnostics with their source lines and carets, on standard error as before.
    #expect(run.error.hasPrefix(Self.firstError(bad) + "\n  store: aple\n         ^\n"))
  }

  @Test func theJUnitReportHasTheGoodSuiteAndAFailedCaseForTheBadFile() throws {
    let (run, bad) = try simsub(["check", Self.good, "BAD", "--format", "junit"])
    #expect(run.status == .badInput)
    #expect(JUnitSchemas.problems(run.output) == [])
    let root = try #require(JUnitSchemas.TreeReader.read(run.output))
    let suites = root.all("testsuite")
    #expect(suites.map { $0.attributes["tests"] } == ["5", "1"])
    #expect(suites.map { $0.attributes["failures"] } == ["0", "1"])
    #expect(suites.last?.attributes["name"] == bad)
    let failure = try #require(root.all("failure").first)
    #expect(failure.attributes["type"] == "input")
    #expect(failure.attributes["message"] == Self.firstError(bad))
    #expect(failure.text.contains(Self.secondError(bad) + "\n    - {at: 1d, do: cancle}\n"))
    #expect(root.all("testcase").last?.attributes["classname"]?.hasSuffix(".bad") == true)
  }

  @Test func theJSONMarkdownAndHTMLReportsListTheBadFile() throws {
    let (json, bad) = try simsub(["check", Self.good, "BAD", "--format", "json"])
    #expect(json.status == .badInput)
    let document = try JSONValue(parsing: json.output)
    #expect(document["passed"] == .bool(false))
    #expect(document["summary"]?["refused"] == .number(JSONNumber(1)))
    #expect(document["summary"]?["passed"] == .number(JSONNumber(1)))
    #expect(
      document["refused"]
        == .array([
          .object([
            ("path", .string(bad)),
            ("errors", .array([.string(Self.firstError(bad)), .string(Self.secondError(bad))])),
          ])
        ]))

    let (markdown, mdBad) = try simsub(["check", Self.good, "BAD", "--format", "markdown"])
    #expect(markdown.status == .badInput)
    #expect(markdown.output.hasPrefix("### simsub: 1 of 2 scenarios passed\n"))
    #expect(markdown.output.contains("| ❌ | could not be played (`\(mdBad)`) | | | | |\n"))
    #expect(markdown.output.contains("- `\(mdBad)`: \(Self.firstError(mdBad))\n"))

    let (html, _) = try simsub(["check", Self.good, "BAD", "--format", "html"])
    #expect(html.status == .badInput)
    #expect(html.output.contains("<title>simsub check: 1 of 2 scenarios passed</title>"))
    #expect(html.output.contains("Files that could not be played"))
    #expect(html.output.contains("unknown action &#39;cancle&#39;"))
  }

  @Test func runReportsTheScenariosItCouldPlayAndExitsTwo() throws {
    let (run, bad) = try simsub(["run", Self.good, "BAD"])
    #expect(run.status == .badInput)
    #expect(run.output.contains("Card expires at the first renewal"))
    #expect(run.error.hasPrefix(Self.firstError(bad)))
  }

  @Test func runWithNothingToPlayWritesNothing() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let (run, _) = try simsub(["run", "BAD", "--output", dir.at("report.txt")])
    #expect(run.status == .badInput)
    #expect(run.output.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: dir.at("report.txt")))
  }

  @Test func aMissingPathIsAFailureBesideTheOthers() throws {
    let (run, _) = try simsub(["check", Self.good, "missing.scn", "--format", "junit"])
    #expect(run.status == .badInput)
    let root = try #require(JUnitSchemas.TreeReader.read(run.output))
    #expect(root.all("testsuite").count == 2)
    #expect(root.all("failure").first?.attributes["type"] == "input")
  }
}
