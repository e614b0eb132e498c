/// What simsub knows of a store besides its rules in motion: the defaults a product gets when a
/// file leaves a setting out, and the limits the store sets on a product. Each store's model type
/// conforms in its own folder, so a store's facts sit beside its rules, and the lane registry
/// (``StoreLanes``) is the one place that asks for them by ``StoreKind``.
protocol StoreFacts: StoreModel {
  /// The store's model selling `products`, with the store's defaults for everything else
  /// (retry schedule, identifiers).
  static func selling(_ products: [Product]) throws(StoreConfigurationError) -> Self

  /// The grace and hold of a product of `period` whose file names `grace`, `hold`, both or
  /// neither: the named values kept, the store's defaults in place of the others.
  static func graceAndHold(period: BillingPeriod, grace: TimeSpan?, hold: TimeSpan?)
    -> (grace: TimeSpan, hold: TimeSpan)

  /// Every limit of the store that `product` breaks, each naming its setting.
  static func limitProblems(_ product: Product) -> [StoreConfigurationError]

  /// The timeline actions only this store has (`pause` is Google's), beside the ones every
  /// store has.
  static var ownActions: [TimelineActionName] { get }

  /// Why `name` is not a notification the store sends directly (`TYPE` or `TYPE/SUBTYPE`), or
  /// `nil` when it is one.
  static func notificationNameProblem(_ name: String) -> NotificationNameProblem?

  /// The kind of notification the store sends directly, by which a server tells its sources
  /// apart.
  static var notificationSource: SubscriptionSource { get }
}

extension StoreFacts {
  /// A monthly `premium.monthly` with the store's default grace and hold: what a model sells
  /// when it must exist but has nothing of its own to sell (a population without this store).
  static var placeholderProduct: Product {
    let (grace, hold) = graceAndHold(period: .oneMonth, grace: nil, hold: nil)
    return Product(id: "premium.monthly", grace: grace, hold: hold)
  }
}
