/// The whole command-line interface of a tool: its top-level command with every subcommand,
/// and its version.
///
/// Parsing (``CommandParser``) and help (``HelpRenderer``) both read only this value, which is
/// what keeps `simsub run --help` true to what `simsub run` accepts.
public struct CommandTable: Sendable, Equatable {
  /// The name of the built-in `help [<command>]` subcommand, which shows the same screen as
  /// `<command> --help`.
  public static let helpCommandName = "help"

  /// The top-level command; its name is the tool's name.
  public var root: CommandSpec
  /// Printed by `--version` at the top level; nil when the tool has none.
  public var version: String?

  public init(root: CommandSpec, version: String? = nil) {
    self.root = root
    self.version = version
  }

  /// The tool's name, e.g. `simsub`.
  public var toolName: String { root.name }

  /// The command reached by following `path` from the top level, e.g. `["run"]`; nil when some
  /// word of the path names no subcommand.
  public func command(at path: [String]) -> CommandSpec? {
    var command = root
    for name in path {
      guard let next = command.subcommand(named: name) else { return nil }
      command = next
    }
    return command
  }

  /// `simsub run`: the words that invoke the command at `path`.
  public func invocation(of path: [String]) -> String {
    ([toolName] + path).joined(separator: " ")
  }

  /// The built-in help subcommand, for tables to list among their subcommands (last, as
  /// swift-argument-parser does).
  public static func helpCommand() -> CommandSpec {
    CommandSpec(
      name: helpCommandName,
      abstract: "Show subcommand help information.",
      arguments: [
        ArgumentSpec("command", help: "The command to show help for.", isOptional: true)
      ])
  }
}
