/// A scenario's `timeline:`: what the subscriber does, and when.
extension ScenarioDecoder {
  static func decodeTimeline(_ node: YAMLNode, _ context: Context) throws(DiagnosticError) -> [TimelineEntry]
  {
    var diagnostics: [Diagnostic] = []
    var entries: [TimelineEntry] = []
    for item in try node.decodeList(expected: "a list of timeline entries") {
      // The action decides which keys the entry may have; read it first.
      let doText = item.mappingEntries?.first(where: { $0.key.text == "do" })?.value.scalarText
      let action = doText.flatMap(TimelineActionName.init(rawValue:))
      var reader = MappingReader(
        item, knownKeys: (item.mappingEntries ?? []).map(\.key.text),
        expected: "a timeline entry (a mapping with 'at' and 'do')")
      let sourceKey = context.isMulti ? ["source"] : []
      let allowed = action.map { ["at", "do"] + sourceKey + $0.keys } ?? timelineKeys + sourceKey
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
              "key '\(entry.key.text)' does not go with 'do: \(action.name)': expected \(Spelling.list(allowed))",
              at: entry.key.location))
        } else {
          reader.report(MappingReader.unknownKey(entry.key, knownKeys: allowed))
        }
      }
      let at = reader.required("at") { n in try decodeAt(n, start: context.start) }
      let name = reader.required("do") { (n) -> TimelineActionName in
        let name = TimelineActionName(rawValue: try n.decodeChoice(from: actions, what: "action"))!
        let owners = name.owners
        if !owners.isEmpty, let store = context.store, !owners.contains(store) {
          let verb = owners.count == 1 ? "has" : "have"
          throw DiagnosticError(
            .error("\(name.ownersPhrase) \(verb) \(name.name); \(store.name) does not", at: n.location))
        }
        if name == .stopSharing, context.familyMembers == 0 {
          throw DiagnosticError(
            .error(
              "stop-sharing needs family members to stop sharing with: add 'family-members: 1' or more",
              at: n.location))
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
      // A decline reason, or (Stripe) a hard decline code Smart Retries does not retry.
      let reason: (YAMLNode) throws -> SubscriberAction = { n in
        let hard = UnretryableDecline.hardDeclines
        let soft = DeclineReason.allCases.map(\.name)
        if let store = context.store, store != .stripe {
          if let text = try? n.decodeText(expected: "a reason"), hard.contains(where: { $0.name == text }) {
            throw DiagnosticError(
              .error(
                "\(text) is a stripe hard decline (not retried); \(store.name) takes \(Spelling.list(soft))",
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
      let member: (YAMLNode) throws -> Int = { n in try decodeMember(n, familyMembers: context.familyMembers)
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
      // Stripe: `payment-method: none` begins a free trial without a payment method (false).
      let paymentMethod: (YAMLNode) throws -> Bool = { n in
        let choice = try n.decodeChoice(from: ["card", "none"], what: "payment method")
        if let store = context.store, store != .stripe {
          throw DiagnosticError(
            .error(
              "stripe has payment-method (a free trial begun without one); \(store.name) does not",
              at: n.location))
        }
        return choice == "card"
      }
      // How a product change is billed: Google's replacement mode, Stripe's proration behaviour.
      let replacementMode: (YAMLNode) throws -> GoogleReplacementMode = { n in
        let choice = try n.decodeChoice(
          from: GoogleReplacementMode.allCases.map(\.name), what: "replacement mode")
        if let store = context.store, store != .google {
          throw DiagnosticError(
            .error(
              "google has replacement-mode (how a plan change is billed); \(store.name) does not\(store == .stripe ? ": stripe's is 'proration'" : "")",
              at: n.location))
        }
        return GoogleReplacementMode(name: choice)!
      }
      let proration: (YAMLNode) throws -> StripeProrationBehavior = { n in
        let choice = try n.decodeChoice(
          from: StripeProrationBehavior.allCases.map(\.name), what: "proration behavior")
        if let store = context.store, store != .stripe {
          throw DiagnosticError(
            .error(
              "stripe has proration (how a plan change is billed); \(store.name) does not\(store == .google ? ": google's is 'replacement-mode'" : "")",
              at: n.location))
        }
        return StripeProrationBehavior(name: choice)!
      }
      var decoded: TimelineAction?
      switch name {
      case .subscribe:
        let p = product(&reader, required: false) ?? 0
        let trial = reader.optional("trial") { n in try decodeBool(n, what: "trial") }
        let wantsTrial =
          trial ?? (context.products.indices.contains(Int(p)) && context.products[Int(p)].trial != nil)
        let hasPaymentMethod = reader.optional("payment-method", paymentMethod) ?? true
        if !hasPaymentMethod {
          let at = reader["payment-method"]?.location ?? item.location
          if reader["first-payment"] != nil {
            _ = reader.optional("first-payment", firstPayment)
            reader.report(
              .error(
                "a subscription without a payment method makes no first payment: drop 'first-payment' or 'payment-method: none'",
                at: at))
          } else if !wantsTrial {
            reader.report(
              .error(
                "payment-method: none begins a free trial without a payment method: the product needs a 'trial' and the entry no 'trial: no'",
                at: at))
          }
          decoded = .subscriber(.subscribeWithoutPaymentMethod(product: p))
        } else if let firstPayment = reader.optional("first-payment", firstPayment) {
          if trial == true {
            reader.report(
              .error(
                "a subscription with a trial makes no first payment: drop 'trial: yes' or 'first-payment'",
                at: reader["first-payment"]?.location ?? item.location))
          }
          decoded =
            firstPayment == "pending"
            ? .subscriber(.subscribePending(product: p))
            : .subscriber(
              .subscribeIncomplete(product: p, needsAuthentication: firstPayment == "requires-action"))
        } else {
          decoded = .subscriber(.subscribe(product: p, trial: wantsTrial))
        }
      case .cardFails:
        decoded = .subscriber(reader.optional("reason", default: .cardFails(.declined), reason))
      case .updateCard: decoded = .subscriber(.updateCard)
      case .authenticate: decoded = .subscriber(.authenticate)
      case .completePurchase: decoded = .subscriber(.completePurchase)
      case .cancel: decoded = .subscriber(.cancel)
      case .uncancel: decoded = .subscriber(.uncancel)
      case .refund: decoded = .subscriber(.refund)
      case .reverseRefund: decoded = .subscriber(.reverseRefund)
      case .requestRefund: decoded = .subscriber(.requestRefund)
      case .declineRefund: decoded = .subscriber(.declineRefund)
      case .resume: decoded = .subscriber(.resume)
      case .stopSharing: decoded = .subscriber(.stopSharing(member: 0))
      case .leaveFamily:
        if let member = reader.required("member", member) {
          decoded = .subscriber(.stopSharing(member: UInt8(clamping: member)))
        }
      case .resubscribe:
        decoded = .subscriber(.resubscribe(product: product(&reader, required: false) ?? 0))
      case .changeProduct:
        let p = product(&reader, required: true)
        let terms = ProductChangeTerms(
          replacementMode: reader.optional("replacement-mode", replacementMode),
          proration: reader.optional("proration", proration))
        if let p { decoded = .subscriber(.changeProduct(p, terms: terms)) }
      case .redeemOffer:
        let p = product(&reader, required: false) ?? 0
        if context.products.indices.contains(Int(p)), context.products[Int(p)].offer == nil {
          reader.report(
            .error(
              "redeem-offer redeems the product's offer: give \(context.products[Int(p)].id.text) one, such as 'offer: offer-code'",
              at: reader.entry("product")?.value.location ?? reader["do"]?.location ?? item.location))
        } else {
          decoded = .subscriber(.redeemOffer(product: p))
        }
      case .pause:
        if let span = reader.required("for", pause) { decoded = .subscriber(.pause(span)) }
      case .extendRenewal:
        if let span = reader.required("by", extendBy) { decoded = .subscriber(.extendRenewal(span)) }
      case .raisePrice:
        let consentRequired = reader.optional("consent", default: true, consent)
        if context.products.contains(where: { $0.raisedPriceMilliunits != nil }) || context.products.isEmpty {
          decoded = .subscriber(.raisePrice(consentRequired: consentRequired))
        } else {
          reader.report(
            .error(
              "raise-price raises a product to its 'raised-price': give the product one, such as 'raised-price: 12.99'",
              at: reader["do"]?.location ?? item.location))
        }
      case .acceptPrice: decoded = .subscriber(.acceptPrice)
      case .removeFromSale: decoded = .subscriber(.removeFromSale)
      case .deferBilling:
        if let span = reader.required("by", deferBy) { decoded = .subscriber(.deferBilling(span)) }
      case .note:
        if let text = reader.required("text", text) { decoded = .note(text) }
      case .delivery:
        decoded = .delivery(decodeDelivery(&reader))
      case nil:
        // The action itself is wrong (missing, unknown, or not the store's): its error is
        // reported, and every other key the entry has is still checked, so a misspelt reason
        // shows in the same run as a misspelt action.
        _ = product(&reader, required: false)
        _ = reader.optional("trial") { n in try decodeBool(n, what: "trial") }
        _ = reader.optional("first-payment", firstPayment)
        _ = reader.optional("payment-method", paymentMethod)
        _ = reader.optional("reason", reason)
        _ = reader.optional("for", pause)
        _ = reader.optional("by") { n in try n.decodeDuration() }
        _ = reader.optional("consent", consent)
        _ = reader.optional("replacement-mode", replacementMode)
        _ = reader.optional("proration", proration)
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
}
