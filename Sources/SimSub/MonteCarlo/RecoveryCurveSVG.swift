/// The recovery curve as an SVG picture: the share of episodes recovered by each day since the
/// failure, one line per store and for everyone, each with its 95% band, one panel per policy.
///
/// Plain SVG 1.1 with fixed coordinates and simsub's own number formatting, so the bytes are the
/// same on every machine; no script, no external font.
public enum RecoveryCurveSVG {
  static let panelWidth = 560.0
  static let panelHeight = 300.0
  static let margin = (left: 56.0, right: 120.0, top: 36.0, bottom: 44.0)
  static let colours: [SubscriberGroup: String] = [.all: "#222222", .apple: "#1f77b4", .google: "#2ca02c"]

  public static func render(_ result: MonteCarloResult, days: Int = 60) -> String {
    let policies = result.setup.policies
    let width = margin.left + panelWidth + margin.right
    let height = Double(policies.count) * (margin.top + panelHeight + margin.bottom)
    var out: [String] = []
    out.append(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"sans-serif\" font-size=\"12\">"
    )
    out.append("<title>\(escape(result.setup.name)): recovery curve</title>")
    out.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>")
    for (p, policy) in policies.enumerated() {
      let top = Double(p) * (margin.top + panelHeight + margin.bottom) + margin.top
      out += panel(result, policy: p, name: policy, top: top, days: days)
    }
    out.append("</svg>")
    return out.joined(separator: "\n") + "\n"
  }

  static func panel(_ result: MonteCarloResult, policy p: Int, name: String, top: Double, days: Int)
    -> [String]
  {
    let left = margin.left
    func x(_ day: Int) -> Double { left + panelWidth * Double(day) / Double(days) }
    func y(_ share: Double) -> Double { top + panelHeight * (1 - min(1, max(0, share))) }
    var out: [String] = []
    out.append(
      "<text x=\"\(n(left))\" y=\"\(n(top - 12))\" font-size=\"14\">Share of episodes recovered by day since the failure: \(escape(name))</text>"
    )
    for tick in stride(from: 0, through: 100, by: 20) {
      let yy = y(Double(tick) / 100)
      out.append(
        "<line x1=\"\(n(left))\" y1=\"\(n(yy))\" x2=\"\(n(left + panelWidth))\" y2=\"\(n(yy))\" stroke=\"#dddddd\"/>"
      )
      out.append("<text x=\"\(n(left - 8))\" y=\"\(n(yy + 4))\" text-anchor=\"end\">\(tick)%</text>")
    }
    for day in stride(from: 0, through: days, by: 10) {
      out.append(
        "<text x=\"\(n(x(day)))\" y=\"\(n(top + panelHeight + 18))\" text-anchor=\"middle\">\(day)</text>")
    }
    out.append(
      "<text x=\"\(n(left + panelWidth / 2))\" y=\"\(n(top + panelHeight + 36))\" text-anchor=\"middle\">days since the failure</text>"
    )
    out.append(
      "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(panelWidth))\" height=\"\(n(panelHeight))\" fill=\"none\" stroke=\"#999999\"/>"
    )
    for (i, group) in SubscriberGroup.allCases.enumerated() {
      let tally = result.tally(group)
      guard tally.sum(.episodes, policy: p) > 0 else { continue }
      let curve = Estimator.recoveryCurve(tally, policy: p, days: days)
      let colour = colours[group] ?? "#000000"
      // The band: up along the upper bounds, back along the lower ones. A step curve, since
      // recoveries are counted by whole days.
      var band: [String] = []
      for day in 0...days { band.append("\(n(x(day))),\(n(y(curve[day].high)))") }
      for day in (0...days).reversed() { band.append("\(n(x(day))),\(n(y(curve[day].low)))") }
      out.append(
        "<polygon points=\"\(band.joined(separator: " "))\" fill=\"\(colour)\" fill-opacity=\"0.15\" stroke=\"none\"/>"
      )
      let line = (0...days).map { "\(n(x($0))),\(n(y(curve[$0].value)))" }.joined(separator: " ")
      out.append("<polyline points=\"\(line)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\"/>")
      let legendY = top + 16 + Double(i) * 18
      out.append(
        "<line x1=\"\(n(left + panelWidth + 12))\" y1=\"\(n(legendY - 4))\" x2=\"\(n(left + panelWidth + 32))\" y2=\"\(n(legendY - 4))\" stroke=\"\(colour)\" stroke-width=\"2\"/>"
      )
      out.append("<text x=\"\(n(left + panelWidth + 38))\" y=\"\(n(legendY))\">\(group.rawValue)</text>")
    }
    return out
  }

  /// A coordinate with one decimal.
  static func n(_ value: Double) -> String { Format.fixed(value, decimals: 1).replacingCommas() }

  static func escape(_ text: String) -> String {
    var out = ""
    for c in text {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(c)
      }
    }
    return out
  }
}

extension String {
  /// `1,234.5` → `1234.5`: coordinates carry no grouping.
  fileprivate func replacingCommas() -> String { String(filter { $0 != "," }) }
}
