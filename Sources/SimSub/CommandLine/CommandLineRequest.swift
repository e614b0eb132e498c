/// What a command line asks for, once parsed against a ``CommandTable``.
///
/// Help and version are requests, not errors: they print on standard output and exit 0, as in
/// swift-argument-parser. Only ``usageError(_:)`` is a failure (exit status 2).
public enum CommandLineRequest: Sendable, Equatable {
  /// Run a leaf command with these values.
  case run(ParsedCommand)
  /// Show the help screen of the command at this path (`[]` for the top level): from `--help`,
  /// `-h`, `help [<command>]`, or a group command given no subcommand.
  case help(commandPath: [String])
  /// Print the tool's version (`--version` at the top level).
  case version
  /// The command line cannot be run as written.
  case usageError(UsageError)
}
