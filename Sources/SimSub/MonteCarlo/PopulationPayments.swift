/// The payment processor of a Monte Carlo subscriber: every renewal charge fails with the
/// population's `renewal-failure`, for a reason drawn from `reasons`; each store retry then
/// succeeds with that reason's `retry-success`. A purchase and a charge after the subscriber
/// fixes the card go through.
///
/// It draws from the subscriber's own payments stream, so the same subscriber meets the same
/// declines under any policy (common random numbers), and it counts the renewals it saw.
public struct PopulationPayments: PaymentProcessor {
  /// The population's rates as integer thresholds, compiled once per group.
  public struct Rates: Hashable, Sendable {
    public var renewalFailure: Chance
    /// A draw below `reasonCuts.0` is `expired`, below `reasonCuts.1` `insufficient-funds`,
    /// otherwise `declined`.
    public var expiredCut: UInt64
    public var insufficientFundsCut: UInt64
    public var retrySuccess: PerReason<Chance>

    public init(_ rates: PaymentRates) {
      renewalFailure = Chance(rates.renewalFailure)
      let expired = rates.reasons.expired
      let insufficient = min(1, expired + rates.reasons.insufficientFunds)
      expiredCut = Chance(min(1, expired)).threshold
      insufficientFundsCut = Chance(insufficient).threshold
      if rates.reasons.declined == 0 { insufficientFundsCut = .max }
      retrySuccess = rates.retrySuccess.map(Chance.init)
    }
  }

  public var rng: Xoshiro256StarStar
  public let rates: Rates
  /// The reason of the latest declined renewal.
  public private(set) var reason = DeclineReason.declined
  /// Renewal charges attempted, and declined.
  public private(set) var renewals: Int32 = 0
  public private(set) var failedRenewals: Int32 = 0

  public init(rng: Xoshiro256StarStar, rates: Rates) {
    self.rng = rng
    self.rates = rates
  }

  public mutating func charge(
    _ attempt: ChargeAttempt, for record: SubscriptionRecord, at instant: Instant
  ) -> Bool {
    switch attempt {
    case .renewal:
      renewals &+= 1
      guard rng.happens(rates.renewalFailure) else { return true }
      failedRenewals &+= 1
      let draw = rng.next()
      reason =
        draw < rates.expiredCut
        ? .expired : draw < rates.insufficientFundsCut ? .insufficientFunds : .declined
      return false
    case .retry:
      return rng.happens(rates.retrySuccess[reason])
    case .purchase, .cardUpdated, .upgrade:
      return true
    }
  }
}
