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
  static let productKeys = ["id", "period", "price", "grace", "hold", "trial", "group", "when-retries-end"]
  static let channelKeys = ["name", "billing-issue-order"]
  static let actions = [
    "subscribe", "card-fails", "update-card", "cancel", "uncancel", "resubscribe", "refund",
    "change-product", "pause", "resume", "stop-sharing", "leave-family", "note", "delivery",
  ]
  static let deliveryKeys = ["delay", "duplicate", "reorder", "outage"]
  /// The keys each action takes besides `at` and `do`.
  static let actionKeys: [String: [String]] = [
    "subscribe": ["product", "trial"], "card-fails": ["reason"], "update-card": [], "cancel": [],
    "uncancel": [], "resubscribe": ["product"], "refund": [], "change-product": ["product"],
    "pause": ["for"], "resume": [], "stop-sharing": [], "leave-family": ["member"], "note": ["text"],
    "delivery": deliveryKeys,
  ]
  /// Every key a timeline entry may have, for some action.
  static let timelineKeys = actions.reduce(into: ["at", "do"]) { keys, action in
    for key in actionKeys[action]! where !keys.contains(key) { keys.append(key) }
  }
  /// What an expectation checks.
  static let expectChecks = ["store", "entitlement", "access", "prompt", "sent", "charges"]
  static let expectKeys = ["at"] + expectChecks + ["member"]
  /// Apple's subtypes, for checking `sent:` names.
  static let appleSubtypes: [AppStoreNotificationSubtype] = [
    .initialBuy, .resubscribe, .downgrade, .upgrade, .autoRenewEnabled, .autoRenewDisabled,
    .voluntary, .billingRetry, .priceIncrease, .gracePeriod, .productNotForSale, .billingRecovery,
    .pending, .accepted, .summary, .failure, .unreported,
  ]

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

  /// What the timeline and the expectations need to know of the rest of the file; `nil` where
  /// that part was itself wrong (its error is reported already, so nothing depending on it is).
  struct Context {
    var store: StoreKind?
    var products: [Product]
    var start: Instant?
    var channel: ScenarioChannel
    /// `nil` when `family-members` was itself wrong.
    var familyMembers: Int?
    /// The scenario's `sources`: empty for a scenario of one subscription, `nil` when `sources`
    /// was itself wrong.
    var sources: [ScenarioSource]?

    /// Whether the scenario has `sources`, whose entries then name theirs.
    var isMulti: Bool { sources?.isEmpty != true }

    /// The context of an entry about source `index` (`nil` when `source` itself was wrong):
    /// that source's store, products and channel, or nothing known when they are unknown.
    func focused(on index: Int?) -> Context {
      guard isMulti else { return self }
      var focused = self
      if let index, let source = sources?[index] {
        focused.store = source.store
        focused.products = source.products
        focused.channel = source.channel
      } else {
        focused.store = nil
        focused.products = []
        focused.channel = .direct
      }
      return focused
    }

    /// `source: NAME` of an entry: the index of the source so named.
    func decodeSource(_ node: YAMLNode) throws(DiagnosticError) -> Int? {
      let name = try node.decodeText(expected: "a source name")
      guard let sources else { return nil }
      if let index = sources.firstIndex(where: { $0.name == name }) { return index }
      let known = sources.map(\.name)
      if let suggestion = Spelling.suggestion(for: name, among: known) {
        throw DiagnosticError(
          .error(
            "unknown source '\(YAMLNode.clipped(name))' — did you mean '\(suggestion)'?", at: node.location))
      }
      throw DiagnosticError(
        .error(
          "unknown source '\(YAMLNode.clipped(name))': this scenario has \(Spelling.list(known, conjunction: "and"))",
          at: node.location))
    }
  }

  // MARK: Sources

  /// `sources:`, a list of subscriptions of one subscriber, each `{name, store, product, channel}`.
  /// Names are unique, and no two sources send the same kind of notification (one App Store,
  /// one Google Play, one Stripe, one behind RevenueCat): a server tells its sources apart by
  /// the notifications' kind, as the reference policy does.
  static func decodeSources(_ node: YAMLNode) throws(DiagnosticError) -> [ScenarioSource] {
    let items = try node.decodeList(expected: "a list of sources, each a mapping with 'store' and 'product'")
    guard !items.isEmpty else {
      throw DiagnosticError(.error("expected at least one source, found an empty list", at: node.location))
    }
    var diagnostics: [Diagnostic] = []
    var sources: [ScenarioSource] = []
    var nameLocations: [String: SourceLocation] = [:]
    var kindLocations: [SubscriptionSource: (SourceLocation, String)] = [:]
    for item in items {
      var reader = MappingReader(
        item, knownKeys: sourceKeys,
        expected: "a source mapping such as {store: apple, product: {period: 1M}}")
      guard reader.isMapping else {
        diagnostics += reader.diagnostics
        continue
      }
      let store = reader.required("store") { n in try decodeStore(n) }
      let name = reader.optional("name") { n in try decodeName(n) } ?? store?.name
      let channel = reader.optional("channel", default: ScenarioChannel.direct) { n in
        try decodeChannel(n, store: store)
      }
      let products = readProducts(&reader, store: store)
      if let name {
        let location = reader.entry("name")?.value.location ?? item.location
        if let earlier = nameLocations[name] {
          reader.report(
            .error(
              "duplicate source name '\(YAMLNode.clipped(name))': already used on line \(earlier.line)"
                + (reader.entry("name") == nil
                  ? " (a source's name is its store's unless it has 'name')" : ""),
              at: location, notes: [Diagnostic.Note("first used here", at: earlier)]))
        } else {
          nameLocations[name] = location
        }
      }
      if let store {
        let kind = StoreLane(store: store, channel: channel).notificationSource
        let what = channel == .direct ? store.name : "revenuecat"
        if let (earlier, _) = kindLocations[kind] {
          reader.report(
            .error(
              "a second \(what) source: each source must send its own kind of notification "
                + "(one apple, one google, one stripe, one behind revenuecat), as servers tell sources apart by it",
              at: item.location, notes: [Diagnostic.Note("the first \(what) source", at: earlier)]))
        } else {
          kindLocations[kind] = (item.location, what)
        }
      }
      diagnostics += reader.diagnostics
      if let name, let store, !products.isEmpty, reader.diagnostics.isEmpty {
        sources.append(ScenarioSource(name: name, store: store, products: products, channel: channel))
      }
    }
    if !diagnostics.isEmpty { throw DiagnosticError(diagnostics) }
    return sources
  }

  // MARK: Family Sharing

  /// `family-members: N`: 0 to 5, Apple only, with the direct channel.
  static func decodeFamilyMembers(_ node: YAMLNode, store: StoreKind?, channel: ScenarioChannel?)
    throws(DiagnosticError) -> Int
  {
    let count = try node.decodeInteger()
    let most = AppStoreDefaults.familyMembersMax
    guard (0...most).contains(count) else {
      throw DiagnosticError(
        .error(
          "family-members is 0 to \(most), not \(count): apple's Family Sharing shares a purchase with up to five family members",
          at: node.location))
    }
    guard count > 0 else { return 0 }
    if let store, store != .apple {
      throw DiagnosticError(
        .error(
          "family-members is an apple setting: simsub plays Family Sharing for the App Store, not \(store.name)",
          at: node.location))
    }
    if case .revenueCat = channel {
      throw DiagnosticError(
        .error(
          "family members are played with the direct channel: simsub's revenuecat channel does not carry Family Sharing",
          at: node.location))
    }
    return count
  }

  /// `member: N` of a `leave-family` entry or an expectation: one of the family members.
  static func decodeMember(_ node: YAMLNode, familyMembers: Int?) throws(DiagnosticError) -> Int {
    let member = try node.decodeInteger()
    // With `family-members` itself wrong, its own error says what is wrong.
    guard let count = familyMembers else { return member }
    guard count > 0 else {
      throw DiagnosticError(
        .error(
          "member \(member) does not exist: this scenario has no family members (add 'family-members: 1' or more)",
          at: node.location))
    }
    guard member >= 1 else {
      throw DiagnosticError(
        .error("member \(member) does not exist: family members count from 1", at: node.location))
    }
    guard member <= count else {
      throw DiagnosticError(
        .error(
          "member \(member) does not exist: this scenario has \(Plural.count(count, "family member"))",
          at: node.location))
    }
    return member
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

  // MARK: Products

  /// The products of `reader`'s required `product` key (at the top level, or of one source),
  /// with their problems reported to `reader`; none when the key is missing (reported, when
  /// `reader` is a mapping at all) or the products are wrong.
  static func readProducts(_ reader: inout MappingReader, store: StoreKind?) -> [Product] {
    guard let node = reader["product"] else {
      _ = reader.required("product") { _ in () }
      return []
    }
    let (decoded, problems) = decodeProducts(node, store: store)
    for problem in problems { reader.report(problem) }
    return decoded
  }

  /// The products, each with every default filled in, and the problems found. A product whose
  /// values are wrong is still returned (defaults stand in), so its id is known to the timeline.
  static func decodeProducts(_ node: YAMLNode, store: StoreKind?) -> ([Product], [Diagnostic]) {
    let items: [YAMLNode]
    if case .sequence(let list) = node.kind { items = list } else { items = [node] }
    guard !items.isEmpty else {
      return ([], [.error("expected at least one product, found an empty list", at: node.location)])
    }
    var diagnostics: [Diagnostic] = []
    var products: [Product] = []
    var firstLocation: [String: SourceLocation] = [:]
    for item in items {
      var reader = MappingReader(
        item, knownKeys: productKeys, expected: "a product mapping such as {period: 1M}")
      guard reader.isMapping else {
        diagnostics += reader.diagnostics
        continue
      }
      let periodValue = reader.optional("period") { (n) -> BillingPeriod in
        let text = try n.decodeText(expected: "a period: 1W, 1M, 2M, 3M, 6M or 1Y")
        guard let period = BillingPeriod(code: text) else {
          throw DiagnosticError(
            .error(
              "unknown period '\(YAMLNode.clipped(text))': expected 1W, 1M, 2M, 3M, 6M or 1Y", at: n.location)
          )
        }
        return period
      }
      let period = periodValue ?? .oneMonth
      let id = reader.optional("id", default: "premium.\(period.adjective)") { n in
        try n.decodeText(expected: "a product id")
      }
      let priceValue = reader.optional("price") { n in try decodePrice(n) }
      let price = priceValue ?? 9_990
      let grace = reader.optional("grace") { n in try n.decodeDuration() }
      let hold = reader.optional("hold") { n in try n.decodeDuration() }
      let trial = reader.optional("trial") { n in try n.decodeDuration() }
      let group = reader.optional("group", default: "default") { n in
        try n.decodeText(expected: "a group name")
      }
      let retriesEnd = reader.optional("when-retries-end", default: RetriesEnd.cancel) { (n) -> RetriesEnd in
        let end = RetriesEnd(name: try n.decodeChoice(from: RetriesEnd.allCases.map(\.name), what: "value"))!
        if let store, store != .stripe, end != .cancel {
          let message =
            "when-retries-end is a stripe setting: \(store.name) ends the subscription when its retries run out"
          throw DiagnosticError(.error(message, at: n.location))
        }
        return end
      }
      let (resolvedGrace, resolvedHold) = StoreLanes.model(of: store ?? .apple).graceAndHold(
        period: period, grace: grace, hold: hold)
      let product = Product(
        id: ProductID(id), period: period, priceMilliunits: price, grace: resolvedGrace,
        hold: resolvedHold, trial: trial, group: Symbol(group), whenRetriesEnd: retriesEnd)
      let idLocation = reader.entry("id")?.value.location ?? item.location
      if let earlier = firstLocation[id] {
        diagnostics.append(
          .error(
            "duplicate product id '\(YAMLNode.clipped(id))': already used on line \(earlier.line)",
            at: idLocation,
            notes: [Diagnostic.Note("first used here", at: earlier)]))
      } else {
        firstLocation[id] = idLocation
      }
      diagnostics += reader.diagnostics
      // The settings whose values were wrong have their own errors: the defaults standing in
      // for them are not judged, nor the settings that depend on them (grace and hold on the
      // period, hold on grace). Every other rule the store sets is checked, each error at its
      // own key, so a bad grace and a bad trial are reported together.
      let decoded: [String: Bool] = [
        "period": periodValue != nil, "price": priceValue != nil, "grace": grace != nil, "hold": hold != nil,
        "trial": trial != nil,
      ]
      let failed = Set(decoded.filter { reader.entry($0.key) != nil && !$0.value }.map(\.key))
      if let store {
        for problem in StoreLanes.model(of: store).limitProblems(product) {
          let dependsOn: Set<String> =
            switch problem.setting {
            case "grace": ["grace", "period"]
            case "hold": ["hold", "grace", "period"]
            default: [problem.setting]
            }
          guard failed.isDisjoint(with: dependsOn) else { continue }
          let at =
            reader.entry(problem.setting)?.key.location ?? reader.entry("grace")?.key.location
            ?? reader.entry("hold")?.key.location ?? item.location
          diagnostics.append(.error(problem.message, at: at))
        }
      }
      if failed.isDisjoint(with: ["grace", "hold", "period"]), store == .stripe, let first = products.first,
        first.grace != product.grace
      {
        let message =
          "the app's grace during stripe's past_due is one promise for every product: "
          + "\(first.id.text) has \(first.grace), \(product.id.text) has \(product.grace)"
        diagnostics.append(.error(message, at: reader.entry("grace")?.key.location ?? item.location))
      }
      products.append(product)
    }
    return (products, diagnostics)
  }

  /// `direct`, `revenuecat`, or `{name: revenuecat, billing-issue-order: cancellation-first}`.
  static func decodeChannel(_ node: YAMLNode, store: StoreKind?) throws(DiagnosticError) -> ScenarioChannel {
    let names = ["direct", "revenuecat"]
    let stripeMessage = "simsub plays the revenuecat channel for apple and google, not stripe"
    var name: String
    var order = RevenueCatPairOrder.billingIssueFirst
    if case .mapping = node.kind {
      var reader = MappingReader(node, knownKeys: channelKeys, expected: "a channel mapping")
      name = reader.required("name") { n in try n.decodeChoice(from: names, what: "channel") } ?? "direct"
      order = reader.optional("billing-issue-order", default: RevenueCatPairOrder.billingIssueFirst) { n in
        RevenueCatPairOrder(
          name: try n.decodeChoice(from: RevenueCatPairOrder.allCases.map(\.name), what: "order"))!
      }
      if name == "direct", let entry = reader.entry("billing-issue-order") {
        let message = "billing-issue-order is a revenuecat setting; the direct channel has none"
        reader.report(.error(message, at: entry.key.location))
      }
      // Reported with the mapping's other problems, not after them.
      if name == "revenuecat", store == .stripe { reader.report(.error(stripeMessage, at: node.location)) }
      try reader.finish()
    } else {
      name = try node.decodeChoice(from: names, what: "channel")
      if name == "revenuecat", store == .stripe {
        throw DiagnosticError(.error(stripeMessage, at: node.location))
      }
    }
    return name == "revenuecat" ? .revenueCat(order) : .direct
  }

  /// `9.99` → 9990 milliunits; up to three decimals, ASCII digits only.
  static func decodePrice(_ node: YAMLNode) throws(DiagnosticError) -> Int64 {
    let text = try node.decodeText(expected: "a price such as 9.99")
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    func digits(_ s: Substring) -> Bool { !s.isEmpty && s.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
    guard parts.count <= 2, digits(parts[0]), parts[0].count <= 9,
      parts.count == 1 || (parts[1].count <= 3 && digits(parts[1]))
    else {
      throw DiagnosticError(
        .error(
          "expected a price such as 9.99 (at most three decimals), found '\(YAMLNode.clipped(text))'",
          at: node.location))
    }
    var fraction: Int64 = 0
    if parts.count == 2 {
      fraction = Int64(parts[1])! * [100, 10, 1][parts[1].count - 1]
    }
    return Int64(parts[0])! * 1000 + fraction
  }

  // MARK: Instants

  static func decodeInstantLiteral(_ node: YAMLNode) throws(DiagnosticError) -> Instant {
    let text = try node.decodeText(expected: "an RFC 3339 instant such as 2026-01-31T09:00:00Z")
    guard let instant = RFC3339.parse(text) else {
      throw DiagnosticError(
        .error(
          "expected an RFC 3339 instant such as 2026-01-31T09:00:00Z, found '\(YAMLNode.clipped(text))'",
          at: node.location))
    }
    return instant
  }

  static let instantExamples = "'30d', 'renewal 1 + 2d' or 2026-02-01T09:00:00Z"

  /// `30d`, an RFC 3339 instant (not before `start`), or `renewal N [+|- duration]`. Errors
  /// point at the offending part of a plain value.
  static func decodeAt(_ node: YAMLNode, start: Instant?) throws(DiagnosticError) -> ScenarioInstant {
    let text = try node.decodeText(expected: "an instant such as \(instantExamples)")
    func fail(_ message: String, offset: Int = 0) -> DiagnosticError {
      var at = node.location
      if case .scalar(_, .plain) = node.kind { at.column += offset }
      return DiagnosticError(.error(message, at: at))
    }
    let clipped = YAMLNode.clipped(text)
    let word = text.prefix { $0.isLetter }
    if word == "renewal" {
      var rest = text.dropFirst(word.count).drop(while: { $0 == " " })
      let digits = rest.prefix(while: { $0.isASCII && $0.isNumber })
      let numberOffset = text.distance(from: text.startIndex, to: rest.startIndex)
      guard !digits.isEmpty else {
        throw fail(
          "'\(clipped)' needs a period number, as in 'renewal 1' or 'renewal 2 + 6h'", offset: numberOffset)
      }
      guard let n = Int32(digits) else {
        throw fail(
          "\(YAMLNode.clipped(String(digits))) is out of range: expected 1 to \(Int32.max)",
          offset: numberOffset)
      }
      guard n >= 1 else {
        throw fail(
          "'\(clipped)' does not exist: renewals count from 1, the end of the first period",
          offset: numberOffset)
      }
      rest = rest.dropFirst(digits.count).drop(while: { $0 == " " })
      if rest.isEmpty { return .renewal(n, offset: .zero) }
      let signOffset = text.distance(from: text.startIndex, to: rest.startIndex)
      guard let sign = rest.first, sign == "+" || sign == "-" else {
        throw fail(
          "'\(clipped)' needs '+' or '-' before its offset, as in 'renewal \(n) + 2d'", offset: signOffset)
      }
      let duration = rest.dropFirst().drop(while: { $0 == " " })
      let durationOffset = text.distance(from: text.startIndex, to: duration.startIndex)
      switch DurationSyntax.parse(duration) {
      case .success(let span): return .renewal(n, offset: sign == "-" ? -span : span)
      case .failure(let failure): throw fail(failure.message, offset: durationOffset + failure.offset)
      }
    }
    if !word.isEmpty {
      if let suggestion = Spelling.suggestion(for: String(word), among: ["renewal"]) {
        throw fail("unknown anchor '\(YAMLNode.clipped(String(word)))' — did you mean '\(suggestion)'?")
      }
      throw fail("expected an instant such as \(instantExamples), found '\(clipped)'")
    }
    if RFC3339.looksLikeTimestamp(text) {
      guard let instant = RFC3339.parse(text) else {
        throw fail("expected an RFC 3339 instant such as 2026-01-31T09:00:00Z, found '\(clipped)'")
      }
      if let start, instant < start {
        throw fail("'\(clipped)' is before the scenario's start, \(RFC3339.format(start))")
      }
      return .absolute(instant)
    }
    return .afterStart(try node.decodeDuration())
  }

  // MARK: Timeline

  static func decodeTimeline(_ node: YAMLNode, _ context: Context) throws(DiagnosticError) -> [TimelineEntry]
  {
    var diagnostics: [Diagnostic] = []
    var entries: [TimelineEntry] = []
    for item in try node.decodeList(expected: "a list of timeline entries") {
      // The action decides which keys the entry may have; read it first.
      let doText = item.mappingEntries?.first(where: { $0.key.text == "do" })?.value.scalarText
      let action = doText.flatMap { actions.contains($0) ? $0 : nil }
      var reader = MappingReader(
        item, knownKeys: (item.mappingEntries ?? []).map(\.key.text),
        expected: "a timeline entry (a mapping with 'at' and 'do')")
      let sourceKey = context.isMulti ? ["source"] : []
      let allowed = action.map { ["at", "do"] + sourceKey + actionKeys[$0]! } ?? timelineKeys + sourceKey
      // `source` first: it decides which store's actions and products the entry may use.
      let source: Int? =
        context.isMulti ? reader.required("source") { n in try context.decodeSource(n) } ?? nil : 0
      let context = context.focused(on: source)
      for entry in reader.entries where !allowed.contains(entry.key.text) {
        if entry.key.text == "source" {
          reader.report(
            .error(
              "'source' names one of the scenario's 'sources'; this scenario has one subscription",
              at: entry.key.location))
          continue
        }
        if let action, timelineKeys.contains(entry.key.text) {
          reader.report(
            .error(
              "key '\(entry.key.text)' does not go with 'do: \(action)': expected \(Spelling.list(allowed))",
              at: entry.key.location))
        } else {
          reader.report(MappingReader.unknownKey(entry.key, knownKeys: allowed))
        }
      }
      let at = reader.required("at") { n in try decodeAt(n, start: context.start) }
      let name = reader.required("do") { (n) -> String in
        let name = try n.decodeChoice(from: actions, what: "action")
        if let store = context.store, store != .google, name == "pause" || name == "resume" {
          throw DiagnosticError(.error("google has \(name); \(store.name) does not", at: n.location))
        }
        if name == "stop-sharing" || name == "leave-family" {
          if let store = context.store, store != .apple {
            throw DiagnosticError(.error("apple has \(name); \(store.name) does not", at: n.location))
          }
          if name == "stop-sharing", context.familyMembers == 0 {
            throw DiagnosticError(
              .error(
                "stop-sharing needs family members to stop sharing with: add 'family-members: 1' or more",
                at: n.location))
          }
        }
        return name
      }
      func product(_ reader: inout MappingReader, required: Bool) -> ProductIndex? {
        let decode: (YAMLNode) throws -> ProductIndex = { n in
          let id = try n.decodeText(expected: "a product id")
          guard let index = context.products.firstIndex(where: { $0.id.text == id }) else {
            // With no products decoded, their own error says what is wrong.
            guard !context.products.isEmpty else { return 0 }
            let known = context.products.map(\.id.text)
            if let suggestion = Spelling.suggestion(for: id, among: known) {
              throw DiagnosticError(
                .error(
                  "unknown product '\(YAMLNode.clipped(id))' — did you mean '\(suggestion)'?", at: n.location)
              )
            }
            throw DiagnosticError(
              .error(
                "unknown product '\(YAMLNode.clipped(id))': this scenario has \(Spelling.list(known, conjunction: "and"))",
                at: n.location))
          }
          return ProductIndex(index)
        }
        return required ? reader.required("product", decode) : reader.optional("product", decode)
      }
      let reason: (YAMLNode) throws -> DeclineReason = { n in
        DeclineReason(name: try n.decodeChoice(from: DeclineReason.allCases.map(\.name), what: "reason"))!
      }
      let pause: (YAMLNode) throws -> TimeSpan = { n in
        let span = try n.decodeDuration()
        guard span.seconds > 0 else {
          throw DiagnosticError(
            .error("a pause of 0 changes nothing: give a duration such as '30d'", at: n.location))
        }
        return span
      }
      let member: (YAMLNode) throws -> Int = { n in try decodeMember(n, familyMembers: context.familyMembers)
      }
      let text: (YAMLNode) throws -> String = { n in try n.decodeText(expected: "the note's text") }
      var decoded: TimelineAction?
      switch name {
      case "subscribe":
        let p = product(&reader, required: false) ?? 0
        let trial = reader.optional("trial") { n in try decodeBool(n, what: "trial") }
        let wantsTrial =
          trial ?? (context.products.indices.contains(Int(p)) && context.products[Int(p)].trial != nil)
        decoded = .subscriber(.subscribe(product: p, trial: wantsTrial))
      case "card-fails":
        decoded = .subscriber(.cardFails(reader.optional("reason", default: DeclineReason.declined, reason)))
      case "update-card": decoded = .subscriber(.updateCard)
      case "cancel": decoded = .subscriber(.cancel)
      case "uncancel": decoded = .subscriber(.uncancel)
      case "refund": decoded = .subscriber(.refund)
      case "resume": decoded = .subscriber(.resume)
      case "stop-sharing": decoded = .subscriber(.stopSharing(member: 0))
      case "leave-family":
        if let member = reader.required("member", member) {
          decoded = .subscriber(.stopSharing(member: UInt8(clamping: member)))
        }
      case "resubscribe":
        decoded = .subscriber(.resubscribe(product: product(&reader, required: false) ?? 0))
      case "change-product":
        if let p = product(&reader, required: true) { decoded = .subscriber(.changeProduct(p)) }
      case "pause":
        if let span = reader.required("for", pause) { decoded = .subscriber(.pause(span)) }
      case "note":
        if let text = reader.required("text", text) { decoded = .note(text) }
      case "delivery":
        decoded = .delivery(decodeDelivery(&reader))
      default:
        // The action itself is wrong (missing, unknown, or not the store's): its error is
        // reported, and every other key the entry has is still checked, so a misspelt reason
        // shows in the same run as a misspelt action.
        _ = product(&reader, required: false)
        _ = reader.optional("trial") { n in try decodeBool(n, what: "trial") }
        _ = reader.optional("reason", reason)
        _ = reader.optional("for", pause)
        _ = reader.optional("member", member)
        _ = reader.optional("text", text)
        _ = decodeDelivery(&reader)
      }
      diagnostics += reader.diagnostics
      if let at, let decoded, let source, reader.diagnostics.isEmpty {
        let location = reader["at"]?.location ?? item.location
        entries.append(
          TimelineEntry(at: at, action: decoded, source: source, line: location.line, column: location.column)
        )
      }
    }
    if !diagnostics.isEmpty { throw DiagnosticError(diagnostics) }
    return entries
  }

  /// The delivery keys of a mapping (the top-level `delivery`, or a `do: delivery` entry).
  static func decodeDelivery(_ reader: inout MappingReader) -> DeliveryFaults {
    var faults = DeliveryFaults()
    faults.delay = reader.optional("delay", default: .zero) { n in try n.decodeDuration() }
    faults.duplicate = reader.optional("duplicate", default: false) { n in
      try decodeBool(n, what: "duplicate")
    }
    faults.reorder = reader.optional("reorder", default: .zero) { n in try n.decodeDuration() }
    faults.outage = reader.optional("outage", default: .zero) { (n) -> TimeSpan in
      var outage = MappingReader(n, knownKeys: ["for"], expected: "an outage mapping such as {for: 2d}")
      let span = outage.required("for") { f in try f.decodeDuration() }
      try outage.finish()
      return span ?? .zero
    }
    return faults
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

  // MARK: Expectations and invariants

  static func decodeExpectations(_ node: YAMLNode, _ context: Context) throws(DiagnosticError)
    -> [Expectation]
  {
    var diagnostics: [Diagnostic] = []
    var result: [Expectation] = []
    for item in try node.decodeList(expected: "a list of expectations") {
      var reader = MappingReader(
        item, knownKeys: expectKeys + (context.isMulti ? ["source"] : []),
        expected: "an expectation (a mapping with 'at')")
      let at = reader.required("at") { n in try decodeAt(n, start: context.start) }
      // `nil` for the subscriber as a whole (or when `source` itself is wrong).
      let source =
        context.isMulti ? reader.optional("source") { n in try context.decodeSource(n) } ?? nil : nil
      let whole = context.isMulti && reader["source"] == nil
      let sources = context.sources
      let context = whole ? context.focused(on: nil) : context.focused(on: source)
      let store = reader.optional("store") { n in
        StoreTruth(name: try n.decodeChoice(from: StoreTruth.allCases.map(\.name), what: "store state"))!
      }
      let entitlement = reader.optional("entitlement") { n in
        EntitlementState(
          name: try n.decodeChoice(from: EntitlementState.allCases.map(\.name), what: "entitlement"))!
      }
      let access = reader.optional("access") { n in try decodeBool(n, what: "access") }
      let prompt = reader.optional("prompt") { n in
        RecoveryPrompt(name: try n.decodeChoice(from: RecoveryPrompt.allCases.map(\.name), what: "prompt"))!
      }
      let sent = reader.optional("sent", default: []) { (n) -> [String] in
        let items: [YAMLNode]
        if case .sequence(let list) = n.kind {
          guard !list.isEmpty else {
            throw DiagnosticError(
              .error("expected at least one notification name, found an empty list", at: n.location))
          }
          items = list
        } else {
          items = [n]
        }
        var problems: [Diagnostic] = []
        var names: [String] = []
        for i in items {
          do {
            names.append(
              whole
                ? try decodeNotificationName(i, anyOf: sources ?? [])
                : try decodeNotificationName(
                  i, store: context.store, channel: context.channel))
          } catch let error as DiagnosticError {
            problems += error.diagnostics
          }
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return names
      }
      let charges = reader.optional("charges") { n in Int32(try n.decodeInteger(in: 0...1_000_000)) }
      let member = reader.optional("member", default: 0) { n in
        try decodeMember(n, familyMembers: context.familyMembers)
      }
      if reader.isMapping, reader["at"] != nil,
        reader.entries.allSatisfy({ ["at", "member", "source"].contains($0.key.text) })
      {
        reader.report(
          .error("an expectation needs at least one of \(Spelling.list(expectChecks))", at: item.location))
      }
      diagnostics += reader.diagnostics
      if let at, reader.diagnostics.isEmpty {
        let location = reader["at"]?.location ?? item.location
        result.append(
          Expectation(
            at: at, store: store, entitlement: entitlement, access: access, prompt: prompt, sent: sent,
            charges: charges, member: member, source: source, line: location.line, column: location.column))
      }
    }
    if !diagnostics.isEmpty { throw DiagnosticError(diagnostics) }
    return result
  }

  /// A notification name the store sends: Apple's `TYPE` or `TYPE/SUBTYPE`, Google's
  /// `SUBSCRIPTION_…` names, the Stripe event types simsub's model sends, and behind RevenueCat
  /// its documented event types with an optional `/REASON`. With no valid store (or, with
  /// several sources, no `source:`), any name is taken.
  static func decodeNotificationName(_ node: YAMLNode, store: StoreKind?, channel: ScenarioChannel = .direct)
    throws(DiagnosticError) -> String
  {
    let text = try node.decodeText(expected: "a notification name such as DID_RENEW or SUBSCRIPTION_ON_HOLD")
    guard let store else { return text }
    let clipped = YAMLNode.clipped(text)
    func unknown(_ what: String, _ word: String, among known: [String]) -> DiagnosticError {
      if let suggestion = Spelling.suggestion(for: word, among: known) {
        return DiagnosticError(
          .error(
            "unknown \(what) '\(YAMLNode.clipped(word))' — did you mean '\(suggestion)'?", at: node.location))
      }
      return DiagnosticError(
        .error(
          "unknown \(what) '\(YAMLNode.clipped(word))': expected \(Spelling.list(known))", at: node.location))
    }
    if case .revenueCat = channel {
      let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
      let types = RevenueCatEventType.documented.map(\.rawValue)
      guard types.contains(parts[0]) else {
        throw unknown("revenuecat event type", parts[0], among: types)
      }
      if parts.count == 2 {
        let reasons = RevenueCatReason.documented.map(\.rawValue)
        guard reasons.contains(parts[1]) else { throw unknown("revenuecat reason", parts[1], among: reasons) }
      }
      return text
    }
    switch store {
    case .stripe:
      let types = StripeEventType.modelled.map(\.rawValue)
      guard types.contains(text) else { throw unknown("stripe event type", text, among: types) }
      return text
    case .apple:
      let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
      let types = AppStoreNotificationType.documented.map(\.rawValue)
      guard types.contains(parts[0]) else {
        if GooglePlayNotificationType(name: parts[0]) != nil {
          throw DiagnosticError(
            .error(
              "'\(clipped)' is a google notification; apple sends names such as 'DID_RENEW'",
              at: node.location))
        }
        throw unknown("apple notification type", parts[0], among: types)
      }
      if parts.count == 2 {
        let subtypes = appleSubtypes.map(\.rawValue)
        guard subtypes.contains(parts[1]) else {
          throw unknown("apple notification subtype", parts[1], among: subtypes)
        }
      }
      return text
    case .google:
      let names = GooglePlayNotificationType.documented.map(\.1)
      if let slash = text.firstIndex(of: "/"), names.contains(String(text[..<slash])) {
        throw DiagnosticError(
          .error(
            "google notifications have no subtype: write '\(YAMLNode.clipped(String(text[..<slash])))'",
            at: node.location))
      }
      guard names.contains(text) else {
        let type = String(text.prefix { $0 != "/" })
        if AppStoreNotificationType.documented.map(\.rawValue).contains(type) {
          throw DiagnosticError(
            .error(
              "'\(clipped)' is an apple notification; google sends names such as 'SUBSCRIPTION_RENEWED'",
              at: node.location))
        }
        throw unknown("google notification", text, among: names)
      }
      return text
    }
  }

  /// A notification name of an expectation about the whole subscriber: one that any of
  /// `sources` sends.
  static func decodeNotificationName(_ node: YAMLNode, anyOf sources: [ScenarioSource])
    throws(DiagnosticError)
    -> String
  {
    var first: DiagnosticError?
    for source in sources {
      do {
        return try decodeNotificationName(node, store: source.store, channel: source.channel)
      } catch {
        first = first ?? error
      }
    }
    guard sources.count > 1, let text = node.scalarText else {
      if let first { throw first }
      return try node.decodeText(expected: "a notification name such as DID_RENEW or SUBSCRIPTION_ON_HOLD")
    }
    let list = sources.map { "\($0.name): \($0.channel == .direct ? $0.store.name : "revenuecat")" }
    throw DiagnosticError(
      .error(
        "'\(YAMLNode.clipped(text))' is not a notification any source sends (\(list.joined(separator: ", "))); "
          + "add 'source:' for one source's own message",
        at: node.location))
  }

  static func decodeInvariantLevels(_ node: YAMLNode) throws(DiagnosticError) -> [Invariant: InvariantLevel] {
    var reader = MappingReader(
      node, knownKeys: Invariant.allCases.map(\.rawValue),
      expected: "a mapping of invariant levels such as {no-free-access: warn}")
    var levels: [Invariant: InvariantLevel] = [:]
    for invariant in Invariant.allCases {
      if let level = reader.optional(
        invariant.rawValue,
        { n in
          InvariantLevel(
            rawValue: try n.decodeChoice(from: InvariantLevel.allCases.map(\.rawValue), what: "level"))!
        })
      {
        levels[invariant] = level
      }
    }
    try reader.finish()
    return levels
  }
}
