/// A sweep as a picture: the chosen metric against the swept value, for everyone and per
/// store, each value with its 95% interval.
public enum MonteCarloSweepCharts {
  public static func chart(_ result: MonteCarloSweepResult) -> SweepChartData {
    let metric = result.metric
    let setup = result.runs[0].setup
    let series = result.groups.compactMap { group -> SweepChartData.Series? in
      let points = result.sweep.values.indices.map { v -> SweepChartData.Point? in
        let e = result.estimate(metric, group, value: v)
        return e.isDefined ? SweepChartData.Point(value: e.value, low: e.low, high: e.high) : nil
      }
      // A store without subscribers in the population has nothing to draw.
      guard points.contains(where: { $0 != nil }) else { return nil }
      return SweepChartData.Series(name: MonteCarloCharts.groupName(group), points: points)
    }
    let subscribers = result.runs[0].all.sum(.subscribers, policy: 0)
    return SweepChartData(
      title: "\(metric.label.trimmingLeadingSpaces()) by \(result.sweep.key): \(setup.name)",
      subtitle: [
        "each value played on the same random draws; with its 95% interval",
        "\(Plural.count(subscribers, as: Format.grouped(subscribers), "subscriber")), seed \(setup.seed), policy \(setup.policies[0])",
      ],
      xLabel: result.sweep.key, values: result.sweep.values, yLabel: metric.label.trimmingLeadingSpaces(),
      percent: metric.unit == .share, series: series)
  }

  /// The chart as a standalone SVG document.
  public static func svg(_ result: MonteCarloSweepResult) -> String {
    SweepChart.draw(chart(result)).svg()
  }
}
