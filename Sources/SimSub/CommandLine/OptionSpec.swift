/// One named option or flag of a command, as declared in the command table.
///
/// Parsing, the usage line, the `OPTIONS:` section and the error messages are all derived from
/// this value; nothing about an option is written down twice.
public struct OptionSpec: Sendable, Equatable {
  /// What is shown, and perhaps used, when the option is not given.
  public enum Default: Sendable, Equatable {
    /// A real value: the parser fills it in when the option is absent, and help shows it.
    case value(String)
    /// Only a description for help, such as `all cores`; the command decides the value itself
    /// because it depends on the machine or on the input file.
    case described(String)

    /// The text inside `(default: …)`.
    public var text: String {
      switch self {
      case .value(let text), .described(let text): text
      }
    }
  }

  /// The long name without dashes, e.g. `policy` for `--policy`; the key of the parsed values.
  public var long: String
  /// An optional one-letter name, e.g. `o` for `-o`.
  public var short: Character?
  /// The value's placeholder without brackets, e.g. `name` for `--policy <name>`; nil for a
  /// flag, which takes no value.
  public var valueName: String?
  /// One or two sentences for the `OPTIONS:` section; also quoted on the `Help:` line of a
  /// usage error about this option.
  public var help: String
  /// The default, shown as `(default: …)`.
  public var defaultValue: Default?
  /// May be given more than once; every value is kept in order. A non-repeating option given
  /// twice keeps the last value, as swift-argument-parser does.
  public var isRepeating: Bool
  /// Must be given; its absence is `Missing expected argument '--name <name>'`.
  public var isRequired: Bool
  /// The only values accepted (e.g. the report formats), listed in help and in the error;
  /// empty accepts any value.
  public var allowedValues: [String]

  public init(
    long: String, short: Character? = nil, valueName: String?, help: String,
    defaultValue: Default? = nil, isRepeating: Bool = false, isRequired: Bool = false,
    allowedValues: [String] = []
  ) {
    self.long = long
    self.short = short
    self.valueName = valueName
    self.help = help
    self.defaultValue = defaultValue
    self.isRepeating = isRepeating
    self.isRequired = isRequired
    self.allowedValues = allowedValues
  }

  /// An option that takes a value: `--name <value>` or `--name=<value>`.
  public static func option(
    _ long: String, short: Character? = nil, value valueName: String, help: String,
    default defaultValue: Default? = nil, allowed allowedValues: [String] = [],
    repeating: Bool = false, required: Bool = false
  ) -> OptionSpec {
    OptionSpec(
      long: long, short: short, valueName: valueName, help: help, defaultValue: defaultValue,
      isRepeating: repeating, isRequired: required, allowedValues: allowedValues)
  }

  /// A flag: present or absent, never with a value.
  public static func flag(_ long: String, short: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(long: long, short: short, valueName: nil, help: help)
  }

  /// Whether the option takes no value.
  public var isFlag: Bool { valueName == nil }

  /// `--policy`.
  public var longName: String { "--\(long)" }

  /// `-o`, if the option has a short name.
  public var shortName: String? { short.map { "-\($0)" } }

  /// `--policy <name>` or, named as the user typed it, `-o <path>`: how messages quote the option.
  func quoted(as name: String? = nil) -> String {
    let name = name ?? longName
    guard let valueName else { return name }
    return "\(name) <\(valueName)>"
  }

  /// `-o, --output <path>`: the label in the `OPTIONS:` section.
  var helpLabel: String {
    let names = [shortName, longName].compactMap { $0 }.joined(separator: ", ")
    guard let valueName else { return names }
    return "\(names) <\(valueName)>"
  }

  /// `[--policy <name>]`, `--name <name>`, `[--tag <tag> ...]`: this option in the usage line.
  var synopsis: String {
    var word = quoted()
    if isRepeating { word += " ..." }
    return isRequired ? word : "[\(word)]"
  }

  /// The help text with swift-argument-parser's suffix: `(values: a, b; default: a)`.
  var helpDescription: String {
    let values = allowedValues.isEmpty ? nil : "values: " + allowedValues.joined(separator: ", ")
    let fallback = defaultValue.flatMap { $0.text.isEmpty ? nil : "default: \($0.text)" }
    let facts = [values, fallback].compactMap { $0 }
    let suffix = facts.isEmpty ? "" : "(" + facts.joined(separator: "; ") + ")"
    return [help, suffix].filter { !$0.isEmpty }.joined(separator: " ")
  }
}
