/// The rows every sweep report shows for one metric, in text, Markdown and HTML alike: each
/// value's estimate with its 95% interval, per group, and under every value after the first its
/// paired difference from the first (same draws) with its interval.
enum MonteCarloSweepTable {
  /// `[label, cell per group]`: `16d`, then `0d`, then `  0d − 16d`, …
  static func rows(_ result: MonteCarloSweepResult, _ metric: Metric) -> [[String]] {
    let groups = result.groups
    var rows: [[String]] = []
    for (v, value) in result.sweep.values.enumerated() {
      rows.append(
        [value]
          + groups.map { MonteCarloReportText.cell(result.estimate(metric, $0, value: v), metric) })
      if v > 0 {
        rows.append(
          ["  \(value) − \(result.sweep.values[0])"]
            + groups.map {
              MonteCarloReportText.differenceCell(
                result.difference(metric, $0, value: v) ?? .undefined, metric)
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
    lines.append(
      "sweep     \(result.sweep.key) = \(result.sweep.values.joined(separator: ", ")); every value on the same random draws, differences from \(result.sweep.values[0])"
    )
    return lines
  }

  /// One line per value and invariant. The first value's lines are the verdict (with its
  /// counterexamples, as a plain run's); a later value's violation is a finding.
  static func violationLines(
    _ result: MonteCarloSweepResult, mark: (Bool) -> String, finding: String
  ) -> [String] {
    var out = ["Invariants"]
    for v in result.runs.indices {
      let run = result.solo(v)
      let role = v == 0 ? result.label(0) : "\(result.label(v)), swept"
      for invariant in [Invariant.noLockoutInGrace, .noFreeAccess] {
        guard let subscriber = run.firstViolations[0].subscriber(for: invariant) else {
          out.append("  \(mark(true)) \(invariant.rawValue) (\(run.setup.policies[0]), \(role))")
          continue
        }
        let counter: Counter = invariant == .noLockoutInGrace ? .lockedOut : .hadFreeAccess
        let affected = run.all.sum(counter, policy: 0)
        var line =
          "  \(v == 0 ? mark(false) : finding) \(invariant.rawValue) (\(run.setup.policies[0]), \(role)): \(Plural.count(affected, as: Format.grouped(affected), "subscriber")), first subscriber \(subscriber)"
        if v > 0 { line += "; a finding, not the verdict, which is \(result.label(0))'s" }
        if v == 0,
          let file = run.counterexamples.first(where: { $0.invariant == invariant })
        {
          line +=
            "\n      counterexample \(file.path) (\(file.entries) of \(file.storyEntries) timeline entries; 'simsub run' on it fails)"
        }
        out.append(line)
      }
    }
    return out
  }
}
