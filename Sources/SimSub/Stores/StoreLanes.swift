/// The registry of store lanes: the one place that maps a store to its model type and a lane
/// (store × channel) to the model it plays. The scenario decoder, the scenario player, Monte
/// Carlo, counterexample replay and the policy table all ask it, so a new store is one entry
/// here and a folder of its own under `Stores/`.
enum StoreLanes {
  /// The model type of `store`, whose facts (defaults, limits) the decoder reads.
  static func model(of store: StoreKind) -> any StoreFacts.Type {
    switch store {
    case .apple: AppStoreModel.self
    case .google: GooglePlayModel.self
    case .stripe: StripeModel.self
    }
  }

  /// Builds `lane`'s store model selling `products`, behind the lane's channel (RevenueCat's
  /// wraps the store's model), and hands it to `visitor`, so the work is specialised for that
  /// store and channel.
  ///
  /// Stripe behind RevenueCat is refused (`RevenueCatChannel` throws), as the decoder refuses it
  /// in a file: simsub plays the RevenueCat channel for Apple and Google only.
  static func open<Visitor: StoreModelVisitor>(
    _ lane: StoreLane, selling products: [Product], _ visitor: Visitor
  ) throws(StoreConfigurationError) -> Visitor.Result {
    try open(model(of: lane.store), lane.channel, products, visitor)
  }

  private static func open<Store: StoreFacts, Visitor: StoreModelVisitor>(
    _ type: Store.Type, _ channel: ScenarioChannel, _ products: [Product], _ visitor: Visitor
  ) throws(StoreConfigurationError) -> Visitor.Result {
    let store = try Store.selling(products)
    switch channel {
    case .direct: return visitor.visit(store)
    case .revenueCat(let order):
      return visitor.visit(try RevenueCatChannel(wrapping: store, billingIssueOrder: order))
    }
  }
}

/// Something done with a store model whose type is known: what ``StoreLanes/open(_:selling:_:)``
/// hands the model it builds to, so the work is specialised for that store and channel.
protocol StoreModelVisitor {
  associatedtype Result
  func visit<Store: StoreModel>(_ store: Store) -> Result
}
