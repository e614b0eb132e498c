import Foundation
import TestSupport
import Testing

@testable import SimSub

/// Baselines no `--update` could have written are refused where they stand, with exit status 2,
/// and the baseline and its policy table are held to be one record.
@Suite("Gate baseline")
struct GateBaselineTests {
  /// A throwaway repository: two shipped scenarios and a baseline taken with `reference`.
  final class Repository {
    let root: URL
    var paths: Gate.Paths { Gate.Paths(root: root.path) }

    init(montecarlo: GateMonteCarlo? = nil) throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "simsub-baseline-\(UUID().uuidString)")
      let files = FileManager.default
      try files.createDirectory(
        at: root.appendingPathComponent("Scenarios"), withIntermediateDirectories: true)
      try files.createDirectory(at: root.appendingPathComponent("Reports"), withIntermediateDirectories: true)
      for name in ["card-expired.scn", "apple-trial-converts-to-paid.scn"] {
        try files.copyItem(
          at: packageRoot.appendingPathComponent("Scenarios/\(name)"),
          to: root.appendingPathComponent("Scenarios/\(name)"))
      }
      try write("Reports/baseline.json", GateBaseline(montecarlo: montecarlo).json.serialized(.pretty) + "\n")
      _ = try Gate.update(ReferencePolicy.self, paths: paths)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func read(_ relative: String) throws -> String {
      try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    func write(_ relative: String, _ text: String) throws {
      try Data(text.utf8).write(to: root.appendingPathComponent(relative))
    }

    /// The baseline with `old` replaced by `new`, once.
    func edit(_ old: String, _ new: String) throws -> String {
      let text = try read("Reports/baseline.json")
      #expect(text.components(separatedBy: old).count == 2, "'\(old)' is not in the baseline once")
      let edited = text.replacingOccurrences(of: old, with: new)
      try write("Reports/baseline.json", edited)
      return edited
    }

    /// The error `simsub gate` gives, or `nil` when it runs.
    func gateError() -> String? {
      do {
        _ = try Gate.run(ReferencePolicy.self, paths: paths)
        return nil
      } catch {
        return error.description
      }
    }

    /// `simsub ARGUMENTS` in the repository, in-process.
    func simsub(_ arguments: [String]) -> (status: SimSub.ExitStatus, output: String, error: String) {
      let console = CapturingConsole()
      let facts = TerminalFacts(
        standardOutputIsTerminal: false, standardErrorIsTerminal: false, environment: [:])
      let status = SimSubMain.run(
        arguments: arguments, console: console, facts: facts, baseDirectory: root.path)
      return (status, console.standardOutput, console.standardError)
    }
  }

  /// A Monte Carlo section the tests edit: the baseline's checks run before anything is played.
  static let montecarlo = GateMonteCarlo(
    population: "Scenarios/populations/typical.pop", seed: 1, users: 20_000,
    watched: [
      .init(metric: .recoveryRate, value: 0.5969, tolerance: 0.005, higherIsBetter: true),
      .init(metric: .involuntaryChurn, value: 0.1722, tolerance: 0.002, higherIsBetter: false),
      .init(metric: .freeAccessDaysPerSubscriber, value: 0, tolerance: 0.001, higherIsBetter: false),
    ])

  /// A repository whose baseline has ``montecarlo`` written in by hand (never played).
  func repositoryWithMonteCarlo() throws -> Repository {
    let repository = try Repository()
    var baseline = try GateBaseline(json: try repository.read("Reports/baseline.json"))
    baseline.montecarlo = Self.montecarlo
    try repository.write("Reports/baseline.json", baseline.json.serialized(.pretty) + "\n")
    return repository
  }

  /// The 1-based line of `text` that holds `needle`.
  func line(of needle: String, in text: String) throws -> Int {
    let lines = text.components(separatedBy: "\n")
    return try #require(lines.firstIndex { $0.contains(needle) }) + 1
  }

  @Test func oneSubscriberIsRefusedWithItsPlaceAndTheRange() throws {
    let repository = try repositoryWithMonteCarlo()
    let text = try repository.edit("\"users\": 20000", "\"users\": 1")
    let line = try line(of: "\"users\": 1,", in: text)
    #expect(
      repository.gateError() == """
        Reports/baseline.json:\(line):14: error: montecarlo.users: expected from 1000 to 10000000 subscribers, found 1: fewer give too few billing issues to estimate a rate, more cannot be played in a CI job
              "users": 1,
                       ^

        """)
    let run = repository.simsub(["gate"])
    #expect(run.status == .badInput)
    #expect(run.output.isEmpty)
    #expect(
      run.error.hasPrefix("Reports/baseline.json:\(line):14: error: montecarlo.users: expected from 1000"))
    // `--update` refuses it too, rather than replacing the reviewers' settings or recording 0 ÷ 0.
    let update = repository.simsub(["gate", "--update"])
    #expect(update.status == .badInput)
    #expect(try repository.read("Reports/baseline.json") == text)
  }

  @Test func theLargestIntegerIsRefusedAtOnceInsteadOfPlayed() throws {
    let repository = try repositoryWithMonteCarlo()
    _ = try repository.edit("\"users\": 20000", "\"users\": 9223372036854775807")
    let started = Date()
    let error = try #require(repository.gateError())
    #expect(
      error.contains(
        ": error: montecarlo.users: expected from 1000 to 10000000 subscribers, found 9223372036854775807"))
    #expect(Date().timeIntervalSince(started) < 5)
  }

  @Test func anUnknownPolicyIsRefused() throws {
    let repository = try Repository()
    let text = try repository.edit("\"policy\": \"reference\"", "\"policy\": \"nope\"")
    let error = try #require(repository.gateError())
    #expect(
      error.hasPrefix(
        "Reports/baseline.json:\(try line(of: "\"nope\"", in: text)):13: error: policy: unknown policy 'nope' — the built-in policies are reference, active-only,"
      ))
    // A team's own gate records its own policy, which is no built-in's.
    #expect(GateBaseline(policy: "myapp", montecarlo: nil).problems(policyUnderGate: "myapp").isEmpty)
    #expect(
      GateBaseline(policy: "nope", montecarlo: nil).problems(policyUnderGate: "myapp").map(\.description) == [
        "policy: unknown policy 'nope': expected 'myapp', the policy this gate plays, or a built-in one (reference, active-only, unknown-is-active, arrival-order, past-due-is-free, billing-error-is-end, latest-source-wins, refund-is-final, extension-ignored, incomplete-is-active, price-increase-is-end, refund-request-is-refund, deleted-is-the-only-end, expired-token-is-end)"
      ])
  }

  @Test func impossibleRatesAndNegativeTolerancesAreRefusedAllAtOnce() throws {
    let repository = try repositoryWithMonteCarlo()
    _ = try repository.edit("\"value\": 0.5969", "\"value\": 5")
    let text = try repository.edit("\"tolerance\": 0.002", "\"tolerance\": -0.002")
    let error = try #require(repository.gateError())
    let lines = error.components(separatedBy: "\n").filter { $0.hasPrefix("Reports/") }
    #expect(
      lines == [
        "Reports/baseline.json:\(try line(of: "\"value\": 5", in: text)):18: error: montecarlo.metrics.recovery-rate-30d.value: expected a share from 0 to 1, found 5.0",
        "Reports/baseline.json:\(try line(of: "-0.002", in: text)):22: error: montecarlo.metrics.involuntary-churn.tolerance: expected a tolerance from 0 to 1, found -0.002",
      ])
    _ = try repository.edit("\"value\": 5", "\"value\": -1")
    #expect(
      repository.gateError()?.contains("recovery-rate-30d.value: expected a share from 0 to 1, found -1.0")
        == true)
  }

  @Test func theWriterRefusesAFigureThatIsNotANumber() throws {
    var baseline = GateBaseline(montecarlo: Self.montecarlo)
    baseline.montecarlo?.watched[0].value = .nan
    #expect(
      baseline.problems(policyUnderGate: "reference").map(\.description) == [
        "montecarlo.metrics.recovery-rate-30d.value: expected a share from 0 to 1, found nan"
      ])
  }

  @Test func aRunWithNothingToEstimateIsRefusedAndNothingIsRecorded() throws {
    // No renewal ever fails, so there is no billing issue to compute a recovery rate from.
    let population = try String(
      contentsOf: packageRoot.appendingPathComponent("Scenarios/populations/typical.pop"), encoding: .utf8
    )
    .replacingOccurrences(of: "renewal-failure: 0.0491", with: "renewal-failure: 0")
    .replacingOccurrences(of: "renewal-failure: 0.1064", with: "renewal-failure: 0")
    let repository = try Repository()
    try FileManager.default.createDirectory(
      at: repository.root.appendingPathComponent("Scenarios/populations"), withIntermediateDirectories: true)
    try repository.write("Scenarios/populations/none-fail.pop", population)
    var baseline = try GateBaseline(json: try repository.read("Reports/baseline.json"))
    baseline.montecarlo = GateMonteCarlo(
      population: "Scenarios/populations/none-fail.pop", seed: 1, users: 1_000, watched: [])
    let text = baseline.json.serialized(.pretty) + "\n"
    try repository.write("Reports/baseline.json", text)
    let update = repository.simsub(["gate", "--update"])
    #expect(update.status == .badInput)
    #expect(
      update.error
        == "Error: Scenarios/populations/none-fail.pop: the gate's run of 1000 subscribers gives no value for recovery rate (within 30 days): none of them has a billing issue; raise 'users' in the baseline's 'montecarlo', or stop watching 'recovery-rate-30d'\n"
    )
    #expect(try repository.read("Reports/baseline.json") == text)
  }

  @Test func aMissingScenarioFolderIsBadInputNotAChangedTable() throws {
    let repository = try Repository()
    let text = try repository.edit("\"scenarios\": \"Scenarios\"", "\"scenarios\": \"Scenarioz\"")
    #expect(
      repository.gateError() == """
        Reports/baseline.json:\(try line(of: "Scenarioz", in: text)):16: error: scenarios: the scenario folder 'Scenarioz' does not exist
            "scenarios": "Scenarioz",
                         ^

        """)
    #expect(repository.simsub(["gate"]).status == .badInput)
  }

  @Test func aPolicyTablePathThatIsAFolderIsBadInput() throws {
    let repository = try Repository()
    let text = try repository.edit(
      "\"policy-table\": \"Reports/policy-table.md\"", "\"policy-table\": \"Reports\"")
    let error = try #require(repository.gateError())
    #expect(
      error.hasPrefix(
        "Reports/baseline.json:\(try line(of: "\"policy-table\"", in: text)):19: error: policy-table: 'Reports' is a folder, not the policy table\n"
      ))
    let run = repository.simsub(["gate"])
    #expect(run.status == .badInput)
    #expect(!run.output.contains("decisions changed"))
  }

  @Test func aTableCheckedOutWithCRLFLineEndingsIsTheSameTable() throws {
    let repository = try Repository()
    let table = try repository.read("Reports/policy-table.md")
    try repository.write("Reports/policy-table.md", table.replacingOccurrences(of: "\n", with: "\r\n"))
    let result = try Gate.run(ReferencePolicy.self, paths: repository.paths)
    #expect(result.tableDiff.isEmpty)
    #expect(result.passed, "\(result.failures.map(\.summary))")
  }

  @Test func malformedJSONIsReportedAtItsPlace() throws {
    let repository = try Repository()
    let text = try repository.edit("\"scenarios\": \"Scenarios\",", "\"scenarios\": \"Scenarios\"")
    let line = try line(of: "\"scenario-files\"", in: text)
    #expect(
      repository.gateError()?.hasPrefix(
        "Reports/baseline.json:\(line):3: error: unexpected character '\"'; expected ',' or '}' after an object member\n"
      ) == true)
  }
}
