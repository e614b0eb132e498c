/// What a sweep found (``MonteCarloSweepRunner``): for each value of the key, its run, paired
/// with the first value's on the same draws. Reports are pure functions of it.
public struct MonteCarloSweepResult: Hashable, Sendable {
  public var sweep: PopulationSweep
  /// The metric the chart draws against the value.
  public var metric: Metric
  /// One run per value, in the sweep's order. The first is the baseline's plain result (one
  /// policy); each later one pairs that value (side 0) with the baseline (side 1).
  public var runs: [MonteCarloResult]

  public init(sweep: PopulationSweep, metric: Metric, runs: [MonteCarloResult]) {
    precondition(runs.count == sweep.values.count && !runs.isEmpty)
    self.sweep = sweep
    self.metric = metric
    self.runs = runs
  }

  /// The metric the chart draws when `--sweep-metric` is not given: 30-day recovery.
  public static let defaultMetric = Metric.recoveryRate

  /// The verdict, behind the exit status: whether the baseline (the first value) broke no
  /// invariant. The other values are measured, not judged; their violations are findings.
  public var passed: Bool { runs[0].passed }

  public var groups: [SubscriberGroup] { runs[0].groups }

  /// `apple.grace=16d`.
  public func label(_ v: Int) -> String { "\(sweep.key)=\(sweep.values[v])" }

  /// Value `v`'s run alone: exactly the result of a plain run of the population at that value.
  public func solo(_ v: Int) -> MonteCarloResult {
    let run = runs[v]
    guard run.setup.policies.count == 2 else { return run }
    var setup = run.setup
    setup.policies = [setup.policies[0]]
    return MonteCarloResult(
      setup: setup, shard: run.shard, apple: run.apple.side(0), google: run.google.side(0),
      stripe: run.stripe?.side(0), firstViolations: [run.firstViolations[0]],
      counterexamples: run.counterexamples)
  }

  /// `metric` for `group` at value `v`.
  public func estimate(_ metric: Metric, _ group: SubscriberGroup, value v: Int) -> Estimate {
    Estimator.estimate(metric, runs[v].tally(group), policy: 0)
  }

  /// The paired difference `metric(value v) − metric(first value)` over the same subscribers
  /// and draws, with its delta-method interval; `nil` for the first value.
  public func difference(_ metric: Metric, _ group: SubscriberGroup, value v: Int) -> Estimate? {
    v == 0 ? nil : Estimator.difference(metric, runs[v].tally(group))
  }

  /// Whether value `v` locked out a subscriber the store entitled, or gave free access.
  public func sawViolation(value v: Int) -> Bool { runs[v].sawViolation(policy: 0) }
}
