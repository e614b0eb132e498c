/// The registry of store lanes: the one place that maps a store to its model type and a lane
/// (store × channel) to the model it plays. The scenario decoder, the scenario player, Monte
/// Carlo, counterexample replay and the policy table all ask it, so a new store is one entry
/// here and a folder of its own under `Stores/`.
enum StoreLanes {
  /// Hands `store`'s model type to `visitor`: the registry's one switch over the stores. The
  /// types are named here, so whatever `visitor` does is specialised for the store's model.
  static func withModel<Visitor: StoreTypeVisitor>(of store: StoreKind, _ visitor: Visitor) -> Visitor.Result
  {
    switch store {
    case .apple: visitor.visit(AppStoreModel.self)
    case .google: visitor.visit(GooglePlayModel.self)
    case .stripe: visitor.visit(StripeModel.self)
    }
  }

  /// The model type of `store`, whose facts (defaults, limits, names) the decoder reads.
  static func model(of store: StoreKind) -> any StoreFacts.Type { withModel(of: store, TypeOf()) }

  /// Builds `lane`'s store model selling `products`, behind the lane's channel (RevenueCat's
  /// wraps the store's model), and hands it to `visitor`, so the work is specialised for that
  /// store and channel.
  ///
  /// Stripe behind RevenueCat is refused (`RevenueCatChannel` throws), as the decoder refuses it
  /// in a file: simsub plays the RevenueCat channel for Apple and Google only.
  static func open<Visitor: StoreModelVisitor>(
    _ lane: StoreLane, selling products: [Product], _ visitor: Visitor
  ) throws(StoreConfigurationError) -> Visitor.Result {
    try withModel(of: lane.store, Opener(channel: lane.channel, products: products, visitor: visitor)).get()
  }

  private struct TypeOf: StoreTypeVisitor {
    func visit<Store: StoreFacts>(_ type: Store.Type) -> any StoreFacts.Type { type }
  }

  private struct Opener<Visitor: StoreModelVisitor>: StoreTypeVisitor {
    let channel: ScenarioChannel
    let products: [Product]
    let visitor: Visitor

    func visit<Store: StoreFacts>(_ type: Store.Type) -> Result<Visitor.Result, StoreConfigurationError> {
      do throws(StoreConfigurationError) {
        let store = try Store.selling(products)
        switch channel {
        case .direct: return .success(visitor.visit(store))
        case .revenueCat(let order):
          return .success(visitor.visit(try RevenueCatChannel(wrapping: store, billingIssueOrder: order)))
        }
      } catch {
        return .failure(error)
      }
    }
  }
}

/// Something done with a store's model type: what ``StoreLanes/withModel(of:_:)`` hands the
/// type to.
protocol StoreTypeVisitor {
  associatedtype Result
  func visit<Store: StoreFacts>(_ type: Store.Type) -> Result
}

/// Something done with a store model whose type is known: what ``StoreLanes/open(_:selling:_:)``
/// hands the model it builds to, so the work is specialised for that store and channel.
protocol StoreModelVisitor {
  associatedtype Result
  func visit<Store: StoreModel>(_ store: Store) -> Result
}
