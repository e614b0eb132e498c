/// `simsub check`'s text: one line a scenario, then the failures in detail and a summary.
public struct ScenarioCheckReport: Sendable {
  public var colour: Bool
  public init(colour: Bool = false) { self.colour = colour }

  /// - Parameter refused: files that could not be played, each listed as failed with its
  ///   errors.
  /// - Parameter skipped: scenarios not played, each listed with `-` and its reason, and counted
  ///   apart in the summary.
  public func render(
    _ results: [ScenarioResult], refused: [RefusedScenario] = [], skipped: [SkippedScenario] = []
  ) -> String {
    let paint = TerminalPaint(colour: colour)
    let width =
      (results.map(\.scenario.path.count) + refused.map(\.path.count) + skipped.map(\.path.count)).max() ?? 0
    var out = ""
    for r in results {
      let mark = paint.mark(r.passed)
      let note =
        r.scenario.expectedViolations.isEmpty
        ? "" : "  (expects \(r.scenario.expectedViolations.map(\.rawValue).joined(separator: ", ")))"
      out += "\(mark) \(r.scenario.path.rightPadded(to: width))  \(r.policy)\(note)\n"
      if !r.passed {
        for line in ScenarioFailures.lines(r) { out += "    \(line)\n" }
      } else {
        for run in r.runs {
          for d in run.refusedDeliveries {
            out += "    note: \(run.runName.map { "\($0): " } ?? "")\(d.summary)\n"
          }
        }
      }
    }
    for r in refused {
      out += "\(paint.mark(false)) \(r.path.rightPadded(to: width))  could not be played\n"
      for line in r.errors { out += "    \(line)\n" }
    }
    for s in skipped {
      out += "- \(s.path.rightPadded(to: width))  skipped: \(s.reason)\n"
    }
    let failed = results.filter { !$0.passed }.count
    out += "\n\(results.count - failed) passed, \(failed) failed"
    if !skipped.isEmpty { out += ", \(SkippedScenario.summary(skipped))" }
    out += refused.isEmpty ? "\n" : ", \(Plural.count(refused.count, "file")) not played\n"
    return out
  }
}
