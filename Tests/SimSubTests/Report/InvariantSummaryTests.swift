import Foundation
import Testing

@testable import SimSub

/// The summary tables' invariants column says the same in Markdown and HTML: what failed, then
/// what was violated as the scenario expects.
@Suite("Reports: the invariants column")
struct InvariantSummaryTests {
  /// The lockout scenario expecting a second violation that does not happen: one invariant
  /// fails (no-free-access held), one is violated as expected.
  static let both = ReportScenarios.lockout.replacingAll(
    "expect-violations: [no-lockout-in-grace]",
    with: "expect-violations: [no-lockout-in-grace, no-free-access]")

  @Test func markdownAndHTMLListFailuresAndExpectedViolations() throws {
    #expect(Self.both != ReportScenarios.lockout)
    let result = try ReportScenarios.play(Self.both, path: "golden/both.scn")
    #expect(!result.passed)
    #expect(
      Describe.invariants(of: result) == "failed: no-free-access; violated as expected: no-lockout-in-grace")
    let markdown = ScenarioMarkdownReport.render([result])
    #expect(markdown.contains("| failed: `no-free-access`; violated as expected: `no-lockout-in-grace` |"))
    let html = ScenarioHTMLReport.render([result], command: "check")
    #expect(html.contains(">failed: no-free-access; violated as expected: no-lockout-in-grace<"))
  }

  @Test func anExpectedViolationAloneIsSaidSo() throws {
    let lockout = try ReportScenarios.play(ReportScenarios.lockout, path: "golden/lockout.scn")
    #expect(Describe.invariants(of: lockout) == "violated as expected: no-lockout-in-grace")
    #expect(
      ScenarioHTMLReport.render([lockout], command: "run").contains(
        ">violated as expected: no-lockout-in-grace<"))
  }

  /// The page's summary figures: a library whose violations were all asked for says so,
  /// rather than "2 invariant violations" over a passing run.
  @Test func thePagesFiguresSayExpectedViolationsWereExpected() throws {
    let lockout = try ReportScenarios.play(ReportScenarios.lockout, path: "golden/lockout.scn")
    let page = ScenarioHTMLReport.render([lockout, lockout], command: "check")
    #expect(page.contains("<li><span>2</span> invariant violations, all expected</li>"), "\(page)")
    let one = ScenarioHTMLReport.render([lockout], command: "check")
    #expect(one.contains("<li><span>1</span> invariant violation, expected</li>"))
    // With one that was not asked for, the two are counted apart.
    let both = try ReportScenarios.play(
      ReportScenarios.lockout.replacingAll("expect-violations: [no-lockout-in-grace]\n", with: "")
        .replacingAll(
          "expect-violations: [no-lockout-in-grace]", with: ""), path: "golden/unexpected.scn")
    let mixed = ScenarioHTMLReport.render([lockout, both], command: "check")
    #expect(mixed.contains("<li><span>1</span> unexpected invariant violation</li>"), "\(mixed)")
    #expect(mixed.contains("<li><span>1</span> expected invariant violation</li>"))
    let clean = try ScenarioTests.ReportTests.cardExpired()
    #expect(
      ScenarioHTMLReport.render([clean], command: "check").contains(
        "<li><span>0</span> invariant violations</li>"))
  }

  /// In a scenario's invariants table and its chart, a violation the scenario asks for is
  /// marked as expected, and one it does not ask for is a failure.
  @Test func theRowAndTheChartMarkAnExpectedViolationAsExpected() throws {
    let lockout = try ReportScenarios.play(ReportScenarios.lockout, path: "golden/lockout.scn")
    let page = ScenarioHTMLReport.render([lockout], command: "check")
    #expect(
      page.contains(
        "<td><span class=\"ok\" title=\"violated, as expected\">✓ expected</span></td><td class=\"mono\">no-lockout-in-grace</td>"
      ))
    #expect(
      TimelineChart.draw(TimelineChartData(lockout)).description.hasSuffix("1 invariant violation, expected.")
    )
    let unexpected = try ReportScenarios.play(
      ReportScenarios.lockout.replacingAll("expect-violations: [no-lockout-in-grace]", with: ""),
      path: "golden/unexpected.scn")
    let failing = ScenarioHTMLReport.render([unexpected], command: "check")
    #expect(!failing.contains("✓ expected"))
    #expect(
      failing.contains(
        "<td><span class=\"bad\" title=\"failed\">✗</span></td><td class=\"mono\">no-lockout-in-grace</td>"))
    #expect(TimelineChart.draw(TimelineChartData(unexpected)).description.hasSuffix("1 invariant violation."))
  }
}
