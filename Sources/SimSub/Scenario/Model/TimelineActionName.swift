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
    case .raisePrice: ["consent"]
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
}
