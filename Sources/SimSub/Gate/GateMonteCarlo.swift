import Foundation

/// The gate's fixed-seed Monte Carlo: the population, seed and size it plays, and the figures
/// it holds a policy to, each with the tolerance a change may move it the wrong way.
///
/// Every draw depends only on the seed and the subscriber's index, so the same policy gives the
/// same figures to the last digit; a policy change moves them only through its decisions, on
/// the very same subscribers (common random numbers). A difference beyond the tolerance is a
/// change of behaviour, not noise.
public struct GateMonteCarlo: Hashable, Sendable {
  /// A figure the gate watches, and which way is worse.
  public struct Watched: Hashable, Sendable {
    public var metric: Metric
    /// The baseline's value, in the metric's reported unit (a share in [0, 1], days).
    public var value: Double
    /// How far it may move the wrong way before the gate fails.
    public var tolerance: Double
    /// `true` when a higher value is better (recovery), `false` when lower is (churn).
    public var higherIsBetter: Bool
  }

  /// The population file, relative to the repository root.
  public var population: String
  public var seed: UInt64
  public var users: Int
  public var watched: [Watched]

  /// The figures a new baseline watches, with their default tolerances.
  static let defaults: [(Metric, tolerance: Double, higherIsBetter: Bool)] = [
    (.recoveryRate, 0.005, true),
    (.involuntaryChurn, 0.002, false),
    (.freeAccessDaysPerSubscriber, 0.001, false),
  ]

  /// The default gate population: the shipped typical population, 100,000 subscribers, seed 1.
  public static let standard = GateMonteCarlo(
    population: "Scenarios/populations/typical.pop", seed: 1, users: 100_000, watched: [])

  var json: JSONValue {
    .object([
      ("population", .string(population)), ("seed", .int(Int64(seed))), ("users", .int(Int64(users))),
      (
        "metrics",
        .object(
          watched.map { w in
            (
              w.metric.key,
              JSONValue.object([
                ("value", .double(w.value)), ("tolerance", .double(w.tolerance)),
                ("better", .string(w.higherIsBetter ? "higher" : "lower")),
              ])
            )
          })
      ),
    ])
  }

  init(population: String, seed: UInt64, users: Int, watched: [Watched]) {
    self.population = population
    self.seed = seed
    self.users = users
    self.watched = watched
  }

  init(json c: JSONCursor) throws(JSONDecodingError) {
    population = try c["population"].string()
    let seed = try c["seed"].int64()
    guard seed >= 0 else { throw c["seed"].error("expected a seed of 0 or more, found \(seed)") }
    self.seed = UInt64(seed)
    // The range is checked with the other values (`GateBaseline.problems`).
    self.users = Int(try c["users"].int64())
    var watched: [Watched] = []
    let metrics = c["metrics"]
    for key in try metrics.object().keys {
      let entry = metrics[key]
      guard let metric = Metric.allCases.first(where: { $0.key == key }) else {
        throw JSONDecodingError(path: entry.path, message: "unknown metric '\(key)'")
      }
      let better = try entry["better"].string()
      guard better == "higher" || better == "lower" else {
        throw JSONDecodingError(path: entry["better"].path, message: "expected 'higher' or 'lower'")
      }
      watched.append(
        Watched(
          metric: metric, value: try entry["value"].double(), tolerance: try entry["tolerance"].double(),
          higherIsBetter: better == "higher"))
    }
    self.watched = watched
  }

  /// What one run of the gate's population found.
  public struct Outcome: Sendable {
    public var result: MonteCarloResult
    /// Subscribers the policy locked out while the store entitled them.
    public var lockedOut: Int64
    public var freeAccess: Int64
    /// Each watched figure now, with its interval.
    public var figures: [(Watched, Estimate)]
  }

  /// Plays the population with `policy`; throws with a reason when it cannot be loaded or the
  /// run was stopped.
  func play<P: EntitlementPolicy>(_ policy: P.Type, paths: Gate.Paths) throws(GateError) -> Outcome {
    let path = paths.absolute(population)
    var loaded: Population
    do {
      loaded = try PopulationLoader.load(path: path)
    } catch {
      throw GateError(error.rendered)
    }
    loaded.seed = seed
    loaded.users = users
    let plan: PopulationPlan
    do { plan = try PopulationPlan(loaded) } catch { throw GateError("\(population): \(error.message)") }
    guard let result = MonteCarloRunner.run(plan, policyTypes: [P.self]) else {
      throw GateError("the gate's Monte Carlo run was stopped")
    }
    let all = result.all
    let watchedNow =
      watched.isEmpty
      ? Self.defaults.map {
        Watched(metric: $0.0, value: 0, tolerance: $0.tolerance, higherIsBetter: $0.higherIsBetter)
      }
      : watched
    let figures = watchedNow.map { ($0, Estimator.estimate($0.metric, all, policy: 0)) }
    // A rate with nothing to count (no billing issues among these subscribers) is 0 ÷ 0: no
    // figure to hold a policy to, and none to record.
    if let (w, _) = figures.first(where: { !$0.1.value.isFinite }) {
      throw GateError(
        "\(population): the gate's run of \(users) subscribers gives no value for \(w.metric.label): none of them has \(Self.denominatorName(w.metric)); raise 'users' in the baseline's 'montecarlo', or stop watching '\(w.metric.key)'"
      )
    }
    return Outcome(
      result: result, lockedOut: all.sum(.lockedOut, policy: 0),
      freeAccess: all.sum(.hadFreeAccess, policy: 0), figures: figures)
  }
}

extension GateMonteCarlo {
  /// What a metric divides by, for a figure with nothing to divide.
  static func denominatorName(_ metric: Metric) -> String {
    switch metric.denominator {
    case .episodes: "a billing issue"
    case .renewals: "a renewal"
    case .cancellations: "a cancellation"
    default: "a count to average"
    }
  }
}

extension GateMonteCarlo.Watched {
  /// `59.76%` or `0.0120`: a share as a percentage with two decimals, as the Monte Carlo reports
  /// print it; a count, an amount or days with four decimals, more than the reports print.
  func format(_ x: Double) -> String {
    switch metric.unit {
    case .share: String(format: "%.2f%%", x * 100)
    default: String(format: "%.4f", x)
    }
  }

  /// The difference in the same unit: points for shares.
  func formatDifference(_ d: Double) -> String {
    switch metric.unit {
    case .share: String(format: "%+.2f points", d * 100)
    default: String(format: "%+.4f", d)
    }
  }
}
