import Foundation
import Testing

@testable import SimSub

/// Facts the JSON and HTML reports state about a run: the channel the notifications came by,
/// and the step the run was sampled at.
@Suite("Reports: the run's facts")
struct ScenarioReportFactsTests {
  static let revenueCat = """
    name: Through RevenueCat
    store: apple
    channel: {name: revenuecat, billing-issue-order: cancellation-first}
    product: {period: 1M, grace: 16d}
    timeline:
      - at: 10d
        do: card-fails
    """

  static let direct = """
    name: Straight from the store
    store: google
    product: {period: 1M}
    timeline:
      - at: 10d
        do: cancel
    """

  @Test func theJSONReportNamesTheScenariosChannel() throws {
    let result = try ReportScenarios.play(Self.revenueCat, path: "facts/revenuecat.scn")
    let json = try JSONValue(parsing: ScenarioJSONReport.render([result]))
    #expect(json["scenarios"]?[0]?["scenario"]?["channel"] == "revenuecat")
    let plain = try ReportScenarios.play(Self.direct, path: "facts/direct.scn")
    let other = try JSONValue(parsing: ScenarioJSONReport.render([plain]))
    #expect(other["scenarios"]?[0]?["scenario"]?["channel"] == "direct")
  }

  @Test func theHTMLReportShowsTheStepTheRunUsed() throws {
    let scenario = try ScenarioLoader.decode(Self.direct, path: "facts/direct.scn")
    #expect(scenario.step == .hours(1))
    let result = try ScenarioPlayer.play(scenario, step: .hours(7))
    #expect(result.step == .hours(7))
    let page = ScenarioHTMLReport.render([result], command: "run")
    #expect(page.contains(", step 7h</dd>"))
    #expect(!page.contains(", step 1h</dd>"))
  }
}
