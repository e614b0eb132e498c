/// The Markdown form of a sweep, for a CI job summary or a pull request: the header, then a
/// table per metric with each value's estimate and its paired difference from the first value.
public enum MonteCarloSweepMarkdownReport {
  /// - Parameter picture: the chart's SVG file, relative to the report, shown first.
  public static func render(_ result: MonteCarloSweepResult, picture: String? = nil) -> String {
    let groups = result.groups
    let head = groups.map(\.rawValue).joined(separator: " | ")
    let rule = String(repeating: "---|", count: groups.count)
    var out: [String] = []
    out.append("## \(MonteCarloMarkdownReport.escape(result.runs[0].setup.name))")
    out.append("")
    out.append("```")
    out += MonteCarloSweepTable.header(result)
    out.append("```")
    out.append("")
    if let picture {
      out.append(
        "![\(MonteCarloMarkdownReport.escape(result.metric.label.trimmingLeadingSpaces())) by \(result.sweep.key)](\(picture))"
      )
      out.append("")
    }
    out.append(
      "Each value's estimate, and under it its paired difference from `\(result.sweep.values[0])` (same draws), with 95% intervals. \(Metric.marksLegend)."
    )
    for metric in MonteCarloSweepTable.metrics(result) {
      out.append("")
      out.append("### \(MonteCarloMarkdownReport.escape(metric.label.trimmingLeadingSpaces()))")
      out.append("")
      out.append("| `\(result.sweep.key)` | \(head) |")
      out.append("|---|\(rule)")
      for row in MonteCarloSweepTable.rows(result, metric) {
        let label =
          row[0].hasPrefix("  ")
          ? "&nbsp;&nbsp;" + MonteCarloMarkdownReport.escape(row[0].trimmingLeadingSpaces())
          : MonteCarloMarkdownReport.escape(row[0])
        out.append("| \(label) | " + row.dropFirst().joined(separator: " | ") + " |")
      }
    }
    out.append("")
    out.append("### Invariants")
    out.append("")
    for line in MonteCarloSweepTable.violationLines(result, mark: { $0 ? "✅" : "❌" }, finding: "⚠️")
      .dropFirst()
    {
      let trimmed = line.drop(while: { $0 == " " })
      out.append("- " + trimmed.replacingOccurrences(of: "\n      ", with: "<br>"))
    }
    return out.joined(separator: "\n") + "\n"
  }
}
