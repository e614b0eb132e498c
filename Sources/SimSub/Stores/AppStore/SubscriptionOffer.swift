/// Apple: a subscription offer a product carries besides its introductory trial: a promotional
/// offer, an offer code or a win-back offer (a scenario product's `offer`, `offer-price`,
/// `offer-periods`, `offer-payment` and `offer-id`; `do: redeem-offer` redeems it).
///
/// Apple's transaction names the offer by `offerType` ("2 A promotional offer", "3 An offer with
/// a subscription offer code", "4 A win-back offer"; App Store Server API, `offerType`),
/// `offerIdentifier` and `offerDiscountType` (`FREE_TRIAL`, `PAY_AS_YOU_GO`, `PAY_UP_FRONT`: "The
/// payment mode for a discount offer on an In-App Purchase", `offerDiscountType`).
///
/// simsub's simplification: the offer lasts `periods` of the product's own period (App Store
/// Connect also offers free trials of days or weeks on a monthly product, which are not
/// played); one offer per product.
public struct SubscriptionOffer: Hashable, Sendable {
  public var type: OfferType
  /// `offerIdentifier`: the promotional offer's or win-back offer's id, the offer code's
  /// reference name.
  public var identifier: Symbol
  public var payment: OfferPayment
  /// What the offer charges, in milliunits: each period's price for `payAsYouGo`, the whole
  /// offer's for `payUpFront`, nothing for `freeTrial`.
  public var priceMilliunits: Int64
  /// How many of the product's periods the offer lasts, 1 to 12.
  public var periods: Int32

  public init(
    type: OfferType, identifier: Symbol, payment: OfferPayment, priceMilliunits: Int64, periods: Int32
  ) {
    self.type = type
    self.identifier = identifier
    self.payment = payment
    self.priceMilliunits = payment == .freeTrial ? 0 : priceMilliunits
    self.periods = periods
  }

  /// The most periods an offer lasts here: simsub's bound (a year of a monthly product; App
  /// Store Connect's own durations depend on the offer type and the product's period, and are
  /// not checked).
  public static let maxPeriods: Int32 = 12

  /// The transaction's first period, in product periods: the whole offer when it is one
  /// transaction (free, or paid up front); one period when paid as it goes.
  @inlinable public var firstTransactionPeriods: Int64 { payment == .payAsYouGo ? 1 : Int64(periods) }

  /// Renewals after the first transaction that still charge the offer's price.
  @inlinable public var discountedRenewals: UInt8 {
    payment == .payAsYouGo ? UInt8(clamping: periods - 1) : 0
  }

  /// Apple's `offerPeriod` (ISO 8601): the offer's whole duration, such as `P3M`.
  public func isoPeriod(of period: BillingPeriod) -> String {
    switch period {
    case .oneWeek: "P\(periods)W"
    case .oneYear: "P\(periods)Y"
    default: "P\(Int64(periods) * period.months)M"
    }
  }
}

/// Apple's `offerType` of a subscription offer other than the introductory one (`1`).
public enum OfferType: UInt8, CaseIterable, Hashable, Sendable {
  /// `2`: a promotional offer, which the app presents to a current or lapsed subscriber.
  case promotional = 2
  /// `3`: an offer code, redeemed in the App Store or the app, by a new, existing or lapsed
  /// subscriber.
  case offerCode = 3
  /// `4`: a win-back offer, for a churned subscriber only.
  case winBack = 4

  /// The scenario spelling: `promotional`, `offer-code`, `win-back`.
  public var name: String {
    switch self {
    case .promotional: "promotional"
    case .offerCode: "offer-code"
    case .winBack: "win-back"
    }
  }

  public init?(name: String) {
    guard let s = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = s
  }
}

/// Apple's `offerDiscountType` of a subscription offer.
public enum OfferPayment: UInt8, CaseIterable, Hashable, Sendable {
  /// `FREE_TRIAL`: nothing is charged for the offer's duration, one transaction.
  case freeTrial
  /// `PAY_AS_YOU_GO`: the discounted price each period, for the offer's periods.
  case payAsYouGo
  /// `PAY_UP_FRONT`: one discounted charge for the offer's whole duration.
  case payUpFront

  /// The scenario spelling of `offer-payment`: `free`, `pay-as-you-go`, `pay-up-front`.
  public var name: String {
    switch self {
    case .freeTrial: "free"
    case .payAsYouGo: "pay-as-you-go"
    case .payUpFront: "pay-up-front"
    }
  }

  public init?(name: String) {
    guard let s = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = s
  }

  /// Apple's `offerDiscountType`.
  public var wireName: String {
    switch self {
    case .freeTrial: "FREE_TRIAL"
    case .payAsYouGo: "PAY_AS_YOU_GO"
    case .payUpFront: "PAY_UP_FRONT"
    }
  }
}

/// Apple: where a subscription stands with its product's `offer`.
public enum OfferStanding: UInt8, Hashable, Sendable {
  /// No offer: the product's price.
  case none
  /// Redeemed for the active subscription: the offer starts at the next renewal (renewal info's
  /// `offerType`).
  case pending
  /// The current period is the offer's (its transaction carries `offerType`).
  case current
}
