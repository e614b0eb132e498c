/// Turns a parsed `.policy` document into a ``PolicyFile``: every key checked, every default
/// filled in, every error collected and reported together, in the words and format of a
/// scenario's (docs/POLICY-FILES.md).
enum PolicyFileDecoder {
  static let requiredKeys = ["name"]
  static let processKeys = ["command", "snapshots", "deliveries"]
  static let serverKeys = ["start", "ready", "ready-timeout", "webhooks", "entitlement"]
  static let topKeys =
    ["name"] + processKeys + serverKeys
    + ["decides-only-on-notifications", "timeout", "environment"]
  static let entitlementKeys = ["url", "access", "state", "prompt", "values"]
  static let valuesKeys = ["state", "prompt"]
  static let stripeKeys = ["url", "secret"]
  static let revenueCatKeys = ["url", "authorization"]

  static func decode(_ root: YAMLNode, path: String) throws(DiagnosticError) -> PolicyFile {
    var top = MappingReader(
      root, knownKeys: topKeys, expected: "a policy mapping such as {name: x, command: …}")
    let name = top.required("name") { n in try decodeName(n) }
    let mode = decodeMode(&top)
    let decidesOnlyOnNotifications = top.optional("decides-only-on-notifications", default: false) { n in
      try ScenarioDecoder.decodeBool(n, what: "decides-only-on-notifications")
    }
    let timeout = top.optional("timeout", default: PolicyFile.defaultTimeout) { n in try n.decodeTimeout() }
    let environment = top.optional("environment", default: []) { n in try decodeEnvironment(n) }
    if let entry = top.entry("environment"), case .server(let server)? = mode, server.start == nil {
      top.report(
        .error(
          "'environment' goes with 'start': simsub passes it to a server it starts, not to one started by hand",
          at: entry.key.location))
    }
    try top.finish()
    guard let name, let mode else { throw DiagnosticError(top.diagnostics) }
    return PolicyFile(
      path: path, name: name, mode: mode, decidesOnlyOnNotifications: decidesOnlyOnNotifications,
      timeout: timeout, environment: environment)
  }

  // MARK: The mode

  /// A process (`command`) or a server (`webhooks` and `entitlement`); the keys of the other
  /// mode are errors. `nil` when the mode is unclear or wrong (reported).
  static func decodeMode(_ top: inout MappingReader) -> PolicyFile.Mode? {
    guard top.isMapping else { return nil }
    let serverEntries = top.entries.filter { serverKeys.contains($0.key.text) }
    let processEntries = top.entries.filter { processKeys.contains($0.key.text) }
    if let command = top.entry("command") {
      for entry in serverEntries {
        top.report(
          .error(
            "'\(entry.key.text)' goes with a server policy, not with 'command': a policy is a process (command) or a server (webhooks and entitlement)",
            at: entry.key.location, notes: [.init("'command' is here", at: command.key.location)]))
      }
      let process = top.required("command") { n in try n.decodePolicyCommand(key: "command") }
      let snapshots = top.optional("snapshots", default: []) { n in try decodeSnapshots(n) }
      let deliveries = top.optional("deliveries", default: true) { n in
        try ScenarioDecoder.decodeBool(n, what: "deliveries")
      }
      guard let process, serverEntries.isEmpty else { return nil }
      return .process(
        PolicyFile.Process(command: process, snapshots: snapshots, receivesDeliveries: deliveries))
    }
    guard !serverEntries.isEmpty else {
      top.report(
        .error(
          "expected 'command' (a process) or 'webhooks' and 'entitlement' (a server): a policy file says how simsub reaches the policy",
          at: top.node.location))
      return nil
    }
    for entry in processEntries {
      let why =
        entry.key.text == "deliveries"
        ? ": a server is sent the notifications of the stores its 'webhooks' name, and none of a store left out"
        : ""
      top.report(
        .error(
          "'\(entry.key.text)' goes with 'command' (a process), not with a server policy\(why)",
          at: entry.key.location))
    }
    for (key, why) in [
      ("webhooks", "where the stores' notifications go"),
      ("entitlement", "where simsub asks for each decision"),
    ] where !top.contains(key) {
      top.report(.error("a server policy needs '\(key)': \(why)", at: top.node.location))
    }
    let webhooks = top.optional("webhooks") { n in try decodeWebhooks(n) }
    let entitlement = top.optional("entitlement") { n in try decodeEntitlement(n) }
    let start = top.optional("start") { n in try n.decodePolicyCommand(key: "start") }
    let ready = top.optional("ready") { n in try n.decodeLoopbackURL() }
    let readyTimeout = top.optional("ready-timeout", default: PolicyFile.Server.defaultReadyTimeout) { n in
      try n.decodeTimeout()
    }
    if let entry = top.entry("start"), !top.contains("ready") {
      top.report(
        .error(
          "'start' needs 'ready': the URL simsub polls until the server it started answers 2xx",
          at: entry.key.location))
    }
    if let entry = top.entry("ready-timeout"), !top.contains("ready") {
      top.report(
        .error("'ready-timeout' goes with 'ready': there is nothing to wait for", at: entry.key.location))
    }
    if start == nil {
      for key in ["ready", "webhooks", "entitlement"] {
        guard let entry = top.entry(key) else { continue }
        for (node, offset) in entry.value.portPlaceholders() {
          top.report(
            .error(
              "'\(PolicyFile.portPlaceholder)' is the port simsub chooses for a server it starts: it goes with 'start' (a server started by hand listens on a port of its own: write that port)",
              at: node.offsetLocation(offset)))
        }
      }
    }
    guard let webhooks, let entitlement, processEntries.isEmpty else { return nil }
    return .server(
      PolicyFile.Server(
        start: start, ready: ready, readyTimeout: readyTimeout, webhooks: webhooks, entitlement: entitlement))
  }

  // MARK: Top-level values

  /// A kebab-case name (`my-server`) that is not a built-in policy's.
  static func decodeName(_ node: YAMLNode) throws(DiagnosticError) -> String {
    let text = try node.decodeText(expected: "a kebab-case name such as 'my-server'")
    guard isKebabCase(text) else {
      throw DiagnosticError(
        .error(
          "'\(YAMLNode.clipped(text))' is not a kebab-case name: lower-case letters and digits in words joined by '-', as in 'my-server'",
          at: node.location))
    }
    if PolicyRegistry.names.contains(text) {
      throw DiagnosticError(
        .error(
          "'\(text)' is the name of a built-in policy: choose another, so reports tell the two apart",
          at: node.location))
    }
    return text
  }

  /// `[a-z0-9]+(-[a-z0-9]+)*`.
  static func isKebabCase(_ text: String) -> Bool {
    let words = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    return words.allSatisfy { word in
      !word.isEmpty && word.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }
    }
  }

  /// A list of snapshot kinds, each at most once.
  static func decodeSnapshots(_ node: YAMLNode) throws(DiagnosticError) -> [PolicyFile.Snapshot] {
    let names = PolicyFile.Snapshot.allCases.map(\.name)
    let items = try node.decodeList(expected: "a list of snapshots such as [revenuecat, storekit]")
    var snapshots: [PolicyFile.Snapshot] = []
    var collector = DiagnosticCollector()
    for item in items {
      guard
        let name = collector.collect(
          at: item.location, { try item.decodeChoice(from: names, what: "snapshot") }),
        let snapshot = PolicyFile.Snapshot(rawValue: name)
      else { continue }
      if snapshots.contains(snapshot) {
        collector.error("snapshot '\(name)' is listed twice", at: item.location)
      } else {
        snapshots.append(snapshot)
      }
    }
    try collector.check()
    return snapshots
  }

  /// `NAME: value` pairs: POSIX names (`[A-Za-z_][A-Za-z0-9_]*`), not simsub's own `SIMSUB_…`,
  /// with one-line values.
  static func decodeEnvironment(_ node: YAMLNode) throws(DiagnosticError) -> [PolicyFile.Variable] {
    guard let entries = node.mappingEntries else {
      throw DiagnosticError(
        .error(
          "expected a mapping of variables such as {PORT: '8787'}, found \(node.shapeDescription)",
          at: node.location))
    }
    var variables: [PolicyFile.Variable] = []
    var collector = DiagnosticCollector()
    for (key, value) in entries {
      let name = key.text
      let utf8 = Array(name.utf8)
      let valid =
        !utf8.isEmpty && !(utf8[0] >= 0x30 && utf8[0] <= 0x39)
        && utf8.allSatisfy { b in
          (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
        }
      if !valid {
        collector.error(
          "'\(YAMLNode.clipped(name))' is not a variable name: letters, digits and '_', not starting with a digit",
          at: key.location)
        continue
      }
      if name.hasPrefix("SIMSUB_") {
        collector.error(
          "'\(name)' is simsub's: the SIMSUB_ variables (such as SIMSUB_GOOGLE_API) are set by simsub",
          at: key.location)
        continue
      }
      guard case .scalar(let text, let style) = value.kind else {
        collector.error(
          "expected a value for \(name) (a string), found \(value.shapeDescription)", at: value.location)
        continue
      }
      if text.isEmpty && style == .plain {
        collector.error(
          "expected a value for \(name), found nothing: write '' for an empty one", at: value.location)
        continue
      }
      if text.unicodeScalars.contains(where: { $0.value == 0 }) {
        collector.error("the value of \(name) holds a NUL character", at: value.location)
        continue
      }
      variables.append(PolicyFile.Variable(name, text))
    }
    try collector.check()
    return variables
  }

  // MARK: Webhooks

  /// The stores' endpoints: each a URL, or a mapping with the URL and the store's credential.
  static func decodeWebhooks(_ node: YAMLNode) throws(DiagnosticError) -> PolicyFile.Webhooks {
    let stores = PolicyFile.Webhooks.storeKeys
    guard let entries = node.mappingEntries else {
      throw DiagnosticError(
        .error(
          "expected a mapping by store such as {apple: http://127.0.0.1:8787/apple}, found \(node.shapeDescription)",
          at: node.location))
    }
    guard !entries.isEmpty else {
      throw DiagnosticError(
        .error("expected at least one store's webhook: \(Spelling.list(stores))", at: node.location))
    }
    var webhooks = PolicyFile.Webhooks()
    var collector = DiagnosticCollector()
    for (key, value) in entries {
      switch key.text {
      case "apple":
        webhooks.apple = collector.collect(at: value.location) {
          try decodePlainEndpoint(value, store: "apple")
        }
      case "google":
        webhooks.google = collector.collect(at: value.location) {
          try decodePlainEndpoint(value, store: "google")
        }
      case "stripe":
        webhooks.stripe = collector.collect(at: value.location) {
          try decodeStripe(value)
        }
      case "revenuecat":
        webhooks.revenuecat = collector.collect(at: value.location) {
          try decodeRevenueCat(value)
        }
      default:
        collector.append(unknownStore(key, among: stores))
      }
    }
    try collector.check()
    return webhooks
  }

  /// An unknown key under `webhooks`: another name for a store (`appstore`, `googleplay`), a
  /// near miss, or the list.
  static func unknownStore(_ key: YAMLKey, among stores: [String]) -> Diagnostic {
    let name = YAMLNode.clipped(key.text)
    if let alias = Vocabulary.hint(for: key.text, what: "store", among: stores) {
      return .error("unknown store '\(name)' — did you mean '\(alias.value)'?", at: key.location)
    }
    if let suggestion = Spelling.suggestion(for: key.text, among: stores) {
      return .error("unknown store '\(name)' — did you mean '\(suggestion)'?", at: key.location)
    }
    return .error("unknown store '\(name)': expected \(Spelling.list(stores))", at: key.location)
  }

  /// Apple's and Google's endpoints: a URL, or `{url: …}`.
  static func decodePlainEndpoint(_ node: YAMLNode, store: String) throws(DiagnosticError) -> LoopbackURL {
    guard node.mappingEntries != nil else { return try node.decodeLoopbackURL() }
    var reader = MappingReader(node, knownKeys: ["url"], expected: "a URL or {url: …}")
    let url = reader.required("url") { n in try n.decodeLoopbackURL() }
    try reader.finish()
    guard let url else { throw DiagnosticError(reader.diagnostics) }
    return url
  }

  /// Stripe's endpoint: `{url, secret}`; the secret is needed to sign each event.
  static func decodeStripe(_ node: YAMLNode) throws(DiagnosticError) -> PolicyFile.Stripe {
    guard node.mappingEntries != nil else {
      _ = try node.decodeLoopbackURL()
      throw DiagnosticError(
        .error(
          "stripe needs the endpoint's signing secret to sign each event: write {url: …, secret: whsec_…}",
          at: node.location))
    }
    var reader = MappingReader(node, knownKeys: stripeKeys, expected: "{url: …, secret: whsec_…}")
    let url = reader.required("url") { n in try n.decodeLoopbackURL() }
    let secret = reader.required("secret") { n in try decodeSecret(n) }
    try reader.finish()
    guard let url, let secret else { throw DiagnosticError(reader.diagnostics) }
    return PolicyFile.Stripe(url: url, secret: secret)
  }

  /// A Stripe endpoint secret: `whsec_` and at least one more character, no spaces.
  static func decodeSecret(_ node: YAMLNode) throws(DiagnosticError) -> String {
    let text = try node.decodeText(expected: "a signing secret such as whsec_test")
    let prefix = PolicyFile.Stripe.secretPrefix
    guard text.hasPrefix(prefix) else {
      throw DiagnosticError(
        .error(
          "a Stripe endpoint secret starts with '\(prefix)': it is the endpoint's signing secret, not an API key",
          at: node.location))
    }
    guard text.count > prefix.count else {
      throw DiagnosticError(.error("the secret has nothing after '\(prefix)'", at: node.location))
    }
    guard text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
      throw DiagnosticError(
        .error("a Stripe endpoint secret holds only printable ASCII, without spaces", at: node.location))
    }
    return text
  }

  /// RevenueCat's endpoint: a URL, or `{url, authorization}`.
  static func decodeRevenueCat(_ node: YAMLNode) throws(DiagnosticError) -> PolicyFile.RevenueCat {
    guard node.mappingEntries != nil else { return PolicyFile.RevenueCat(url: try node.decodeLoopbackURL()) }
    var reader = MappingReader(node, knownKeys: revenueCatKeys, expected: "{url: …, authorization: …}")
    let url = reader.required("url") { n in try n.decodeLoopbackURL() }
    let authorization = reader.optional("authorization") { (n) -> String in
      let text = try n.decodeText(expected: "an Authorization header value such as 'Bearer test'")
      guard text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
        throw DiagnosticError(
          .error("an Authorization header value holds no control character", at: n.location))
      }
      guard text.first != " ", text.last != " " else {
        throw DiagnosticError(
          .error("an Authorization header value neither starts nor ends with a space", at: n.location))
      }
      return text
    }
    try reader.finish()
    guard let url else { throw DiagnosticError(reader.diagnostics) }
    return PolicyFile.RevenueCat(url: url, authorization: authorization)
  }

  // MARK: Entitlement

  static func decodeEntitlement(_ node: YAMLNode) throws(DiagnosticError) -> PolicyFile.Entitlement {
    var reader = MappingReader(
      node, knownKeys: entitlementKeys, expected: "an entitlement mapping such as {url: …, access: /premium}")
    let url = reader.required("url") { n in try decodeEntitlementURL(n) }
    let access = reader.required("access") { n in try n.decodeJSONPointer() }
    let state = reader.optional("state") { n in try n.decodeJSONPointer() }
    let prompt = reader.optional("prompt") { n in try n.decodeJSONPointer() }
    var stateWords: [String: EntitlementState] = [:]
    var promptWords: [String: RecoveryPrompt] = [:]
    if let values = reader["values"] {
      var map = MappingReader(
        values, knownKeys: valuesKeys, expected: "a mapping such as {state: {in_grace: grace}}")
      stateWords =
        map.optional("state", default: [:]) { n in
          try decodeWords(n, allowed: EntitlementState.allCases.map(\.name), what: "entitlement")
        }.compactMapValues { EntitlementState(name: $0) }
      promptWords =
        map.optional("prompt", default: [:]) { n in
          try decodeWords(n, allowed: RecoveryPrompt.allCases.map(\.name), what: "prompt")
        }.compactMapValues { RecoveryPrompt(name: $0) }
      for key in valuesKeys {
        if let entry = map.entry(key), !reader.contains(key) {
          map.report(
            .error(
              "values for '\(key)' go with a '\(key)' pointer: add '\(key): /…' to the entitlement",
              at: entry.key.location))
        }
      }
      _ = reader.collect(at: values.location) { try map.finish() }
    }
    try reader.finish()
    guard let url, let access else { throw DiagnosticError(reader.diagnostics) }
    return PolicyFile.Entitlement(
      url: url, access: access, state: state, prompt: prompt, stateWords: stateWords, promptWords: promptWords
    )
  }

  /// The entitlement URL: a loopback URL holding `{subscriber}`, and no other `{…}`.
  static func decodeEntitlementURL(_ node: YAMLNode) throws(DiagnosticError) -> LoopbackURL {
    let placeholder = PolicyFile.Entitlement.placeholder
    let url = try node.decodeLoopbackURL(placeholders: true)
    let text = try node.decodeText()
    // Any other `{…}` is a misspelt placeholder; a stray brace is not a URL character.
    let characters = Array(text)
    let port = url.choosesPort ? LoopbackURL.portPlaceholderOffsets(in: characters) : nil
    var i = 0
    var found = false
    while i < characters.count {
      if let port, i == port.lowerBound {
        i = port.upperBound
        continue
      }
      if characters[i] == "{" || characters[i] == "}" {
        let rest = String(characters[i...])
        if rest.hasPrefix(placeholder) {
          found = true
          i += placeholder.count
          continue
        }
        if characters[i] == "{", let close = characters[i...].firstIndex(of: "}") {
          let word = String(characters[i...close])
          if word == PolicyFile.portPlaceholder {
            throw DiagnosticError(
              .error(
                "'\(word)' stands for a port only, after the host (as in 'http://127.0.0.1:\(word)/entitlements/{subscriber}')",
                at: node.offsetLocation(i)))
          }
          let suggestion =
            Spelling.suggestion(for: word, among: [placeholder, PolicyFile.portPlaceholder]) ?? placeholder
          throw DiagnosticError(
            .error(
              "unknown placeholder '\(YAMLNode.clipped(word))' — did you mean '\(suggestion)'?",
              at: node.offsetLocation(i)))
        }
        throw DiagnosticError(
          .error(
            "a stray '\(characters[i])' in the URL: the only placeholder is '\(placeholder)'",
            at: node.offsetLocation(i)))
      }
      i += 1
    }
    guard found else {
      throw DiagnosticError(
        .error(
          "the entitlement URL must hold '\(placeholder)', where simsub puts the subscriber's id (as in 'http://127.0.0.1:8787/entitlements/{subscriber}')",
          at: node.location))
    }
    return url
  }

  /// A map from the server's words to simsub's: any word as a key, one of `allowed` as value.
  static func decodeWords(_ node: YAMLNode, allowed: [String], what: String) throws(DiagnosticError)
    -> [String: String]
  {
    guard let entries = node.mappingEntries else {
      throw DiagnosticError(
        .error(
          "expected a mapping from the server's words to simsub's, such as {\(what == "prompt" ? "warn: soft" : "in_grace: grace")}, found \(node.shapeDescription)",
          at: node.location))
    }
    var words: [String: String] = [:]
    var collector = DiagnosticCollector()
    for (key, value) in entries {
      if let word = collector.collect(
        at: value.location, { try value.decodeChoice(from: allowed, what: what) })
      {
        words[key.text] = word
      }
    }
    try collector.check()
    return words
  }
}
