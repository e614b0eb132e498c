/// The App Store's facts, as the lane registry asks for them: the numbers are
/// ``AppStoreDefaults``' and the limits ``AppStoreLimits``', with their sources.
extension AppStoreModel: StoreFacts {
  public static func selling(_ products: [Product]) throws(StoreConfigurationError) -> AppStoreModel {
    try AppStoreModel(products: products)
  }

  /// Grace defaults to 16 days (6 for weekly products), simsub's choice; hold to the rest of
  /// Apple's documented 60-day billing-retry window.
  public static func graceAndHold(period: BillingPeriod, grace: TimeSpan?, hold: TimeSpan?)
    -> (grace: TimeSpan, hold: TimeSpan)
  {
    let grace = grace ?? defaultGrace(for: period)
    return (grace, hold ?? defaultHold(for: period, grace: grace))
  }

  public static func limitProblems(_ product: Product) -> [StoreConfigurationError] {
    AppStoreLimits.problems(product)
  }

  public static var notificationSource: SubscriptionSource { .appStore }
}
