/// `simsub montecarlo --sweep --format html`: one self-contained page with the chosen metric
/// against the value (its chart, with 95% intervals) and a table per metric of each value's
/// estimate and paired difference from the first value.
public enum MonteCarloSweepHTMLReport {
  public static func render(_ result: MonteCarloSweepResult) -> String {
    let setup = result.runs[0].setup
    let metric = result.metric
    let last = result.sweep.values.count - 1
    var figures: [HTMLPage.Figure] = [
      .init(
        Format.grouped(result.runs[0].all.sum(.subscribers, policy: 0)),
        "subscribers, every value on the same draws"),
      .init(
        MonteCarloReportText.cell(result.estimate(metric, .all, value: 0), metric),
        "\(metric.label.trimmingLeadingSpaces()) at \(result.label(0))"),
    ]
    if last > 0 {
      figures.append(
        .init(
          MonteCarloReportText.differenceCell(
            result.difference(metric, .all, value: last) ?? .undefined, metric),
          "\(result.sweep.values[last]) − \(result.sweep.values[0]), same draws"))
    }
    figures.append(
      .init(
        result.passed ? "none" : "yes",
        "wrongful lockouts or free access (\(setup.policies[0]), \(result.label(0)))",
        passed: result.passed))
    var page = HTMLPage(
      title: "simsub montecarlo --sweep \(result.sweep.key): \(setup.name)",
      subtitle: MonteCarloSweepTable.header(result), passed: result.passed, figures: figures)
    page.sections.append(
      HTMLPage.Section(
        id: "chart", heading: "\(metric.label.trimmingLeadingSpaces()) by \(result.sweep.key)",
        body: .lines([
          .chart(SweepChart.draw(MonteCarloSweepCharts.chart(result))),
          .element("p", text: Metric.marksLegend + "."),
        ])))
    let groups = result.groups
    for (i, m) in MonteCarloSweepTable.metrics(result).enumerated() {
      var table = HTMLTable(
        columns: ["\(result.sweep.key) (95% interval; difference from \(result.sweep.values[0]))"]
          + groups.map(\.rawValue),
        columnClasses: [nil] + groups.map { _ in "num" })
      for row in MonteCarloSweepTable.rows(result, m) {
        table.append(row.map { .init($0) })
      }
      page.sections.append(
        HTMLPage.Section(
          id: "metric-\(i + 1)", heading: m.label.trimmingLeadingSpaces(), body: table.fragment))
    }
    let lines = MonteCarloSweepTable.violationLines(result, mark: { $0 ? "✓" : "✗" }, finding: "⚠")
    page.sections.append(
      HTMLPage.Section(
        id: "invariants", heading: "Invariants",
        body: .lines(lines.dropFirst().map { .element("div", text: $0) })))
    return page.render()
  }
}
