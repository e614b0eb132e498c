/// The policy file's timeouts (`timeout`, `ready-timeout`): wall-clock waits, so written in
/// seconds: one or more `<integer><unit>` terms separated by spaces, with unit `ms`, `s` or
/// `min` — `10s`, `500ms`, `1min 30s`.
///
/// The scenario format's durations (`DurationSyntax`) count simulated days and have no
/// seconds; these count real time spent waiting for a server, and have no days. The messages
/// follow DurationSyntax's: a bare number asks for a unit, `m` asks which was meant.
package enum TimeoutSyntax {
  /// The longest wait a file may ask for.
  package static let maximum = Duration.seconds(3_600)

  static let unitList = "ms, s or min"

  /// Parses a timeout such as `10s`: a failure's offset counts characters from the start.
  package static func parse(_ text: String) -> Result<Duration, DurationSyntax.Failure> {
    let characters = Array(text)
    var milliseconds: Int64 = 0
    var seen: [String] = []
    var i = 0
    var sawTerm = false
    let clipped = YAMLNode.clipped(text)
    while true {
      while i < characters.count, characters[i] == " " { i += 1 }
      if i == characters.count { break }
      let start = i
      while i < characters.count, characters[i] != " " { i += 1 }
      let term = String(characters[start..<i])
      let termText = YAMLNode.clipped(term)
      func fail(_ message: String) -> Result<Duration, DurationSyntax.Failure> {
        .failure(DurationSyntax.Failure(message, offset: start))
      }
      let digits = term.prefix { $0.isASCII && $0.isNumber }
      let unit = String(term.dropFirst(digits.count))
      guard !digits.isEmpty else {
        if term.hasPrefix("-") { return fail("'\(termText)' is negative: a timeout is a wait, as in '10s'") }
        return fail(
          "'\(termText)' is not a timeout: write terms such as '10s' or '500ms', with units \(unitList)")
      }
      let perUnit: Int64
      switch unit {
      case "ms": perUnit = 1
      case "s": perUnit = 1_000
      case "min": perUnit = 60_000
      case "":
        return fail("'\(termText)' needs a unit: \(unitList), as in '\(digits)s'")
      case "m":
        return fail("'\(termText)' is ambiguous: did you mean '\(digits)min' or '\(digits)ms'?")
      case "sec", "secs", "second", "seconds":
        return fail("unknown unit '\(unit)' in '\(termText)': write '\(digits)s'")
      case "mins", "minute", "minutes":
        return fail("unknown unit '\(unit)' in '\(termText)': write '\(digits)min'")
      case "h", "d", "w":
        return fail("'\(termText)' is too long for a timeout: at most 60min")
      default:
        if unit.first == "." {
          return fail("'\(termText)' is not a whole number: write it in smaller units, as in '1500ms'")
        }
        return fail("unknown unit '\(YAMLNode.clipped(unit))' in '\(termText)': use \(unitList)")
      }
      if seen.contains(unit) {
        return fail("'\(clipped)' gives the unit '\(unit)' twice: write each unit once")
      }
      seen.append(unit)
      guard digits.count <= 10, let amount = Int64(digits) else {
        return fail("'\(termText)' is too long for a timeout: at most 60min")
      }
      milliseconds += amount * perUnit
      guard Duration.milliseconds(milliseconds) <= maximum else {
        return .failure(
          DurationSyntax.Failure("'\(clipped)' is too long for a timeout: at most 60min", offset: 0))
      }
      sawTerm = true
    }
    guard sawTerm else {
      return .failure(
        DurationSyntax.Failure("expected a timeout such as '10s' or '500ms' (units: \(unitList))", offset: 0))
    }
    guard milliseconds > 0 else {
      return .failure(DurationSyntax.Failure("a timeout must be longer than 0", offset: 0))
    }
    return .success(.milliseconds(milliseconds))
  }
}

extension YAMLNode {
  /// The node as a timeout (`10s`), or a diagnostic pointing at the offending term.
  func decodeTimeout() throws(DiagnosticError) -> Duration {
    guard case .scalar(let text, _) = kind, !isEmpty else {
      throw DiagnosticError(
        .error("expected a timeout such as '10s' or '500ms', found \(shapeDescription)", at: location))
    }
    switch TimeoutSyntax.parse(text) {
    case .success(let duration):
      return duration
    case .failure(let failure):
      throw DiagnosticError(.error(failure.message, at: offsetLocation(failure.offset)))
    }
  }
}
