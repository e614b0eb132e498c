/// Where a subscription stands with a price increase of the product it renews (the developer's
/// `raise-price`): the product's `raisedPriceMilliunits` is the new price.
///
/// Apple's two kinds: one that needs the customer's consent, and one that does not ("Managing
/// Price Increases for Auto-Renewable Subscriptions"; App Store Server Notifications,
/// `PRICE_INCREASE` with subtype `PENDING` or `ACCEPTED`, and renewal info's
/// `priceIncreaseStatus`, `0` "hasn't yet responded", `1` "consented … or the App Store has
/// notified the customer of an auto-renewable subscription price increase that doesn't require
/// consent").
///
/// Google's two kinds (`autoRenewingPlan.priceChangeDetails.priceChangeMode`): `PRICE_INCREASE`,
/// which "the user needs to accept" (``pending``, then ``accepted`` once the user confirms), and
/// `OPT_OUT_PRICE_INCREASE` (``notified``); see `GooglePlayPriceChange.swift`.
public enum PriceIncrease: UInt8, Hashable, Sendable {
  /// No increase: the subscription renews at the product's price.
  case none
  /// An increase that needs consent, not yet given: without it the subscription expires at the
  /// end of the billing cycle (`priceIncreaseStatus` 0).
  case pending
  /// Consented to, or notified without needing consent: the next renewal charges the new price
  /// (`priceIncreaseStatus` 1).
  case accepted
  /// The new price is the one being paid.
  case applied
  /// Google's opt-out increase, notified: the next renewal charges the new price unless the
  /// subscriber cancels (`OPT_OUT_PRICE_INCREASE`, state `CONFIRMED`). Apple gives its increase
  /// without consent the same status as a consented one, and plays it as ``accepted``.
  case notified

  /// Whether an increase waits for the next renewal (asked, consented to or notified).
  @inlinable @inline(__always) public var isWaiting: Bool {
    self == .pending || self == .accepted || self == .notified
  }

  /// Renewal info's `priceIncreaseStatus` while an increase waits for the next renewal.
  @inlinable @inline(__always) public var priceIncreaseStatus: Int32? {
    switch self {
    case .pending: 0
    case .accepted, .notified: 1
    case .none, .applied: nil
    }
  }
}
