/// The App Store's facts, as the lane registry asks for them: the numbers are
/// ``AppStoreDefaults``' and the limits ``AppStoreLimits``', with their sources.
extension AppStoreModel: StoreFacts {
  static func selling(_ products: [Product]) throws(StoreConfigurationError) -> AppStoreModel {
    try AppStoreModel(products: products)
  }

  /// Grace defaults to 16 days (6 for weekly products), simsub's choice; hold to the rest of
  /// Apple's documented 60-day billing-retry window.
  ///
  /// A file's `grace:` is App Store Connect's setting, which is one for the whole app: 3, 16
  /// or 28 days. A weekly product gets at most 6 days of it (``AppStoreDefaults/weeklyGraceCap``),
  /// so `grace: 16d` or `28d` on a weekly product plays 6 days, with the window's other 54 as its
  /// billing retry.
  static func graceAndHold(period: BillingPeriod, grace: TimeSpan?, hold: TimeSpan?)
    -> (grace: TimeSpan, hold: TimeSpan)
  {
    var grace = grace ?? defaultGrace(for: period)
    if period == .oneWeek, grace > AppStoreDefaults.weeklyGraceCap,
      AppStoreDefaults.graceLengths.contains(grace)
    {
      grace = AppStoreDefaults.weeklyGraceCap
    }
    return (grace, hold ?? defaultHold(for: period, grace: grace))
  }

  static func limitProblems(_ product: Product) -> [StoreConfigurationError] {
    AppStoreLimits.problems(product)
  }

  static var notificationSource: SubscriptionSource { .appStore }

  /// Family Sharing's (the purchaser stops sharing, a family member leaves), a refund request
  /// and the App Store declining it or reversing a refund, the developer extending the renewal
  /// date, raising the price or taking the product off sale, the subscriber consenting to the
  /// increase, and redeeming a subscription offer.
  static var ownActions: [TimelineActionName] {
    [
      .requestRefund, .declineRefund, .reverseRefund, .extendRenewal, .raisePrice, .acceptPrice,
      .removeFromSale, .stopSharing, .leaveFamily, .redeemOffer,
    ]
  }

  /// Every `notificationType` and subtype the model sends (``AppStoreModel``, and `REVOKE` for a
  /// family member, ``AppStoreFamilyMember``), as docs/STORE-MODELS.md lists them. Any other
  /// pairing, even of documented words, is one the model never sends: Apple's
  /// `DID_RENEW/BILLING_RETRY` does not exist, and `OFFER_REDEEMED/UPGRADE` is not played.
  static let sent: [(AppStoreNotificationType, AppStoreNotificationSubtype?)] = [
    (.subscribed, .initialBuy), (.subscribed, .resubscribe), (.didRenew, nil), (.didRenew, .billingRecovery),
    (.didFailToRenew, nil), (.didFailToRenew, .gracePeriod), (.gracePeriodExpired, nil),
    (.expired, .voluntary), (.expired, .billingRetry), (.didChangeRenewalStatus, .autoRenewEnabled),
    (.didChangeRenewalStatus, .autoRenewDisabled), (.didChangeRenewalPref, nil),
    (.didChangeRenewalPref, .upgrade), (.didChangeRenewalPref, .downgrade), (.refund, nil),
    (.refundReversed, nil), (.renewalExtended, nil), (.priceIncrease, .pending), (.priceIncrease, .accepted),
    (.consumptionRequest, nil), (.refundDeclined, nil),
    (.expired, .priceIncrease), (.expired, .productNotForSale), (.revoke, nil),
    (.offerRedeemed, nil),
  ]

  /// ``sent`` as `sent:` names (`TYPE` or `TYPE/SUBTYPE`).
  static var sentNames: [String] {
    sent.map { type, subtype in type.rawValue + (subtype.map { "/" + $0.rawValue } ?? "") }
  }

  /// A name of ``sent``: a documented `notificationType` and subtype the model sends together.
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
      let subtypes = AppStoreNotificationSubtype.documented.map(\.rawValue)
      guard subtypes.contains(parts[1]) else {
        return .unknown(what: "apple notification subtype", word: parts[1], known: subtypes)
      }
    }
    return NotificationNameProblem.sentCheck(name, sent: sentNames)
  }
}
