import Foundation
import Testing

@testable import SimSub

/// Pieces the pictures and the HTML page share: number formatting and the font stacks.
@Suite("Reports: shared formatting")
struct ChartSharingTests {
  /// `decimal` as it was written before it was built on `fixed`, to show the output unchanged.
  static func reference(_ x: Double, places: Int) -> String {
    let places = min(max(places, 0), 4)
    var scale: Int64 = 1
    for _ in 0..<places { scale *= 10 }
    let clamped = x.isFinite ? min(max(x, -1e12), 1e12) : 0
    let scaled = Int64((clamped * Double(scale)).rounded())
    let sign = scaled < 0 ? "-" : ""
    let magnitude = scaled.magnitude
    let whole = magnitude / UInt64(scale)
    var fraction = magnitude % UInt64(scale)
    guard fraction != 0 else { return sign + String(whole) }
    var digits = places
    while fraction % 10 == 0 {
      fraction /= 10
      digits -= 1
    }
    return sign + String(whole) + "." + String(fraction).leftPadded(to: digits, with: "0")
  }

  @Test func decimalDropsFixedsTrailingZerosAsBefore() {
    var values: [Double] = [
      0, -0.0, 0.04, -0.04, 0.05, -0.05, 0.5, -0.5, 1.5, 2.5, 12, 12.5, -3.2, 3.50, 100, 1000.001,
      0.0001, 0.00005, -0.00005, 1e13, -1e13, .nan, .infinity, -.infinity, 123.456789,
    ]
    for i in -300...300 { values.append(Double(i) * 0.0137) }
    for x in values {
      for places in -1...6 {
        #expect(ChartNumber.decimal(x, places: places) == Self.reference(x, places: places), "\(x) \(places)")
      }
    }
    #expect(ChartNumber.decimal(3.5, places: 2) == "3.5" && ChartNumber.fixed(3.5, places: 2) == "3.50")
  }

  @Test func thePageUsesTheChartsFontStacks() {
    #expect(HTMLPage.css.contains("font: 14px/1.5 \(ChartStyle.sans);"))
    #expect(HTMLPage.css.contains("font-family: \(ChartStyle.mono);"))
    #expect(HTMLPage.css.contains("'Liberation Mono'"))
  }

  @Test func nestedElementsAreIndentedByDepth() {
    var svg = SVGWriter()
    svg.open("svg")
    svg.open("g", [("class", "a")])
    svg.element("rect", [("x", "1")])
    svg.close()
    svg.close()
    #expect(svg.text == "<svg>\n  <g class=\"a\">\n    <rect x=\"1\"/>\n  </g>\n</svg>\n")
  }
}
