/// Builds SVG text by hand: one element a line, attributes in the order given, every value and
/// text escaped, every number formatted by ``ChartNumber`` — so the same chart is the same bytes
/// on every machine.
struct SVGWriter {
  private(set) var text = ""
  /// The open elements, innermost last; their count is the indentation.
  private var stack: [String] = []

  init() {}

  /// Opens `<name …>`; close it with ``close()``.
  mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
    line("<\(name)\(Self.attributes(attributes))>")
    stack.append(name)
  }

  mutating func close() {
    let name = stack.removeLast()
    line("</\(name)>")
  }

  /// `<name …/>`, or `<name …>text</name>` when `text` is given (escaped here).
  mutating func element(_ name: String, _ attributes: [(String, String)] = [], text: String? = nil) {
    if let text {
      line("<\(name)\(Self.attributes(attributes))>\(XMLText.escape(text))</\(name)>")
    } else {
      line("<\(name)\(Self.attributes(attributes))/>")
    }
  }

  /// An element with a `<title>` child: browsers show it as a tooltip.
  mutating func element(_ name: String, _ attributes: [(String, String)], title: String) {
    line("<\(name)\(Self.attributes(attributes))><title>\(XMLText.escape(title))</title></\(name)>")
  }

  /// Text already escaped (a nested chart, a style sheet with no `<` or `&`).
  mutating func raw(_ text: String) {
    for part in text.split(separator: "\n", omittingEmptySubsequences: false) where !part.isEmpty {
      line(String(part))
    }
  }

  private mutating func line(_ s: String) {
    text += String(repeating: "  ", count: stack.count) + s + "\n"
  }

  static func attributes(_ attributes: [(String, String)]) -> String {
    attributes.map { " \($0.0)=\"\(XMLText.escape($0.1))\"" }.joined()
  }
}

/// Escaping for XML and HTML text and attribute values.
public enum XMLText {
  /// `&`, `<`, `>`, `"` and `'` as entities; characters XML 1.0 forbids (C0 controls other
  /// than tab, newline and carriage return; U+FFFE, U+FFFF) as U+FFFD, so any scenario name
  /// gives a well-formed document.
  public static func escape(_ text: String) -> String {
    escape(text, keepingWhitespace: true)
  }

  /// For an attribute value that must read back as written (a JUnit test's name or failure
  /// message): the entities of ``escape(_:)``, tab, newline and carriage return as `&#9;`,
  /// `&#10;` and `&#13;` (which a parser's attribute-value normalisation would otherwise turn
  /// into spaces), and the characters XML forbids left out rather than replaced.
  public static func escapeAttribute(_ text: String) -> String {
    escape(text, keepingWhitespace: false)
  }

  /// Text keeps tab, newline and carriage return and replaces forbidden characters with
  /// U+FFFD; an attribute writes the three as references and drops forbidden characters.
  private static func escape(_ text: String, keepingWhitespace: Bool) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t", "\n", "\r":
        if keepingWhitespace {
          out.unicodeScalars.append(scalar)
        } else {
          out += "&#\(scalar.value);"
        }
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
          || (0x7F...0x9F).contains(scalar.value)
        {
          if keepingWhitespace { out += "\u{FFFD}" }
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}

/// Fixed number formatting for charts: never locale, never scientific notation, never `-0`.
public enum ChartNumber {
  /// `12`, `12.5`, `-3.2`: rounded to one decimal, trailing `.0` dropped.
  public static func format(_ x: Double) -> String {
    decimal(x, places: 1)
  }

  /// `x` rounded to `places` decimals (0–4), trailing zeros dropped.
  public static func decimal(_ x: Double, places: Int) -> String {
    var text = fixed(x, places: places)
    guard text.contains(".") else { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// `42.1%` for 0.4213 with one decimal.
  public static func percent(_ share: Double, places: Int = 1) -> String {
    let text = fixed(share * 100, places: places)
    return text + "%"
  }

  /// `x` with exactly `places` decimals (`3.50`).
  public static func fixed(_ x: Double, places: Int) -> String {
    let places = min(max(places, 0), 4)
    var scale: Int64 = 1
    for _ in 0..<places { scale *= 10 }
    let clamped = x.isFinite ? min(max(x, -1e12), 1e12) : 0
    let scaled = Int64((clamped * Double(scale)).rounded())
    let sign = scaled < 0 ? "-" : ""
    let magnitude = scaled.magnitude
    let whole = String(magnitude / UInt64(scale))
    guard places > 0 else { return sign + whole }
    return sign + whole + "." + String(magnitude % UInt64(scale)).leftPadded(to: places, with: "0")
  }

  /// `1,234,567`.
  public static func grouped(_ n: Int64) -> String { Format.grouped(n) }
}

/// Estimated text widths, for laying out labels without a font engine. Monospace text is exact
/// to within the font's advance (0.6 em for the common monospace faces); proportional text is
/// estimated for a wide face, so labels err towards more room.
enum TextMetrics {
  static func monospace(_ text: String, size: Double) -> Double {
    Double(text.count) * 0.6 * size
  }

  static func sans(_ text: String, size: Double, bold: Bool = false) -> Double {
    var em = 0.0
    for c in text.unicodeScalars {
      switch c {
      case "i", "l", "j", ".", ",", ":", ";", "'", "|", "!", "(", ")", " ", "[", "]", "f", "t", "I":
        em += 0.34
      case "m", "w", "M", "W", "%", "@":
        em += 0.95
      case "A"..."Z":
        em += 0.72
      case "0"..."9":
        em += 0.64
      default:
        em += c.value > 0x2000 ? 1.0 : 0.6
      }
    }
    // Wide enough for DejaVu Sans, the widest of the usual faces; bold runs about 12% wider.
    return em * size * (bold ? 1.12 : 1)
  }
}
