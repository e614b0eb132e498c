/// `lineItems[].autoRenewingPlan.priceChangeDetails` of Google's `SubscriptionPurchaseV2`
/// (`SubscriptionItemPriceChangeDetails`, "Price change related information of a subscription
/// item"): present while the developer has moved the line item's legacy price cohort to a new
/// price.
///
/// Google's fields, with its descriptions (Play Developer API reference, read December 2026;
/// `AutoRenewingPlan.priceChangeDetails` is "The information of the last price change for the
/// item since subscription signup"):
/// `newPrice` "New recurring price for the subscription item", `priceChangeMode` "how the
/// subscription item price is changing", `priceChangeState` "State the price change is currently
/// in", `expectedNewPriceChargeTime` "The renewal time at which the price change will become
/// effective for the user. This is subject to change (to a future time) due to cases where the
/// renewal time shifts like pause."
public struct SubscriptionItemPriceChangeDetails: Hashable, Sendable {
  public var newPrice: Money
  public var priceChangeMode: PriceChangeMode
  public var priceChangeState: PriceChangeState
  /// "This field is only populated if the price change has not taken effect" (the discovery
  /// document's description); simsub leaves the whole object out once the change applies.
  public var expectedNewPriceChargeTime: Instant?

  @inlinable public init(
    newPrice: Money, priceChangeMode: PriceChangeMode, priceChangeState: PriceChangeState,
    expectedNewPriceChargeTime: Instant?
  ) {
    self.newPrice = newPrice
    self.priceChangeMode = priceChangeMode
    self.priceChangeState = priceChangeState
    self.expectedNewPriceChargeTime = expectedNewPriceChargeTime
  }
}

/// Google's `Money` ("Represents an amount of money with its currency type"): whole `units` and
/// `nanos` (billionths) of the ISO 4217 `currencyCode`.
public struct Money: Hashable, Sendable {
  public var currencyCode: Symbol
  public var units: Int64
  public var nanos: Int32

  @inlinable public init(currencyCode: Symbol, units: Int64, nanos: Int32) {
    self.currencyCode = currencyCode
    self.units = units
    self.nanos = nanos
  }

  /// An amount of `milliunits` (thousandths, simsub's prices): `12_990` is 12 units and
  /// 990,000,000 nanos.
  @inlinable public init(currencyCode: Symbol, milliunits: Int64) {
    self.init(
      currencyCode: currencyCode, units: milliunits / 1000, nanos: Int32(milliunits % 1000) * 1_000_000)
  }

  /// The amount in thousandths, rounded toward zero.
  @inlinable public var milliunits: Int64 { units * 1000 + Int64(nanos / 1_000_000) }
}

/// `priceChangeMode`: "Price change mode specifies how the subscription item price is changing."
public struct PriceChangeMode: StoreString {
  public let symbol: Symbol
  @inlinable public init(symbol: Symbol) { self.symbol = symbol }

  /// "Price change mode unspecified. This value should never be set."
  public static let unspecified: Self = "PRICE_CHANGE_MODE_UNSPECIFIED"
  /// "If the subscription price is decreasing."
  public static let priceDecrease: Self = "PRICE_DECREASE"
  /// "If the subscription price is increasing and the user needs to accept it."
  public static let priceIncrease: Self = "PRICE_INCREASE"
  /// "If the subscription price is increasing with opt out mode."
  public static let optOutPriceIncrease: Self = "OPT_OUT_PRICE_INCREASE"

  /// Every mode Google documents, in its order.
  public static let documented: [Self] = [.unspecified, .priceDecrease, .priceIncrease, .optOutPriceIncrease]
}

/// `priceChangeState`: "State the price change is currently in."
public struct PriceChangeState: StoreString {
  public let symbol: Symbol
  @inlinable public init(symbol: Symbol) { self.symbol = symbol }

  /// "Price change state unspecified. This value should not be used."
  public static let unspecified: Self = "PRICE_CHANGE_STATE_UNSPECIFIED"
  /// "Waiting for the user to agree for the price change."
  public static let outstanding: Self = "OUTSTANDING"
  /// "The price change is confirmed to happen for the user."
  public static let confirmed: Self = "CONFIRMED"
  /// "The price change is applied, i.e. the user has started being charged the new price."
  public static let applied: Self = "APPLIED"
  /// "The price change was canceled." (in the androidpublisher v3 discovery document that
  /// google-api-python-client 2.202.0 ships; not in every copy of the reference).
  public static let canceled: Self = "CANCELED"

  /// Every state Google documents, in its order.
  public static let documented: [Self] = [.unspecified, .outstanding, .confirmed, .applied, .canceled]
}
