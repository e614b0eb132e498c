/// Google Play: how a subscription replacement (an upgrade, downgrade or crossgrade) is billed,
/// the Play Billing Library's `BillingFlowParams.SubscriptionUpdateParams.ReplacementMode`, which
/// the app sets in the purchase flow of each change. Descriptions quoted from the library's
/// reference (the same text as its older `ProrationMode`).
public enum GoogleReplacementMode: UInt8, CaseIterable, Hashable, Sendable {
  /// `WITH_TIME_PRORATION`: "Replacement takes effect immediately, and the remaining time will be
  /// prorated and credited to the user. This is the current default behavior."
  case withTimeProration
  /// `CHARGE_PRORATED_PRICE`: "Replacement takes effect immediately, and the billing cycle remains
  /// the same. The price for the remaining period will be charged. This option is only available
  /// for subscription upgrade."
  case chargeProratedPrice
  /// `CHARGE_FULL_PRICE`: "Replacement takes effect immediately, and the user is charged full
  /// price of new plan and is given a full billing cycle of subscription, plus remaining prorated
  /// time from the old plan."
  case chargeFullPrice
  /// `WITHOUT_PRORATION`: "Replacement takes effect immediately, and the new price will be
  /// charged on next recurrence time. The billing cycle stays the same."
  case withoutProration
  /// `DEFERRED`: "Replacement takes effect when the old plan expires, and the new price will be
  /// charged at the same time."
  case deferred

  /// What Google plays when the app sets no mode: `WITH_TIME_PRORATION`, "the current default
  /// behavior" (Play Billing Library reference, `ReplacementMode`/`ProrationMode`).
  public static let storeDefault = Self.withTimeProration

  /// The scenario spelling: Google's constant in lower case with hyphens.
  public var name: String {
    switch self {
    case .withTimeProration: "with-time-proration"
    case .chargeProratedPrice: "charge-prorated-price"
    case .chargeFullPrice: "charge-full-price"
    case .withoutProration: "without-proration"
    case .deferred: "deferred"
    }
  }

  public init?(name: String) {
    guard let mode = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = mode
  }
}
