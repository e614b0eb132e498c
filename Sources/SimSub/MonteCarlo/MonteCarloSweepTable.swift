/// The rows every sweep report shows for one metric, in text, Markdown and HTML alike: each
/// value's estimate with its 95% interval, per group, and under every value after the first its
/// paired difference from the first (same draws) with its interval.
enum MonteCarloSweepTable {
  /// `[label, cell per group]`: `16d`, then `0d`, then `  0d − 16d`, … Under `--compare` each
  /// value's rows name the policy (`16d, reference`), and the compared policy follows with its
  /// paired difference at that value (`16d, active-only`, then `  reference − active-only`).
  static func rows(_ result: MonteCarloSweepResult, _ metric: Metric) -> [[String]] {
    let groups = result.groups
    let compared = result.comparedPolicy
    var rows: [[String]] = []
    for (v, value) in result.sweep.values.enumerated() {
      rows.append(
        [compared == nil ? value : "\(value), \(result.policy)"]
          + groups.map { MonteCarloReportText.cell(result.estimate(metric, $0, value: v), metric) })
      if v > 0 {
        rows.append(
          ["  \(value) − \(result.sweep.values[0])"]
            + groups.map {
              MonteCarloReportText.differenceCell(
                result.difference(metric, $0, value: v) ?? .undefined, metric)
            })
      }
      if let compared {
        rows.append(
          ["\(value), \(compared)"]
            + groups.map {
              MonteCarloReportText.cell(result.comparedEstimate(metric, $0, value: v) ?? .undefined, metric)
            })
        rows.append(
          ["  \(result.policy) − \(compared)"]
            + groups.map {
              MonteCarloReportText.differenceCell(
                result.policyDifference(metric, $0, value: v) ?? .undefined, metric)
            })
      }
    }
    return rows
  }

  /// The metrics in report order: the chart's first, then the rest as plain reports list them.
  static func metrics(_ result: MonteCarloSweepResult) -> [Metric] {
    [result.metric] + Metric.allCases.filter { $0 != result.metric }
  }

  /// The lines under the header: what was swept and how the values were played.
  static func header(_ result: MonteCarloSweepResult) -> [String] {
    var lines = MonteCarloReportText.header(result.runs[0])
    for axis in result.sweep.axes {
      lines.append("sweep     \(axis.key) = \(axis.values.joined(separator: ", "))")
    }
    var played = "          every value on the same random draws, differences from \(result.label(0))"
    if result.sweep.isGrid {
      played =
        "          every pair of values (\(result.sweep.points.count) points) on the same random draws, differences from \(result.label(0))"
    }
    lines.append(played)
    if let compared = result.comparedPolicy {
      lines.append(
        "compare   \(compared) at every value, paired with \(result.policy) on the same draws; only \(result.policy) at \(result.label(0)) decides the verdict"
      )
    }
    return lines
  }

  /// One line per value, policy and invariant. The first value's lines for the primary policy
  /// are the verdict (with its counterexamples, as a plain run's); a later value's violation,
  /// or the compared policy's, is a finding.
  static func violationLines(
    _ result: MonteCarloSweepResult, mark: (Bool) -> String, finding: String
  ) -> [String] {
    var out = ["Invariants"]
    for v in result.runs.indices {
      var runs = [(run: result.solo(v), judged: v == 0)]
      if let other = result.comparedSolo(v) { runs.append((other, false)) }
      for (run, judged) in runs {
        let policy = run.setup.policies[0]
        let role = v == 0 ? result.label(0) : "\(result.label(v)), swept"
        for invariant in [Invariant.noLockoutInGrace, .noFreeAccess] {
          guard let subscriber = run.firstViolations[0].subscriber(for: invariant) else {
            out.append("  \(mark(true)) \(invariant.rawValue) (\(policy), \(role))")
            continue
          }
          let counter: Counter = invariant == .noLockoutInGrace ? .lockedOut : .hadFreeAccess
          let affected = run.all.sum(counter, policy: 0)
          var line =
            "  \(judged ? mark(false) : finding) \(invariant.rawValue) (\(policy), \(role)): \(Plural.count(affected, as: Format.grouped(affected), "subscriber")), first subscriber \(subscriber)"
          if !judged {
            line +=
              result.compared == nil
              ? "; a finding, not the verdict, which is \(result.label(0))'s"
              : "; a finding, not the verdict, which is \(result.policy)'s at \(result.label(0))"
          }
          if judged, let file = run.counterexamples.first(where: { $0.invariant == invariant }) {
            line +=
              "\n      counterexample \(file.path) (\(file.entries) of \(file.storyEntries) timeline entries; 'simsub run' on it fails)"
          }
          out.append(line)
        }
      }
    }
    return out
  }
}
