import Foundation

/// Turns a parsed `.scn` document into a `Scenario`, filling every default and checking every
/// name, value and store limit. All errors are collected and reported together.
///
/// Every part is decoded even when another part is wrong, so one run reports all of a file's
/// mistakes: a misspelt store still lets the products, the timeline and the expectations be
/// checked (only the store's own limits and actions wait for a valid store), and a product with
/// a bad grace period still lends its id to `change-product` entries.
enum ScenarioDecoder {
  static let requiredKeys = ["name", "store", "product", "timeline"]
  static let topKeys = [
    "name", "store", "product", "start", "horizon", "step", "policy", "channel", "delivery",
    "family-members", "sources", "timeline", "expect", "invariants", "expect-violations", "app",
  ]
  /// The keys of one `sources` entry.
  static let sourceKeys = ["name", "store", "product", "channel"]
  /// Top-level keys that go inside each source when the scenario has `sources`.
  static let perSourceKeys = ["store", "product", "channel"]
  static let productKeys = [
    "id", "period", "price", "grace", "hold", "trial", "group", "when-retries-end", "grace-renewals",
    "raised-price",
    "missing-payment-method", "offer", "offer-price", "offer-periods", "offer-payment", "offer-id",
  ]
  static let channelKeys = ["name", "billing-issue-order"]
  /// The actions of a timeline entry, in the format's order.
  static let actions = TimelineActionName.allCases.map(\.name)
  static let deliveryKeys = ["delay", "duplicate", "reorder", "outage"]
  /// Every key a timeline entry may have, for some action.
  static let timelineKeys = TimelineActionName.allCases.reduce(into: ["at", "do"]) { keys, action in
    for key in action.keys where !keys.contains(key) { keys.append(key) }
  }
  /// What an expectation checks.
  static let expectChecks = ExpectationCheck.allCases.map(\.key)
  static let expectKeys = ["at"] + expectChecks + ["since", "member", "reference-only"]

  static func decode(_ root: YAMLNode, path: String) throws(DiagnosticError) -> Scenario {
    var top = MappingReader(root, knownKeys: topKeys, expected: "a scenario mapping")
    let name = top.required("name") { n in try decodeName(n) }
    // With `sources`, the store, products and channel are given per source.
    let multi = top["sources"] != nil
    let sources: [ScenarioSource]? = multi ? top.optional("sources") { n in try decodeSources(n) } : []
    if multi {
      for key in perSourceKeys + ["family-members"] {
        guard let entry = top.entry(key) else { continue }
        let message =
          key == "family-members"
          ? "family-members is played for a scenario of one apple subscription, not one with 'sources'"
          : "'\(key)' goes inside each source in a scenario with 'sources'"
        top.report(.error(message, at: entry.key.location))
      }
    }
    let store: StoreKind? =
      multi
      ? sources?.first?.store
      : top.required("store") { n in try decodeStore(n) }
    // `nil` only when the file's `start` is wrong; later checks against it are then skipped.
    let start: Instant? =
      top["start"] == nil ? Scenario.defaultStart : top.optional("start") { n in try decodeInstantLiteral(n) }
    let horizon = top.optional("horizon") { (n) -> TimeSpan in
      let span = try n.decodeDuration()
      guard span.seconds > 0 else {
        throw DiagnosticError(
          .error("a horizon of 0 plays nothing: give a duration such as '90d'", at: n.location))
      }
      return span
    }
    let step = top.optional("step", default: .hours(1)) { (n) -> TimeSpan in
      let span = try n.decodeDuration()
      guard span.seconds > 0 else {
        throw DiagnosticError(
          .error("a step of 0 never advances: give a duration such as '1h'", at: n.location))
      }
      return span
    }
    let policy = top.optional("policy", default: "reference") { n in try decodePolicy(n, scenarioPath: path) }
    let channel =
      multi
      ? sources?.first?.channel ?? .direct
      : top.optional("channel", default: ScenarioChannel.direct) { n in try decodeChannel(n, store: store) }
    let delivery = top.optional("delivery", default: DeliveryFaults()) { (n) -> DeliveryFaults in
      var reader = MappingReader(
        n, knownKeys: deliveryKeys, expected: "a delivery mapping such as {delay: 6h}")
      let faults = decodeDelivery(&reader)
      try reader.finish()
      return faults
    }
    // `nil` only when the file's `family-members` is wrong; member checks are then skipped.
    let familyMembers: Int? =
      top["family-members"] == nil || multi
      ? 0 : top.optional("family-members") { n in try decodeFamilyMembers(n, store: store, channel: channel) }
    let products = multi ? sources?.first?.products ?? [] : readProducts(&top, store: store)
    let context = Context(
      store: store, products: products, start: start, channel: channel, familyMembers: familyMembers,
      sources: multi ? sources : [])
    let timeline = top.required("timeline") { n in try decodeTimeline(n, context) } ?? []
    let expectations = top.optional("expect") { n in try decodeExpectations(n, context) } ?? []
    let invariants = top.optional("invariants") { n in try decodeInvariantLevels(n) } ?? [:]
    let expected =
      top.optional("expect-violations") { (n) -> [Invariant] in
        var problems: [Diagnostic] = []
        var list: [Invariant] = []
        for item in try n.decodeList(expected: "a list of invariant names") {
          do {
            let invariant = Invariant(
              rawValue: try item.decodeChoice(from: Invariant.allCases.map(\.rawValue), what: "invariant"))!
            if invariants[invariant] == .off {
              problems.append(
                .error(
                  "'\(invariant.rawValue)' cannot be expected to be violated: 'invariants' turns it off",
                  at: item.location))
            }
            list.append(invariant)
          } catch let error as DiagnosticError {
            problems += error.diagnostics
          }
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return list
      } ?? []
    let app = top.optional("app", default: AppIdentity()) { n in try decodeApp(n) }
    try top.finish()
    guard let name, let store, !products.isEmpty else { throw DiagnosticError(top.diagnostics) }
    return Scenario(
      path: path, name: name, store: store, products: products, start: start ?? Scenario.defaultStart,
      horizon: horizon, step: step, policy: policy, channel: channel, delivery: delivery,
      familyMembers: familyMembers ?? 0, sources: sources ?? [], timeline: timeline,
      expectations: expectations, invariants: invariants, expectedViolations: expected, app: app)
  }

  /// `app`: the app's identity on the wire, each key optional
  /// (`{bundle-id: com.example.news, app-apple-id: 1234567890, package-name: com.example.news}`).
  /// `policy`: a built-in name, or a policy file (a name ending in `.policy`, or a path) that
  /// exists, relative to the scenario's directory; kept as the path to open it by. The file
  /// itself is read and checked when the scenario is played.
  static func decodePolicy(_ node: YAMLNode, scenarioPath: String) throws(DiagnosticError) -> String {
    guard let text = node.scalarText, PolicySelection.isPath(text) else {
      return try node.decodeChoice(from: PolicyRegistry.names, what: "policy")
    }
    let suffix = "." + PolicyFileLoader.fileExtension
    guard text.hasSuffix(suffix) else {
      throw DiagnosticError(
        .error(
          "a policy file's name ends in '\(suffix)'; built-in policies are named without a '/'",
          at: node.location))
    }
    let directory = scenarioPath.lastIndex(of: "/").map { String(scenarioPath[..<$0]) }
    let path = PolicySelection.path(text, relativeTo: directory)
    guard FileManager.default.fileExists(atPath: path) else {
      throw DiagnosticError(
        .error("no policy file '\(YAMLNode.clipped(text))' at \(path)", at: node.location))
    }
    return path
  }

  static func decodeApp(_ node: YAMLNode) throws(DiagnosticError) -> AppIdentity {
    var reader = MappingReader(
      node, knownKeys: AppIdentity.scenarioKeys,
      expected: "an app mapping such as {bundle-id: com.example.app}")
    var app = AppIdentity()
    func identifier(_ n: YAMLNode) throws(DiagnosticError) -> String {
      let text = try n.decodeText(expected: "an identifier such as com.example.app")
      guard AppIdentity.isIdentifier(text) else {
        throw DiagnosticError(
          .error(
            "expected an identifier of letters, digits, '.', '_' and '-', found '\(YAMLNode.clipped(text))'",
            at: n.location))
      }
      return text
    }
    if let v = reader.optional("bundle-id", { n in try identifier(n) }) { app.bundleId = v }
    if let v = reader.optional("app-apple-id", { n in Int64(try n.decodeInteger(in: 1...99_999_999_999)) }) {
      app.appAppleId = v
    }
    if let v = reader.optional("package-name", { n in try identifier(n) }) { app.packageName = v }
    if let v = reader.optional("revenuecat-app-id", { n in try identifier(n) }) { app.revenueCatAppId = v }
    try reader.finish()
    return app
  }

  static func decodeName(_ node: YAMLNode) throws(DiagnosticError) -> String {
    let text = try node.decodeText(expected: "a one-line name")
    if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
      throw DiagnosticError(
        .error(
          "expected a one-line name, found text with a line break or a control character", at: node.location))
    }
    if text.allSatisfy({ $0 == " " }) {
      throw DiagnosticError(.error("expected a one-line name, found an empty text", at: node.location))
    }
    return text
  }

  /// `store`: `apple`, `google` or `stripe`.
  static func decodeStore(_ node: YAMLNode) throws(DiagnosticError) -> StoreKind {
    StoreKind(name: try node.decodeChoice(from: StoreKind.allCases.map(\.name), what: "store"))!
  }

  /// `yes` or `no` (`true` and `false` are accepted too, as YAML writers emit them).
  static func decodeBool(_ node: YAMLNode, what: String) throws(DiagnosticError) -> Bool {
    let text = try node.decodeText(expected: "'yes' or 'no' for \(what)")
    switch text {
    case "yes", "true": return true
    case "no", "false": return false
    default:
      if let suggestion = Spelling.suggestion(for: text, among: ["yes", "no"]) {
        throw DiagnosticError(
          .error(
            "unknown value '\(YAMLNode.clipped(text))' — did you mean '\(suggestion)'?", at: node.location))
      }
      throw DiagnosticError(
        .error("expected 'yes' or 'no' for \(what), found '\(YAMLNode.clipped(text))'", at: node.location))
    }
  }
}
