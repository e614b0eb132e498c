/// Parses a command line against a ``CommandTable`` in the conventions of swift-argument-parser.
///
/// Accepted: subcommands first (`simsub run …`); `--name value` and `--name=value`; `-x value`
/// for options with a short name; `-h`/`--help` anywhere before `--` on every command;
/// `--version` at the top level; `--` ending the options so that later words are positional even
/// when they start with a dash; `help [<command>]`. A value is never taken from a word that looks
/// like an option (`--policy --format` is a missing value), except the lone `-`.
///
/// Parsing is pure: no file system, no environment, so every message is tested in-process.
public struct CommandParser: Sendable {
  /// The table that defines what is accepted.
  public var table: CommandTable

  public init(table: CommandTable) {
    self.table = table
  }

  /// Parses `arguments`, which exclude the program's own name (`CommandLine.arguments.dropFirst()`).
  public func parse<Arguments: Collection<String>>(_ arguments: Arguments) -> CommandLineRequest {
    let words = Array(arguments)
    // Walk down the subcommands named at the start of the line.
    var command = table.root
    var path: [String] = []
    var index = 0
    while index < words.count, command.isGroup, let next = command.subcommand(named: words[index]) {
      command = next
      path.append(next.name)
      index += 1
    }
    let rest = Array(words[index...])

    // Help wins over every error, so `simsub run --sed --help` still shows run's help.
    if rest.prefix(while: { $0 != "--" }).contains(where: Self.isHelpFlag) {
      return .help(commandPath: path)
    }
    do throws(UsageError) {
      if command.isGroup {
        return try parseGroup(command, path: path, rest: rest)
      }
      let parsed = try parseLeaf(command, path: path, words: rest)
      if path == [CommandTable.helpCommandName] {
        return try helpTarget(of: parsed)
      }
      return .run(parsed)
    } catch {
      return .usageError(error)
    }
  }

  private static func isHelpFlag(_ word: String) -> Bool { word == "-h" || word == "--help" }

  /// Whether `word` is an option rather than a value: a dash followed by something, so `-` alone
  /// (commonly standard input or output) stays a value.
  private static func looksLikeOption(_ word: String) -> Bool { word.hasPrefix("-") && word.count > 1 }

  /// Whether `word`, after an option that takes a value, is that value although it starts with a
  /// dash: a negative number or duration such as `-1` or `-3d`, so that `--seed -1` is told what
  /// values it takes rather than that it has none. No option is spelt with a digit.
  private static func isNegativeNumber(_ word: String) -> Bool {
    word.hasPrefix("-") && word.dropFirst().first.map { $0.isASCII && $0.isNumber } == true
  }

  /// A group given no subcommand shows its help; anything else is an error about the first word.
  private func parseGroup(
    _ command: CommandSpec, path: [String], rest: [String]
  ) throws(UsageError) -> CommandLineRequest {
    guard let first = rest.first else { return .help(commandPath: path) }
    if first == "--version", path.isEmpty, table.version != nil { return .version }
    if first == "--" {
      let extra = Array(rest.dropFirst())
      if extra.isEmpty { return .help(commandPath: path) }
      throw UsageError(.unexpectedArguments(extra), commandPath: path)
    }
    if Self.looksLikeOption(first) {
      let (typedName, inline) = Self.split(first)
      let builtIn = ["--help"] + (path.isEmpty && table.version != nil ? ["--version"] : [])
      if let inline, builtIn.contains(typedName) {
        throw UsageError(.unexpectedValue(option: typedName, value: inline), commandPath: path)
      }
      throw unknownOption(typedName, in: command, path: path, builtIn: builtIn)
    }
    throw unknownSubcommand(first, in: command, path: path)
  }

  /// `help run` is answered with run's help screen; `help nope` is an unknown subcommand.
  private func helpTarget(of parsed: ParsedCommand) throws(UsageError) -> CommandLineRequest {
    guard let name = parsed.argument("command").first else { return .help(commandPath: []) }
    guard table.root.subcommand(named: name) != nil else {
      throw unknownSubcommand(name, in: table.root, path: [])
    }
    return .help(commandPath: [name])
  }

  private func parseLeaf(
    _ command: CommandSpec, path: [String], words: [String]
  ) throws(UsageError) -> ParsedCommand {
    var parsed = ParsedCommand(path: path, spec: command)
    var positionals: [String] = []
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || !Self.looksLikeOption(word) {
        positionals.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      let (typedName, inline) = Self.split(word)
      guard let option = lookUp(typedName, in: command) else {
        if let inline, typedName == "--help" {
          throw UsageError(.unexpectedValue(option: typedName, value: inline), commandPath: path)
        }
        throw unknownOption(typedName, in: command, path: path, builtIn: ["--help"])
      }
      if option.isFlag {
        if let inline {
          throw UsageError(.unexpectedValue(option: typedName, value: inline), commandPath: path)
        }
        parsed.flags.insert(option.long)
        continue
      }
      let value: String
      if let inline {
        value = inline
      } else if index < words.count,
        !Self.looksLikeOption(words[index]) || Self.isNegativeNumber(words[index])
      {
        value = words[index]
        index += 1
      } else {
        throw UsageError(
          .missingValue(option: option.quoted(as: typedName)), commandPath: path,
          help: "\(option.quoted(as: typedName))  \(option.help)")
      }
      if !option.allowedValues.isEmpty, !option.allowedValues.contains(value) {
        throw UsageError(
          .invalidValue(
            value: value, option: option.quoted(as: typedName), allowed: option.allowedValues, reason: nil),
          commandPath: path, help: "\(option.quoted(as: typedName))  \(option.help)")
      }
      if option.isRepeating {
        parsed.options[option.long, default: []].append(value)
      } else {
        parsed.options[option.long] = [value]
      }
    }
    parsed.arguments = try assign(positionals, to: command, path: path)
    for option in command.options where parsed.options[option.long] == nil {
      if option.isRequired {
        throw UsageError(
          .missingArgument(option.quoted()), commandPath: path, help: "\(option.quoted())  \(option.help)")
      }
      if case .value(let fallback) = option.defaultValue {
        parsed.options[option.long] = [fallback]
      }
    }
    return parsed
  }

  /// Splits `--name=value` into the name and the inline value; a short option never carries an
  /// inline value, so `-o=x` stays whole (and is reported as unknown).
  private static func split(_ word: String) -> (name: String, inline: String?) {
    guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
  }

  /// `--name` by long name, `-x` by short name; `-name` is no option (it is reported with a
  /// suggestion of `--name`).
  private func lookUp(_ typedName: String, in command: CommandSpec) -> OptionSpec? {
    if typedName.hasPrefix("--") {
      return command.option(long: String(typedName.dropFirst(2)))
    }
    let letters = typedName.dropFirst()
    guard letters.count == 1, let letter = letters.first else { return nil }
    return command.option(short: letter)
  }

  /// Hands the positional words to the declared arguments in order; a repeating argument takes
  /// all that remain. Reports the first missing argument or every word left over.
  private func assign(
    _ words: [String], to command: CommandSpec, path: [String]
  ) throws(UsageError) -> [String: [String]] {
    var assigned: [String: [String]] = [:]
    var remaining = words[...]
    for argument in command.arguments {
      let taken: [String]
      if argument.isRepeating {
        taken = Array(remaining)
        remaining = []
      } else {
        taken = remaining.first.map { [$0] } ?? []
        remaining = remaining.dropFirst()
      }
      if !taken.isEmpty {
        assigned[argument.name] = taken
      } else if let fallback = argument.defaultValue {
        assigned[argument.name] = [fallback]
      } else if !argument.isOptional {
        throw UsageError(
          .missingArgument(argument.requiredSynopsis), commandPath: path,
          help: "\(argument.label)  \(argument.help)")
      }
    }
    if !remaining.isEmpty {
      throw UsageError(.unexpectedArguments(Array(remaining)), commandPath: path)
    }
    return assigned
  }

  /// Suggests the nearest long option when it is close (``EditDistance/allowance(for:)``), never
  /// for a one-letter option (`-x` has too few letters to guess from). The implicit options
  /// (`--help`, `--version`) come first, so they win ties: `--hlep` is `--help`, not `--step`.
  private func unknownOption(
    _ typedName: String, in command: CommandSpec, path: [String], builtIn: [String]
  ) -> UsageError {
    var suggestion: String?
    if typedName.hasPrefix("--") || typedName.count > 2 {
      let candidates = builtIn + command.options.map(\.longName)
      suggestion = EditDistance.nearest(
        to: typedName, among: candidates, maximum: EditDistance.allowance(for:))
    }
    return UsageError(.unknownOption(typedName, suggestion: suggestion), commandPath: path)
  }

  /// Suggests the nearest subcommand when it is close: `rnu` finds `run`, but `foo` does not.
  private func unknownSubcommand(_ word: String, in command: CommandSpec, path: [String]) -> UsageError {
    let names = command.subcommands.map(\.name)
    let suggestion = EditDistance.nearest(to: word, among: names, maximum: EditDistance.allowance(for:))
    return UsageError(.unknownSubcommand(word, suggestion: suggestion), commandPath: path)
  }
}
