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
        if let owner = name.onlyStore, let store = context.store, store != owner {
          throw DiagnosticError(
            .error("\(owner.name) has \(name.name); \(store.name) does not", at: n.location))
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
      let pause: (YAMLNode) throws -> TimeSpan = { n in
        let span = try n.decodeDuration()
        guard span.seconds > 0 else {
          throw DiagnosticError(
            .error("a pause of 0 changes nothing: give a duration such as '30d'", at: n.location))
        }
        return span
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
      let member: (YAMLNode) throws -> Int = { n in try decodeMember(n, familyMembers: context.familyMembers)
      }
      let text: (YAMLNode) throws -> String = { n in try n.decodeText(expected: "the note's text") }
      // Stripe's `incomplete`: whether the first payment needs authentication (else it fails).
      let firstPayment: (YAMLNode) throws -> Bool = { n in
        let choice = try n.decodeChoice(from: ["fails", "requires-action"], what: "first payment")
        if let store = context.store, store != .stripe {
          throw DiagnosticError(
            .error(
              "stripe has first-payment (a subscription left incomplete); \(store.name) does not",
              at: n.location))
        }
        return choice == "requires-action"
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
        } else if let needsAuthentication = reader.optional("first-payment", firstPayment) {
          if trial == true {
            reader.report(
              .error(
                "a subscription with a trial makes no first payment: drop 'trial: yes' or 'first-payment'",
                at: reader["first-payment"]?.location ?? item.location))
          }
          decoded = .subscriber(.subscribeIncomplete(product: p, needsAuthentication: needsAuthentication))
        } else {
          decoded = .subscriber(.subscribe(product: p, trial: wantsTrial))
        }
      case .cardFails:
        decoded = .subscriber(reader.optional("reason", default: .cardFails(.declined), reason))
      case .updateCard: decoded = .subscriber(.updateCard)
      case .authenticate: decoded = .subscriber(.authenticate)
      case .cancel: decoded = .subscriber(.cancel)
      case .uncancel: decoded = .subscriber(.uncancel)
      case .refund: decoded = .subscriber(.refund)
      case .reverseRefund: decoded = .subscriber(.reverseRefund)
      case .resume: decoded = .subscriber(.resume)
      case .stopSharing: decoded = .subscriber(.stopSharing(member: 0))
      case .leaveFamily:
        if let member = reader.required("member", member) {
          decoded = .subscriber(.stopSharing(member: UInt8(clamping: member)))
        }
      case .resubscribe:
        decoded = .subscriber(.resubscribe(product: product(&reader, required: false) ?? 0))
      case .changeProduct:
        if let p = product(&reader, required: true) { decoded = .subscriber(.changeProduct(p)) }
      case .pause:
        if let span = reader.required("for", pause) { decoded = .subscriber(.pause(span)) }
      case .extendRenewal:
        if let span = reader.required("by", extendBy) { decoded = .subscriber(.extendRenewal(span)) }
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
        _ = reader.optional("by", extendBy)
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
