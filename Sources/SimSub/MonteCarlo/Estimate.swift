/// A point estimate with its 95% confidence interval, in the metric's shown unit (a share in
/// [0, 1], money in currency units, days, or a count).
public struct Estimate: Hashable, Sendable {
  public var value: Double
  public var low: Double
  public var high: Double
  /// For a proportion: the successes and trials it counts.
  public var successes: Int64?
  public var trials: Int64?

  public init(value: Double, low: Double, high: Double, successes: Int64? = nil, trials: Int64? = nil) {
    self.value = value
    self.low = low
    self.high = high
    self.successes = successes
    self.trials = trials
  }

  /// Whether the estimate exists (a proportion of zero trials does not).
  public var isDefined: Bool { value.isFinite }

  /// An estimate of nothing: a proportion with no trials, a difference with no data.
  public static let undefined = Estimate(value: .nan, low: .nan, high: .nan)

  /// Whether `x` lies in the interval.
  public func contains(_ x: Double) -> Bool { low <= x && x <= high }
}

/// The estimators behind every Monte Carlo figure. All take the exact integer tallies and use
/// only IEEE arithmetic and square roots (correctly rounded everywhere), so the same tallies
/// give the same digits on every machine.
public enum Estimator {
  /// The 97.5th percentile of the standard normal distribution: 95% two-sided intervals.
  public static let z = 1.959963984540054

  /// The Wilson score interval for `successes` out of `trials`: unlike the normal
  /// approximation it stays inside [0, 1] and behaves near 0 and 1 (Wilson, 1927).
  ///
  /// - Parameter z: the normal quantile; 95% two-sided by default.
  public static func wilson(successes k: Int64, trials n: Int64, z: Double = Estimator.z) -> Estimate {
    guard n > 0 else { return Estimate(value: .nan, low: .nan, high: .nan, successes: k, trials: n) }
    let nn = Double(n)
    let p = Double(k) / nn
    let z2 = z * z
    let denominator = 1 + z2 / nn
    let center = (p + z2 / (2 * nn)) / denominator
    let half = z * (p * (1 - p) / nn + z2 / (4 * nn * nn)).squareRoot() / denominator
    return Estimate(
      value: p, low: max(0, center - half), high: min(1, center + half), successes: k, trials: n)
  }

  /// `metric` for the subscribers of `tally` under policy `p`.
  public static func estimate(_ metric: Metric, _ tally: StoreTally, policy p: Int) -> Estimate {
    let y = metric.numerator
    let x = metric.denominator
    switch metric.kind {
    case .proportion:
      return wilson(successes: tally.sum(y, policy: p), trials: tally.sum(x, policy: p))
    case .mean:
      let n = Double(tally.sum(.subscribers, policy: p))
      guard n > 0 else { return .undefined }
      let mean = Double(tally.sum(y, policy: p)) / n
      let squares = tally.product(y, y, policy: p)
      let variance = n > 1 ? max(0, (squares - n * mean * mean) / (n - 1)) : 0
      let half = z * (variance / n).squareRoot()
      let s = metric.scale
      return Estimate(value: mean * s, low: (mean - half) * s, high: (mean + half) * s)
    }
  }

  /// The paired difference `metric(policy 0) − metric(policy 1)` over the same subscribers
  /// and draws, with a delta-method interval: each subscriber contributes the linearised
  /// difference of the two ratios, so the pairing (common random numbers) and the dependence
  /// between one subscriber's episodes are both accounted for.
  public static func difference(_ metric: Metric, _ tally: StoreTally) -> Estimate {
    guard tally.policies == 2 else { return .undefined }
    let n = Double(tally.sum(.subscribers, policy: 0))
    let y = metric.numerator
    let x = metric.denominator
    let sxA = Double(tally.sum(x, policy: 0))
    let sxB = Double(tally.sum(x, policy: 1))
    guard n > 1, sxA > 0, sxB > 0 else { return .undefined }
    // Policies that agree on every subscriber differ by exactly nothing. The expanded sums
    // below cancel only to rounding, which would leave a residue of an interval around zero.
    if tally.sidesAgree(on: y), tally.sidesAgree(on: x) { return Estimate(value: 0, low: 0, high: 0) }
    let rA = Double(tally.sum(y, policy: 0)) / sxA
    let rB = Double(tally.sum(y, policy: 1)) / sxB
    let meanXA = sxA / n
    let meanXB = sxB / n
    // Σ e², where e = y − R·x per subscriber.
    func residualSquares(_ p: Int, _ r: Double) -> Double {
      tally.product(y, y, policy: p) - 2 * r * tally.product(y, x, policy: p) + r * r
        * tally.product(x, x, policy: p)
    }
    let eA = residualSquares(0, rA)
    let eB = residualSquares(1, rB)
    let eAB =
      tally.crossProduct(y, y) - rB * tally.crossProduct(y, x) - rA * tally.crossProduct(x, y) + rA * rB
      * tally.crossProduct(x, x)
    let phi = eA / (meanXA * meanXA) + eB / (meanXB * meanXB) - 2 * eAB / (meanXA * meanXB)
    let variance = max(0, phi) / (n * (n - 1))
    let half = z * variance.squareRoot()
    let s = metric.scale
    let d = rA - rB
    return Estimate(value: d * s, low: (d - half) * s, high: (d + half) * s)
  }

  /// The share of episodes recovered within each day 0 … `days` of the failure.
  public static func recoveryCurve(_ tally: StoreTally, policy p: Int, days: Int = 60) -> [Estimate] {
    let episodes = tally.sum(.episodes, policy: p)
    var curve: [Estimate] = []
    var recovered: Int64 = 0
    for day in 0...days {
      recovered += tally.recoveries[p * RecoveryCurve.buckets + day]
      curve.append(wilson(successes: recovered, trials: episodes))
    }
    return curve
  }
}
