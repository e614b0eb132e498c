/// One problem found in an input file, as a value: where, how bad, what, and optional notes.
///
/// Diagnostics are data rather than thrown strings so that every stage (the YAML parser, the
/// scenario decoder, the store-limit checks) can collect them, and one renderer
/// (`DiagnosticRenderer`) prints them all the same way: `path:line:col: error: message`, the
/// line quoted, a caret under the column.
public struct Diagnostic: Hashable, Sendable {
  /// How bad a diagnostic is. Only errors make an input unusable (exit status 2).
  public enum Severity: String, Hashable, Sendable {
    case error
    case warning
  }

  /// A secondary message attached to a diagnostic, such as where a duplicated key first appeared.
  public struct Note: Hashable, Sendable {
    public var message: String
    /// Where the note points, if anywhere; a note without one is printed as plain text.
    public var location: SourceLocation?

    public init(_ message: String, at location: SourceLocation? = nil) {
      self.message = message
      self.location = location
    }
  }

  public var severity: Severity
  public var location: SourceLocation
  public var message: String
  public var notes: [Note]

  public init(
    severity: Severity, location: SourceLocation, message: String, notes: [Note] = []
  ) {
    self.severity = severity
    self.location = location
    self.message = message
    self.notes = notes
  }

  /// An error at a location.
  public static func error(
    _ message: String, at location: SourceLocation, notes: [Note] = []
  ) -> Diagnostic {
    Diagnostic(severity: .error, location: location, message: message, notes: notes)
  }

  /// A warning at a location.
  public static func warning(
    _ message: String, at location: SourceLocation, notes: [Note] = []
  ) -> Diagnostic {
    Diagnostic(severity: .warning, location: location, message: message, notes: notes)
  }
}

extension Diagnostic: CustomStringConvertible {
  /// The first line of the rendered form, `path:line:col: error: message`, for logs and test
  /// failures; use `DiagnosticRenderer` to quote the source as well.
  public var description: String { "\(location): \(severity.rawValue): \(message)" }
}
