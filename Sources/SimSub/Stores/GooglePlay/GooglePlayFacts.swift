/// Google Play's facts, as the lane registry asks for them: the defaults and limits are in
/// `GooglePlayLimits.swift`, with their sources.
extension GooglePlayModel: StoreFacts {
  static func selling(_ products: [Product]) throws(StoreConfigurationError) -> GooglePlayModel {
    try GooglePlayModel(products: products)
  }

  /// Grace defaults to 7 days (3 for weekly plans), a simsub assumption; hold to 60 days minus
  /// grace, Google's documented default.
  static func graceAndHold(period: BillingPeriod, grace: TimeSpan?, hold: TimeSpan?)
    -> (grace: TimeSpan, hold: TimeSpan)
  {
    let grace = grace ?? defaultGrace(for: period)
    return (grace, hold ?? defaultHold(for: period, grace: grace))
  }

  static func limitProblems(_ product: Product) -> [StoreConfigurationError] {
    productProblems(product)
  }

  static var notificationSource: SubscriptionSource { .googlePlay }

  /// Pausing and resuming a subscription, the developer deferring the billing date, paying a
  /// pending purchase, and the developer raising the price and the subscriber accepting it (the
  /// last two the App Store has too).
  static var ownActions: [TimelineActionName] {
    [.pause, .resume, .deferBilling, .completePurchase, .raisePrice, .acceptPrice]
  }

  /// The RTDNs the model sends (docs/STORE-MODELS.md): of Google's documented codes, not the
  /// items-changed (17), cancellation-scheduled (18) and price step-up (22) ones, which simsub
  /// does not play.
  static let sent: [GooglePlayNotificationType] = [
    .subscriptionRecovered, .subscriptionRenewed, .subscriptionCanceled, .subscriptionPurchased,
    .subscriptionOnHold, .subscriptionInGracePeriod, .subscriptionRestarted, .subscriptionPaused,
    .subscriptionPauseScheduleChanged, .subscriptionRevoked, .subscriptionExpired, .subscriptionDeferred,
    .subscriptionPendingPurchaseCanceled, .subscriptionPriceChangeConfirmed, .subscriptionPriceChangeUpdated,
  ]

  /// A documented RTDN name the model sends (``sent``), without a subtype (RTDNs have none).
  static func notificationNameProblem(_ name: String) -> NotificationNameProblem? {
    let names = GooglePlayNotificationType.documented.map(\.1)
    if let slash = name.firstIndex(of: "/"), names.contains(String(name[..<slash])) {
      return .noSubtype(type: String(name[..<slash]))
    }
    guard names.contains(name) else {
      let type = String(name.prefix { $0 != "/" })
      if AppStoreNotificationType.documented.map(\.rawValue).contains(type) {
        return .otherStore(.apple, example: "SUBSCRIPTION_RENEWED")
      }
      return .unknown(what: "google notification", word: name, known: names)
    }
    return NotificationNameProblem.sentCheck(name, sent: sent.map(\.name))
  }
}
