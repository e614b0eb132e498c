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
}
