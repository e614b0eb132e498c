/// One command of the tool, declared once and used for parsing, usage lines, help screens and
/// error messages alike.
///
/// A command is either a *group*, which has subcommands and does nothing itself (the top level),
/// or a *leaf*, which has arguments and options and is run by the executable. Every command
/// answers `-h`/`--help`; that option is implicit and never declared here.
public struct CommandSpec: Sendable, Equatable {
  /// The word that selects the command, e.g. `run`; for the top level, the tool's name.
  public var name: String
  /// One sentence, shown after `OVERVIEW:` and in the parent's `SUBCOMMANDS:` list.
  public var abstract: String
  /// Paragraphs shown after the abstract on the command's own help screen; may be empty.
  public var discussion: String
  /// Positional arguments, in the order they are taken.
  public var arguments: [ArgumentSpec]
  /// Named options and flags, in the order help lists them.
  public var options: [OptionSpec]
  /// Subcommands, in the order help lists them; empty for a leaf.
  public var subcommands: [CommandSpec]

  public init(
    name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [], subcommands: [CommandSpec] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options
    self.subcommands = subcommands
  }

  /// Whether this command only groups subcommands.
  public var isGroup: Bool { !subcommands.isEmpty }

  /// The subcommand called `name`, if any.
  public func subcommand(named name: String) -> CommandSpec? {
    subcommands.first { $0.name == name }
  }

  /// The option whose long name (without dashes) is `long`, if any.
  public func option(long: String) -> OptionSpec? {
    options.first { $0.long == long }
  }

  /// The option whose short name is `short`, if any.
  public func option(short: Character) -> OptionSpec? {
    options.first { $0.short == short }
  }
}
