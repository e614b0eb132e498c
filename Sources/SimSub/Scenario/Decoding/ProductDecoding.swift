/// A scenario's `product:`: one product or a list, each with the store's defaults and limits.
extension ScenarioDecoder {
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
      let graceRenewals = reader.optional("grace-renewals", default: GraceRenewals.all) {
        (n) -> GraceRenewals in
        let value = GraceRenewals(
          name: try n.decodeChoice(from: GraceRenewals.allCases.map(\.name), what: "value"))!
        if let store, store != .apple, value != .all {
          let message =
            "grace-renewals is an apple setting (App Store Connect's paid-to-paid-only grace): \(store.name) gives every failed renewal its grace period"
          throw DiagnosticError(.error(message, at: n.location))
        }
        return value
      }
      // The price after a `raise-price`: an increase (a decrease is not played), at a store that
      // plays one.
      let raisedPrice = reader.optional("raised-price") { (n) -> Int64 in
        let raised = try decodePrice(n)
        if let store, !StoreLanes.model(of: store).ownActions.contains(.raisePrice) {
          let raise = TimelineActionName.raisePrice
          let verb = raise.owners.count == 1 ? "plays" : "play"
          throw DiagnosticError(
            .error(
              "raised-price is the price after a raise-price, which \(raise.ownersPhrase) \(verb); \(store.name) does not",
              at: n.location))
        }
        guard raised > price else {
          throw DiagnosticError(
            .error(
              "raised-price must be above the product's price (\(Describe.price(price))): a price increase",
              at: n.location))
        }
        return raised
      }
      let missingPaymentMethod = reader.optional(
        "missing-payment-method", default: MissingPaymentMethod.createInvoice
      ) { (n) -> MissingPaymentMethod in
        let value = MissingPaymentMethod(
          name: try n.decodeChoice(from: MissingPaymentMethod.allCases.map(\.name), what: "value"))!
        if let store, store != .stripe {
          let message =
            "missing-payment-method is a stripe setting (a trial begun without a payment method); \(store.name) has none"
          throw DiagnosticError(.error(message, at: n.location))
        }
        return value
      }
      let offer = readOffer(&reader, productId: id, price: price, store: store)
      let (resolvedGrace, resolvedHold) = StoreLanes.model(of: store ?? .apple).graceAndHold(
        period: period, grace: grace, hold: hold)
      let product = Product(
        id: ProductID(id), period: period, priceMilliunits: price, grace: resolvedGrace,
        hold: resolvedHold, trial: trial, group: Symbol(group), whenRetriesEnd: retriesEnd,
        graceRenewals: graceRenewals, raisedPriceMilliunits: raisedPrice,
        missingPaymentMethod: missingPaymentMethod, offer: offer)
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
}
