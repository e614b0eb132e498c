import Foundation

/// `--sweep KEY=V1,V2,...`: one setting of a population and the values to play it at, each on
/// the same random draws (``MonteCarloSweepRunner``), the first value the baseline every other
/// is compared with.
///
/// A key names a setting of the `.pop` file by its path there: `apple.grace` is the `grace` of
/// the product of every `store: apple` group, `google.retry-success.declined` those groups'
/// `payments: {retry-success: {declined: …}}`, `fixes-card-per-day.soft` the behaviour's. A
/// value is written as the file writes it (`16d`, `0.3`) and played as if the file had been
/// edited to say it: the population is decoded again with the value in place, so the store's
/// limits and defaults apply (an App Store grace of `28d` without a `hold:` gets the default
/// hold of 60 days minus grace), and a value the file could not hold is refused with the
/// decoder's own message.
public struct PopulationSweep: Hashable, Sendable {
  /// The key as given, such as `apple.grace`.
  public var key: String
  /// The values as given, the first the baseline.
  public var values: [String]

  /// The most values one sweep plays (each costs a run).
  public static let maximumValues = 16

  /// Why a sweep cannot be played: an unknown key, a bad value, a store the population does
  /// not sell on. A usage error (exit status 2).
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
  }

  /// Every key a sweep takes, in the order help and messages list them.
  public static let keys: [String] = {
    var keys: [String] = []
    for store in StoreKind.allCases {
      keys += ["\(store.name).grace", store == .stripe ? "stripe.window" : "\(store.name).hold"]
      if store == .stripe { keys.append("stripe.hold") }
      keys.append("\(store.name).renewal-failure")
      keys += DeclineReason.allCases.map { "\(store.name).retry-success.\($0.name)" }
      // A price increase: the price it raises to, and the share who consent.
      if TimelineActionName.raisePrice.owners.contains(store) {
        keys += ["\(store.name).raised-price", "\(store.name).price-increase.accepts"]
      }
    }
    keys += ["cancels-per-period", "opens-app-per-day", "opens-app-per-day-without-access"]
    keys += RecoveryPrompt.allCases.map { "fixes-card-per-day.\($0.name)" }
    keys.append("prompt-wears-off-per-day")
    keys += ["leaves-when-locked-out", "leaves-per-day-without-access"]
    return keys
  }()

  /// Where a key's value lives in the file: under every cohort group of `store` (at `path`
  /// inside the group), or at `path` from the top when `store` is `nil`.
  struct Target: Hashable {
    var store: StoreKind?
    var path: [String]
  }

  static func target(_ key: String) -> Target? {
    guard keys.contains(key) else { return nil }
    let parts = key.split(separator: ".").map(String.init)
    if let store = StoreKind.allCases.first(where: { $0.name == parts[0] }) {
      switch parts[1] {
      case "grace": return Target(store: store, path: ["product", "grace"])
      // Stripe's retry window is its product's `hold`, as in a scenario.
      case "hold", "window": return Target(store: store, path: ["product", "hold"])
      case "raised-price": return Target(store: store, path: ["product", "raised-price"])
      case "price-increase": return Target(store: store, path: Array(parts[1...]))
      default: return Target(store: store, path: ["payments"] + parts[1...])
      }
    }
    return Target(store: nil, path: ["behaviour"] + parts)
  }

  /// Reads `KEY=V1,V2,...`.
  public init(parsing text: String) throws(Failure) {
    guard let equals = text.firstIndex(of: "=") else {
      throw Failure(
        message: "--sweep expects KEY=V1,V2,... such as apple.grace=0d,3d,16d,28d; found '\(text)'")
    }
    let key = text[..<equals].trimmingCharacters(in: .whitespaces)
    guard Self.target(key) != nil else {
      var message = "unknown --sweep key '\(key)'"
      if let near = Spelling.suggestion(for: key, among: Self.keys) { message += ". Did you mean '\(near)'?" }
      message += " The keys are: \(Self.keys.joined(separator: ", "))"
      throw Failure(message: message)
    }
    let values = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    if values.contains(where: \.isEmpty) {
      throw Failure(message: "--sweep \(key): a value is empty in '\(text)'; separate the values with commas")
    }
    guard values.count <= Self.maximumValues else {
      throw Failure(
        message: "--sweep \(key): \(values.count) values; a sweep plays at most \(Self.maximumValues)")
    }
    var seen: Set<String> = []
    for value in values where !seen.insert(value).inserted {
      throw Failure(message: "--sweep \(key): the value '\(value)' is given twice")
    }
    self.key = key
    self.values = values
  }

  public init(key: String, values: [String]) {
    self.key = key
    self.values = values
  }

  /// The population at each value: the file's document with the value written in, decoded
  /// again. Errors name the key and value.
  public func populations(_ root: YAMLNode, path: String) throws(Failure) -> [Population] {
    try SweepGrid(self).populations(root, path: path)
  }

  /// `root` with `value` written at the key's place.
  static func edit(_ root: YAMLNode, target: Target, value: String) throws(Failure) -> YAMLNode {
    guard let store = target.store else { return setting(root, at: target.path[...], to: value) }
    guard case .mapping(var top) = root.kind, let c = top.firstIndex(where: { $0.key.text == "cohort" }),
      case .sequence(var items) = top[c].value.kind
    else { throw Failure(message: "the population has no cohort") }
    var found = false
    for i in items.indices where items[i]["store"]?.scalarText == store.name {
      items[i] = setting(items[i], at: target.path[...], to: value)
      found = true
    }
    guard found else {
      throw Failure(
        message: "the population has no \(store.name) group (no 'store: \(store.name)' in its cohort)")
    }
    top[c].value = YAMLNode(.sequence(items), at: top[c].value.location)
    return YAMLNode(.mapping(top), at: root.location)
  }

  /// `node` with the scalar `value` at `path`, making the mappings on the way when missing.
  static func setting(_ node: YAMLNode, at path: ArraySlice<String>, to value: String) -> YAMLNode {
    guard let key = path.first else { return YAMLNode(.scalar(value, style: .plain), at: node.location) }
    var entries = node.mappingEntries ?? []
    if let i = entries.firstIndex(where: { $0.key.text == key }) {
      entries[i].value = setting(entries[i].value, at: path.dropFirst(), to: value)
    } else {
      let empty = YAMLNode(.mapping([]), at: node.location)
      entries.append(
        (key: YAMLKey(key, at: node.location), value: setting(empty, at: path.dropFirst(), to: value)))
    }
    return YAMLNode(.mapping(entries), at: node.location)
  }
}
