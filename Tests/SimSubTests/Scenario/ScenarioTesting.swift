import Foundation
import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// The namespace of the scenario tests above the YAML syntax, so
/// `swift test --filter ScenarioTests` runs them all: the decoder, the runner and its checks,
/// delivery faults and the reports.
@Suite enum ScenarioTests {}

/// Shared helpers for the scenario tests.
enum ScenarioTesting {
  /// Decodes scenario text, returning the scenario or the loader's failure.
  static func decode(_ text: String, path: String = "t.scn") -> Result<Scenario, ScenarioLoader.Failure> {
    Result { () throws(ScenarioLoader.Failure) in try ScenarioLoader.decode(text, path: path) }
  }

  /// The scenario `text` describes; the test fails with the rendered errors when it does not load.
  static func scenario(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> Scenario
  {
    switch decode(text) {
    case .success(let scenario): return scenario
    case .failure(let failure):
      Issue.record("the scenario did not load:\n\(failure.rendered)", sourceLocation: sourceLocation)
      throw failure
    }
  }

  /// `line:column: message` of each error, in the order they are reported (file order); empty
  /// when the text decoded.
  static func errors(_ text: String) -> [String] {
    switch decode(text) {
    case .success: return []
    case .failure(let failure):
      return (failure.diagnostics?.sortedByLocation ?? []).map {
        "\($0.location.line):\($0.location.column): \($0.message)"
      }
    }
  }

  /// Plays `text` with its own policy through the player, as `simsub run` does.
  static func play(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> ScenarioResult
  {
    let scenario = try self.scenario(text, sourceLocation: sourceLocation)
    return try ScenarioPlayer.play(scenario)
  }

  /// Plays `text` with the policy type `policy` (a test's own), whatever the file names.
  static func run<P: EntitlementPolicy>(
    _ text: String, policy: P.Type, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> ScenarioResult {
    let scenario = try self.scenario(text, sourceLocation: sourceLocation)
    return try ScenarioPlayer.play(scenario, policy: policy)
  }

  /// An instant written as RFC 3339, for readable expectations.
  static func instant(_ text: String) -> Instant { RFC3339.parse(text)! }

  /// `check key: expected → actual (passed)` of every check, for comparing whole verdicts.
  static func checks(_ result: ScenarioResult) -> [String] {
    result.expectations.flatMap { e in
      e.checks.map { "\($0.key) \($0.expected): \($0.actual) \($0.passed ? "✓" : "✗")" }
    }
  }

  /// The instants at which each notification reached the policy, `name@RFC3339`.
  static func deliveries(_ result: ScenarioResult) -> [String] {
    result.deliveries.map { "\($0.name)@\(RFC3339.format($0.instant))" }
  }

  /// Each violation as `invariant start→end`.
  static func violations(_ result: ScenarioResult) -> [String] {
    result.violations.map {
      "\($0.invariant.rawValue) \(RFC3339.format($0.start))→\($0.end.map(RFC3339.format) ?? "open")"
    }
  }

  /// The directory holding `Package.swift`.
  static var packageRoot: URL { TestSupport.packageRoot }
}
