import Foundation
import TestSupport
import Testing

@testable import SimSub

/// Helpers for the Monte Carlo tests: the package's own files, populations from text, and the
/// command line run in-process.
enum MonteCarloTestSupport {
  /// The package's root directory.
  static var packageRoot: String { TestSupport.packageRoot.path }

  /// The shipped typical population.
  static var typicalPath: String { packageRoot + "/Scenarios/populations/typical.pop" }

  static func population(_ text: String, path: String = "test.pop") throws -> Population {
    do {
      return try PopulationLoader.decode(text, path: path)
    } catch {
      Issue.record("population did not load:\n\(error.rendered)")
      throw error
    }
  }

  static func typical(users: Int) throws -> Population {
    var p = try PopulationLoader.load(path: typicalPath)
    p.users = users
    return p
  }

  /// Plays `population` with `policies`; fails the test when the run stops early.
  static func run(
    _ population: Population, policies: [String], threads: Int = 2, shard: Shard = .whole
  ) throws -> MonteCarloResult {
    let plan = try PopulationPlan(population)
    let result = try MonteCarloRunner.run(
      plan, policies: policies, options: .init(threads: threads, shard: shard))
    return try #require(result)
  }

  struct Invocation {
    var status: SimSub.ExitStatus
    var output: String
    var error: String
  }

  /// `simsub ARGUMENTS` in-process, standard streams captured, not on a terminal.
  static func simsub(_ arguments: [String]) -> Invocation {
    let console = CapturingConsole()
    let facts = TerminalFacts(
      standardOutputIsTerminal: false, standardErrorIsTerminal: false, environment: [:])
    let status = SimSubMain.run(arguments: arguments, console: console, facts: facts)
    return Invocation(status: status, output: console.standardOutput, error: console.standardError)
  }
}
