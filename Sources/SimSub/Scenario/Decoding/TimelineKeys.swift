/// How a timeline entry's keys are read: the readers of the values the actions' keys take
/// (a product, a decline reason, a pause length, …), each with the checks against the rest of
/// the scenario (its store, products and family) that make a wrong value a located error.
/// ``TimelineActionName/decode(_:with:)`` reads an action's keys with them.
struct TimelineKeys {
  /// What the rest of the scenario says (its store, products, family members, start).
  let context: ScenarioDecoder.Context
  /// The timeline entry, for errors that belong to the whole entry.
  let item: YAMLNode
  let readProduct: (inout MappingReader, Bool) -> ProductIndex?
  let reason: (YAMLNode) throws -> SubscriberAction
  let pause: (YAMLNode) throws -> TimeSpan
  let extendBy: (YAMLNode) throws -> TimeSpan
  let deferBy: (YAMLNode) throws -> TimeSpan
  let member: (YAMLNode) throws -> Int
  let text: (YAMLNode) throws -> String
  let firstPayment: (YAMLNode) throws -> String
  let consent: (YAMLNode) throws -> Bool
  let longNotice: (YAMLNode) throws -> Bool
  let paymentMethod: (YAMLNode) throws -> Bool
  let replacementMode: (YAMLNode) throws -> GoogleReplacementMode
  let proration: (YAMLNode) throws -> StripeProrationBehavior

  /// The entry's `product`, one of the scenario's products.
  func product(_ reader: inout MappingReader, required: Bool) -> ProductIndex? {
    readProduct(&reader, required)
  }

  /// Reads every key any action takes, for an entry whose action is itself wrong (missing,
  /// unknown, or not the store's): its error is reported, and every other key the entry has is
  /// still checked, so a misspelt reason shows in the same run as a misspelt action.
  func readEveryKey(_ reader: inout MappingReader) {
    // The action itself is wrong (missing, unknown, or not the store's): its error is
    // reported, and every other key the entry has is still checked, so a misspelt reason
    // shows in the same run as a misspelt action.
    _ = product(&reader, required: false)
    _ = reader.optional("trial") { n in try ScenarioDecoder.decodeBool(n, what: "trial") }
    _ = reader.optional("first-payment", firstPayment)
    _ = reader.optional("payment-method", paymentMethod)
    _ = reader.optional("reason", reason)
    _ = reader.optional("for", pause)
    _ = reader.optional("by") { n in try n.decodeDuration() }
    _ = reader.optional("consent", consent)
    _ = reader.optional("notice", longNotice)
    _ = reader.optional("replacement-mode", replacementMode)
    _ = reader.optional("proration", proration)
    _ = reader.optional("member", member)
    _ = reader.optional("text", text)
    _ = ScenarioDecoder.decodeDelivery(&reader)
  }
}

extension ScenarioDecoder {
  /// The key readers of one timeline entry, checked against `context`.
  static func timelineKeyReaders(_ context: Context, item: YAMLNode) -> TimelineKeys {
    /// Refuses `n`, a key only `owner` has, when the scenario is of another store: `message`
    /// says so, given that store.
    func only(_ owner: StoreKind, _ n: YAMLNode, _ message: (StoreKind) -> String) throws {
      if let store = context.store, store != owner {
        throw DiagnosticError(.error(message(store), at: n.location))
      }
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
    // A decline reason, or (Stripe) a hard decline code Smart Retries does not retry.
    let reason: (YAMLNode) throws -> SubscriberAction = { n in
      let hard = UnretryableDecline.hardDeclines
      let soft = DeclineReason.allCases.map(\.name)
      if let store = context.store, store != .stripe {
        if let text = try? n.decodeText(expected: "a reason"), hard.contains(where: { $0.name == text }) {
          throw DiagnosticError(
            .error(
              "\(text) is a stripe hard decline (retries wait for a new card); \(store.name) takes \(Spelling.list(soft))",
              at: n.location))
        }
        return .cardFails(DeclineReason(name: try n.decodeChoice(from: soft, what: "reason"))!)
      }
      let name = try n.decodeChoice(from: soft + hard.map(\.name), what: "reason")
      if let reason = DeclineReason(name: name) { return .cardFails(reason) }
      return .cardFailsHard(hard.first { $0.name == name }!)
    }
    // Google's pause lengths (lifecycle guide, "Paused subscriptions"): 1 to 4 weeks for a
    // weekly plan, written as days or weeks and played exactly; 1, 2 or 3 calendar months for a
    // longer one, written `1M`, `2M`, `3M` (a day count would play as a calendar month, not as
    // written); none for a yearly one. Checked against the scenario's products: an error when
    // Google would refuse the length for every one of them.
    let pause: (YAMLNode) throws -> TimeSpan = { n in
      let periods = context.products.map(\.period)
      let span: TimeSpan
      if let text = n.scalarText, let months = BillingPeriod(code: text),
        [.oneMonth, .twoMonths, .threeMonths].contains(months)
      {
        span = GooglePlayModel.pauseSpan(months: months.months)
      } else {
        span = try n.decodeDuration()
        guard span.seconds > 0 else {
          throw DiagnosticError(
            .error("a pause of 0 changes nothing: give a length such as '1M' or '2w'", at: n.location))
        }
      }
      let isMonths = n.scalarText.flatMap { BillingPeriod(code: $0) } != nil
      func plays(on period: BillingPeriod) -> Bool {
        if period == .oneWeek { return !isMonths && GooglePlayModel.pauseLength(span, for: period) != nil }
        return isMonths && period != .oneYear
      }
      guard context.store == .google, let period = periods.first, !periods.contains(where: plays) else {
        return span
      }
      let written = YAMLNode.clipped(n.scalarText ?? span.description)
      let message =
        switch period {
        case .oneWeek: "google pauses a weekly product for 1, 2, 3 or 4 weeks (1w to 4w), not \(written)"
        case .oneYear: "google offers no pause for a yearly product"
        default:
          "google pauses a \(period.adjective) product for 1, 2 or 3 calendar months: write 1M, 2M or 3M, not \(written)"
        }
      throw DiagnosticError(.error(message, at: n.location))
    }
    // Apple's `extendByDays`: "a number from 1 to 90" (App Store Server API).
    let extendBy: (YAMLNode) throws -> TimeSpan = { n in
      let span = try n.decodeDuration()
      guard span.seconds % 86_400 == 0, (TimeSpan.days(1)...TimeSpan.days(90)).contains(span) else {
        throw DiagnosticError(
          .error("apple extends a renewal date by whole days, 1d to 90d, not \(span)", at: n.location))
      }
      return span
    }
    // Google's deferral: "Google Play supports subscription deferrals for 1 to 365 days"
    // (RevenueCat, which calls `purchases.subscriptionsv2.defer`; docs/STORE-MODELS.md).
    let deferBy: (YAMLNode) throws -> TimeSpan = { n in
      let span = try n.decodeDuration()
      guard (TimeSpan.days(1)...TimeSpan.days(365)).contains(span) else {
        throw DiagnosticError(
          .error("google defers a billing date by 1d to 365d, not \(span)", at: n.location))
      }
      return span
    }
    let member: (YAMLNode) throws -> Int = { n in
      try ScenarioDecoder.decodeMember(n, familyMembers: context.familyMembers)
    }
    let text: (YAMLNode) throws -> String = { n in try n.decodeText(expected: "the note's text") }
    // Stripe's `incomplete` (the first payment fails or needs authentication) and Google's
    // pending purchase (paid later).
    let firstPayment: (YAMLNode) throws -> String = { n in
      let choice = try n.decodeChoice(from: ["fails", "requires-action", "pending"], what: "first payment")
      switch (context.store, choice) {
      case (nil, _), (.stripe, "fails"), (.stripe, "requires-action"), (.google, "pending"): return choice
      case (.google, _), (.stripe, _):
        let store = context.store!
        let own = store == .google ? "'pending'" : "'fails' or 'requires-action'"
        throw DiagnosticError(
          .error("\(store.name)'s first payment may be \(own), not '\(choice)'", at: n.location))
      case (let store?, _):
        throw DiagnosticError(
          .error(
            "stripe (fails, requires-action) and google (pending) have first-payment; \(store.name) does not",
            at: n.location))
      }
    }
    // Whether the customer must consent to a price increase (Apple decides by its thresholds
    // and the storefront's law; the scenario says which).
    let consent: (YAMLNode) throws -> Bool = { n in
      try n.decodeChoice(from: ["required", "not-required"], what: "consent") == "required"
    }
    // Google's opt-out notice, "either 30 days or 60 days" by country: whether it is 60.
    let longNotice: (YAMLNode) throws -> Bool = { n in
      let days = try n.decodeChoice(from: ["30d", "60d"], what: "notice")
      try only(.google, n) {
        "notice is Google's opt-out notice period (30d or 60d); \($0.name) has none to choose"
      }
      return days == "60d"
    }
    // Stripe: `payment-method: none` begins a free trial without a payment method (false).
    let paymentMethod: (YAMLNode) throws -> Bool = { n in
      let choice = try n.decodeChoice(from: ["card", "none"], what: "payment method")
      try only(.stripe, n) {
        "stripe has payment-method (a free trial begun without one); \($0.name) does not"
      }
      return choice == "card"
    }
    // How a product change is billed: Google's replacement mode, Stripe's proration behaviour.
    let replacementMode: (YAMLNode) throws -> GoogleReplacementMode = { n in
      let choice = try n.decodeChoice(
        from: GoogleReplacementMode.allCases.map(\.name), what: "replacement mode")
      try only(.google, n) { store in
        "google has replacement-mode (how a plan change is billed); \(store.name) does not\(store == .stripe ? ": stripe's is 'proration'" : "")"
      }
      return GoogleReplacementMode(name: choice)!
    }
    let proration: (YAMLNode) throws -> StripeProrationBehavior = { n in
      let choice = try n.decodeChoice(
        from: StripeProrationBehavior.allCases.map(\.name), what: "proration behavior")
      try only(.stripe, n) { store in
        "stripe has proration (how a plan change is billed); \(store.name) does not\(store == .google ? ": google's is 'replacement-mode'" : "")"
      }
      return StripeProrationBehavior(name: choice)!
    }
    return TimelineKeys(
      context: context, item: item, readProduct: { reader, required in product(&reader, required: required) },
      reason: reason, pause: pause, extendBy: extendBy, deferBy: deferBy, member: member, text: text,
      firstPayment: firstPayment, consent: consent, longNotice: longNotice, paymentMethod: paymentMethod,
      replacementMode: replacementMode, proration: proration)
  }
}
