/// What a recovery-curve chart shows: for each series (a store, a policy), the share of
/// billing-issue episodes recovered by each day since the failed renewal, with a 95%
/// confidence band.
///
/// Plain values, so Monte Carlo results (or anything else) can be drawn without the chart
/// knowing where they came from.
public struct RecoveryCurveData: Hashable, Sendable {
  /// One day of one series. Shares are fractions in 0...1.
  public struct Point: Hashable, Sendable {
    /// Days since the failed renewal.
    public var day: Int
    public var share: Double
    /// The 95% confidence interval's lower bound.
    public var lower: Double
    /// The 95% confidence interval's upper bound.
    public var upper: Double
    public init(day: Int, share: Double, lower: Double, upper: Double) {
      self.day = day
      self.share = share
      self.lower = lower
      self.upper = upper
    }
  }

  public struct Series: Hashable, Sendable {
    /// `apple`, `google`, `reference`, …
    public var name: String
    /// How many episodes it counts, shown in the legend when known.
    public var episodes: Int64?
    public var points: [Point]
    public init(name: String, episodes: Int64? = nil, points: [Point]) {
      self.name = name
      self.episodes = episodes
      self.points = points
    }

    /// A series from parallel arrays, day 0, 1, 2, …; the arrays are cut to the shortest.
    public init(name: String, episodes: Int64? = nil, share: [Double], lower: [Double], upper: [Double]) {
      let n = min(share.count, lower.count, upper.count)
      self.init(
        name: name, episodes: episodes,
        points: (0..<n).map { Point(day: $0, share: share[$0], lower: lower[$0], upper: upper[$0]) })
    }
  }

  /// A vertical line at a day that matters: where grace ends, the 30-day mark.
  public struct Marker: Hashable, Sendable {
    public var day: Double
    public var label: String
    public init(day: Double, label: String) {
      self.day = day
      self.label = label
    }
  }

  public var title: String
  public var subtitle: [String]
  public var series: [Series]
  public var markers: [Marker]
  /// The least share the vertical axis reaches, so panels drawn side by side (one per policy)
  /// share one scale; `nil` scales to this chart's own bands.
  public var shareCeiling: Double?

  public init(
    title: String, subtitle: [String] = [], series: [Series], markers: [Marker] = [],
    shareCeiling: Double? = nil
  ) {
    self.title = title
    self.subtitle = subtitle
    self.series = series
    self.markers = markers
    self.shareCeiling = shareCeiling
  }
}

/// Draws recovery curves: days since the failure left to right, share recovered bottom to top
/// (from 0, up to a round figure above the highest band), one line a series with its 95% band
/// shaded, each series its own colour *and* dash pattern.
public enum RecoveryCurveChart {
  public static let width = 900.0
  static let height = 480.0

  public static func draw(_ data: RecoveryCurveData) -> ChartDrawing {
    let left = 72.0
    let right = width - 24
    var w = SVGWriter()
    var y = w.heading(title: data.title, subtitle: data.subtitle, width: width)

    // Legend: one line sample per series, then the band.
    y += 14
    var lx = 16.0
    let legendItems = data.series.enumerated().map { i, s in
      (
        i,
        s.name + (s.episodes.map { " (\(Plural.count($0, as: ChartNumber.grouped($0), "episode")))" } ?? "")
      )
    }
    for (i, label) in legendItems {
      let itemWidth = 30 + TextMetrics.sans(label, size: 11) + 16
      if lx + itemWidth > width - 16 {
        lx = 16
        y += 18
      }
      let colour = ChartStyle.seriesColours[i % ChartStyle.seriesColours.count].rawValue
      var attributes = Shape.line(lx, y + 6, lx + 24, y + 6, "line") + [("stroke", colour)]
      if let dash = ChartStyle.seriesDashes[i % ChartStyle.seriesDashes.count] {
        attributes.append(("stroke-dasharray", dash))
      }
      w.element("line", attributes)
      w.element("text", Shape.text(lx + 30, y + 10, ""), text: label)
      lx += itemWidth
    }
    let bandLabel = "shaded: 95% confidence interval"
    if lx + TextMetrics.sans(bandLabel, size: 12) + 16 > width - 16 {
      lx = 16
      y += 18
    }
    w.element("text", Shape.text(lx, y + 10, "note"), text: bandLabel)
    y += 18

    let top = y + 14
    let bottom = top + height - 90
    let points = data.series.flatMap(\.points)
    let maxDay = max(points.map(\.day).max() ?? 0, Int(data.markers.map(\.day).max() ?? 0), 1)
    let highest = max(points.map { clamp($0.upper) }.max() ?? 0, clamp(data.shareCeiling ?? 0))
    let yStep = highest <= 0.2 ? 0.05 : 0.1
    let yMax = min(1, max(yStep, (highest / yStep).rounded(.up) * yStep))
    func px(_ day: Double) -> Double {
      left + min(max(day, 0), Double(maxDay)) / Double(maxDay) * (right - left)
    }
    func py(_ share: Double) -> Double { bottom - min(clamp(share), yMax) / yMax * (bottom - top) }

    // Grid and axes.
    w.open("g", [("class", "grid-lines")])
    var tick = 0.0
    while tick <= yMax + 1e-9 {
      w.element("line", Shape.line(left, py(tick), right, py(tick), "grid"))
      tick += yStep
    }
    let xStep = ChartAxes.niceStep(maximum: Double(maxDay), maxTicks: 12)
    var day = 0.0
    while day <= Double(maxDay) + 1e-9 {
      w.element("line", Shape.line(px(day), top, px(day), bottom, "grid"))
      day += xStep
    }
    w.close()
    w.element("line", Shape.line(left, bottom, right, bottom, "axis-line"))
    w.element("line", Shape.line(left, top, left, bottom, "axis-line"))
    w.open("g", [("class", "ticks")])
    tick = 0
    while tick <= yMax + 1e-9 {
      w.element(
        "text", Shape.text(left - 8, py(tick) + 4, "axis", anchor: "end"),
        text: ChartNumber.percent(tick, places: 0))
      tick += yStep
    }
    day = 0
    while day <= Double(maxDay) + 1e-9 {
      w.element(
        "text", Shape.text(px(day), bottom + 16, "axis", anchor: "middle"), text: ChartNumber.format(day))
      day += xStep
    }
    w.close()
    w.element(
      "text", Shape.text((left + right) / 2, bottom + 34, "axis", anchor: "middle"),
      text: "days since the failed renewal")
    w.element(
      "text",
      Shape.text(18, (top + bottom) / 2, "axis", anchor: "middle")
        + [("transform", "rotate(-90 18 \(ChartNumber.format((top + bottom) / 2)))")],
      text: "share of episodes recovered")

    // Markers.
    for (i, m) in data.markers.enumerated() {
      let mx = px(min(max(m.day, 0), Double(maxDay)))
      w.element("line", Shape.line(mx, top, mx, bottom, "marker"))
      let labelWidth = TextMetrics.sans(m.label, size: 10)
      let anchorEnd = mx + 4 + labelWidth > right
      w.element(
        "text",
        Shape.text(
          anchorEnd ? mx - 4 : mx + 4, top + 12 + Double(i % 3) * 13, "axis",
          anchor: anchorEnd ? "end" : "start"),
        text: m.label)
    }

    // Bands, then lines over them.
    for (i, s) in data.series.enumerated() where !s.points.isEmpty {
      let colour = ChartStyle.seriesColours[i % ChartStyle.seriesColours.count].rawValue
      let sorted = s.points.sorted { $0.day < $1.day }
      let upper = sorted.map { (px(Double($0.day)), py(max($0.upper, $0.share))) }
      let lower = sorted.reversed().map { (px(Double($0.day)), py(min($0.lower, $0.share))) }
      w.element("polygon", [("points", Shape.points(upper + lower)), ("class", "ci"), ("fill", colour)])
    }
    for (i, s) in data.series.enumerated() where !s.points.isEmpty {
      let colour = ChartStyle.seriesColours[i % ChartStyle.seriesColours.count].rawValue
      let sorted = s.points.sorted { $0.day < $1.day }
      var attributes: [(String, String)] = [
        ("points", Shape.points(sorted.map { (px(Double($0.day)), py($0.share)) })), ("class", "line"),
        ("stroke", colour),
      ]
      if let dash = ChartStyle.seriesDashes[i % ChartStyle.seriesDashes.count] {
        attributes.append(("stroke-dasharray", dash))
      }
      let last = sorted[sorted.count - 1]
      w.element(
        "polyline", attributes,
        title:
          "\(s.name): \(ChartNumber.percent(clamp(last.share))) recovered by day \(last.day) (95% CI \(ChartNumber.percent(clamp(last.lower)))–\(ChartNumber.percent(clamp(last.upper))))"
      )
    }
    if points.isEmpty {
      w.element(
        "text", Shape.text((left + right) / 2, (top + bottom) / 2, "note", anchor: "middle"),
        text: "no episodes to draw")
    }

    let total = bottom + 48
    var framed = SVGWriter()
    framed.element("rect", Shape.rect(0.5, 0.5, width - 1, total - 1, "bg") + [("rx", "6")])
    framed.raw(w.text)
    let summary = data.series.compactMap { s -> String? in
      guard let last = s.points.max(by: { $0.day < $1.day }) else { return nil }
      return "\(s.name) \(ChartNumber.percent(clamp(last.share))) by day \(last.day)"
    }
    return ChartDrawing(
      width: width, height: total, title: data.title,
      description:
        "Share of billing-issue episodes recovered by day since the failed renewal, with 95% confidence bands"
        + (summary.isEmpty ? "." : ": " + summary.joined(separator: "; ") + "."),
      body: framed.text)
  }

  static func clamp(_ share: Double) -> Double { share.isFinite ? min(max(share, 0), 1) : 0 }
}
