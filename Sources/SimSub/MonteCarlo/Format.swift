/// Number formatting for Monte Carlo reports, done by hand so the digits are the same on every
/// platform (no `printf`, no locale).
enum Format {
  /// `value` rounded to `decimals` places: `fixed(0.12345, decimals: 2)` is `0.12`.
  static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "—" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (value.magnitude * scale).rounded()
    guard scaled < 9e18 else { return value.description }
    let digits = UInt64(scaled)
    let negative = value < 0 && digits != 0
    let whole = digits / UInt64(scale)
    var text = (negative ? "-" : "") + grouped(whole)
    if decimals > 0 {
      let fraction = String(digits % UInt64(scale))
      text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
    return text
  }

  /// `1,234,567`.
  static func grouped(_ value: UInt64) -> String {
    let digits = Array(String(value))
    var out = ""
    for (i, d) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(d)
    }
    return out
  }

  static func grouped(_ value: Int64) -> String {
    value < 0 ? "-" + grouped(value.magnitude) : grouped(UInt64(value))
  }

  /// A share as a percentage with two decimals: `12.34%`.
  static func percent(_ share: Double) -> String { fixed(share * 100, decimals: 2) + "%" }

  /// A percentage-point difference with a sign: `+1.25 pp`.
  static func points(_ difference: Double) -> String {
    let text = fixed(difference * 100, decimals: 2)
    return (difference >= 0 && !text.hasPrefix("-") ? "+" : "") + text + " pp"
  }
}
