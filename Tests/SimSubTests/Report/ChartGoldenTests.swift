import Foundation
import Testing

@testable import SimSub

/// Every picture kind and the HTML report against its golden file, and every one parsed as XML.
/// `SIMSUB_UPDATE_GOLDEN=1` rewrites the files (see ``Golden``).
@Suite("Reports: golden pictures and pages")
struct ChartGoldenTests {
  /// Each rendering under test, by its golden file's name.
  static let renderings: [String: @Sendable () throws -> String] = [
    "timeline-lockout.svg": {
      ScenarioSVGReport.render([try ReportScenarios.play(ReportScenarios.lockout, path: "golden/lockout.scn")]
      )
    },
    "timeline-one-day.svg": {
      ScenarioSVGReport.render([try ReportScenarios.play(ReportScenarios.oneDay, path: "golden/one-day.scn")])
    },
    "timeline-google-late.svg": {
      ScenarioSVGReport.render([
        try ReportScenarios.play(ReportScenarios.googleLate, path: "golden/google-late.scn")
      ])
    },
    "timeline-short-stretches.svg": {
      ScenarioSVGReport.render([
        try ReportScenarios.play(ReportScenarios.shortStretches, path: "golden/short-stretches.scn")
      ])
    },
    "timeline-five-years.svg": {
      ScenarioSVGReport.render([
        try ReportScenarios.play(ReportScenarios.fiveYears, path: "golden/five-years.scn")
      ])
    },
    "timeline-stacked.svg": {
      ScenarioSVGReport.render([
        try ReportScenarios.play(ReportScenarios.lockout, path: "golden/lockout.scn"),
        try ReportScenarios.play(ReportScenarios.googleLate, path: "golden/google-late.scn"),
      ])
    },
    "recovery-per-store.svg": { RecoveryCurveChart.draw(SyntheticPopulation.perStore).svg() },
    "recovery-compare.svg": { RecoveryCurveChart.draw(SyntheticPopulation.comparePolicies).svg() },
    "episode-outcomes.svg": { EpisodeOutcomeChart.draw(SyntheticPopulation.outcomes).svg() },
    "sweep-grid-compare.svg": { SweepChart.draw(SyntheticPopulation.sweepGrid).svg() },
    "run-lockout.html": {
      ScenarioHTMLReport.render(
        [try ReportScenarios.play(ReportScenarios.lockout, path: "golden/lockout.scn")], command: "run")
    },
    "check-three.html": {
      ScenarioHTMLReport.render(
        [
          try ReportScenarios.play(ReportScenarios.lockout, path: "golden/lockout.scn"),
          try ReportScenarios.play(ReportScenarios.oneDay, path: "golden/one-day.scn"),
          try ReportScenarios.play(ReportScenarios.googleLate, path: "golden/google-late.scn"),
        ], command: "check")
    },
  ]

  static let names = renderings.keys.sorted()

  @Test(arguments: names) func matchesItsGoldenFile(_ name: String) throws {
    let render = try #require(Self.renderings[name])
    try Golden.check(try render(), name)
  }

  @Test(arguments: names) func isWellFormedXML(_ name: String) throws {
    let render = try #require(Self.renderings[name])
    let text = try render()
    #expect(XMLCheck.error(in: text) == nil, "\(name): \(XMLCheck.error(in: text) ?? "")")
  }

  @Test(arguments: names) func isTheSameBytesEveryTime(_ name: String) throws {
    let render = try #require(Self.renderings[name])
    #expect(try render() == render())
  }

  /// The golden files themselves parse, so what the README and the browser see is valid.
  @Test func everyGoldenFileParses() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Golden.directory.path).sorted()
    #expect(Set(files).isSuperset(of: Self.names))
    for file in files {
      let text = try String(contentsOf: Golden.directory.appendingPathComponent(file), encoding: .utf8)
      #expect(XMLCheck.error(in: text) == nil, "\(file): \(XMLCheck.error(in: text) ?? "")")
    }
  }
}
