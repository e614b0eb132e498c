import Foundation
import Testing

@testable import SimSub

/// The Monte Carlo HTML page's invariants section: a table with one row per policy and
/// invariant, one heading, and counterexample files as links relative to the page.
@Suite("Reports: the Monte Carlo invariants table")
struct MonteCarloInvariantTableTests {
  /// The real small run of ``MonteCarloPictureTests`` (reference compared with active-only),
  /// with a counterexample file named as the writer would have named it.
  static func result() throws -> MonteCarloResult {
    var result = try #require(MonteCarloPictureTests.result)
    let subscriber = try #require(result.firstViolations[1].subscriber(for: .noLockoutInGrace))
    result.counterexamples = [
      CounterexampleFile(
        policy: "active-only", invariant: .noLockoutInGrace, subscriber: subscriber,
        path: "Reports/counterexamples/typical-active-only.scn", storyEntries: 3, entries: 1)
    ]
    return result
  }

  /// The section between its heading and the next section.
  static func section(_ page: String) throws -> String {
    let start = try #require(page.range(of: "<section id=\"invariants\">"))
    let end = try #require(page.range(of: "</section>", range: start.upperBound..<page.endIndex))
    return String(page[start.lowerBound..<end.upperBound])
  }

  @Test func oneHeadingAndARowPerPolicyAndInvariant() throws {
    let result = try Self.result()
    let section = try Self.section(MonteCarloHTMLReport.render(result))
    #expect(section.components(separatedBy: "Invariants").count == 2, "\(section)")
    #expect(section.contains("<th>policy</th>") && section.contains(">counterexample</th>"))
    #expect(section.components(separatedBy: "<tr").count - 2 == 2 * result.setup.policies.count)
    // The reference policy held both; active-only's lockout is a finding, not the verdict.
    #expect(section.contains("no-lockout-in-grace</td><td>held</td>"), "\(section)")
    let affected = result.all.sum(.lockedOut, policy: 1)
    #expect(affected > 0)
    #expect(section.contains("finding: \(Format.grouped(affected)) subscriber"))
    let subscriber = try #require(result.firstViolations[1].subscriber(for: .noLockoutInGrace))
    #expect(section.contains(">\(subscriber)</td>"))
  }

  @Test func theCounterexampleIsALinkRelativeToThePage() throws {
    let result = try Self.result()
    let toStandardOutput = try Self.section(MonteCarloHTMLReport.render(result))
    #expect(
      toStandardOutput.contains(
        "<a href=\"Reports/counterexamples/typical-active-only.scn\">Reports/counterexamples/typical-active-only.scn</a>"
      ), "\(toStandardOutput)")
    let besideReports = try Self.section(MonteCarloHTMLReport.render(result, outputDirectory: "Reports/html"))
    #expect(
      besideReports.contains(
        "<a href=\"../counterexamples/typical-active-only.scn\">Reports/counterexamples/typical-active-only.scn</a>"
      ), "\(besideReports)")
    let inWorkingDirectory = try Self.section(MonteCarloHTMLReport.render(result, outputDirectory: "."))
    #expect(inWorkingDirectory.contains("<a href=\"Reports/counterexamples/typical-active-only.scn\">"))
  }
}
