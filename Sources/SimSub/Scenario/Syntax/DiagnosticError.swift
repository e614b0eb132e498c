/// The error thrown when an input is unusable: every diagnostic found, not just the first.
///
/// Semantic checks collect all their findings before throwing, so a user fixes a file in one
/// round instead of one error per run. The parser's syntax errors usually stop it at the first
/// (what follows a broken line cannot be trusted), but duplicate keys are collected too.
public struct DiagnosticError: Error, Hashable, Sendable {
  /// The diagnostics, in the order they were found; never empty when thrown by simsub.
  public var diagnostics: [Diagnostic]

  public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

  public init(_ diagnostic: Diagnostic) { self.diagnostics = [diagnostic] }

  /// The diagnostics ordered by file, line and column (stable for equal locations), the order
  /// a reader meets them in the file.
  public var sortedByLocation: [Diagnostic] {
    diagnostics.enumerated()
      .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
      .map(\.element)
  }
}

extension DiagnosticError: CustomStringConvertible {
  /// One `path:line:col: error: message` line per diagnostic, without quoting the source.
  public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
