import Foundation
import Testing

@testable import SimSub

/// `simsub run --svg`, `--format svg` and `--format html` through the whole command, in-process.
@Suite("Reports: pictures from the command line")
struct PictureCommandTests {
  func simsub(_ arguments: [String], in directory: CommandLineScratchDirectory) -> (
    SimSub.ExitStatus, CapturingConsole
  ) {
    directory.simsub(arguments)
  }

  @Test func runWritesTheTimelineBesideTheTextReport() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("lockout.scn", ReportScenarios.lockout)
    let (status, console) = simsub(["run", dir.at("lockout.scn"), "--svg", dir.at("lockout.svg")], in: dir)
    #expect(status == .success)
    #expect(console.standardOutput.hasSuffix("PASS\n"))
    let svg = try dir.read("lockout.svg")
    #expect(XMLCheck.error(in: svg) == nil)
    let expected = ScenarioSVGReport.render([
      try ScenarioPlayer.play(try ScenarioLoader.load(path: dir.at("lockout.scn")))
    ])
    #expect(svg == expected)
  }

  @Test func formatSVGPrintsTheSameDocument() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("lockout.scn", ReportScenarios.lockout)
    let (status, console) = simsub(["run", dir.at("lockout.scn"), "--format", "svg"], in: dir)
    #expect(status == .success)
    let (_, _) = simsub(["run", dir.at("lockout.scn"), "--svg", dir.at("x.svg")], in: dir)
    #expect(console.standardOutput == (try dir.read("x.svg")))
  }

  @Test func severalScenariosGiveOneStackedSVG() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("a.scn", ReportScenarios.lockout)
    try dir.file("b.scn", ReportScenarios.oneDay)
    let (status, _) = simsub(["run", dir.at("a.scn"), dir.at("b.scn"), "--svg", dir.at("both.svg")], in: dir)
    #expect(status == .checkFailed)  // the one-day scenario's fail-open policy breaks an invariant
    let parsed = try #require(XMLCheck.parse(try dir.read("both.svg")))
    #expect(parsed.elements["svg"] == 3)
    #expect(try dir.entries() == ["a.scn", "b.scn", "both.svg"])
  }

  @Test func anSVGPathThatCannotBeWrittenIsBadInputAndNothingIsPrinted() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("a.scn", ReportScenarios.lockout)
    let (status, console) = simsub(["run", dir.at("a.scn"), "--svg", dir.at("missing/a.svg")], in: dir)
    #expect(status == .badInput)
    #expect(console.standardOutput.isEmpty)
    #expect(
      console.standardError
        == "Error: --svg '\(dir.at("missing/a.svg"))' cannot be written: there is no folder '\(dir.at("missing"))'\n"
    )
    #expect(try dir.entries() == ["a.scn"])
  }

  @Test func badInputWritesNoPicture() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("bad.scn", "name: x\nstore: amazon\n")
    let (status, _) = simsub(["run", dir.at("bad.scn"), "--svg", dir.at("bad.svg")], in: dir)
    #expect(status == .badInput)
    #expect(try dir.entries() == ["bad.scn"])
  }

  @Test func checkWritesAnHTMLPageOfEveryScenario() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("library/a.scn", ReportScenarios.lockout)
    try dir.file("library/b.scn", ReportScenarios.googleLate)
    let (status, console) = simsub(
      ["check", dir.at("library"), "--format", "html", "--output", dir.at("report.html")], in: dir)
    #expect(status == .success)
    #expect(console.standardOutput.isEmpty)
    let html = try dir.read("report.html")
    #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
    #expect(XMLCheck.error(in: html) == nil)
    let parsed = try #require(XMLCheck.parse(html))
    #expect(parsed.elements["svg"] == 2)
    #expect(parsed.elements["script"] == nil)
    #expect(parsed.texts.contains("simsub check: 2 of 2 scenarios passed"))
    #expect(html.contains("prefers-color-scheme: dark"))
  }

  @Test func runPrintsAnHTMLPage() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("a.scn", ReportScenarios.oneDay)
    let (status, console) = simsub(["run", dir.at("a.scn"), "--format", "html"], in: dir)
    #expect(status == .checkFailed)
    #expect(XMLCheck.error(in: console.standardOutput) == nil)
    #expect(console.standardOutput.contains("<span class=\"badge fail\">FAIL</span>"))
  }

  @Test func checkHasNoSVGFormat() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let (status, console) = simsub(["check", "--format", "svg"], in: dir)
    #expect(status == .badInput)
    #expect(console.standardError.hasPrefix("Error: The value 'svg' is invalid for '--format <format>'."))
  }
}
