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
    var out = ""
    appendEntry(
      to: &out, location: diagnostic.location, label: diagnostic.severity.rawValue,
      message: diagnostic.message)
    for note in diagnostic.notes {
      if let location = note.location {
        appendEntry(to: &out, location: location, label: "note", message: note.message)
      } else {
        out += "note: \(note.message)\n"
      }
    }
    return out
  }

  /// Every diagnostic in the given order, one after the other.
  public func render(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map(render).joined()
  }

  /// Every diagnostic of an error, in the order they were found.
  public func render(_ error: DiagnosticError) -> String { render(error.diagnostics) }

  private func appendEntry(
    to out: inout String, location: SourceLocation, label: String, message: String
  ) {
    out += "\(location): \(label): \(message)\n"
    guard let text = sources[location.file], let line = Self.line(location.line, of: text) else {
      return
    }
    var quoted = ""
    for scalar in line.unicodeScalars {
      quoted.unicodeScalars.append(Self.isControl(scalar) ? " " : scalar)
    }
    // A blank line (an empty file, say) says nothing a caret could point at.
    guard quoted.contains(where: { $0 != " " }) else { return }
    let indent = max(0, location.column - 1)
    out += "  \(quoted)\n  \(String(repeating: " ", count: indent))^\n"
  }

  /// The text of a 1-based line, without its line break; `nil` when there is no such line.
  static func line(_ number: Int, of text: String) -> String? {
    guard number >= 1 else { return nil }
    // Scalar indices, so a CRLF pair (one `Character`) can be split at its LF.
    let scalars = text.unicodeScalars
    var index = scalars.startIndex
    for _ in 1..<number {
      guard let newline = scalars[index...].firstIndex(of: "\n") else { return nil }
      index = scalars.index(after: newline)
    }
    var line = scalars[index..<(scalars[index...].firstIndex(of: "\n") ?? scalars.endIndex)]
    if line.last == "\r" { line = line.dropLast() }
    return String(line)
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
