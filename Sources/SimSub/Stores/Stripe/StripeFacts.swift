/// Stripe's facts, as the lane registry asks for them: the numbers and limits are
/// ``StripeDefaults``' and ``StripeLimits``', with their sources.
extension StripeModel: StoreFacts {
  static func selling(_ products: [Product]) throws(StoreConfigurationError) -> StripeModel {
    try StripeModel(products: products)
  }

  /// The retry window (`hold`) is chosen first, Stripe's recommended 2 weeks by default: the
  /// app's default grace is the whole window.
  static func graceAndHold(period: BillingPeriod, grace: TimeSpan?, hold: TimeSpan?)
    -> (grace: TimeSpan, hold: TimeSpan)
  {
    let hold = hold ?? defaultHold(for: period)
    return (grace ?? defaultGrace(window: hold), hold)
  }

  static func limitProblems(_ product: Product) -> [StoreConfigurationError] {
    StripeLimits.problems(product)
  }

  static var notificationSource: SubscriptionSource { .stripe }

  static var ownActions: [TimelineActionName] { [] }

  /// An event type simsub's model sends.
  static func notificationNameProblem(_ name: String) -> NotificationNameProblem? {
    let types = StripeEventType.modelled.map(\.rawValue)
    return types.contains(name) ? nil : .unknown(what: "stripe event type", word: name, known: types)
  }
}
