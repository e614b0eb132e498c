/// Google Play's facts, as the lane registry asks for them: the defaults and limits are in
/// `GooglePlayLimits.swift`, with their sources.
extension GooglePlayModel: StoreFacts {
  public static func selling(_ products: [Product]) throws(StoreConfigurationError) -> GooglePlayModel {
    try GooglePlayModel(products: products)
  }

  /// Grace defaults to 7 days (3 for weekly plans), a simsub assumption; hold to 60 days minus
  /// grace, Google's documented default.
  public static func graceAndHold(period: BillingPeriod, grace: TimeSpan?, hold: TimeSpan?)
    -> (grace: TimeSpan, hold: TimeSpan)
  {
    let grace = grace ?? defaultGrace(for: period)
    return (grace, hold ?? defaultHold(for: period, grace: grace))
  }

  public static func limitProblems(_ product: Product) -> [StoreConfigurationError] {
    productProblems(product)
  }

  public static var notificationSource: SubscriptionSource { .googlePlay }
}
