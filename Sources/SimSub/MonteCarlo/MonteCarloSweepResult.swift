/// What a sweep found (``MonteCarloSweepRunner``): for each value of the key (each point of a
/// grid), its run, paired with the first value's on the same draws, and under `--compare` the
/// compared policy at that value, paired with the primary. Reports are pure functions of it.
public struct MonteCarloSweepResult: Hashable, Sendable {
  /// What was swept: one key, or two for a grid. Its `values` are the points' labels.
  public var sweep: SweepGrid
  /// The metric the chart draws against the value.
  public var metric: Metric
  /// One run per value, in the sweep's order. The first is the baseline's plain result (one
  /// policy); each later one pairs that value (side 0) with the baseline (side 1).
  public var runs: [MonteCarloResult]
  /// Under `--compare`, one run per value: the primary policy (side 0) paired with the compared
  /// one (side 1) at that value, exactly `montecarlo --compare` of the population there.
  public var compared: [MonteCarloResult]?

  public init(sweep: SweepGrid, metric: Metric, runs: [MonteCarloResult], compared: [MonteCarloResult]? = nil)
  {
    precondition(runs.count == sweep.points.count && !runs.isEmpty)
    precondition(compared == nil || compared!.count == runs.count)
    self.sweep = sweep
    self.metric = metric
    self.runs = runs
    self.compared = compared
  }

  /// A sweep of one key.
  public init(sweep: PopulationSweep, metric: Metric, runs: [MonteCarloResult]) {
    self.init(sweep: SweepGrid(sweep), metric: metric, runs: runs)
  }

  /// The compared policy's name, under `--compare`.
  public var comparedPolicy: String? { compared?[0].setup.policies[1] }

  /// The primary policy's name.
  public var policy: String { runs[0].setup.policies[0] }

  /// The metric the chart draws when `--sweep-metric` is not given: 30-day recovery.
  public static let defaultMetric = Metric.recoveryRate

  /// The verdict, behind the exit status: whether the baseline (the first value) broke no
  /// invariant. The other values are measured, not judged; their violations are findings.
  public var passed: Bool { runs[0].passed }

  public var groups: [SubscriberGroup] { runs[0].groups }

  /// `apple.grace=16d`, or `apple.grace=16d, apple.hold=30d` in a grid.
  public func label(_ v: Int) -> String { sweep.label(v) }

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

  /// Under `--compare`, `metric` for `group` with the compared policy at value `v`.
  public func comparedEstimate(_ metric: Metric, _ group: SubscriberGroup, value v: Int) -> Estimate? {
    compared.map { Estimator.estimate(metric, $0[v].tally(group), policy: 1) }
  }

  /// Under `--compare`, the paired difference `metric(primary) − metric(compared)` at value
  /// `v`, as `montecarlo --compare` prints it.
  public func policyDifference(_ metric: Metric, _ group: SubscriberGroup, value v: Int) -> Estimate? {
    compared.map { Estimator.difference(metric, $0[v].tally(group)) }
  }

  /// Under `--compare`, the compared policy's run alone at value `v`.
  public func comparedSolo(_ v: Int) -> MonteCarloResult? {
    guard let run = compared?[v] else { return nil }
    var setup = run.setup
    setup.policies = [setup.policies[1]]
    return MonteCarloResult(
      setup: setup, shard: run.shard, apple: run.apple.side(1), google: run.google.side(1),
      stripe: run.stripe?.side(1), firstViolations: [run.firstViolations[1]])
  }
}
