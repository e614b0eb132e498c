/// The instants of a scenario: `start:` and every `at:`.
extension ScenarioDecoder {
  static func decodeInstantLiteral(_ node: YAMLNode) throws(DiagnosticError) -> Instant {
    let text = try node.decodeText(expected: "an RFC 3339 instant such as 2026-01-31T09:00:00Z")
    guard let instant = RFC3339.parse(text) else {
      throw DiagnosticError(
        .error(
          "expected an RFC 3339 instant such as 2026-01-31T09:00:00Z, found '\(YAMLNode.clipped(text))'",
          at: node.location))
    }
    return instant
  }

  static let instantExamples = "'30d', 'renewal 1 + 2d' or 2026-02-01T09:00:00Z"

  /// `30d`, an RFC 3339 instant (not before `start`), or `renewal N [+|- duration]`. Errors
  /// point at the offending part of a plain value.
  static func decodeAt(_ node: YAMLNode, start: Instant?) throws(DiagnosticError) -> ScenarioInstant {
    let text = try node.decodeText(expected: "an instant such as \(instantExamples)")
    func fail(_ message: String, offset: Int = 0) -> DiagnosticError {
      var at = node.location
      if case .scalar(_, .plain) = node.kind { at.column += offset }
      return DiagnosticError(.error(message, at: at))
    }
    let clipped = YAMLNode.clipped(text)
    let word = text.prefix { $0.isLetter }
    if word == "renewal" {
      var rest = text.dropFirst(word.count).drop(while: { $0 == " " })
      let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
      let numberOffset = text.distance(from: text.startIndex, to: rest.startIndex)
      guard !digits.isEmpty else {
        throw fail(
          "'\(clipped)' needs a period number, as in 'renewal 1' or 'renewal 2 + 6h'", offset: numberOffset)
      }
      guard let n = Int32(digits) else {
        throw fail(
          "\(YAMLNode.clipped(String(digits))) is out of range: expected 1 to \(Int32.max)",
          offset: numberOffset)
      }
      guard n >= 1 else {
        throw fail(
          "'\(clipped)' does not exist: renewals count from 1, the end of the first period",
          offset: numberOffset)
      }
      rest = rest.dropFirst(digits.count).drop(while: { $0 == " " })
      if rest.isEmpty { return .renewal(n, offset: .zero) }
      let signOffset = text.distance(from: text.startIndex, to: rest.startIndex)
      guard let sign = rest.first, sign == "+" || sign == "-" else {
        throw fail(
          "'\(clipped)' needs '+' or '-' before its offset, as in 'renewal \(n) + 2d'", offset: signOffset)
      }
      let duration = rest.dropFirst().drop(while: { $0 == " " })
      let durationOffset = text.distance(from: text.startIndex, to: duration.startIndex)
      switch DurationSyntax.parse(duration) {
      case .success(let span): return .renewal(n, offset: sign == "-" ? -span : span)
      case .failure(let failure): throw fail(failure.message, offset: durationOffset + failure.offset)
      }
    }
    if !word.isEmpty {
      if let suggestion = Spelling.suggestion(for: String(word), among: ["renewal"]) {
        throw fail("unknown anchor '\(YAMLNode.clipped(String(word)))' — did you mean '\(suggestion)'?")
      }
      throw fail("expected an instant such as \(instantExamples), found '\(clipped)'")
    }
    if RFC3339.looksLikeTimestamp(text) {
      guard let instant = RFC3339.parse(text) else {
        throw fail("expected an RFC 3339 instant such as 2026-01-31T09:00:00Z, found '\(clipped)'")
      }
      if let start, instant < start {
        throw fail("'\(clipped)' is before the scenario's start, \(RFC3339.format(start))")
      }
      return .absolute(instant)
    }
    return .afterStart(try node.decodeDuration())
  }
}
