/// The actions of a timeline entry (`do: NAME`), in the scenario format's order, each with the
/// keys it takes besides `at` and `do`: the table the decoder reads entries by and the reports
/// name actions by. Which store alone has an action is that store's fact
/// (``StoreFacts/ownActions``).
enum TimelineActionName: String, CaseIterable {
  case subscribe
  case cardFails = "card-fails"
  case updateCard = "update-card"
  case authenticate
  case cancel
  case uncancel
  case resubscribe
  case refund
  case reverseRefund = "reverse-refund"
  case extendRenewal = "extend-renewal"
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
    case .resubscribe, .changeProduct: ["product"]
    case .pause: ["for"]
    case .extendRenewal: ["by"]
    case .leaveFamily: ["member"]
    case .note: ["text"]
    case .delivery: ScenarioDecoder.deliveryKeys
    case .updateCard, .authenticate, .cancel, .uncancel, .refund, .reverseRefund, .resume, .stopSharing: []
    }
  }

  /// The one store that has the action, for an action only one store has.
  var onlyStore: StoreKind? {
    StoreKind.allCases.first { StoreLanes.model(of: $0).ownActions.contains(self) }
  }

  /// The action a subscriber's engine action is written as.
  init(_ action: SubscriberAction) {
    switch action {
    case .subscribe, .subscribeIncomplete, .subscribeWithoutPaymentMethod: self = .subscribe
    case .authenticate: self = .authenticate
    case .cardFails, .cardFailsHard: self = .cardFails
    case .updateCard: self = .updateCard
    case .cancel: self = .cancel
    case .uncancel: self = .uncancel
    case .resubscribe: self = .resubscribe
    case .refund: self = .refund
    case .reverseRefund: self = .reverseRefund
    case .extendRenewal: self = .extendRenewal
    case .changeProduct: self = .changeProduct
    case .pause: self = .pause
    case .resume: self = .resume
    case .stopSharing(let member): self = member == 0 ? .stopSharing : .leaveFamily
    }
  }
}
