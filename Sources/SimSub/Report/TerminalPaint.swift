/// SGR styles for the text reports, written only when the caller has decided the output is a
/// terminal without `NO_COLOR` (``TerminalStyle``).
struct TerminalPaint: Sendable {
  /// Whether to write the escape sequences at all.
  var colour: Bool

  static let bold = "1"
  static let dim = "2"
  static let red = "31"
  static let green = "32"
  static let yellow = "33"
  static let boldRed = "1;31"
  static let boldGreen = "1;32"

  /// `text` in the style `code`, or as it is without colour.
  func callAsFunction(_ text: String, _ code: String) -> String {
    colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  /// ✓ in green for a pass, ✗ in red otherwise.
  func mark(_ passed: Bool) -> String { passed ? self("✓", Self.green) : self("✗", Self.red) }

  /// ! in yellow: a finding reported that does not decide the verdict (a compared policy's
  /// violation).
  var finding: String { self("!", Self.yellow) }
}
