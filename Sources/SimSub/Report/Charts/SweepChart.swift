/// What a sweep chart shows: one estimate (with its 95% interval) per value of a setting, for
/// each series (everyone, a store). Plain values, so the chart does not know where they came
/// from.
public struct SweepChartData: Hashable, Sendable {
  public struct Series: Hashable, Sendable {
    public var name: String
    /// One per value, in the values' order; a `nil` is a value without an estimate (no
    /// episodes), left out of the line.
    public var points: [Point?]
    public init(name: String, points: [Point?]) {
      self.name = name
      self.points = points
    }
  }

  public struct Point: Hashable, Sendable {
    public var value: Double
    public var low: Double
    public var high: Double
    public init(value: Double, low: Double, high: Double) {
      self.value = value
      self.low = low
      self.high = high
    }
  }

  public var title: String
  public var subtitle: [String]
  /// The setting swept, under the horizontal axis.
  public var xLabel: String
  /// The values, left to right, evenly spaced in the order given.
  public var values: [String]
  /// The metric, beside the vertical axis.
  public var yLabel: String
  /// Whether the estimates are shares, shown as percentages.
  public var percent: Bool
  public var series: [Series]

  public init(
    title: String, subtitle: [String], xLabel: String, values: [String], yLabel: String, percent: Bool,
    series: [Series]
  ) {
    self.title = title
    self.subtitle = subtitle
    self.xLabel = xLabel
    self.values = values
    self.yLabel = yLabel
    self.percent = percent
    self.series = series
  }
}

/// Draws a metric against the values of a swept setting: a line per series through the
/// estimates, each value's 95% interval as an error bar and the band between them shaded, each
/// series its own colour and dash pattern. The vertical axis spans the intervals (not from 0),
/// so small differences show; its ticks say where it starts.
public enum SweepChart {
  public static let width = 900.0
  static let height = 420.0

  public static func draw(_ data: SweepChartData) -> ChartDrawing {
    let left = 84.0
    let right = width - 24
    var w = SVGWriter()
    var y = w.heading(title: data.title, subtitle: data.subtitle, width: width)

    y += 14
    var lx = 16.0
    for (i, s) in data.series.enumerated() {
      let itemWidth = 30 + TextMetrics.sans(s.name, size: 11) + 16
      if lx + itemWidth > width - 16 {
        lx = 16
        y += 18
      }
      var attributes = Shape.line(lx, y + 6, lx + 24, y + 6, "line") + [("stroke", colour(i))]
      if let dash = dash(i) { attributes.append(("stroke-dasharray", dash)) }
      w.element("line", attributes)
      w.element("text", Shape.text(lx + 30, y + 10, ""), text: s.name)
      lx += itemWidth
    }
    let bandLabel = "bars and shading: 95% confidence interval"
    if lx + TextMetrics.sans(bandLabel, size: 12) + 16 > width - 16 {
      lx = 16
      y += 18
    }
    w.element("text", Shape.text(lx, y + 10, "note"), text: bandLabel)
    y += 18

    let top = y + 14
    let bottom = top + height - 90
    let points = data.series.flatMap { $0.points.compactMap { $0 } }.filter {
      $0.value.isFinite && $0.low.isFinite && $0.high.isFinite
    }
    var lowest = points.map(\.low).min() ?? 0
    var highest = points.map(\.high).max() ?? 1
    if data.percent {
      lowest = max(0, lowest)
      highest = min(1, highest)
    }
    if highest - lowest <= 0 {
      lowest -= data.percent ? 0.01 : 1
      highest += data.percent ? 0.01 : 1
    }
    let span = highest - lowest
    let step = ChartAxes.niceStep(maximum: span, maxTicks: 6, minimumStep: span / 1e6)
    let yMin = (lowest / step).rounded(.down) * step
    let yMax = max(yMin + step, (highest / step).rounded(.up) * step)
    let count = max(data.values.count, 1)
    func px(_ i: Int) -> Double { left + (Double(i) + 0.5) / Double(count) * (right - left) }
    func py(_ v: Double) -> Double {
      bottom - (min(max(v, yMin), yMax) - yMin) / (yMax - yMin) * (bottom - top)
    }
    func label(_ v: Double) -> String {
      data.percent ? ChartNumber.percent(v, places: step < 0.001 ? 2 : 1) : ChartNumber.decimal(v, places: 3)
    }

    w.open("g", [("class", "grid-lines")])
    var tick = yMin
    while tick <= yMax + step * 1e-6 {
      w.element("line", Shape.line(left, py(tick), right, py(tick), "grid"))
      tick += step
    }
    for i in 0..<count { w.element("line", Shape.line(px(i), top, px(i), bottom, "grid")) }
    w.close()
    w.element("line", Shape.line(left, bottom, right, bottom, "axis-line"))
    w.element("line", Shape.line(left, top, left, bottom, "axis-line"))
    w.open("g", [("class", "ticks")])
    tick = yMin
    while tick <= yMax + step * 1e-6 {
      w.element("text", Shape.text(left - 8, py(tick) + 4, "axis", anchor: "end"), text: label(tick))
      tick += step
    }
    for (i, value) in data.values.enumerated() {
      w.element("text", Shape.text(px(i), bottom + 16, "axis", anchor: "middle"), text: value)
    }
    w.close()
    w.element(
      "text", Shape.text((left + right) / 2, bottom + 34, "axis", anchor: "middle"), text: data.xLabel)
    w.element(
      "text",
      Shape.text(18, (top + bottom) / 2, "axis", anchor: "middle")
        + [("transform", "rotate(-90 18 \(ChartNumber.format((top + bottom) / 2)))")],
      text: data.yLabel)

    for (i, s) in data.series.enumerated() {
      let shown = s.points.enumerated().compactMap { v, p in p.map { (v, $0) } }
      guard shown.count > 1 else { continue }
      let upper = shown.map { (px($0.0), py($0.1.high)) }
      let lower = shown.reversed().map { (px($0.0), py($0.1.low)) }
      w.element("polygon", [("points", Shape.points(upper + lower)), ("class", "ci"), ("fill", colour(i))])
    }
    for (i, s) in data.series.enumerated() {
      let shown = s.points.enumerated().compactMap { v, p in p.map { (v, $0) } }
      if shown.count > 1 {
        var attributes: [(String, String)] = [
          ("points", Shape.points(shown.map { (px($0.0), py($0.1.value)) })), ("class", "line"),
          ("stroke", colour(i)),
        ]
        if let dash = dash(i) { attributes.append(("stroke-dasharray", dash)) }
        w.element("polyline", attributes)
      }
      for (v, p) in shown {
        let x = px(v)
        w.element(
          "line", Shape.line(x, py(p.low), x, py(p.high), "line") + [("stroke", colour(i))],
          title: "\(s.name) at \(data.values[v]): \(label(p.value)) (95% CI \(label(p.low))–\(label(p.high)))"
        )
        w.element(
          "circle",
          [
            ("cx", ChartNumber.format(x)), ("cy", ChartNumber.format(py(p.value))), ("r", "3.5"),
            ("fill", colour(i)),
          ])
      }
    }
    if points.isEmpty {
      w.element(
        "text", Shape.text((left + right) / 2, (top + bottom) / 2, "note", anchor: "middle"),
        text: "no estimates to draw")
    }

    let total = bottom + 48
    var framed = SVGWriter()
    framed.element("rect", Shape.rect(0.5, 0.5, width - 1, total - 1, "bg") + [("rx", "6")])
    framed.raw(w.text)
    let summary = data.series.first.map { s in
      zip(data.values, s.points).compactMap { value, p in p.map { "\(value) \(label($0.value))" } }
        .joined(separator: ", ")
    }
    return ChartDrawing(
      width: width, height: total, title: data.title,
      description: "\(data.yLabel) against \(data.xLabel), with 95% confidence intervals"
        + (summary.map { ": \(data.series[0].name) \($0)." } ?? "."),
      body: framed.text)
  }

  static func colour(_ i: Int) -> String {
    ChartStyle.seriesColours[i % ChartStyle.seriesColours.count].rawValue
  }
  static func dash(_ i: Int) -> String? { ChartStyle.seriesDashes[i % ChartStyle.seriesDashes.count] }
}
