/// Whether text output may use colour and other terminal escapes.
///
/// Decided once, from facts the executable gathers, and passed to reporters: a reporter never
/// looks at the environment itself, so its output is a pure function of its input and tests can
/// ask for either style.
public enum TerminalStyle: Sendable, Equatable {
  /// Plain text: for files, pipes, CI logs, and users who set `NO_COLOR`.
  case plain
  /// ANSI colours, for a person at a terminal.
  case colour

  /// Colour only when standard output is a terminal, `NO_COLOR` is unset or empty
  /// (https://no-color.org: any non-empty value disables colour), and `TERM` is not `dumb`
  /// (a terminal that cannot show escapes).
  public static func decide(standardOutputIsTerminal: Bool, environment: [String: String]) -> TerminalStyle {
    guard standardOutputIsTerminal else { return .plain }
    if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return .plain }
    if environment["TERM"] == "dumb" { return .plain }
    return .colour
  }
}
