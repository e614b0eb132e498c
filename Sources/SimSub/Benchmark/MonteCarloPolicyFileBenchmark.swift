import Foundation

/// `simsub benchmark`'s Monte Carlo figure through a policy process: subscriber-years per
/// second of `typical.pop` played through the Node CustomerInfo adapter
/// (docs/examples/customerinfo-adapter), a process per worker thread, as
/// `simsub montecarlo typical.pop --policy adapter.policy` plays it.
///
/// The figure is the best of `repetitions` runs of `users` subscribers, each run starting its
/// processes afresh (their start is part of a run's cost). The adapter's standard error is kept,
/// not printed.
package enum MonteCarloPolicyFileBenchmark {
  /// The population and the policy file, from the repository's root.
  package static let populationPath = "Scenarios/populations/typical.pop"
  package static let policyPath = "docs/examples/customerinfo-adapter/adapter.policy"

  package struct Figures: Sendable {
    package var users: Int
    package var threads: Int
    package var seconds: Double
    package var horizonYears: Double

    package var subscriberYearsPerSecond: Double { Double(users) * horizonYears / seconds }
  }

  /// Why the figure could not be measured.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  package static func measure(
    population: String, policy: String, users: Int = 4_000,
    threads: Int = ProcessInfo.processInfo.activeProcessorCount,
    repetitions: Int = 3
  ) throws(Failure) -> Figures {
    let plan: PopulationPlan
    let selection: PolicySelection
    do {
      var loaded = try PopulationLoader.load(path: population)
      loaded.users = users
      plan = try PopulationPlan(loaded)
      selection = try PolicySelection.resolve(policy)
    } catch {
      throw Failure(description: "\(error)")
    }
    var failure: ExternalPolicyFailure?
    let seconds = BestTime.seconds(of: repetitions) {
      guard failure == nil else { return }
      let outcome = MonteCarloPolicyFileRun.run(
        plan, policies: [selection], options: MonteCarloRunner.Options(threads: threads),
        console: CapturingConsole())
      if case .failed(let error) = outcome { failure = error }
    }
    if let failure { throw Failure(description: failure.description) }
    return Figures(
      users: users, threads: threads, seconds: seconds,
      horizonYears: Double(plan.population.horizon.seconds) / (365 * 86_400))
  }
}
