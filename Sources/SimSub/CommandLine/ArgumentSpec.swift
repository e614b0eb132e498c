/// One positional argument of a command, as declared in the command table.
///
/// The same value drives the parser (how many words it takes), the usage line (`<file> ...`,
/// `[<path> ...]`) and the `ARGUMENTS:` section, so the three cannot disagree.
public struct ArgumentSpec: Sendable, Equatable {
  /// The argument's name without brackets, e.g. `file`; shown as `<file>` and used as the key
  /// of ``ParsedCommand/arguments``.
  public var name: String
  /// One or two sentences for the `ARGUMENTS:` section.
  public var help: String
  /// Takes every remaining word (only sensible for the last argument).
  public var isRepeating: Bool
  /// May be left out; a missing required argument is a usage error.
  public var isOptional: Bool
  /// Used when the argument is left out, and shown as `(default: …)`.
  public var defaultValue: String?

  public init(
    _ name: String, help: String, isRepeating: Bool = false, isOptional: Bool = false,
    defaultValue: String? = nil
  ) {
    self.name = name
    self.help = help
    self.isRepeating = isRepeating
    self.isOptional = isOptional || defaultValue != nil
    self.defaultValue = defaultValue
  }

  /// `<file>`: the label in the `ARGUMENTS:` section and in messages about this argument.
  public var label: String { "<\(name)>" }

  /// `<file> ...`, `[<path> ...]`: this argument as it appears in the usage line.
  public var synopsis: String {
    let word = isRepeating ? "\(label) ..." : label
    return isOptional ? "[\(word)]" : word
  }

  /// The synopsis without the optional brackets, as swift-argument-parser quotes it in
  /// `Missing expected argument '<file> ...'`.
  var requiredSynopsis: String { isRepeating ? "\(label) ..." : label }
}

extension ArgumentSpec {
  /// The help text with its `(default: …)` suffix, as swift-argument-parser prints it.
  var helpDescription: String {
    guard let defaultValue, !defaultValue.isEmpty else { return help }
    return [help, "(default: \(defaultValue))"].filter { !$0.isEmpty }.joined(separator: " ")
  }
}
