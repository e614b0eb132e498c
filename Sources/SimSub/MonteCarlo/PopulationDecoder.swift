/// Turns a parsed `.pop` document into a ``Population``: every default filled in, every name,
/// probability and store limit checked, all errors collected and reported together, in the
/// same words and format as a scenario's.
enum PopulationDecoder {
  static let requiredKeys = ["name", "cohort"]
  static let topKeys = [
    "name", "users", "horizon", "seed", "policy", "start", "step", "cohort", "payments", "behaviour",
    "currency",
  ]
  static let groupKeys = ["share", "store", "product", "payments", "channel", "price-increase"]
  static let paymentKeys = ["renewal-failure", "reasons", "retry-success"]
  static let reasonKeys = DeclineReason.allCases.map(\.name)
  static let behaviourKeys = [
    "cancels-per-period", "opens-app-per-day", "opens-app-per-day-without-access", "fixes-card-per-day",
    "prompt-wears-off-per-day", "leaves-when-locked-out", "leaves-per-day-without-access",
  ]
  static let promptKeys = RecoveryPrompt.allCases.map(\.name)

  /// The most subscribers one run may play: their indices stay far inside the stores' id ranges.
  static let maximumUsers = 10_000_000_000
  /// The longest horizon: a century.
  static let maximumHorizon = TimeSpan.days(36_500)

  static func decode(_ root: YAMLNode, path: String) throws(DiagnosticError) -> Population {
    var top = MappingReader(root, knownKeys: topKeys, expected: "a population mapping")
    let name = top.required("name") { n in try n.decodeText(expected: "a one-line name") }
    let users = top.optional("users", default: 100_000) { n in try decodeUsers(n) }
    let horizon = top.optional("horizon", default: .days(365)) { n in try decodeHorizon(n) }
    let seed = top.optional("seed", default: 1) { n in try decodeSeed(n) }
    let policy = top.optional("policy", default: "reference") { n in
      try ScenarioDecoder.decodePolicy(n, scenarioPath: path)
    }
    let start = top.optional("start", default: Population.defaultStart) { n in
      try ScenarioDecoder.decodeInstantLiteral(n)
    }
    let step = top.optional("step", default: .days(1)) { (n) -> TimeSpan in
      let span = try n.decodeDuration()
      guard span.seconds > 0 else {
        throw DiagnosticError(.error("step must be longer than 0", at: n.location))
      }
      return span
    }
    let payments = top.optional("payments", default: PaymentRates()) { n in
      try decodePayments(n, base: PaymentRates())
    }
    let behaviour = top.optional("behaviour", default: Behaviour()) { n in try decodeBehaviour(n) }
    let currency = top.optional("currency", default: Population.defaultCurrency) { n in try decodeCurrency(n)
    }
    let cohort = top.required("cohort") { n in try decodeCohort(n, payments: payments, start: start) }
    try top.finish()
    guard let name, let cohort else { throw DiagnosticError(top.diagnostics) }
    return Population(
      path: path, name: name, users: users, horizon: horizon, seed: seed, policy: policy, start: start,
      step: step, cohort: cohort, payments: payments, behaviour: behaviour, currency: currency)
  }

  /// A currency code: three capital letters, as ISO 4217 writes them (`USD`, `EUR`, `JPY`).
  static func decodeCurrency(_ node: YAMLNode) throws(DiagnosticError) -> String {
    let text = try node.decodeText(expected: "a currency code such as USD")
    guard isCurrencyCode(text) else {
      throw DiagnosticError(
        .error(
          "expected a currency code of three capital letters such as USD or EUR (ISO 4217), found '\(YAMLNode.clipped(text))'",
          at: node.location))
    }
    return text
  }

  static func isCurrencyCode(_ text: String) -> Bool {
    text.utf8.count == 3 && text.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A }
  }

  // MARK: Numbers

  /// A number of subscribers, 1 to ``maximumUsers``.
  static func decodeUsers(_ node: YAMLNode) throws(DiagnosticError) -> Int {
    try node.decodeInteger(in: 1...maximumUsers)
  }

  /// A horizon: a duration longer than 0 and at most a century.
  static func decodeHorizon(_ node: YAMLNode) throws(DiagnosticError) -> TimeSpan {
    let span = try node.decodeDuration()
    guard span.seconds > 0, span <= maximumHorizon else {
      throw DiagnosticError(
        .error(
          "horizon must be longer than 0 and at most \(maximumHorizon.wholeDays)d, not \(span)",
          at: node.location))
    }
    return span
  }

  /// A seed: a whole number from 0 to 18446744073709551615.
  static func decodeSeed(_ node: YAMLNode) throws(DiagnosticError) -> UInt64 {
    let text = try node.decodeText(expected: "a seed")
    guard let seed = parseSeed(text) else {
      throw DiagnosticError(
        .error(
          "expected a seed, a whole number from 0 to \(UInt64.max), found '\(YAMLNode.clipped(text))'",
          at: node.location))
    }
    return seed
  }

  /// `UInt64` from plain decimal digits only (no sign, no spaces).
  static func parseSeed(_ text: String) -> UInt64? {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    return UInt64(text)
  }

  /// A probability written as a decimal from 0 to 1 (`0.07`, `1`, `0`).
  static func decodeProbability(_ node: YAMLNode) throws(DiagnosticError) -> Double {
    let text = try node.decodeText(expected: "a probability between 0 and 1")
    guard let value = parseDecimal(text), value >= 0, value <= 1 else {
      throw DiagnosticError(
        .error(
          "expected a probability between 0 and 1, such as 0.07, found '\(YAMLNode.clipped(text))'",
          at: node.location))
    }
    return value
  }

  /// `digits[.digits]`: the only number spelling a population takes, so `1e-2`, `.5`, `0x1`,
  /// `nan` and `7%` are errors rather than surprises.
  static func parseDecimal(_ text: String) -> Double? {
    let bytes = Array(text.utf8)
    var i = 0
    while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
    guard i > 0, i <= 12 else { return nil }
    if i < bytes.count {
      guard bytes[i] == 0x2E else { return nil }
      let fraction = i + 1
      i = fraction
      while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
      guard i > fraction, i == bytes.count, i - fraction <= 12 else { return nil }
    }
    return Double(text)
  }

  // MARK: Payments and behaviour

  static func decodePayments(_ node: YAMLNode, base: PaymentRates) throws(DiagnosticError) -> PaymentRates {
    var reader = MappingReader(node, knownKeys: paymentKeys, expected: "a payments mapping")
    var rates = base
    rates.renewalFailure = reader.optional("renewal-failure", default: base.renewalFailure) { n in
      try decodeProbability(n)
    }
    rates.reasons = reader.optional("reasons", default: base.reasons) { (n) -> PerReason<Double> in
      try decodeReasons(n)
    }
    rates.retrySuccess = reader.optional("retry-success", default: base.retrySuccess) { n in
      try decodePerReason(n, base: base.retrySuccess)
    }
    try reader.finish()
    return rates
  }

  /// The reasons' shares: a reason left out has share 0, and the shares add up to 1.
  static func decodeReasons(_ node: YAMLNode) throws(DiagnosticError) -> PerReason<Double> {
    let shares = try decodePerReason(node, base: PerReason(expired: 0, insufficientFunds: 0, declined: 0))
    let sum = shares.expired + shares.insufficientFunds + shares.declined
    guard abs(sum - 1) <= 1e-9 else {
      throw DiagnosticError(
        .error(
          "the reasons' shares add up to \(Self.describe(sum)); they must add up to 1", at: node.location))
    }
    return shares
  }

  /// One probability per decline reason; a reason left out keeps `base`'s value.
  static func decodePerReason(_ node: YAMLNode, base: PerReason<Double>) throws(DiagnosticError) -> PerReason<
    Double
  > {
    var reader = MappingReader(
      node, knownKeys: reasonKeys, expected: "a mapping by reason such as {expired: 0.35}")
    var values = base
    for reason in DeclineReason.allCases {
      values[reason] = reader.optional(reason.name, default: base[reason]) { n in try decodeProbability(n) }
    }
    try reader.finish()
    return values
  }

  static func decodeBehaviour(_ node: YAMLNode) throws(DiagnosticError) -> Behaviour {
    var reader = MappingReader(node, knownKeys: behaviourKeys, expected: "a behaviour mapping")
    var b = Behaviour()
    b.cancelsPerPeriod = reader.optional("cancels-per-period", default: b.cancelsPerPeriod) { n in
      try decodeProbability(n)
    }
    b.opensAppPerDay = reader.optional("opens-app-per-day", default: b.opensAppPerDay) { n in
      try decodeProbability(n)
    }
    b.opensAppPerDayWithoutAccess = reader.optional("opens-app-per-day-without-access") { n in
      try decodeProbability(n)
    }
    b.fixesCardPerDay = reader.optional("fixes-card-per-day", default: b.fixesCardPerDay) {
      (n) -> PerPrompt<Double> in
      var prompts = MappingReader(
        n, knownKeys: promptKeys, expected: "a mapping by prompt such as {none: 0.01, soft: 0.05, hard: 0.08}"
      )
      var values = Behaviour().fixesCardPerDay
      for prompt in RecoveryPrompt.allCases {
        values[prompt] = prompts.optional(prompt.name, default: values[prompt]) { p in
          try decodeProbability(p)
        }
      }
      try prompts.finish()
      return values
    }
    b.promptWearsOffPerDay = reader.optional("prompt-wears-off-per-day", default: b.promptWearsOffPerDay) {
      n in
      try decodeProbability(n)
    }
    b.leavesWhenLockedOut = reader.optional("leaves-when-locked-out", default: b.leavesWhenLockedOut) { n in
      try decodeProbability(n)
    }
    b.leavesPerDayWithoutAccess = reader.optional(
      "leaves-per-day-without-access", default: b.leavesPerDayWithoutAccess
    ) { n in try decodeProbability(n) }
    try reader.finish()
    return b
  }

  // MARK: Cohort

  static func decodeCohort(
    _ node: YAMLNode, payments: PaymentRates, start: Instant = Population.defaultStart
  ) throws(DiagnosticError) -> [CohortGroup] {
    let items = try node.decodeList(
      expected: "a list of groups such as {share: 0.6, store: apple, product: {period: 1M}}")
    guard !items.isEmpty else {
      throw DiagnosticError(.error("expected at least one group in the cohort", at: node.location))
    }
    var diagnostics: [Diagnostic] = []
    var groups: [CohortGroup] = []
    var allShares = true
    var firstStripeGrace: (Int, TimeSpan)?
    // A store's catalog holds each product id once (the stores' own rule, see AppStoreLimits
    // and StripeLimits): the group and place that first sold each one, by store.
    var firstSeller: [StoreKind: [ProductID: (group: Int, at: SourceLocation)]] = [:]
    for (offset, item) in items.enumerated() {
      let number = offset + 1
      var reader = MappingReader(
        item, knownKeys: groupKeys, expected: "a group such as {share: 0.6, store: apple}")
      let share: Double?
      if items.count == 1, !reader.contains("share") {
        share = 1
      } else {
        share = reader.required("share") { (n) -> Double in
          let value = try decodeProbability(n)
          guard value > 0 else {
            throw DiagnosticError(.error("a group's share must be more than 0", at: n.location))
          }
          return value
        }
      }
      let store = reader.required("store") { (n) -> StoreKind in
        StoreKind(name: try n.decodeChoice(from: StoreKind.allCases.map(\.name), what: "store"))!
      }
      var product: Product?
      if let store {
        if let productNode = reader["product"] {
          product = reader.collect(at: productNode.location) { () -> Product in
            guard productNode.mappingEntries != nil else {
              throw DiagnosticError(
                .error(
                  "expected a product mapping such as {period: 1M, price: 9.99, grace: 16d}, found \(productNode.shapeDescription)",
                  at: productNode.location))
            }
            let (products, problems) = ScenarioDecoder.decodeProducts(productNode, store: store)
            guard problems.isEmpty, let product = products.first else { throw DiagnosticError(problems) }
            return product
          }
        } else {
          product =
            ScenarioDecoder.decodeProducts(YAMLNode.mapping([:], at: item.location), store: store).0.first
        }
      }
      let groupPayments = reader.optional("payments", default: payments) { n in
        try decodePayments(n, base: payments)
      }
      let channel = reader.optional("channel", default: ScenarioChannel.direct) { n in
        try ScenarioDecoder.decodeChannel(n, store: store)
      }
      let priceIncrease = reader.optional("price-increase") { (n) -> CohortPriceIncrease in
        try decodePriceIncrease(n, store: store, product: product, start: start)
      }
      if reader.diagnostics.isEmpty, let store, let product {
        let productNode = reader["product"]
        let at = productNode?["id"]?.location ?? productNode?.location ?? item.location
        if let first = firstSeller[store]?[product.id] {
          reader.report(
            .error(
              "duplicate \(store.name) product id '\(YAMLNode.clipped(product.id.text))': group \(first.group) "
                + "already sells it (line \(first.at.line)); give each group's product its own 'id'",
              at: at, notes: [Diagnostic.Note("first sold here", at: first.at)]))
        } else {
          firstSeller[store, default: [:]][product.id] = (number, at)
        }
      }
      if reader.diagnostics.isEmpty, store == .stripe, let product {
        if let (first, grace) = firstStripeGrace {
          if grace != product.grace {
            let message =
              "the app's grace during stripe's past_due is one promise for every stripe group: "
              + "group \(first) has \(grace), group \(number) has \(product.grace)"
            let productNode = reader["product"]
            let at = productNode?["grace"]?.location ?? productNode?.location ?? item.location
            reader.report(.error(message, at: at))
          }
        } else {
          firstStripeGrace = (number, product.grace)
        }
      }
      diagnostics += reader.diagnostics
      if share == nil { allShares = false }
      if let share, let store, let product {
        groups.append(
          CohortGroup(
            share: share, store: store, product: product, payments: groupPayments, channel: channel,
            priceIncrease: priceIncrease))
      }
    }
    if diagnostics.isEmpty, allShares {
      let sum = groups.reduce(0) { $0 + $1.share }
      if abs(sum - 1) > 1e-9 {
        diagnostics.append(
          .error("the groups' shares add up to \(describe(sum)); they must add up to 1", at: node.location))
      }
    }
    if !diagnostics.isEmpty { throw DiagnosticError(diagnostics) }
    return groups
  }

  /// A group's `price-increase: {at: 120d, accepts: 0.8}`: a price increase that needs consent,
  /// which simsub's App Store and Google Play models play (Google's opt-in increase), to the
  /// product's `raised-price`, after every subscriber of the group has started (one period after
  /// the population's start).
  static func decodePriceIncrease(_ node: YAMLNode, store: StoreKind?, product: Product?, start: Instant)
    throws(DiagnosticError) -> CohortPriceIncrease
  {
    var reader = MappingReader(
      node, knownKeys: ["at", "accepts"], expected: "a price increase such as {at: 120d, accepts: 0.8}")
    let at = reader.required("at") { n in try n.decodeDuration() }
    let accepts = reader.required("accepts") { n in try decodeProbability(n) }
    let raise = TimelineActionName.raisePrice
    if let store, !raise.owners.contains(store) {
      let verb = raise.owners.count == 1 ? "plays" : "play"
      reader.report(
        .error(
          "price-increase is a price increase, which \(raise.ownersPhrase) \(verb); \(store.name) does not",
          at: node.location))
    } else if let product, product.raisedPriceMilliunits == nil {
      reader.report(
        .error(
          "price-increase raises the product to its 'raised-price': give the product one, such as 'raised-price: 12.99'",
          at: node.location))
    }
    if let at, let product, at < product.period.advance(start, by: 1) - start {
      reader.report(
        .error(
          "a price increase comes after every subscriber has started: at least one period (\(product.period.code)), not \(at)",
          at: reader["at"]?.location ?? node.location))
    }
    guard reader.diagnostics.isEmpty, let at, let accepts else { throw DiagnosticError(reader.diagnostics) }
    return CohortPriceIncrease(at: at, accepts: accepts)
  }

  /// A sum for a message: up to nine decimals, without trailing zeros.
  static func describe(_ value: Double) -> String {
    let scaled = (value * 1e9).rounded()
    guard scaled.magnitude < 1e15 else { return "more than a million" }
    let whole = Int64(scaled) / 1_000_000_000
    var fraction = String(Int64(scaled) % 1_000_000_000)
    fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
  }
}
