import Foundation
import TestSupport
import Testing

@testable import SimSub

/// The README shows pictures the tool drew: they must still be what it draws.
@Suite("Reports: the README's pictures")
struct ReadmePictureTests {
  static var root: URL { packageRoot }

  @Test func theTimelineInReportsIsWhatTheToolDraws() throws {
    let scenario = Self.root.appendingPathComponent("Scenarios/active-only-locks-out-grace.scn").path
    let picture = Self.root.appendingPathComponent("Reports/timeline-active-only-locks-out-grace.svg")
    let committed = try String(contentsOf: picture, encoding: .utf8)
    // The chart does not print the file's path, so where the test finds it does not matter.
    let drawn = ScenarioSVGReport.render([try ScenarioPlayer.play(try ScenarioLoader.load(path: scenario))])
    #expect(
      committed == drawn,
      "Reports/timeline-active-only-locks-out-grace.svg is stale; regenerate it with: swift run simsub run Scenarios/active-only-locks-out-grace.scn --svg Reports/timeline-active-only-locks-out-grace.svg"
    )
  }

  @Test func theRecoveryCurveInReportsIsWhatTheToolDraws() throws {
    let name = "Reports/recovery-curve-reference-vs-active-only.svg"
    let committed = try String(contentsOf: Self.root.appendingPathComponent(name), encoding: .utf8)
    var population = try PopulationLoader.load(
      path: Self.root.appendingPathComponent("Scenarios/populations/typical.pop").path)
    population.users = 20_000
    let result = try #require(
      try MonteCarloRunner.run(PopulationPlan(population), policies: ["reference", "active-only"]))
    #expect(
      committed == MonteCarloCharts.svg(result),
      "\(name) is stale; regenerate it with: swift run simsub montecarlo Scenarios/populations/typical.pop --users 20000 --compare active-only --svg \(name)"
    )
  }
}
