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

  public init(
    id: ProductID, period: BillingPeriod = .oneMonth, priceMilliunits: Int64 = 9_990,
    grace: TimeSpan, hold: TimeSpan, trial: TimeSpan? = nil, group: Symbol = "default"
  ) {
    self.id = id
    self.period = period
    self.priceMilliunits = priceMilliunits
    self.grace = grace
    self.hold = hold
    self.trial = trial
    self.group = group
  }

  /// Price per nominal day, to tell an upgrade from a downgrade.
  public var pricePerDay: Double { Double(priceMilliunits) / Double(period.nominalDays) }
}

/// Index of a product in a store model's catalog; a plain integer so actions stay plain values.
public typealias ProductIndex = Int32
