/// A command line that parsed cleanly: which command, and the words it was given.
///
/// Values stay strings here; each command converts its own (a duration, a seed) with
/// ``value(_:as:)`` or ``integer(_:minimum:)``, which turn a bad value into the same
/// ``UsageError`` wording the parser uses.
public struct ParsedCommand: Sendable, Equatable {
  /// The command's path below the top level, e.g. `["run"]`.
  public var path: [String]
  /// The command as declared, so conversions can quote its options in errors.
  public var spec: CommandSpec
  /// Option values by long name (without dashes), in the order given; declared defaults are
  /// filled in for options that were left out.
  public var options: [String: [String]]
  /// The flags that were given, by long name.
  public var flags: Set<String>
  /// Positional words by argument name, after `--` too; declared defaults are filled in.
  public var arguments: [String: [String]]

  public init(
    path: [String], spec: CommandSpec, options: [String: [String]] = [:], flags: Set<String> = [],
    arguments: [String: [String]] = [:]
  ) {
    self.path = path
    self.spec = spec
    self.options = options
    self.flags = flags
    self.arguments = arguments
  }

  /// The command's name, e.g. `run`, for dispatch.
  public var name: String { path.last ?? spec.name }

  /// The option's value (the last one, if given several times), or nil if absent and without a
  /// default.
  public func value(_ long: String) -> String? { options[long]?.last }

  /// Every value the option was given, in order.
  public func values(_ long: String) -> [String] { options[long] ?? [] }

  /// Whether the flag was given.
  public func flag(_ long: String) -> Bool { flags.contains(long) }

  /// The words taken by a positional argument, e.g. every `<file>` of `run`.
  public func argument(_ name: String) -> [String] { arguments[name] ?? [] }

  /// The option's value converted by `convert`; nil when absent. A value `convert` rejects
  /// (returns nil for) is a usage error: `The value 'x' is invalid for '--step <duration>'`,
  /// followed by `: reason` when one is given.
  public func value<T>(
    _ long: String, as convert: (String) -> T?, reason: String? = nil
  ) throws(UsageError) -> T? {
    guard let text = value(long) else { return nil }
    guard let converted = convert(text) else {
      throw invalidValue(text, for: long, reason: reason)
    }
    return converted
  }

  /// The option's value as a whole number of at least `minimum`; nil when absent.
  public func integer(_ long: String, minimum: Int = Int.min) throws(UsageError) -> Int? {
    let reason = minimum == Int.min ? nil : "expected a whole number of at least \(minimum)"
    return try value(long, as: { Int($0).flatMap { $0 >= minimum ? $0 : nil } }, reason: reason)
  }

  /// The option's value as the name of a built-in policy, or as it is when it names a policy
  /// file (``PolicySelection/isPath(_:)``, read later); nil when absent. An unknown built-in
  /// name is a usage error that suggests the nearest one.
  public func policyName(_ long: String) throws(UsageError) -> String? {
    guard let name = value(long) else { return nil }
    guard PolicyRegistry.entry(named: name) != nil || PolicySelection.isPath(name) else {
      throw invalidValue(name, for: long, reason: UnknownPolicyError(name: name).description)
    }
    return name
  }

  /// The usage error for a value of option `long` that the command cannot use.
  public func invalidValue(_ value: String, for long: String, reason: String? = nil) -> UsageError {
    guard let option = spec.option(long: long) else {
      return .invalid("The value '\(value)' is invalid for '--\(long)'", commandPath: path)
    }
    return UsageError(
      .invalidValue(value: value, option: option.quoted(), allowed: option.allowedValues, reason: reason),
      commandPath: path, help: "\(option.quoted())  \(option.help)")
  }
}
