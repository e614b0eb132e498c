/// A subscription product as the scenario or population configures it.
public struct Product: Hashable, Sendable {
  public var id: ProductID
  public var period: BillingPeriod
  /// Price per period in thousandths of the currency unit (`9990` is 9.99), Apple's
  /// milliunits, so revenue sums stay exact integers.
  public var priceMilliunits: Int64
  /// The billing grace period; `.zero` for none.
  public var grace: TimeSpan
  /// After grace: Apple's remaining billing-retry window, Google's account hold.
  public var hold: TimeSpan
  /// An introductory free trial, granted once per `group`.
  public var trial: TimeSpan?
  /// Subscription group (Apple) / product family (Google), for changes and trial eligibility.
  public var group: Symbol
  /// What the subscription becomes when the store's retries run out unpaid. Apple and Google
  /// always end it; Stripe lets the account choose.
  public var whenRetriesEnd: RetriesEnd
  /// Which failed renewals get the billing grace period: every one, or (Apple's "paid to paid
  /// only") not the first charge after a free trial.
  public var graceRenewals: GraceRenewals
  /// The price after the developer raises it (`raise-price`), for existing subscribers once the
  /// increase applies; `nil` when it is never raised.
  public var raisedPriceMilliunits: Int64?
  /// Stripe: what a trial begun without a payment method becomes at its end
  /// (`trial_settings.end_behavior.missing_payment_method`).
  public var missingPaymentMethod: MissingPaymentMethod
  /// Apple: the product's promotional offer, offer code or win-back offer (`redeem-offer`), if
  /// any.
  public var offer: SubscriptionOffer?

  public init(
    id: ProductID, period: BillingPeriod = .oneMonth, priceMilliunits: Int64 = 9_990,
    grace: TimeSpan, hold: TimeSpan, trial: TimeSpan? = nil, group: Symbol = "default",
    whenRetriesEnd: RetriesEnd = .cancel, graceRenewals: GraceRenewals = .all,
    raisedPriceMilliunits: Int64? = nil,
    missingPaymentMethod: MissingPaymentMethod = .createInvoice, offer: SubscriptionOffer? = nil
  ) {
    self.id = id
    self.period = period
    self.priceMilliunits = priceMilliunits
    self.grace = grace
    self.hold = hold
    self.trial = trial
    self.group = group
    self.whenRetriesEnd = whenRetriesEnd
    self.graceRenewals = graceRenewals
    self.raisedPriceMilliunits = raisedPriceMilliunits
    self.missingPaymentMethod = missingPaymentMethod
    self.offer = offer
  }

  /// The price a subscription standing at `increase` pays for this product.
  @inlinable @inline(__always) public func price(at increase: PriceIncrease) -> Int64 {
    increase == .applied ? raisedPriceMilliunits ?? priceMilliunits : priceMilliunits
  }

  /// Price per nominal day, to tell an upgrade from a downgrade.
  public var pricePerDay: Double { Double(priceMilliunits) / Double(period.nominalDays) }
}

/// What a subscription becomes when the store's billing retries run out unpaid (a product's
/// `when-retries-end`).
public enum RetriesEnd: UInt8, CaseIterable, Hashable, Sendable {
  /// The subscription ends (every store; Stripe cancels it).
  case cancel
  /// Stripe: the subscription stays, marked `unpaid`, without access; paying the open invoice
  /// brings it back.
  case unpaid
  /// Stripe: the subscription stays `past_due`; Stripe stops retrying.
  case pastDue

  /// The scenario spelling: `cancel`, `unpaid`, `past-due`.
  public var name: String {
    switch self {
    case .cancel: "cancel"
    case .unpaid: "unpaid"
    case .pastDue: "past-due"
    }
  }

  public init?(name: String) {
    guard let s = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = s
  }
}

/// Stripe: what a subscription whose free trial ends without a payment method becomes, the
/// account's `trial_settings.end_behavior.missing_payment_method`, which "Indicates how the
/// subscription should change when the trial ends if the user did not provide a payment method"
/// (API reference, Subscription object; values `cancel`, `create_invoice`, `pause`).
public enum MissingPaymentMethod: UInt8, CaseIterable, Hashable, Sendable {
  /// `create_invoice`: the trial's end invoices as usual ("When the trial ends, if the
  /// subscription status isn't paused, we generate an invoice"; "Trials"), and with nothing to
  /// charge the subscription becomes `past_due`. A subscription created without trial settings
  /// does this, so it is the default.
  case createInvoice
  /// `pause`: the subscription becomes `paused`, without invoices, until resumed.
  case pause
  /// `cancel`: the subscription is canceled at the trial's end.
  case cancel

  /// The scenario spelling: `create-invoice`, `pause`, `cancel`.
  public var name: String {
    switch self {
    case .createInvoice: "create-invoice"
    case .pause: "pause"
    case .cancel: "cancel"
    }
  }

  public init?(name: String) {
    guard let s = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = s
  }
}

/// Index of a product in a store model's catalog; a plain integer so actions stay plain values.
public typealias ProductIndex = Int32
