/// What simsub knows of the RevenueCat channel besides its translation: the names it can send,
/// as the stores' facts (``StoreFacts``) say theirs.
enum RevenueCatFacts {
  /// The events the channel sends in front of `store` (``RevenueCatChannel``'s translation, in
  /// docs/STORE-MODELS.md), with their `cancel_reason` or `expiration_reason`. The pause events
  /// are Google's, and `CANCELLATION` `PRICE_INCREASE`; `REFUND_REVERSED` and `EXPIRATION`
  /// `UNKNOWN` Apple's; `EXPIRATION` `PRICE_INCREASE` both;
  /// `SUBSCRIPTION_EXTENDED` both (Apple's extension, Google's deferral); `TRANSFER` and the
  /// other documented types and reasons are not played.
  static func sent(behind store: StoreKind) -> [String] {
    var names = [
      "INITIAL_PURCHASE", "RENEWAL", "BILLING_ISSUE", "CANCELLATION/BILLING_ERROR",
      "CANCELLATION/UNSUBSCRIBE",
      "CANCELLATION/CUSTOMER_SUPPORT", "UNCANCELLATION", "EXPIRATION/BILLING_ERROR", "EXPIRATION/UNSUBSCRIBE",
      "PRODUCT_CHANGE",
    ]
    if store == .google {
      names += [
        "SUBSCRIPTION_PAUSED", "EXPIRATION/SUBSCRIPTION_PAUSED", "CANCELLATION/PRICE_INCREASE",
        "EXPIRATION/PRICE_INCREASE",
      ]
    }
    if store == .apple { names += ["REFUND_REVERSED", "EXPIRATION/PRICE_INCREASE", "EXPIRATION/UNKNOWN"] }
    names += ["SUBSCRIPTION_EXTENDED"]
    return names
  }

  /// Why `name` is not an event the channel sends in front of `store` (`TYPE`, or `TYPE/REASON`
  /// with a documented cancel or expiration reason), or `nil` when it is one.
  static func notificationNameProblem(_ name: String, behind store: StoreKind) -> NotificationNameProblem? {
    let parts = name.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let types = RevenueCatEventType.documented.map(\.rawValue)
    guard types.contains(parts[0]) else {
      return .unknown(what: "revenuecat event type", word: parts[0], known: types)
    }
    if parts.count == 2 {
      let reasons = RevenueCatReason.documented.map(\.rawValue)
      guard reasons.contains(parts[1]) else {
        return .unknown(what: "revenuecat reason", word: parts[1], known: reasons)
      }
    }
    return NotificationNameProblem.sentCheck(name, sent: sent(behind: store))
  }
}
