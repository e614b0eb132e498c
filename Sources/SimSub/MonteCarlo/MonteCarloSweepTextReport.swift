/// The text a person reads after `simsub montecarlo --sweep`: what was played, then for every
/// metric each value's estimate and its paired difference from the first value, with 95%
/// intervals, for the whole population and per store; the chart's metric comes first.
public struct MonteCarloSweepTextReport: Sendable {
  /// ANSI colour, only when the caller has decided the output is a terminal without `NO_COLOR`.
  public var colour: Bool

  public init(colour: Bool = false) { self.colour = colour }

  private var paint: TerminalPaint { TerminalPaint(colour: colour) }

  public func render(_ result: MonteCarloSweepResult) -> String {
    var out: [String] = []
    out.append(paint(result.runs[0].setup.name, TerminalPaint.bold))
    out += MonteCarloSweepTable.header(result).map { "  " + $0 }
    out.append("")
    out.append(
      paint(
        "Sweep of \(result.sweep.key): estimates and paired differences from \(result.sweep.values[0]) (same draws), 95% intervals",
        TerminalPaint.bold))
    let groups = result.groups
    var table: [[String]] = [[result.sweep.key] + groups.map(\.rawValue)]
    table.append(
      ["subscribers"]
        + groups.map { Format.grouped(result.runs[0].tally($0).sum(.subscribers, policy: 0)) })
    out += MonteCarloReportText.layout(table, header: { paint($0, TerminalPaint.dim) })
    out.append("  " + paint(Metric.marksLegend, TerminalPaint.dim))
    for metric in MonteCarloSweepTable.metrics(result) {
      out.append("")
      out.append("  " + paint(metric.label.trimmingLeadingSpaces(), TerminalPaint.bold))
      out += MonteCarloReportText.layout(MonteCarloSweepTable.rows(result, metric), header: { $0 })
    }
    out.append("")
    out += MonteCarloSweepTable.violationLines(result, mark: { paint.mark($0) }, finding: paint.finding)
    return out.joined(separator: "\n") + "\n"
  }
}

extension String {
  /// The string without its leading spaces (a metric's label indented under its parent).
  func trimmingLeadingSpaces() -> String { String(drop { $0 == " " }) }
}
