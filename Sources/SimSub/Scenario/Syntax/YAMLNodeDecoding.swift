/// Typed reads of single nodes, for decoders: each throws a `DiagnosticError` pointing at the
/// node when it is not what the key needs, so `MappingReader` can collect it.
extension YAMLNode {
  /// The scalar's text; an error for a list, a mapping, or nothing (`key:` with no value).
  public func decodeText(expected: String = "a value") throws(DiagnosticError) -> String {
    guard case .scalar(let text, let style) = kind, !(text.isEmpty && style == .plain) else {
      throw DiagnosticError(.error("expected \(expected), found \(shapeDescription)", at: location))
    }
    return text
  }

  /// The scalar's text, which must be one of `allowed`; otherwise names the value meant
  /// (another spelling or name of it, see `Vocabulary`: `unknown store 'googleplay' — did you
  /// mean 'google'?`), or the nearest allowed value (`'aple'` → `'apple'`), or lists them all.
  ///
  /// - Parameter what: what the value is, for the message ("store", "reason").
  public func decodeChoice(from allowed: [String], what: String) throws(DiagnosticError)
    -> String
  {
    let text = try decodeText(expected: Spelling.list(allowed))
    if allowed.contains(text) { return text }
    let name = YAMLNode.clipped(text)
    // Another spelling or another tool's name for a value comes before edit distance:
    // `googleplay` is `google`, Stripe's `past_due` is `grace` (see `Vocabulary`).
    if let alias = Vocabulary.hint(for: text, what: what, among: allowed) {
      throw DiagnosticError(
        .error(
          "unknown \(what) '\(name)' — did you mean '\(alias.value)'?" + (alias.why.map { " (\($0))" } ?? ""),
          at: location))
    }
    if let suggestion = Spelling.suggestion(for: text, among: allowed) {
      throw DiagnosticError(
        .error("unknown \(what) '\(name)' — did you mean '\(suggestion)'?", at: location))
    }
    throw DiagnosticError(
      .error("unknown \(what) '\(name)': expected \(Spelling.list(allowed))", at: location))
  }

  /// The scalar as a decimal integer (optionally signed), within `range` when one is given.
  public func decodeInteger(in range: ClosedRange<Int>? = nil) throws(DiagnosticError) -> Int {
    let text = try decodeText(expected: "an integer")
    let digits =
      text.utf8.first == UInt8(ascii: "-") || text.utf8.first == UInt8(ascii: "+")
      ? text.utf8.dropFirst() : text.utf8[...]
    guard !digits.isEmpty, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(text)
    else {
      throw DiagnosticError(
        .error("expected an integer, found '\(YAMLNode.clipped(text))'", at: location))
    }
    if let range, !range.contains(value) {
      throw DiagnosticError(
        .error(
          "\(value) is out of range: expected \(range.lowerBound) to \(range.upperBound)",
          at: location))
    }
    return value
  }

  /// The items of a list; an error for anything else.
  public func decodeList(expected: String = "a list") throws(DiagnosticError) -> [YAMLNode] {
    guard let items = sequenceItems else {
      throw DiagnosticError(.error("expected \(expected), found \(shapeDescription)", at: location))
    }
    return items
  }
}
