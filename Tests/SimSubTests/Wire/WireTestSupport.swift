import Foundation
import SubscriptionPolicy

@testable import SimSub

/// Shared fixtures of the wire tests: every shipped scenario played once, and fixed settings.
enum WireTesting {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Settings with a fixed salt and clock, so a request is the same in every test run.
  static func settings(salt: String = "test-salt") -> WireSettings {
    WireSettings(salt: salt, wallClock: { 1_800_000_000 })
  }

  /// Every shipped scenario's result, played once for the whole suite.
  static let shipped: [ScenarioResult] = {
    let directory = root.appendingPathComponent("Scenarios").path
    return ScenarioFiles.scenarios(under: directory).compactMap { path in
      guard let scenario = try? ScenarioLoader.load(path: path) else { return nil }
      return try? ScenarioPlayer.play(scenario)
    }
  }()

  /// Every attempt of the shipped scenarios with the context it is built in.
  static let attempts: [(attempt: DeliveryAttempt, context: WireContext)] = shipped.flatMap { result in
    result.runs.flatMap { run in
      run.attempts.map { attempt in
        (
          attempt,
          WireContext(
            settings: settings(), scenario: result.scenario, source: attempt.source, member: run.member)
        )
      }
    }
  }

  /// The JSON of a JWS part.
  static func part(_ jws: String, _ index: Int) throws -> JSONValue {
    let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let bytes = JWS.base64URLDecode(parts[index]) else {
      throw WireTestError.notJWS(jws)
    }
    return try JSONValue(parsing: bytes)
  }

  enum WireTestError: Error { case notJWS(String) }
}
