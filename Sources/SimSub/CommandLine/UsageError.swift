/// A command line that cannot be run as written: an unknown option, a missing argument, a value
/// outside the allowed ones, or a value a command found invalid.
///
/// Usage errors are values so that tests can compare them and the executable renders them in one
/// place (``HelpRenderer/errorText(for:)``): `Error: …`, perhaps `Help: …`, the usage line and a
/// pointer to `--help`, then exit status 2. The wording follows swift-argument-parser's, because
/// Swift users already know it.
public struct UsageError: Error, Sendable, Equatable {
  /// What went wrong, with what the message needs to say it.
  public enum Kind: Sendable, Equatable {
    /// `--sed` or `-x`: no such option; `suggestion` is the nearest long name, if close.
    case unknownOption(String, suggestion: String?)
    /// `simsub rnu`: no such subcommand; `suggestion` is the nearest name, if close.
    case unknownSubcommand(String, suggestion: String?)
    /// `--policy` at the end of the line, or followed by another option.
    case missingValue(option: String)
    /// `--update=yes`: a flag given a value.
    case unexpectedValue(option: String, value: String)
    /// `--format xml`. `option` is quoted as typed (`--format <format>` or `<file>`); `allowed`
    /// lists the accepted values when the table declares them; `reason` says why otherwise.
    case invalidValue(value: String, option: String, allowed: [String], reason: String?)
    /// A required argument or option was not given, quoted like `<file> ...` or `--name <name>`.
    case missingArgument(String)
    /// Words left over after every argument took its share.
    case unexpectedArguments([String])
    /// A command's own check of its input, e.g. `--shard 3/2`; the message is the command's.
    case invalid(String)
  }

  /// What went wrong.
  public var kind: Kind
  /// The command whose usage line is printed with the error, e.g. `["run"]`; empty for the top
  /// level.
  public var commandPath: [String]
  /// The `Help:` line (`--policy <name>  The policy to play…`) that reminds the user what the
  /// option or argument is for; nil when the error is not about one option.
  public var help: String?

  public init(_ kind: Kind, commandPath: [String], help: String? = nil) {
    self.kind = kind
    self.commandPath = commandPath
    self.help = help
  }

  /// A command's own validation failure, reported with its usage line and exit status 2.
  public static func invalid(_ message: String, commandPath: [String]) -> UsageError {
    UsageError(.invalid(message), commandPath: commandPath)
  }

  /// The text after `Error: `, worded as swift-argument-parser words it.
  public var message: String {
    switch kind {
    case .unknownOption(let name, let suggestion):
      return "Unknown option '\(name)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
    case .unknownSubcommand(let name, let suggestion):
      return "Unknown subcommand '\(name)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
    case .missingValue(let option):
      return "Missing value for '\(option)'"
    case .unexpectedValue(let option, let value):
      return "The option '\(option)' does not take any value, but '\(value)' was specified."
    case .invalidValue(let value, let option, let allowed, let reason):
      let head = "The value '\(value)' is invalid for '\(option)'"
      if let reason { return head + ": " + reason }
      return head + Self.allowedList(allowed)
    case .missingArgument(let synopsis):
      return "Missing expected argument '\(synopsis)'"
    case .unexpectedArguments(let words):
      if words.count == 1 { return "Unexpected argument '\(words[0])'" }
      return "\(words.count) unexpected arguments: " + words.map { "'\($0)'" }.joined(separator: ", ")
    case .invalid(let message):
      return message
    }
  }

  /// `. Please provide one of 'text', 'json' or 'csv'.` for a few values, a bulleted list for
  /// six or more: swift-argument-parser's two forms.
  private static func allowedList(_ allowed: [String]) -> String {
    guard !allowed.isEmpty else { return "" }
    if allowed.count >= 6 {
      return ". Please provide one of the following:\n"
        + allowed.map { "  - \($0)" }.joined(separator: "\n")
    }
    let quoted = allowed.map { "'\($0)'" }
    guard let last = quoted.last, quoted.count > 1 else { return ". Please provide one of \(quoted[0])." }
    let list =
      quoted.count == 2
      ? quoted.joined(separator: " and ")
      : quoted.dropLast().joined(separator: ", ") + " or " + last
    return ". Please provide one of \(list)."
  }
}

extension UsageError: CustomStringConvertible {
  public var description: String { message }
}
