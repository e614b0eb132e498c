/// Gathers diagnostics from many checks so they are reported together.
///
/// A decoder records every problem it finds and keeps going, then calls `check()` once at the
/// end: the user sees all the unknown keys and bad values of a file in one run. Nested decoders
/// that throw `DiagnosticError` are folded in with `collect(_:)`.
public struct DiagnosticCollector: Hashable, Sendable {
  public private(set) var diagnostics: [Diagnostic] = []

  public init() {}

  /// Whether any error (not merely a warning) has been recorded.
  public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  public mutating func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

  public mutating func append(contentsOf other: some Sequence<Diagnostic>) {
    diagnostics.append(contentsOf: other)
  }

  /// Records an error at a location.
  public mutating func error(_ message: String, at location: SourceLocation) {
    diagnostics.append(.error(message, at: location))
  }

  /// Runs a throwing step and records its diagnostics instead of propagating them; returns the
  /// step's value, or `nil` when it threw. An error other than `DiagnosticError` is recorded
  /// at `location` with its description (closures cannot yet be inferred to throw a type).
  public mutating func collect<T>(at location: SourceLocation, _ step: () throws -> T) -> T? {
    do {
      return try step()
    } catch let error as DiagnosticError {
      diagnostics.append(contentsOf: error.diagnostics)
    } catch {
      diagnostics.append(.error(String(describing: error), at: location))
    }
    return nil
  }

  /// Throws everything recorded so far if any of it is an error.
  public func check() throws(DiagnosticError) {
    if hasErrors { throw DiagnosticError(diagnostics) }
  }
}
