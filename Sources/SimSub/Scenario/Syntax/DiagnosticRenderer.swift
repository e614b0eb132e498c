/// Prints diagnostics the one way simsub prints every input error:
///
/// ```
/// Scenarios/card-expired.scn:3:23: error: unknown key 'grase' — did you mean 'grace'?
///   product: {period: 1M, grase: 16d}
///                         ^
/// ```
///
/// The first line is what compilers print, so editors and CI annotators jump to it; the quoted
/// line (indented by two spaces) and the caret show the spot without opening the file. A tab in
/// the quoted line is shown as one space, and so are other control characters, so the caret
/// (which counts one column per character) stays under the right character.
public struct DiagnosticRenderer: Sendable {
  /// The text of each file a diagnostic may point into, by the path used in its locations.
  /// A diagnostic whose file is not here is rendered without the quoted line.
  public var sources: [String: String]

  public init(sources: [String: String] = [:]) { self.sources = sources }

  /// A renderer for diagnostics about one file.
  public init(file: String, text: String) { self.sources = [file: text] }

  /// The diagnostic and its notes, each line ending in a newline.
  public func render(_ diagnostic: Diagnostic) -> String {
    var lines = LineCache()
    var out = ""
    append(diagnostic, to: &out, lines: &lines)
    return out
  }

  /// Every diagnostic in the given order, one after the other. Each file is split into lines
  /// once, so thousands of diagnostics in a long file render in linear time.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    var lines = LineCache()
    var out = ""
    for diagnostic in diagnostics { append(diagnostic, to: &out, lines: &lines) }
    return out
  }

  /// The lines of each source file, split on first use.
  private struct LineCache {
    var files: [String: [Substring.UnicodeScalarView]] = [:]

    mutating func line(_ number: Int, of file: String, in sources: [String: String]) -> String? {
      guard let text = sources[file] else { return nil }
      if files[file] == nil {
        // Scalars, so a CRLF pair (one `Character`) splits at its LF.
        files[file] = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      }
      guard let lines = files[file], number >= 1, number <= lines.count else { return nil }
      var line = lines[number - 1]
      if line.last == "\r" { line = line.dropLast() }
      return String(Substring(line))
    }
  }

  private func append(_ diagnostic: Diagnostic, to out: inout String, lines: inout LineCache) {
    appendEntry(
      to: &out, location: diagnostic.location, label: diagnostic.severity.rawValue,
      message: diagnostic.message, lines: &lines)
    for note in diagnostic.notes {
      if let location = note.location {
        appendEntry(to: &out, location: location, label: "note", message: note.message, lines: &lines)
      } else {
        out += "note: \(note.message)\n"
      }
    }
  }

  /// Every diagnostic of an error, in the order they were found.
  public func render(_ error: DiagnosticError) -> String { render(error.diagnostics) }

  private func appendEntry(
    to out: inout String, location: SourceLocation, label: String, message: String,
    lines: inout LineCache
  ) {
    out += "\(location): \(label): \(message)\n"
    guard let line = lines.line(location.line, of: location.file, in: sources) else { return }
    var quoted = ""
    for scalar in line.unicodeScalars {
      quoted.unicodeScalars.append(Self.isControl(scalar) ? " " : scalar)
    }
    // A blank line (an empty file, say) says nothing a caret could point at.
    guard quoted.contains(where: { $0 != " " }) else { return }
    let indent = max(0, location.column - 1)
    out += "  \(quoted)\n  \(String(repeating: " ", count: indent))^\n"
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
