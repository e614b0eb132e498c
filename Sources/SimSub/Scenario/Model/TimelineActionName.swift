/// The actions of a timeline entry (`do: NAME`), in the scenario format's order, each with the
/// keys it takes besides `at` and `do`: the table the decoder reads entries by and the reports
/// name actions by. Which stores alone have an action is each store's fact
/// (``StoreFacts/ownActions``).
enum TimelineActionName: String, CaseIterable {
  case subscribe
  case cardFails = "card-fails"
  case updateCard = "update-card"
  case authenticate
  case completePurchase = "complete-purchase"
  case cancel
  case uncancel
  case resubscribe
  case redeemOffer = "redeem-offer"
  case refund
  case requestRefund = "request-refund"
  case declineRefund = "decline-refund"
  case reverseRefund = "reverse-refund"
  case extendRenewal = "extend-renewal"
  case raisePrice = "raise-price"
  case removeFromSale = "remove-from-sale"
  case acceptPrice = "accept-price"
  case deferBilling = "defer"
  case changeProduct = "change-product"
  case pause
  case resume
  case stopSharing = "stop-sharing"
  case leaveFamily = "leave-family"
  case note
  case delivery

  /// The scenario spelling.
  var name: String { rawValue }

  /// The keys the action takes besides `at` and `do`.
  var keys: [String] {
    switch self {
    case .subscribe: ["product", "trial", "first-payment", "payment-method"]
    case .cardFails: ["reason"]
    case .resubscribe, .redeemOffer: ["product"]
    case .changeProduct: ["product", "replacement-mode", "proration"]
    case .pause: ["for"]
    case .extendRenewal, .deferBilling: ["by"]
    case .raisePrice: ["consent", "notice"]
    case .leaveFamily: ["member"]
    case .note: ["text"]
    case .delivery: ScenarioDecoder.deliveryKeys
    case .updateCard, .authenticate, .completePurchase, .cancel, .uncancel, .refund, .reverseRefund, .resume,
      .stopSharing, .acceptPrice, .requestRefund, .declineRefund, .removeFromSale:
      []
    }
  }

  /// The stores that have the action, for an action only some stores have (`pause` is
  /// Google's, `raise-price` Apple's and Google's); empty for one every store has.
  var owners: [StoreKind] {
    StoreKind.allCases.filter { StoreLanes.model(of: $0).ownActions.contains(self) }
  }

  /// ``owners`` as a sentence's subject: `apple`, `apple and google`, `apple, google and stripe`.
  var ownersPhrase: String {
    let names = owners.map(\.name)
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
  }

  /// The action a subscriber's engine action is written as.
  init(_ action: SubscriberAction) {
    switch action {
    case .subscribe, .subscribeIncomplete, .subscribePending, .subscribeWithoutPaymentMethod:
      self = .subscribe
    case .authenticate: self = .authenticate
    case .completePurchase: self = .completePurchase
    case .cardFails, .cardFailsHard: self = .cardFails
    case .updateCard: self = .updateCard
    case .cancel: self = .cancel
    case .uncancel: self = .uncancel
    case .resubscribe: self = .resubscribe
    case .redeemOffer: self = .redeemOffer
    case .refund: self = .refund
    case .reverseRefund: self = .reverseRefund
    case .requestRefund: self = .requestRefund
    case .declineRefund: self = .declineRefund
    case .extendRenewal: self = .extendRenewal
    case .raisePrice: self = .raisePrice
    case .acceptPrice: self = .acceptPrice
    case .removeFromSale: self = .removeFromSale
    case .deferBilling: self = .deferBilling
    case .changeProduct: self = .changeProduct
    case .pause: self = .pause
    case .resume: self = .resume
    case .stopSharing(let member): self = member == 0 ? .stopSharing : .leaveFamily
    }
  }

  /// The entry this action's keys describe, read with `keys`; `nil` when a key is wrong (its
  /// error is in `reader`). The one place an action's keys become what it does: a new action is
  /// a case here, beside its name and keys above.
  func decode(_ reader: inout MappingReader, with keys: TimelineKeys) -> TimelineAction? {
    let (context, item) = (keys.context, keys.item)
    func product(_ reader: inout MappingReader, required: Bool) -> ProductIndex? {
      keys.product(&reader, required: required)
    }
    let reason = keys.reason
    let pause = keys.pause
    let extendBy = keys.extendBy
    let deferBy = keys.deferBy
    let member = keys.member
    let text = keys.text
    let firstPayment = keys.firstPayment
    let consent = keys.consent
    let longNotice = keys.longNotice
    let paymentMethod = keys.paymentMethod
    let replacementMode = keys.replacementMode
    let proration = keys.proration
    var decoded: TimelineAction?
    switch self {
    case .subscribe:
      let p = product(&reader, required: false) ?? 0
      let trial = reader.optional("trial") { n in try ScenarioDecoder.decodeBool(n, what: "trial") }
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
      let long = reader.optional("notice", default: false) { n in
        let long = try longNotice(n)
        if consentRequired {
          throw DiagnosticError(
            .error(
              "notice chooses an opt-out increase's notice (with 'consent: not-required'); an opt-in increase's is always 37 days",
              at: n.location))
        }
        return long
      }
      if context.products.contains(where: { $0.raisedPriceMilliunits != nil }) || context.products.isEmpty {
        decoded = .subscriber(.raisePrice(consentRequired: consentRequired, longNotice: long))
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
      decoded = .delivery(ScenarioDecoder.decodeDelivery(&reader))
    }
    return decoded
  }
}
