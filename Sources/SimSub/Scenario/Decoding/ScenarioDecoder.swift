/// Turns a parsed `.scn` document into a `Scenario`, filling every default and checking every
/// name, value and store limit. All errors are collected and reported together.
enum ScenarioDecoder {
  static let requiredKeys = ["name", "store", "product", "timeline"]
  static let topKeys = [
    "name", "store", "product", "start", "horizon", "step", "policy", "channel", "delivery",
    "timeline", "expect", "invariants", "expect-violations",
  ]
  static let productKeys = ["id", "period", "price", "grace", "hold", "trial", "group", "when-retries-end"]
  static let channelKeys = ["name", "billing-issue-order"]
  static let actions = [
    "subscribe", "card-fails", "update-card", "cancel", "uncancel", "resubscribe", "refund",
    "change-product", "pause", "resume", "note", "delivery",
  ]
  static let deliveryKeys = ["delay", "duplicate", "reorder", "outage"]
  static let expectKeys = ["at", "store", "entitlement", "access", "prompt", "sent", "charges"]

  static func decode(_ root: YAMLNode, path: String) throws(DiagnosticError) -> Scenario {
    var top = MappingReader(root, knownKeys: topKeys, expected: "a scenario mapping")
    let name = top.required("name") { n in try n.decodeText(expected: "a one-line name") }
    let store = top.required("store") { (n) -> StoreKind in
      StoreKind(name: try n.decodeChoice(from: StoreKind.allCases.map(\.name), what: "store"))!
    }
    let start = top.optional("start", default: Scenario.defaultStart) { n in
      try decodeInstantLiteral(n)
    }
    let horizon = top.optional("horizon") { n in try n.decodeDuration() }
    let step = top.optional("step", default: .hours(1)) { (n) -> TimeSpan in
      let span = try n.decodeDuration()
      guard span.seconds > 0 else { throw DiagnosticError(.error("step must be longer than 0", at: n.location)) }
      return span
    }
    let policy = top.optional("policy", default: "reference") { n in
      try n.decodeChoice(from: PolicyRegistry.names, what: "policy")
    }
    let channel = top.optional("channel", default: ScenarioChannel.direct) { n in
      try decodeChannel(n, store: store)
    }
    let delivery = top.optional("delivery", default: DeliveryFaults()) { n in
      try decodeDelivery(n, keys: deliveryKeys)
    }
    var products: [Product] = []
    if let productNode = top["product"], let store {
      products = top.collect(at: productNode.location) { () in try decodeProducts(productNode, store: store) } ?? []
    } else if top["product"] == nil, top.isMapping {
      _ = top.required("product") { _ in () }
    }
    let timeline =
      top.required("timeline") { n in
        try decodeTimeline(n, store: store ?? .apple, products: products)
      } ?? []
    let expectations =
      top.optional("expect") { n in try decodeExpectations(n) } ?? []
    let invariants =
      top.optional("invariants") { n in try decodeInvariantLevels(n) } ?? [:]
    let expected =
      top.optional("expect-violations") { n in
        try n.decodeList(expected: "a list of invariant names").map { item in
          Invariant(rawValue: try item.decodeChoice(from: Invariant.allCases.map(\.rawValue), what: "invariant"))!
        }
      } ?? []
    try top.finish()
    guard let name, let store, !products.isEmpty else { throw DiagnosticError(top.diagnostics) }
    return Scenario(
      path: path, name: name, store: store, products: products, start: start, horizon: horizon, step: step,
      policy: policy, channel: channel, delivery: delivery, timeline: timeline, expectations: expectations, invariants: invariants,
      expectedViolations: expected)
  }

  // MARK: Products

  static func decodeProducts(_ node: YAMLNode, store: StoreKind) throws(DiagnosticError) -> [Product] {
    let items: [YAMLNode]
    if case .sequence(let list) = node.kind { items = list } else { items = [node] }
    guard !items.isEmpty else { throw DiagnosticError(.error("expected at least one product", at: node.location)) }
    var diagnostics: [Diagnostic] = []
    var products: [Product] = []
    for item in items {
      var reader = MappingReader(item, knownKeys: productKeys, expected: "a product mapping")
      let period = reader.optional("period", default: .oneMonth) { (n) -> BillingPeriod in
        let text = try n.decodeText(expected: "a period")
        guard let period = BillingPeriod(code: text) else {
          throw DiagnosticError(.error("unknown period '\(text)': expected 1W, 1M, 2M, 3M, 6M or 1Y", at: n.location))
        }
        return period
      }
      let id = reader.optional("id", default: "premium.\(period.adjective)") { n in
        try n.decodeText(expected: "a product id")
      }
      let price = reader.optional("price", default: 9_990) { n in try decodePrice(n) }
      let grace = reader.optional("grace") { n in try n.decodeDuration() }
      let hold = reader.optional("hold") { n in try n.decodeDuration() }
      let trial = reader.optional("trial") { n in try n.decodeDuration() }
      let group = reader.optional("group", default: "default") { n in n.decodeTextOrEmpty() }
      let retriesEnd = reader.optional("when-retries-end", default: RetriesEnd.cancel) { (n) -> RetriesEnd in
        let end = RetriesEnd(name: try n.decodeChoice(from: RetriesEnd.allCases.map(\.name), what: "value"))!
        if store != .stripe, end != .cancel {
          let message =
            "when-retries-end is a stripe setting: \(store.name) ends the subscription when its retries run out"
          throw DiagnosticError(.error(message, at: n.location))
        }
        return end
      }
      // Stripe's window (`hold`) is chosen first: its default grace is the whole window.
      let resolvedHold: TimeSpan
      let resolvedGrace: TimeSpan
      if store == .stripe {
        resolvedHold = hold ?? StripeModel.defaultHold(for: period)
        resolvedGrace = grace ?? StripeModel.defaultGrace(window: resolvedHold)
      } else {
        resolvedGrace = grace ?? defaultGrace(store, period)
        resolvedHold = hold ?? defaultHold(store, period, resolvedGrace)
      }
      let product = Product(
        id: ProductID(id), period: period, priceMilliunits: price, grace: resolvedGrace,
        hold: resolvedHold, trial: trial, group: Symbol(group), whenRetriesEnd: retriesEnd)
      diagnostics += reader.diagnostics
      if reader.diagnostics.isEmpty, let message = storeLimitError(store, product) {
        diagnostics.append(.error(message, at: (reader.entry("grace")?.key.location ?? reader.entry("hold")?.key.location) ?? item.location))
      }
      if reader.diagnostics.isEmpty, store == .stripe, let first = products.first,
        first.grace != product.grace
      {
        let message =
          "the app's grace during stripe's past_due is one promise for every product: "
          + "\(first.id.text) has \(first.grace), \(product.id.text) has \(product.grace)"
        diagnostics.append(.error(message, at: reader.entry("grace")?.key.location ?? item.location))
      }
      products.append(product)
    }
    if !diagnostics.isEmpty { throw DiagnosticError(diagnostics) }
    return products
  }

  /// `direct`, `revenuecat`, or `{name: revenuecat, billing-issue-order: cancellation-first}`.
  static func decodeChannel(_ node: YAMLNode, store: StoreKind?) throws(DiagnosticError) -> ScenarioChannel {
    let names = ["direct", "revenuecat"]
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
      try reader.finish()
    } else {
      name = try node.decodeChoice(from: names, what: "channel")
    }
    guard name == "revenuecat" else { return .direct }
    if store == .stripe {
      let message = "simsub plays the revenuecat channel for apple and google, not stripe"
      throw DiagnosticError(.error(message, at: node.location))
    }
    return .revenueCat(order)
  }

  static func defaultGrace(_ store: StoreKind, _ period: BillingPeriod) -> TimeSpan {
    switch store {
    case .apple: AppStoreModel.defaultGrace(for: period)
    case .google: GooglePlayModel.defaultGrace(for: period)
    case .stripe: StripeModel.defaultGrace(window: StripeModel.defaultHold(for: period))
    }
  }

  static func defaultHold(_ store: StoreKind, _ period: BillingPeriod, _ grace: TimeSpan) -> TimeSpan {
    switch store {
    case .apple: AppStoreModel.defaultHold(for: period, grace: grace)
    case .google: GooglePlayModel.defaultHold(for: period, grace: grace)
    case .stripe: StripeModel.defaultHold(for: period)
    }
  }

  static func storeLimitError(_ store: StoreKind, _ product: Product) -> String? {
    do {
      switch store {
      case .apple: _ = try AppStoreModel(products: [product])
      case .google: _ = try GooglePlayModel(products: [product])
      case .stripe: _ = try StripeModel(products: [product])
      }
      return nil
    } catch {
      return error.message
    }
  }

  /// `9.99` → 9990 milliunits; up to three decimals.
  static func decodePrice(_ node: YAMLNode) throws(DiagnosticError) -> Int64 {
    let text = try node.decodeText(expected: "a price")
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, let whole = Int64(parts[0]), whole >= 0, whole < 1_000_000_000,
      parts.count == 1 || (parts[1].count <= 3 && !parts[1].isEmpty && parts[1].allSatisfy(\.isNumber))
    else {
      throw DiagnosticError(.error("expected a price such as 9.99, found '\(text)'", at: node.location))
    }
    var fraction: Int64 = 0
    if parts.count == 2 {
      fraction = Int64(parts[1])! * [100, 10, 1][parts[1].count - 1]
    }
    return whole * 1000 + fraction
  }

  // MARK: Instants

  static func decodeInstantLiteral(_ node: YAMLNode) throws(DiagnosticError) -> Instant {
    let text = try node.decodeText(expected: "an RFC 3339 instant")
    guard let instant = RFC3339.parse(text) else {
      throw DiagnosticError(.error("expected an RFC 3339 instant such as 2026-01-31T09:00:00Z, found '\(text)'", at: node.location))
    }
    return instant
  }

  /// `30d`, an RFC 3339 instant, or `renewal N [+|- duration]`.
  static func decodeAt(_ node: YAMLNode) throws(DiagnosticError) -> ScenarioInstant {
    let text = try node.decodeText(expected: "an instant")
    if text.hasPrefix("renewal") {
      var rest = text.dropFirst("renewal".count).drop(while: { $0 == " " })
      let digits = rest.prefix(while: \.isNumber)
      guard let n = Int32(digits), n >= 1 else {
        throw DiagnosticError(.error("expected 'renewal N' with N ≥ 1, as in 'renewal 2 + 6h', found '\(text)'", at: node.location))
      }
      rest = rest.dropFirst(digits.count).drop(while: { $0 == " " })
      if rest.isEmpty { return .renewal(n, offset: .zero) }
      guard let sign = rest.first, sign == "+" || sign == "-" else {
        throw DiagnosticError(.error("expected '+' or '-' after 'renewal \(n)', found '\(rest)'", at: node.location))
      }
      switch DurationSyntax.parse(rest.dropFirst().drop(while: { $0 == " " })) {
      case .success(let span): return .renewal(n, offset: sign == "-" ? -span : span)
      case .failure(let failure): throw DiagnosticError(.error(failure.message, at: node.location))
      }
    }
    if text.first?.isNumber == true, text.contains("T"), text.count >= 20 {
      return .absolute(try decodeInstantLiteral(node))
    }
    return .afterStart(try node.decodeDuration())
  }

  // MARK: Timeline

  static func decodeTimeline(_ node: YAMLNode, store: StoreKind, products: [Product]) throws(DiagnosticError)
    -> [TimelineEntry]
  {
    var diagnostics: [Diagnostic] = []
    var entries: [TimelineEntry] = []
    for item in try node.decodeList(expected: "a list of timeline entries") {
      var reader = MappingReader(
        item, knownKeys: ["at", "do", "product", "trial", "reason", "for", "text"] + deliveryKeys,
        expected: "a timeline entry")
      let at = reader.required("at") { n in try decodeAt(n) }
      let action = reader.required("do") { (n) -> String in
        let name = try n.decodeChoice(from: actions, what: "action")
        if store != .google, name == "pause" || name == "resume" {
          throw DiagnosticError(.error("google has \(name); \(store.name) does not", at: n.location))
        }
        return name
      }
      func product(_ reader: inout MappingReader, required: Bool) -> ProductIndex? {
        let decode: (YAMLNode) throws -> ProductIndex = { n in
          let id = try n.decodeText(expected: "a product id")
          guard let index = products.firstIndex(where: { $0.id.text == id }) else {
            let known = products.map(\.id.text)
            throw DiagnosticError(.error("unknown product '\(id)': this scenario has \(Spelling.list(known))", at: n.location))
          }
          return ProductIndex(index)
        }
        return required ? reader.required("product", decode) : reader.optional("product", decode)
      }
      var decoded: TimelineAction?
      switch action {
      case "subscribe":
        let p = product(&reader, required: false) ?? 0
        let trial = reader.optional("trial") { n in try decodeBool(n) }
        let wantsTrial = trial ?? (products.indices.contains(Int(p)) && products[Int(p)].trial != nil)
        decoded = .subscriber(.subscribe(product: p, trial: wantsTrial))
      case "card-fails":
        let reason = reader.optional("reason", default: DeclineReason.declined) { n in
          DeclineReason(name: try n.decodeChoice(from: DeclineReason.allCases.map(\.name), what: "reason"))!
        }
        decoded = .subscriber(.cardFails(reason))
      case "update-card": decoded = .subscriber(.updateCard)
      case "cancel": decoded = .subscriber(.cancel)
      case "uncancel": decoded = .subscriber(.uncancel)
      case "refund": decoded = .subscriber(.refund)
      case "resume": decoded = .subscriber(.resume)
      case "resubscribe":
        decoded = .subscriber(.resubscribe(product: product(&reader, required: false) ?? 0))
      case "change-product":
        if let p = product(&reader, required: true) { decoded = .subscriber(.changeProduct(p)) }
      case "pause":
        if let span = reader.required("for", { n in try n.decodeDuration() }) {
          decoded = .subscriber(.pause(span))
        }
      case "note":
        if let text = reader.required("text", { n in try n.decodeText(expected: "the note's text") }) {
          decoded = .note(text)
        }
      case "delivery":
        decoded = .delivery(reader.collect(at: item.location) { () in try decodeDelivery(item, keys: deliveryKeys + ["at", "do"]) } ?? DeliveryFaults())
      default: break
      }
      diagnostics += reader.diagnostics
      if let at, let decoded {
        let location = reader.entry("do")?.key.location ?? item.location
        entries.append(TimelineEntry(at: at, action: decoded, line: location.line, column: location.column))
      }
    }
    if !diagnostics.isEmpty { throw DiagnosticError(diagnostics) }
    return entries
  }

  static func decodeDelivery(_ node: YAMLNode, keys: [String]) throws(DiagnosticError) -> DeliveryFaults {
    var reader = MappingReader(node, knownKeys: keys, expected: "a delivery mapping")
    var faults = DeliveryFaults()
    faults.delay = reader.optional("delay", default: .zero) { n in try n.decodeDuration() }
    faults.duplicate = reader.optional("duplicate", default: false) { n in try decodeBool(n) }
    faults.reorder = reader.optional("reorder", default: .zero) { n in try n.decodeDuration() }
    faults.outage = reader.optional("outage", default: .zero) { (n) -> TimeSpan in
      var outage = MappingReader(n, knownKeys: ["for"], expected: "an outage mapping such as {for: 2d}")
      let span = outage.required("for") { f in try f.decodeDuration() }
      try outage.finish()
      return span ?? .zero
    }
    try reader.finish()
    return faults
  }

  static func decodeBool(_ node: YAMLNode) throws(DiagnosticError) -> Bool {
    switch try node.decodeChoice(from: ["yes", "no", "true", "false"], what: "value") {
    case "yes", "true": true
    default: false
    }
  }

  // MARK: Expectations and invariants

  static func decodeExpectations(_ node: YAMLNode) throws(DiagnosticError) -> [Expectation] {
    var diagnostics: [Diagnostic] = []
    var result: [Expectation] = []
    for item in try node.decodeList(expected: "a list of expectations") {
      var reader = MappingReader(item, knownKeys: expectKeys, expected: "an expectation")
      let at = reader.required("at") { n in try decodeAt(n) }
      let store = reader.optional("store") { n in
        StoreTruth(name: try n.decodeChoice(from: StoreTruth.allCases.map(\.name), what: "store state"))!
      }
      let entitlement = reader.optional("entitlement") { n in
        EntitlementState(name: try n.decodeChoice(from: EntitlementState.allCases.map(\.name), what: "entitlement"))!
      }
      let access = reader.optional("access") { n in try decodeBool(n) }
      let prompt = reader.optional("prompt") { n in
        RecoveryPrompt(name: try n.decodeChoice(from: RecoveryPrompt.allCases.map(\.name), what: "prompt"))!
      }
      let sent = reader.optional("sent", default: []) { (n) -> [String] in
        if case .sequence(let items) = n.kind {
          return try items.map { i in try i.decodeText(expected: "a notification name") }
        }
        return [try n.decodeText(expected: "a notification name")]
      }
      let charges = reader.optional("charges") { n in Int32(try n.decodeInteger(in: 0...1_000_000)) }
      if reader.isMapping, reader.entries.count == 1, at != nil {
        reader.report(.error("an expectation needs at least one of \(Spelling.list(Array(expectKeys.dropFirst())))", at: item.location))
      }
      diagnostics += reader.diagnostics
      if let at {
        result.append(
          Expectation(
            at: at, store: store, entitlement: entitlement, access: access, prompt: prompt, sent: sent,
            charges: charges, line: item.location.line, column: item.location.column))
      }
    }
    if !diagnostics.isEmpty { throw DiagnosticError(diagnostics) }
    return result
  }

  static func decodeInvariantLevels(_ node: YAMLNode) throws(DiagnosticError) -> [Invariant: InvariantLevel] {
    var reader = MappingReader(node, knownKeys: Invariant.allCases.map(\.rawValue), expected: "a mapping of invariant levels")
    var levels: [Invariant: InvariantLevel] = [:]
    for invariant in Invariant.allCases {
      if let level = reader.optional(invariant.rawValue, { n in
        InvariantLevel(rawValue: try n.decodeChoice(from: InvariantLevel.allCases.map(\.rawValue), what: "level"))!
      }) {
        levels[invariant] = level
      }
    }
    try reader.finish()
    return levels
  }
}

extension YAMLNode {
  func decodeTextOrEmpty() -> String {
    if case .scalar(let text, _) = kind { return text }
    return ""
  }
}
