/// `simsub run --svg PATH` and `--format svg`: the timeline chart of each scenario, in one SVG
/// document. One scenario gives one chart; several are stacked top to bottom in the order of
/// the command line, each a nested `<svg>` with its own title, so the file stays a single
/// picture to open, attach or embed. A family member's timeline is a chart of its own, after
/// the purchaser's. A chart's zoomed panels (``TimelineZoom``) are part of it, under its axis.
public enum ScenarioSVGReport {
  public static func render(_ results: [ScenarioResult]) -> String {
    // A scenario with Family Sharing draws the purchaser's chart, then each member's.
    let charts = results.flatMap(\.runs).map { TimelineChart.draw(TimelineChartData($0)) }
    if charts.count == 1 { return charts[0].svg() }
    let passed = results.filter(\.passed).count
    return ChartDrawing.stack(
      charts, title: "simsub: \(passed) of \(Plural.count(results.count, "scenario")) passed")
  }
}
