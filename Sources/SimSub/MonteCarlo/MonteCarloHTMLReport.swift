/// `simsub montecarlo --format html` (and `merge`): one self-contained page with the headline
/// figures, the recovery curve and the episode outcomes as inline charts, and every estimate
/// with its 95% interval — the same page skeleton as the scenario and gate reports.
public enum MonteCarloHTMLReport {
  /// - Parameter outputDirectory: the directory the page is written to (`--output`'s), so the
  ///   links to counterexample files are relative to it; `nil` for standard output.
  public static func render(_ result: MonteCarloResult, outputDirectory: String? = nil) -> String {
    let setup = result.setup
    let all = result.all
    let violated = !result.passed
    let recovery = Estimator.estimate(.recoveryRate, all, policy: 0)
    let churn = Estimator.estimate(.involuntaryChurn, all, policy: 0)
    var page = HTMLPage(
      title: "simsub montecarlo: \(setup.name)",
      subtitle: MonteCarloReportText.header(result), passed: !violated,
      figures: [
        .init(Format.grouped(all.sum(.subscribers, policy: 0)), "subscribers"),
        .init(Format.grouped(all.sum(.episodes, policy: 0)), "billing-issue episodes"),
        .init(
          MonteCarloReportText.cell(recovery, .recoveryRate),
          "recovered within 30 days (\(setup.policies[0]))"),
        .init(
          MonteCarloReportText.cell(churn, .involuntaryChurn), "involuntary churn (\(setup.policies[0]))"),
        .init(
          violated ? "yes" : "none", "wrongful lockouts or free access (\(setup.policies[0]))",
          passed: !violated),
      ])
    page.sections.append(
      HTMLPage.Section(
        id: "charts", heading: "Recovery",
        body: .lines(
          MonteCarloCharts.recoveryCurves(result).map { .chart(RecoveryCurveChart.draw($0)) } + [
            .chart(EpisodeOutcomeChart.draw(MonteCarloCharts.episodeOutcomes(result)))
          ])))
    let groups = result.groups
    for (p, policy) in setup.policies.enumerated() {
      var table = HTMLTable(
        columns: ["estimate (95% interval)"] + groups.map(\.rawValue),
        columnClasses: [nil] + groups.map { _ in "num" })
      for metric in Metric.allCases {
        table.append(
          [.init(metric.label)]
            + groups.map {
              .init(
                MonteCarloReportText.cell(Estimator.estimate(metric, result.tally($0), policy: p), metric))
            })
        if let total = MonteCarloReportText.totalLabel(metric, currency: setup.currency) {
          table.append(
            [.init(total)]
              + groups.map { .init(MonteCarloReportText.totalCell(metric, result.tally($0), policy: p)) })
        }
      }
      page.sections.append(
        HTMLPage.Section(id: "estimates-\(p + 1)", heading: "Estimates: \(policy)", body: table.fragment))
    }
    if setup.policies.count == 2 {
      var table = HTMLTable(
        columns: ["paired difference \(setup.policies[0]) − \(setup.policies[1])"] + groups.map(\.rawValue),
        columnClasses: [nil] + groups.map { _ in "num" })
      for metric in Metric.allCases {
        table.append(
          [.init(metric.label)]
            + groups.map {
              .init(
                MonteCarloReportText.differenceCell(Estimator.difference(metric, result.tally($0)), metric))
            })
      }
      page.sections.append(
        HTMLPage.Section(
          id: "difference", heading: "Paired difference (same draws)",
          body: .lines([table.fragment, .element("p", text: Metric.marksLegend + ".")])))
    }
    page.sections.append(
      HTMLPage.Section(
        id: "invariants", heading: "Invariants",
        body: .lines([
          MonteCarloInvariantTable.render(result, outputDirectory: outputDirectory),
          .element(
            "p",
            text:
              "A counterexample is the first subscriber's story written as a scenario; 'simsub run' on it fails with the invariant."
          ),
        ])))
    return page.render()
  }
}
