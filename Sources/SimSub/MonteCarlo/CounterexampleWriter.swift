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

  /// Makes, checks and writes the counterexamples of `result` into `directory`; returns the
  /// result with them listed. Each file is read back and played before it counts: it must
  /// parse, and `simsub run` on it must fail with the violation.
  public static func write(
    _ result: MonteCarloResult, plan: PopulationPlan, directory: String
  ) throws(Failure) -> MonteCarloResult {
    var updated = result
    for (p, policy) in result.setup.policies.enumerated() {
      for invariant in [Invariant.noLockoutInGrace, .noFreeAccess] {
        guard let subscriber = result.firstViolations[p].subscriber(for: invariant) else { continue }
        let made: Counterexample?
        do {
          made = try Counterexample.make(
            plan: plan, policy: policy, invariant: invariant, subscriber: subscriber)
        } catch {
          throw Failure(message: error.description)
        }
        guard let counterexample = made else { continue }
        let name = Counterexample.fileName(
          population: plan.population.path, policy: policy, invariant: invariant, seed: plan.population.seed,
          subscriber: subscriber)
        let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
        let text = counterexample.text(population: plan.population)
        guard reproduces(text, path: path, invariant: invariant) else { continue }
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
    return updated
  }

  /// Whether the file's text, read as `simsub run` reads it, fails with `invariant`.
  static func reproduces(_ text: String, path: String, invariant: Invariant) -> Bool {
    guard let scenario = try? ScenarioLoader.decode(text, path: path),
      let result = try? ScenarioPlayer.play(scenario)
    else { return false }
    return !result.passed && result.violations.contains { $0.invariant == invariant }
  }
}
