import Foundation

/// The Markdown form of a Monte Carlo result, for a CI job summary or a pull-request comment:
/// the same header, estimates, differences, recovery curve and invariants as the text report,
/// as tables.
public enum MonteCarloMarkdownReport {
  /// Where the recovery curve's picture goes beside a report written to `path`:
  /// `report.md` → `report.svg`.
  public static func picturePath(forReport path: String) -> String {
    let base = path.hasSuffix(".md") ? String(path.dropLast(3)) : path
    return base + ".svg"
  }

  /// - Parameter picture: the recovery curve's SVG file, relative to the report, to show above
  ///   the curve's table.
  public static func render(_ result: MonteCarloResult, picture: String? = nil) -> String {
    let setup = result.setup
    let groups = result.groups
    let head = groups.map(\.rawValue).joined(separator: " | ")
    let rule = String(repeating: "---|", count: groups.count)
    var out: [String] = []
    out.append("## \(escape(setup.name))")
    out.append("")
    out.append("```")
    out += MonteCarloReportText.header(result)
    out.append("```")
    out.append("")
    for (p, policy) in setup.policies.enumerated() {
      out.append("### Estimates with 95% intervals: `\(policy)`")
      out.append("")
      out.append("| | \(head) |")
      out.append("|---|\(rule)")
      out.append(
        "| subscribers | "
          + groups.map { Format.grouped(result.tally($0).sum(.subscribers, policy: p)) }.joined(
            separator: " | ") + " |")
      out.append(
        "| billing-issue episodes | "
          + groups.map { Format.grouped(result.tally($0).sum(.episodes, policy: p)) }.joined(separator: " | ")
          + " |")
      for metric in Metric.allCases {
        let cells = groups.map {
          MonteCarloReportText.cell(Estimator.estimate(metric, result.tally($0), policy: p), metric)
        }
        out.append("| \(label(metric)) | " + cells.joined(separator: " | ") + " |")
        if let total = MonteCarloReportText.totalLabel(metric, currency: result.setup.currency) {
          let totals = groups.map { MonteCarloReportText.totalCell(metric, result.tally($0), policy: p) }
          out.append(
            "| &nbsp;&nbsp;\(escape(String(total.dropFirst(2)))) | " + totals.joined(separator: " | ") + " |")
        }
      }
      out.append("")
    }
    if setup.policies.count == 2 {
      out.append("### Paired difference `\(setup.policies[0])` − `\(setup.policies[1])` (same draws)")
      out.append("")
      out.append("| | \(head) |")
      out.append("|---|\(rule)")
      for metric in Metric.allCases {
        let cells = groups.map {
          MonteCarloReportText.differenceCell(Estimator.difference(metric, result.tally($0)), metric)
        }
        out.append("| \(label(metric)) | " + cells.joined(separator: " | ") + " |")
      }
      out.append("")
      out.append("_\(Metric.marksLegend)._")
      out.append("")
    }
    for (p, policy) in setup.policies.enumerated() {
      out.append("### Recovery curve: share of episodes recovered by day since the failure (`\(policy)`)")
      out.append("")
      if let picture, p == 0 {
        out.append("![Recovery curve](\(picture))")
        out.append("")
      }
      out.append("| day | \(head) |")
      out.append("|---:|\(rule)")
      let curves = groups.map { Estimator.recoveryCurve(result.tally($0), policy: p) }
      for day in 0...60 {
        out.append(
          "| \(day) | "
            + curves.map { MonteCarloReportText.cell($0[day], .recoveryRate) }.joined(separator: " | ") + " |"
        )
      }
      out.append("")
    }
    out.append("### Invariants")
    out.append("")
    for line in MonteCarloReportText.violationLines(result, mark: { $0 ? "✅" : "❌" }, finding: "⚠️")
      .dropFirst()
    {
      let trimmed = line.drop(while: { $0 == " " })
      out.append(
        trimmed.contains("\n")
          ? "- " + trimmed.replacingOccurrences(of: "\n      ", with: "<br>") : "- " + trimmed)
    }
    return out.joined(separator: "\n") + "\n"
  }

  static func label(_ metric: Metric) -> String {
    let text = metric.label
    let indent = text.prefix(while: { $0 == " " }).count
    return (indent > 0 ? "&nbsp;&nbsp;" : "") + escape(String(text.dropFirst(indent)))
  }

  static func escape(_ text: String) -> String {
    var out = ""
    for c in text {
      if "|*_`<>[]".contains(c) { out.append("\\") }
      out.append(c)
    }
    return out
  }
}
