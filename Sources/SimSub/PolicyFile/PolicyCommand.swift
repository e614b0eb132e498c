/// A command simsub runs for a policy file: the process of `command`, the server of `start`.
///
/// Written the two ways container tools take a command: a list is the program and its
/// arguments, run as they are (`[node, adapter.mjs]`); a single string is a shell command line,
/// run with `/bin/sh -c` (`node server.mjs --port 8787`, `cd server && npm start`). The string
/// is not split on spaces by simsub: a quoted argument or a `&&` means what the shell says.
package enum PolicyCommand: Hashable, Sendable {
  /// A program and its arguments; the program is looked up on `PATH` when it has no `/`.
  case arguments([String])
  /// A shell command line.
  case shell(String)

  /// The shell a command line is given to.
  package static let shellPath = "/bin/sh"

  /// The argument vector to execute: the list itself, or `/bin/sh -c LINE`.
  package var argv: [String] {
    switch self {
    case .arguments(let arguments): arguments
    case .shell(let line): [Self.shellPath, "-c", line]
    }
  }
}

extension YAMLNode {
  /// A command: a list of non-empty strings, or a non-empty command line.
  func decodePolicyCommand(key: String) throws(DiagnosticError) -> PolicyCommand {
    let expected = "a command such as [node, adapter.mjs] or 'node adapter.mjs'"
    switch kind {
    case .scalar:
      let line = try decodeText(expected: expected)
      try Self.checkCommandText(line, at: location, what: "the command line")
      guard line.contains(where: { $0 != " " }) else {
        throw DiagnosticError(.error("expected \(expected), found an empty text", at: location))
      }
      return .shell(line)
    case .sequence(let items):
      guard !items.isEmpty else {
        throw DiagnosticError(
          .error("expected \(expected), found an empty list: '\(key)' needs a program to run", at: location))
      }
      var arguments: [String] = []
      var collector = DiagnosticCollector()
      for (i, item) in items.enumerated() {
        let what = i == 0 ? "a program" : "an argument"
        guard let text = item.scalarText else {
          collector.error("expected \(what) (a string), found \(item.shapeDescription)", at: item.location)
          continue
        }
        _ = collector.collect(at: item.location) {
          try Self.checkCommandText(text, at: item.location, what: what)
        }
        if i == 0, text.isEmpty {
          collector.error("expected a program, found an empty text", at: item.location)
        }
        arguments.append(text)
      }
      try collector.check()
      return .arguments(arguments)
    case .mapping:
      throw DiagnosticError(.error("expected \(expected), found a mapping", at: location))
    }
  }

  /// A command's text holds no control character: an argument vector cannot carry a NUL, and
  /// a line break in a one-line command is a mistake.
  private static func checkCommandText(
    _ text: String, at location: SourceLocation, what: String
  ) throws(DiagnosticError) {
    if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      throw DiagnosticError(
        .error("\(what) holds a control character (a line break, a tab or a NUL)", at: location))
    }
  }
}
