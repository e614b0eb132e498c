/// A position in a source file: the file's path, a 1-based line and a 1-based column.
///
/// The column counts characters (Swift's `Character`, an extended grapheme cluster), not bytes,
/// so a caret drawn under it lines up on a terminal for any text the user typed, accents and
/// all. Every node the YAML parser produces carries one, so an error found long after parsing —
/// an unknown key, a duration without a unit — still names the exact place to fix.
public struct SourceLocation: Hashable, Comparable, Sendable {
  /// The path as the user gave it, printed verbatim in diagnostics.
  public var file: String
  /// 1-based line number.
  public var line: Int
  /// 1-based column, in characters.
  public var column: Int

  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// Orders by file, then line, then column, so collected diagnostics can be reported in the
  /// order the reader meets them.
  public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
    (a.file, a.line, a.column) < (b.file, b.line, b.column)
  }
}

extension SourceLocation: CustomStringConvertible {
  /// `path:line:column`, the prefix compilers print and editors jump to.
  public var description: String { "\(file):\(line):\(column)" }
}
