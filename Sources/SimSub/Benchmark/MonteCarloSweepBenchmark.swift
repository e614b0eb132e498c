import Foundation

/// `simsub benchmark`'s sweep figure: what a `--sweep` of `k` values of `apple.grace` costs
/// against one plain run of `typical.pop`, the same subscribers and threads. A sweep plays each
/// subscriber once per value and pairs each later value with the first, so it should cost at
/// most `k` plain runs; the figure is the ratio (sweep time ÷ `k` × plain time).
package enum MonteCarloSweepBenchmark {
  package static let populationPath = "Scenarios/populations/typical.pop"
  /// The sweep measured: the App Store grace lengths Apple offers, the shipped one first.
  package static let sweep = "apple.grace=16d,0d,3d,28d"

  package struct Figures: Sendable {
    package var users: Int
    package var threads: Int
    package var values: Int
    /// Best wall time of one plain run, and of the sweep.
    package var plainSeconds: Double
    package var sweepSeconds: Double

    /// The sweep's time over `values` plain runs' (at most 1 is the target).
    package var ratio: Double { sweepSeconds / (Double(values) * plainSeconds) }
  }

  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  package static func measure(
    population path: String, users: Int = 200_000,
    threads: Int = ProcessInfo.processInfo.activeProcessorCount, repetitions: Int = 3
  ) throws(Failure) -> Figures {
    let plans: [PopulationPlan]
    do {
      let loaded = try PopulationLoader.loadDocument(path: path)
      let sweep = try PopulationSweep(parsing: sweep)
      plans = try sweep.populations(loaded.root, path: path).map { population in
        var p = population
        p.users = users
        return try PopulationPlan(p)
      }
    } catch {
      throw Failure(description: "\(error)")
    }
    let options = MonteCarloRunner.Options(threads: threads)
    let plain = BestTime.seconds(of: repetitions) {
      _ = MonteCarloRunner.run(plans[0], policyTypes: [ReferencePolicy.self], options: options)
    }
    let swept = BestTime.seconds(of: repetitions) {
      _ = MonteCarloSweepRunner.run(plans, policy: ReferencePolicy.self, options: options)
    }
    return Figures(
      users: users, threads: threads, values: plans.count, plainSeconds: plain, sweepSeconds: swept)
  }
}
