import Foundation
import TestSupport
import Testing

@testable import SimSub

/// A scenario given to `montecarlo`, or a population to `run` or `check`, is named for what it
/// is, with the command that plays it, rather than reported as a file missing its keys.
@Suite struct WrongFileKindTests {
  static let scenario = "Scenarios/card-expired.scn"
  static let population = "Scenarios/populations/typical.pop"

  static func simsub(_ arguments: [String]) -> MonteCarloTestSupport.Invocation {
    let console = CapturingConsole()
    let facts = TerminalFacts(
      standardOutputIsTerminal: false, standardErrorIsTerminal: false, environment: [:])
    let status = SimSubMain.run(
      arguments: arguments, console: console, facts: facts, baseDirectory: TestSupport.packageRoot.path)
    return .init(status: status, output: console.standardOutput, error: console.standardError)
  }

  @Test func montecarloGivenAScenarioSuggestsRun() {
    let run = Self.simsub(["montecarlo", Self.scenario])
    #expect(run.status == .badInput)
    #expect(
      run.error
        == "Error: '\(Self.scenario)' is a scenario file, not a population: play it with 'simsub run \(Self.scenario)'\n"
    )
    #expect(run.output == "")
  }

  @Test(arguments: ["run", "check"])
  func aScenarioCommandGivenAPopulationSuggestsMontecarlo(command: String) {
    let run = Self.simsub([command, Self.population])
    #expect(run.status == .badInput)
    #expect(
      run.error
        == "Error: '\(Self.population)' is a population file, not a scenario: play it with 'simsub montecarlo \(Self.population)'\n"
    )
    // `run` with nothing to play writes nothing; `check` reports the file as not played, as it
    // does any file it cannot play, so CI shows it beside the others.
    if command == "run" {
      #expect(run.output == "")
    } else {
      #expect(run.output.contains("✗ \(Self.population)  could not be played"))
      #expect(run.output.hasSuffix("0 passed, 0 failed, 1 file not played\n"))
    }
  }
}
