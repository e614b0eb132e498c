extension SVGWriter {
  /// Writes a chart's title (truncated to fit) and its subtitle wrapped into lines, from the top
  /// left of a chart `width` wide; returns the baseline of the last line written.
  mutating func heading(title: String, subtitle: [String], width: Double) -> Double {
    var y = 28.0
    element(
      "text", Shape.text(16, y, "title"),
      text: TimelineChart.truncated(title, width: width - 32, size: 16, bold: true))
    for line in TimelineChart.wrap(subtitle, width: width - 32, size: 12) {
      y += 17
      element("text", Shape.text(16, y, "subtitle"), text: line)
    }
    return y
  }
}
