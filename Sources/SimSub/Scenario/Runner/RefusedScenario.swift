/// A scenario file `check` or `run` could not play: unreadable, malformed, or refused by its
/// store's limits. The reports list it beside the scenarios that played, as a failure carrying
/// its diagnostics, so one bad file does not hide the others' results.
public struct RefusedScenario: Hashable, Sendable {
  /// The path as given (or found under a folder).
  public var path: String
  /// The diagnostics as printed on standard error: `path:line:col: error: message`, the line
  /// and a caret, for each.
  public var rendered: String

  public init(path: String, rendered: String) {
    self.path = path
    self.rendered = rendered
  }

  /// The error lines alone (`path:line:col: error: message`), without the quoted source and
  /// carets; the first line when none has that form.
  public var errors: [String] {
    let lines = rendered.split(separator: "\n").map(String.init)
    let errors = lines.filter { $0.contains(": error: ") || $0.hasPrefix("Error: ") }
    return errors.isEmpty ? Array(lines.prefix(1)) : errors
  }
}
