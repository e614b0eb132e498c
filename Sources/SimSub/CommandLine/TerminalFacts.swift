import Foundation

/// What the executable knows about where it runs: whether its streams are terminals, its
/// environment and the terminal's width.
///
/// Gathered once at start-up (``current()``) and passed in; everything that depends on them
/// (colour, progress, help width) is a pure function of this value, so tests state the facts
/// instead of faking a terminal.
public struct TerminalFacts: Sendable, Equatable {
  /// Whether standard output is a terminal (not a file or a pipe).
  public var standardOutputIsTerminal: Bool
  /// Whether standard error is a terminal; progress of long runs is shown only then.
  public var standardErrorIsTerminal: Bool
  /// The process's environment.
  public var environment: [String: String]

  public init(standardOutputIsTerminal: Bool, standardErrorIsTerminal: Bool, environment: [String: String]) {
    self.standardOutputIsTerminal = standardOutputIsTerminal
    self.standardErrorIsTerminal = standardErrorIsTerminal
    self.environment = environment
  }

  /// The facts of the running process.
  public static func current() -> TerminalFacts {
    TerminalFacts(
      standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1,
      standardErrorIsTerminal: isatty(STDERR_FILENO) == 1,
      environment: ProcessInfo.processInfo.environment)
  }

  /// Colour or plain text for standard output.
  public var style: TerminalStyle {
    TerminalStyle.decide(standardOutputIsTerminal: standardOutputIsTerminal, environment: environment)
  }

  /// Whether to show progress of long runs (on standard error, only at a terminal).
  public var showsProgress: Bool { standardErrorIsTerminal }

  /// The width to wrap help at: `COLUMNS` when standard output is a terminal and the shell
  /// exports it, 80 otherwise (swift-argument-parser's fallback).
  public var helpWidth: Int {
    guard standardOutputIsTerminal, let text = environment["COLUMNS"], let columns = Int(text), columns > 0
    else { return 80 }
    return columns
  }
}
