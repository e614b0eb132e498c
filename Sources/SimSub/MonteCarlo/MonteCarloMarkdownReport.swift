import Foundation

/// The Markdown form of a Monte Carlo result, for a CI job summary or a pull-request comment:
/// the same header, estimates, differences, recovery curve and invariants as the text report,
/// as tables.
public enum MonteCarloMarkdownReport {
  public static func render(_ result: MonteCarloResult) -> String {
    let setup = result.setup
    let groups = SubscriberGroup.allCases
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
      out.append("| | all | apple | google |")
      out.append("|---|---|---|---|")
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
      }
      out.append("")
    }
    if setup.policies.count == 2 {
      out.append("### Paired difference `\(setup.policies[0])` − `\(setup.policies[1])` (same draws)")
      out.append("")
      out.append("| | all | apple | google |")
      out.append("|---|---|---|---|")
      for metric in Metric.allCases {
        let cells = groups.map {
          MonteCarloReportText.differenceCell(Estimator.difference(metric, result.tally($0)), metric)
        }
        out.append("| \(label(metric)) | " + cells.joined(separator: " | ") + " |")
      }
      out.append("")
    }
    for (p, policy) in setup.policies.enumerated() {
      out.append("### Recovery curve: share of episodes recovered by day since the failure (`\(policy)`)")
      out.append("")
      out.append("| day | all | apple | google |")
      out.append("|---:|---|---|---|")
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
    for line in MonteCarloReportText.violationLines(result, mark: { $0 ? "✅" : "❌" }).dropFirst() {
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
