/// What simsub knows of the RevenueCat channel besides its translation: the names it can send,
/// as the stores' facts (``StoreFacts``) say theirs.
enum RevenueCatFacts {
  /// Why `name` is not a documented RevenueCat event type (`TYPE`, or `TYPE/REASON` with a
  /// documented cancel or expiration reason), or `nil` when it is one.
  static func notificationNameProblem(_ name: String) -> NotificationNameProblem? {
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
    return nil
  }
}
