/// The scenario format's durations: one or more `<integer><unit>` terms separated by spaces,
/// with unit `w`, `d`, `h` or `min` — `30d`, `40d 12h`, `2w`, `90min`.
///
/// There is deliberately no month and no bare `m`: a month has no fixed length (calendar
/// periods are a product's `period`, `1M`), and `1m` is the classic typo that means a minute to
/// one reader and a month to another, so it is an error that asks which was meant.
public enum DurationSyntax {
  /// Why a text is not a duration, and where in it (a character offset from its start).
  public struct Failure: Error, Hashable, Sendable {
    public var message: String
    /// Characters from the start of the text to the offending term.
    public var offset: Int

    public init(_ message: String, offset: Int) {
      self.message = message
      self.offset = offset
    }
  }

  /// The longest duration accepted: about a thousand years. Anything longer is a typo, and the
  /// bound keeps instant arithmetic far from overflow.
  public static let maximum = TimeSpan.days(365_250)

  static let unitList = "w, d, h or min"

  /// Parses a duration such as `40d 12h`.
  public static func parse(_ text: some StringProtocol) -> Result<TimeSpan, Failure> {
    let bytes = Array(text.utf8)
    var total: Int64 = 0
    var seen: [String] = []
    var i = 0
    var sawTerm = false
    while true {
      while i < bytes.count && bytes[i] == 0x20 { i += 1 }
      if i == bytes.count { break }
      let start = i
      while i < bytes.count && bytes[i] != 0x20 { i += 1 }
      let term = bytes[start..<i]
      let offset = String(decoding: bytes[..<start], as: UTF8.self).count
      switch parseTerm(term) {
      case .term(let amount, let unit):
        if seen.contains(unit) {
          return .failure(
            Failure(
              "'\(clipped(bytes[...]))' gives the unit '\(unit)' twice: write each unit once",
              offset: offset))
        }
        seen.append(unit)
        let (product, overflow) = amount.multipliedReportingOverflow(by: seconds(of: unit))
        let (sum, overflow2) = total.addingReportingOverflow(product)
        guard !overflow, !overflow2, sum <= maximum.seconds else {
          return .failure(
            Failure(
              "'\(clipped(bytes[...]))' is too long: a duration may be at most \(maximum.wholeDays)d (about 1000 years)",
              offset: 0))
        }
        total = sum
        sawTerm = true
      case .bad(let message):
        return .failure(Failure(message, offset: offset))
      }
    }
    guard sawTerm else {
      return .failure(
        Failure(
          "expected a duration such as '30d' or '40d 12h' (units: \(unitList))", offset: 0))
    }
    return .success(TimeSpan(seconds: total))
  }

  private static func seconds(of unit: String) -> Int64 {
    switch unit {
    case "w": return 604_800
    case "d": return 86_400
    case "h": return 3_600
    default: return 60  // "min"
    }
  }

  /// Words people write for a unit, and the unit to write instead.
  private static let spelledUnits: [String: String] = [
    "week": "w", "weeks": "w", "wk": "w", "wks": "w",
    "day": "d", "days": "d",
    "hour": "h", "hours": "h", "hr": "h", "hrs": "h",
    "minute": "min", "minutes": "min", "mins": "min",
  ]

  /// A parsed term, or what is wrong with it.
  private enum Term {
    case term(Int64, String)
    case bad(String)
  }

  /// One `<integer><unit>` term: the amount and the unit, or the message saying what is wrong.
  private static func parseTerm(_ term: ArraySlice<UInt8>) -> Term {
    let text = clipped(term)
    var i = term.startIndex
    var amount: Int64 = 0
    var overflow = false
    while i < term.endIndex, let digit = asciiDigit(term[i]) {
      let (m, o1) = amount.multipliedReportingOverflow(by: 10)
      let (s, o2) = m.addingReportingOverflow(digit)
      overflow = overflow || o1 || o2
      amount = s
      i += 1
    }
    let digitsEnd = i
    while i < term.endIndex, isASCIILetter(term[i]) { i += 1 }
    let unit = String(decoding: term[digitsEnd..<i], as: UTF8.self)
    let number = String(decoding: term[term.startIndex..<digitsEnd], as: UTF8.self)
    if digitsEnd == term.startIndex {
      if !unit.isEmpty && i == term.endIndex {
        return .bad("'\(text)' needs a number before its unit, as in '30d'")
      }
      if term.first == UInt8(ascii: "-") {
        return .bad("'\(text)' is negative: a duration counts forward, as in '1d'")
      }
      return .bad(notADuration(text))
    }
    if i < term.endIndex {
      if term[i] == UInt8(ascii: ".") && unit.isEmpty {
        return .bad("'\(text)' is not a whole number: write it in smaller units, as in '1d 12h'")
      }
      if asciiDigit(term[i]) != nil && !unit.isEmpty {
        return .bad(
          "'\(text)' runs terms together: separate them with a space, as in '40d 12h'")
      }
      return .bad(notADuration(text))
    }
    if overflow {
      return .bad(
        "'\(text)' is too long: a duration may be at most \(maximum.wholeDays)d (about 1000 years)")
    }
    switch unit {
    case "w", "d", "h", "min":
      return .term(amount, unit)
    case "":
      return .bad("'\(text)' needs a unit: \(unitList), as in '\(number)d'")
    case "m":
      let month = number == "1" ? "a month" : "months"
      return .bad(
        "'\(text)' is ambiguous: did you mean '\(number)min' or \(month) ('\(number)M', a product period)?"
      )
    case "M", "mo", "month", "months", "y", "Y", "yr", "year", "years":
      return .bad(
        "'\(text)' is not a duration: months and years vary in length, so durations use \(unitList) (a product's period may be '1M' or '1Y')"
      )
    default:
      if let suggested = spelledUnits[unit.lowercased()] {
        return .bad("unknown unit '\(unit)' in '\(text)': write '\(number)\(suggested)'")
      }
      return .bad("unknown unit '\(unit)' in '\(text)': use \(unitList)")
    }
  }

  private static func notADuration(_ text: String) -> String {
    "'\(text)' is not a duration: write terms such as '30d' or '40d 12h', with units \(unitList)"
  }

  private static func asciiDigit(_ b: UInt8) -> Int64? {
    b >= 0x30 && b <= 0x39 ? Int64(b - 0x30) : nil
  }

  private static func isASCIILetter(_ b: UInt8) -> Bool {
    (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
  }

  private static func clipped(_ bytes: ArraySlice<UInt8>) -> String {
    YAMLNode.clipped(String(decoding: bytes, as: UTF8.self))
  }
}

extension YAMLNode {
  /// The node as a duration (`40d 12h`), or a diagnostic pointing at the offending term.
  public func decodeDuration() throws(DiagnosticError) -> TimeSpan {
    guard case .scalar(let text, let style) = kind else {
      throw DiagnosticError(
        .error(
          "expected a duration such as '30d' or '40d 12h', found \(shapeDescription)",
          at: location))
    }
    switch DurationSyntax.parse(text) {
    case .success(let span):
      return span
    case .failure(let failure):
      // Offsets map onto columns exactly for plain text; a quoted value points at its quote.
      var at = location
      if style == .plain { at.column += failure.offset }
      throw DiagnosticError(.error(failure.message, at: at))
    }
  }
}
