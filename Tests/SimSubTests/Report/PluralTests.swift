import Foundation
import Testing

@testable import SimSub

/// Every message that counts something agrees with its count: "1 scenario", never
/// "1 scenarios"; all of them through `Plural`.
@Suite struct PluralTests {
  @Test(arguments: [
    (0, "0 scenarios"), (1, "1 scenario"), (2, "2 scenarios"), (72, "72 scenarios"),
  ])
  func aCountAndItsNoun(n: Int, expected: String) {
    #expect(Plural.count(n, "scenario") == expected)
  }

  @Test func irregularNounsAndFormattedCounts() {
    #expect(Plural.count(1, "timeline entry", plural: "timeline entries") == "1 timeline entry")
    #expect(Plural.count(3, "timeline entry", plural: "timeline entries") == "3 timeline entries")
    #expect(Plural.count(1_000_000, as: "1,000,000", "subscriber") == "1,000,000 subscribers")
    #expect(Plural.count(UInt64(1), as: "1", "subscriber") == "1 subscriber")
    #expect(Plural.choose(1, one: "reproduces", other: "reproduce") == "reproduces")
    #expect(Plural.choose(2, one: "reproduces", other: "reproduce") == "reproduce")
  }

  @Test func aReportOfOneScenarioSaysScenario() throws {
    let result = try ScenarioTesting.play(ReportScenarios.lockout)
    #expect(ScenarioMarkdownReport.render([result]).hasPrefix("### simsub: 1 of 1 scenario passed\n"))
    #expect(ScenarioHTMLReport.render([result], command: "check").contains("1 of 1 scenario passed"))
  }

  @Test func theThroughputLineOfOneSubscriberOnOneThread() throws {
    let population = try MonteCarloTestSupport.typical(users: 1)
    let setup = RunSetup(population: population, policies: ["reference"])
    let line = MonteCarloCommand.throughput(subscribers: 1, setup: setup, seconds: 1, threads: 1)
    #expect(line.hasPrefix("simsub: played 1 subscriber × "), "\(line)")
    #expect(line.contains(" on 1 thread: "), "\(line)")
  }

  @Test func aCounterexampleOfOneEntryStillReproducesIt() throws {
    var scenario = try ScenarioLoader.load(
      path: MonteCarloTestSupport.packageRoot + "/Scenarios/card-expired.scn")
    scenario.timeline = Array(scenario.timeline.prefix(1))
    let example = Counterexample(
      scenario: scenario, invariant: .noLockoutInGrace, subscriber: 7, violationStart: scenario.start,
      storyEntries: 1)
    let text = example.text(population: try MonteCarloTestSupport.typical(users: 10))
    #expect(
      text.contains("# (1 timeline entry) to the 1 timeline entry that still reproduces it:"), "\(text)")
  }
}
