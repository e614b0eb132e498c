/// Renders help screens, usage lines and usage errors from a ``CommandTable``, laid out exactly
/// as swift-argument-parser lays them out.
///
/// The layout: `OVERVIEW:` with the abstract and discussion, `USAGE:` with the synopsis, then the
/// `ARGUMENTS:`, `OPTIONS:` and `SUBCOMMANDS:` sections separated by blank lines. Each entry is
/// indented by 2, its text starts in a label column at 26 (on the next line when the label is too
/// long for it) and wraps at `width`. `-h, --help` is always the last option.
public struct HelpRenderer: Sendable {
  /// Indentation of every section entry.
  static let indent = 2
  /// Column where an entry's text starts.
  static let labelColumn = 26

  /// The table whose commands are rendered.
  public var table: CommandTable
  /// The line width to wrap at: the terminal's width, 80 otherwise.
  public var width: Int

  public init(table: CommandTable, width: Int = 80) {
    self.table = table
    // Narrower than the label column plus a few words would wrap every word onto its own line.
    self.width = Swift.max(width, Self.labelColumn + 14)
  }

  /// The help screen of the command at `path` (`[]` for the top level): the exact text to
  /// write on standard output. A path that names no command renders the top level's.
  public func help(for path: [String]) -> String {
    let (command, path) = table.command(at: path).map { ($0, path) } ?? (table.root, [])
    var overview = command.abstract
    if !command.discussion.isEmpty {
      overview += (overview.isEmpty ? "" : "\n") + "\n" + command.discussion
    }
    var text = ""
    if !overview.isEmpty {
      text += "OVERVIEW: \(overview)".wrapped(toWidth: width) + "\n\n"
    }
    text += "USAGE: \(synopsis(for: path))\n\n"

    let argumentRows = command.arguments.map { row($0.label, $0.helpDescription) }
    var optionRows = command.options.map { row($0.helpLabel, $0.helpDescription) }
    if path.isEmpty, table.version != nil {
      optionRows.append(row("--version", "Show the version."))
    }
    optionRows.append(row("-h, --help", "Show help information."))
    let subcommandRows = command.subcommands.map { row($0.name, $0.abstract) }

    let sections = [("ARGUMENTS", argumentRows), ("OPTIONS", optionRows), ("SUBCOMMANDS", subcommandRows)]
      .filter { !$0.1.isEmpty }
      .map { "\($0.0):\n" + $0.1.joined() }
    text += sections.joined(separator: "\n")
    // swift-argument-parser prints its rendered help with `print`, so a leaf's screen ends in a
    // blank line and a group's ends right after its pointer to `help`.
    if subcommandRows.isEmpty {
      text += "\n"
    } else {
      let helpInvocation = ([table.toolName, CommandTable.helpCommandName] + path).joined(separator: " ")
      text += "\n  See '\(helpInvocation) <subcommand>' for detailed help.\n"
    }
    return text
  }

  /// The command's synopsis, e.g. `simsub run <file> ... [--policy <name>] …` or
  /// `simsub <subcommand>`.
  ///
  /// Like swift-argument-parser, a command with more than twelve arguments and options shows
  /// `[<options>]` in place of the optional ones, so the line stays readable.
  public func synopsis(for path: [String]) -> String {
    let (command, path) = table.command(at: path).map { ($0, path) } ?? (table.root, [])
    var words = command.arguments.map(\.synopsis) + command.options.map(\.synopsis)
    if words.count > 12 {
      let required =
        command.arguments.filter { !$0.isOptional }.map(\.synopsis)
        + command.options.filter(\.isRequired).map(\.synopsis)
      words = required.isEmpty || required.count > 12 ? ["<options>"] : ["[<options>]"] + required
    }
    if command.isGroup { words.append("<subcommand>") }
    return ([table.invocation(of: path)] + words).joined(separator: " ")
  }

  /// The text for standard error when a command line is wrong, ending in a newline:
  ///
  ///     Error: Missing value for '--policy <name>'
  ///     Help:  --policy <name>  The built-in policy to play…
  ///     Usage: simsub run <file> ... [--policy <name>] …
  ///       See 'simsub run --help' for more information.
  public func errorText(for error: UsageError) -> String {
    let path = table.command(at: error.commandPath) == nil ? [] : error.commandPath
    var text = "Error: \(error.message)\n"
    if let help = error.help, !help.isEmpty {
      text += "Help:  \(help)\n"
    }
    text += "Usage: \(synopsis(for: path))\n"
    text += "  See '\(table.invocation(of: path)) --help' for more information.\n"
    return text
  }

  /// One entry of a section: the label after the indent, then the text in the label column, or
  /// on the next line when the label reaches into that column.
  private func row(_ label: String, _ text: String) -> String {
    let padded = String(repeating: " ", count: Self.indent) + label
    guard !text.isEmpty else { return padded + "\n" }
    let wrapped = text.wrapped(toWidth: width, indent: Self.labelColumn)
    if padded.count < Self.labelColumn {
      return padded + wrapped.dropFirst(padded.count) + "\n"
    }
    return padded + "\n" + wrapped + "\n"
  }
}
