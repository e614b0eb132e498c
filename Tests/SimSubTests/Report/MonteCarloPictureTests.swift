import Foundation
import TestSupport
import Testing

@testable import SimSub

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The population pictures and page drawn from a real (small) Monte Carlo result.
@Suite("Reports: Monte Carlo pictures")
struct MonteCarloPictureTests {
  static let result: MonteCarloResult? = {
    let root = packageRoot
    guard
      var population = try? PopulationLoader.load(
        path: root.appendingPathComponent("Scenarios/populations/typical.pop").path)
    else { return nil }
    population.users = 2_000
    guard let plan = try? PopulationPlan(population) else { return nil }
    return try? MonteCarloRunner.run(
      plan, policies: ["reference", "active-only"], options: .init(threads: 1))
  }()

  @Test func theChartsAreWellFormedSVGWithASeriesPerStoreAndPolicy() throws {
    let result = try #require(Self.result)
    let svg = MonteCarloCharts.svg(result)
    #expect(XMLCheck.error(in: svg) == nil)
    // One panel per policy, so one colour is one store: no series names a policy.
    let curves = MonteCarloCharts.recoveryCurves(result)
    #expect(curves.count == 2)
    for curve in curves {
      #expect(curve.series.map(\.name) == ["all subscribers", "App Store", "Google Play"])
      #expect(curve.series.allSatisfy { $0.points.count == MonteCarloCharts.days + 1 })
    }
    #expect(curves[0].title.hasSuffix("policy reference (under test)"))
    #expect(curves[1].title.hasSuffix("policy active-only (compared)"))
    #expect(svg.contains("policy reference (under test)") && svg.contains("policy active-only (compared)"))
    // The panels share one vertical scale: the highest band of either.
    let highest = curves.flatMap(\.series).flatMap(\.points).map(\.upper).max()
    #expect(curves.allSatisfy { $0.shareCeiling == highest })
    #expect(curves[1].series[0].points[30].share != curves[0].series[0].points[30].share)
    let curve = curves[0]
    // The curve is the estimator's: day 30 is the 30-day recovery rate.
    let rate = Estimator.estimate(.recoveryRate, result.all, policy: 0).value
    #expect(abs(curve.series[0].points[30].share - rate) < 1e-12)
    let outcomes = MonteCarloCharts.episodeOutcomes(result)
    // Every episode ends one way: the four pieces add up to the episodes.
    for (group, tally) in zip(outcomes.groups.prefix(3), SubscriberGroup.allCases.map(result.tally)) {
      #expect(group.counts.reduce(0, +) == tally.sum(.episodes, policy: 0))
    }
    #expect(outcomes.groups[3].counts[3] > 0, "active-only loses subscribers after wrongful lockouts")
  }

  @Test func theHTMLPageIsSelfContainedAndNamesTheVerdict() throws {
    let result = try #require(Self.result)
    let page = MonteCarloHTMLReport.render(result)
    #expect(page.hasPrefix("<!DOCTYPE html>"))
    #expect(!page.contains("<script"))
    // The SVG namespace is a name, not a link; nothing else may point off the page.
    let links = page.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
    #expect(!links.contains("http://") && !links.contains("https://"))
    #expect(page.contains("Paired difference (same draws)"))
    #expect(MonteCarloHTMLReport.render(result) == page)
  }
}
