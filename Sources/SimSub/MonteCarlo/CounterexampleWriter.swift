import Foundation

/// Writes a counterexample scenario for each violation a run saw (its first subscriber, per
/// policy and invariant) into a directory, and lists them in the result.
public enum CounterexampleWriter {
  /// Where counterexamples go unless `--counterexamples` says otherwise.
  public static let defaultDirectory = "Reports/counterexamples"

  /// Why a counterexample could not be written.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// What ``write(_:plan:directory:)`` did: the result with the counterexamples written, and
  /// one line for each violation no scenario could show.
  public struct Written: Sendable {
    public var result: MonteCarloResult
    /// `active-only, no-lockout-in-grace, subscriber 41: …`, for a warning.
    public var missing: [String]
  }

  /// Makes, checks and writes the counterexamples of `result` into `directory`; returns the
  /// result with them listed. Each file is read back and played before it counts: it must
  /// parse, and `simsub run` on it must fail with the violation. A violation whose story, as a
  /// scenario, does not show it is not written but named in `missing`: the run saw it all the
  /// same.
  ///
  /// A policy file's violations (`policyFiles`, by name) are named in `missing` with their
  /// subscriber instead: the story is not replayed through its process or server.
  public static func write(
    _ result: MonteCarloResult, plan: PopulationPlan, directory: String, policyFiles: Set<String> = []
  ) throws(Failure) -> Written {
    try write(result, plan: plan, directory: directory, policyFiles: policyFiles) {
      reproduces($0, path: $1, invariant: $2)
    }
  }

  /// ``write(_:plan:directory:)`` with the check each file must pass given: tests give one
  /// that refuses, to see what a file that does not reproduce becomes.
  static func write(
    _ result: MonteCarloResult, plan: PopulationPlan, directory: String, policyFiles: Set<String> = [],
    reproducing: (String, String, Invariant) -> Bool
  ) throws(Failure) -> Written {
    var updated = result
    var missing: [String] = []
    for (p, policy) in result.setup.policies.enumerated() {
      for invariant in [Invariant.noLockoutInGrace, .noFreeAccess] {
        guard let subscriber = result.firstViolations[p].subscriber(for: invariant) else { continue }
        if policyFiles.contains(policy) {
          missing.append(
            "\(policy), \(invariant.rawValue), subscriber \(subscriber): a policy file's counterexample is not written (its story is not replayed through its process or server); 'simsub check --policy' plays scenarios through it"
          )
          continue
        }
        let made: Counterexample?
        do {
          made = try Counterexample.make(
            plan: plan, policy: policy, invariant: invariant, subscriber: subscriber)
        } catch {
          throw Failure(message: error.description)
        }
        let which = "\(policy), \(invariant.rawValue), subscriber \(subscriber)"
        guard let counterexample = made else {
          missing.append("\(which): the replayed story does not show the violation as a scenario")
          continue
        }
        let name = Counterexample.fileName(
          population: plan.population.path, policy: policy, invariant: invariant, seed: plan.population.seed,
          subscriber: subscriber)
        let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
        let text = counterexample.text(population: plan.population)
        guard reproducing(text, path, invariant) else {
          missing.append("\(which): the scenario written from the story does not fail with it when played")
          continue
        }
        do {
          try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
          throw Failure(message: "cannot create '\(directory)': \((error as NSError).localizedDescription)")
        }
        do {
          try AtomicFile.write(text, to: path)
        } catch {
          throw Failure(message: error.description)
        }
        updated.counterexamples.append(
          CounterexampleFile(
            policy: policy, invariant: invariant, subscriber: subscriber, path: path,
            storyEntries: counterexample.storyEntries, entries: counterexample.scenario.timeline.count))
      }
    }
    return Written(result: updated, missing: missing)
  }

  /// Whether the file's text, read as `simsub run` reads it, fails with `invariant`.
  static func reproduces(
    _ text: String, path: String, invariant: Invariant,
    play: (Scenario) -> ScenarioResult? = { try? ScenarioPlayer.play($0) }
  ) -> Bool {
    guard let scenario = try? ScenarioLoader.decode(text, path: path), let result = play(scenario)
    else { return false }
    return !result.passed && result.violations.contains { $0.invariant == invariant }
  }
}
