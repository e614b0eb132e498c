/// The App Store's facts, as the lane registry asks for them: the numbers are
/// ``AppStoreDefaults``' and the limits ``AppStoreLimits``', with their sources.
extension AppStoreModel: StoreFacts {
  static func selling(_ products: [Product]) throws(StoreConfigurationError) -> AppStoreModel {
    try AppStoreModel(products: products)
  }

  /// Grace defaults to 16 days (6 for weekly products), simsub's choice; hold to the rest of
  /// Apple's documented 60-day billing-retry window.
  static func graceAndHold(period: BillingPeriod, grace: TimeSpan?, hold: TimeSpan?)
    -> (grace: TimeSpan, hold: TimeSpan)
  {
    let grace = grace ?? defaultGrace(for: period)
    return (grace, hold ?? defaultHold(for: period, grace: grace))
  }

  static func limitProblems(_ product: Product) -> [StoreConfigurationError] {
    AppStoreLimits.problems(product)
  }

  static var notificationSource: SubscriptionSource { .appStore }

  /// Family Sharing's: the purchaser stops sharing, a family member leaves.
  static var ownActions: [TimelineActionName] { [.stopSharing, .leaveFamily] }

  /// The subtypes a `sent:` name may carry.
  static let sentSubtypes: [AppStoreNotificationSubtype] = [
    .initialBuy, .resubscribe, .downgrade, .upgrade, .autoRenewEnabled, .autoRenewDisabled,
    .voluntary, .billingRetry, .priceIncrease, .gracePeriod, .productNotForSale, .billingRecovery,
    .pending, .accepted, .summary, .failure, .unreported,
  ]

  /// A documented `notificationType`, with one of ``sentSubtypes`` or none.
  static func notificationNameProblem(_ name: String) -> NotificationNameProblem? {
    let parts = name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let types = AppStoreNotificationType.documented.map(\.rawValue)
    guard types.contains(parts[0]) else {
      if GooglePlayNotificationType(name: parts[0]) != nil {
        return .otherStore(.google, example: "DID_RENEW")
      }
      return .unknown(what: "apple notification type", word: parts[0], known: types)
    }
    if parts.count == 2 {
      let subtypes = sentSubtypes.map(\.rawValue)
      guard subtypes.contains(parts[1]) else {
        return .unknown(what: "apple notification subtype", word: parts[1], known: subtypes)
      }
    }
    return nil
  }
}
