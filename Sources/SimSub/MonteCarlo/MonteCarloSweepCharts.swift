/// A sweep as a picture: the chosen metric against the swept value, each value with its 95%
/// interval. A one-key sweep of one policy draws everyone and each store; under `--compare` or
/// in a grid the chart draws everyone only (the tables keep the stores), one line per policy,
/// per value of the grid's second key, or per both, against the first key's values.
public enum MonteCarloSweepCharts {
  public static func chart(_ result: MonteCarloSweepResult) -> SweepChartData {
    let metric = result.metric
    let setup = result.runs[0].setup
    let xAxis = result.sweep.axes[0]
    let lines = result.sweep.isGrid ? result.sweep.axes[1].values.indices.map { Optional($0) } : [nil]
    func point(_ e: Estimate?) -> SweepChartData.Point? {
      guard let e, e.isDefined else { return nil }
      return SweepChartData.Point(value: e.value, low: e.low, high: e.high)
    }
    /// The point of the grid at `x` on the first axis and `line` on the second.
    func index(_ x: Int, _ line: Int?) -> Int {
      result.sweep.points.firstIndex { $0 == (line.map { [x, $0] } ?? [x]) }!
    }
    var series: [SweepChartData.Series] = []
    if result.compared == nil && !result.sweep.isGrid {
      series = result.groups.compactMap { group in
        let points = xAxis.values.indices.map { point(result.estimate(metric, group, value: $0)) }
        // A store without subscribers in the population has nothing to draw.
        guard points.contains(where: { $0 != nil }) else { return nil }
        return SweepChartData.Series(name: MonteCarloCharts.groupName(group), points: points)
      }
    } else {
      for line in lines {
        let prefix = line.map { "\(result.sweep.axes[1].key)=\(result.sweep.axes[1].values[$0])" }
        func name(_ policy: String) -> String {
          guard result.compared != nil else { return prefix ?? policy }
          return prefix.map { "\($0), \(policy)" } ?? policy
        }
        series.append(
          SweepChartData.Series(
            name: name(result.policy),
            points: xAxis.values.indices.map { point(result.estimate(metric, .all, value: index($0, line))) })
        )
        if let compared = result.comparedPolicy {
          series.append(
            SweepChartData.Series(
              name: name(compared),
              points: xAxis.values.indices.map {
                point(result.comparedEstimate(metric, .all, value: index($0, line)))
              }))
        }
      }
    }
    let subscribers = result.runs[0].all.sum(.subscribers, policy: 0)
    var policies = "policy \(result.policy)"
    if let compared = result.comparedPolicy { policies = "policies \(result.policy) and \(compared)" }
    var subtitle = ["each value played on the same random draws; with its 95% interval"]
    if result.compared != nil || result.sweep.isGrid { subtitle[0] += "; everyone (per store in the tables)" }
    subtitle.append(
      "\(Plural.count(subscribers, as: Format.grouped(subscribers), "subscriber")), seed \(setup.seed), \(policies)"
    )
    return SweepChartData(
      title: "\(metric.label.trimmingLeadingSpaces()) by \(result.sweep.key): \(setup.name)",
      subtitle: subtitle, xLabel: xAxis.key, values: xAxis.values,
      yLabel: metric.label.trimmingLeadingSpaces(),
      percent: metric.unit == .share, series: series)
  }

  /// The chart as a standalone SVG document.
  public static func svg(_ result: MonteCarloSweepResult) -> String {
    SweepChart.draw(chart(result)).svg()
  }
}
