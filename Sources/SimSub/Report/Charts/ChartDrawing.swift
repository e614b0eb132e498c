/// A chart drawn at a fixed size: its elements, and the title and description that make it
/// accessible. Wrapped as a standalone SVG document, stacked with others in one, or inlined in
/// an HTML page.
public struct ChartDrawing: Hashable, Sendable {
  public var width: Double
  public var height: Double
  /// The chart's accessible name (`<title>`).
  public var title: String
  /// A sentence or two on what it shows (`<desc>`).
  public var description: String
  /// The elements, already escaped, one a line.
  var body: String

  /// A standalone SVG document, with its style sheet. `inline: true` leaves the style sheet
  /// out, for a page that includes ``ChartStyle/css`` once.
  public func svg(inline: Bool = false) -> String {
    var w = SVGWriter()
    w.open("svg", Self.rootAttributes(width: width, height: height))
    w.element("title", text: title)
    w.element("desc", text: description)
    if !inline { w.element("style", text: ChartStyle.css) }
    w.raw(body)
    w.close()
    return w.text
  }

  /// One SVG document with `charts` one above the other, `gap` apart, each in its own nested
  /// `<svg>`.
  public static func stack(_ charts: [ChartDrawing], title: String, gap: Double = 16) -> String {
    let width = charts.map(\.width).max() ?? 0
    let height = charts.map(\.height).reduce(0, +) + gap * Double(max(charts.count - 1, 0))
    var w = SVGWriter()
    w.open("svg", rootAttributes(width: width, height: height))
    w.element("title", text: title)
    w.element("desc", text: charts.map(\.title).joined(separator: "; "))
    w.element("style", text: ChartStyle.css)
    var y = 0.0
    for chart in charts {
      w.open(
        "svg",
        [
          ("class", "simsub-chart"), ("x", "0"), ("y", ChartNumber.format(y)),
          ("width", ChartNumber.format(chart.width)), ("height", ChartNumber.format(chart.height)),
          ("viewBox", "0 0 \(ChartNumber.format(chart.width)) \(ChartNumber.format(chart.height))"),
        ])
      w.element("title", text: chart.title)
      w.raw(chart.body)
      w.close()
      y += chart.height + gap
    }
    w.close()
    return w.text
  }

  static func rootAttributes(width: Double, height: Double) -> [(String, String)] {
    [
      ("xmlns", "http://www.w3.org/2000/svg"), ("class", "simsub-chart"),
      ("width", ChartNumber.format(width)), ("height", ChartNumber.format(height)),
      ("viewBox", "0 0 \(ChartNumber.format(width)) \(ChartNumber.format(height))"), ("role", "img"),
    ]
  }
}

/// Attribute lists for the common shapes, with numbers formatted by ``ChartNumber``.
enum Shape {
  static func rect(
    _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ cls: String, fill: String? = nil
  )
    -> [(String, String)]
  {
    var a: [(String, String)] = [
      ("x", ChartNumber.format(x)), ("y", ChartNumber.format(y)), ("width", ChartNumber.format(width)),
      ("height", ChartNumber.format(height)),
    ]
    if !cls.isEmpty { a.append(("class", cls)) }
    if let fill { a.append(("fill", fill)) }
    return a
  }

  static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ cls: String) -> [(
    String, String
  )] {
    [
      ("x1", ChartNumber.format(x1)), ("y1", ChartNumber.format(y1)), ("x2", ChartNumber.format(x2)),
      ("y2", ChartNumber.format(y2)), ("class", cls),
    ]
  }

  static func text(_ x: Double, _ y: Double, _ cls: String, anchor: String = "start") -> [(String, String)] {
    var a: [(String, String)] = [("x", ChartNumber.format(x)), ("y", ChartNumber.format(y))]
    if !cls.isEmpty { a.append(("class", cls)) }
    if anchor != "start" { a.append(("text-anchor", anchor)) }
    return a
  }

  static func points(_ points: [(Double, Double)]) -> String {
    points.map { "\(ChartNumber.format($0.0)),\(ChartNumber.format($0.1))" }.joined(separator: " ")
  }
}

/// Places labels beside their ticks in stacked lanes, so that no two labels overlap and no
/// leader line (from a label's lane down to its tick) crosses another label.
///
/// Labels are placed in priority order (the caller puts the ones that matter most first); each
/// goes in the lowest lane where its text is clear of every label and leader already there and
/// its leader is clear of every label in the lanes below. A label that fits in no lane is left
/// out; its tick still carries the name as a tooltip.
struct LabelLanes {
  struct Placed: Hashable {
    var index: Int
    var lane: Int
    /// The left edge of the text.
    var x: Double
    /// `end` when the text sits left of its tick (near the right edge).
    var anchorEnd: Bool
  }

  /// For each input label, its placement, or `nil` when it did not fit.
  static func place(
    ticks: [Double], widths: [Double], priority: [Int], maxLanes: Int, right: Double, gap: Double = 8
  ) -> [Placed?] {
    var labels: [[(Double, Double)]] = Array(repeating: [], count: maxLanes)
    var leaders: [[Double]] = Array(repeating: [], count: maxLanes)
    var result: [Placed?] = Array(repeating: nil, count: ticks.count)
    let order = ticks.indices.sorted { (priority[$0], -ticks[$0], $0) < (priority[$1], -ticks[$1], $1) }
    for i in order {
      let x = ticks[i]
      let anchorEnd = x + 3 + widths[i] > right
      let left = anchorEnd ? x - 3 - widths[i] : x + 3
      let span = (left - gap / 2, left + widths[i] + gap / 2)
      for lane in 0..<maxLanes {
        let clearOfLabels = labels[lane].allSatisfy { $0.1 <= span.0 || $0.0 >= span.1 }
        let clearOfLeaders = leaders[lane].allSatisfy { $0 < span.0 || $0 > span.1 }
        let leaderClear = (0..<lane).allSatisfy { below in
          labels[below].allSatisfy { $0.1 - gap / 2 <= x - 1 || $0.0 + gap / 2 >= x + 1 }
        }
        guard clearOfLabels, clearOfLeaders, leaderClear else { continue }
        labels[lane].append(span)
        for below in 0..<lane { leaders[below].append(x) }
        result[i] = Placed(index: i, lane: lane, x: left, anchorEnd: anchorEnd)
        break
      }
    }
    return result
  }
}
