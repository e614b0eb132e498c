/// The payment processor of a Monte Carlo subscriber: every renewal charge fails with the
/// population's `renewal-failure`, for a reason drawn from `reasons`; each store retry then
/// succeeds with that reason's `retry-success`. A purchase and a charge after the subscriber
/// fixes the card go through.
///
/// It draws from the subscriber's own payments stream, so the same subscriber meets the same
/// declines under any policy (common random numbers), and it counts the renewals it saw.
///
/// A store that asks for a forecast when an episode begins (``forecastRetries(count:for:at:)``,
/// Google Play) has all the episode's retry draws made at once, in retry order, until the first
/// success: the same independent chance per retry as drawing at each, decided before any policy
/// acts, so it stays common to every policy. A store that does not ask (the App Store) draws at
/// each retry.
public struct PopulationPayments: PaymentProcessor {
  /// The population's rates as integer thresholds, compiled once per group.
  public struct Rates: Hashable, Sendable {
    public var renewalFailure: Chance
    /// A reason draw inside `expired` is `expired`; else inside `expiredOrInsufficientFunds`
    /// is `insufficient-funds`; else `declined`.
    public var expired: Chance
    public var expiredOrInsufficientFunds: Chance
    public var retrySuccess: PerReason<Chance>

    public init(_ rates: PaymentRates) {
      renewalFailure = Chance(rates.renewalFailure)
      let reasons = rates.reasons
      expired = Chance(min(1, reasons.expired))
      // With no share left for `declined`, the first two reasons take every draw.
      expiredOrInsufficientFunds =
        reasons.declined == 0 ? .always : Chance(min(1, reasons.expired + reasons.insufficientFunds))
      retrySuccess = rates.retrySuccess.map(Chance.init)
    }
  }

  public var rng: Xoshiro256StarStar
  public private(set) var rates: Rates
  /// The reason of the latest declined renewal.
  public private(set) var reason = DeclineReason.declined
  /// Renewal charges attempted, and declined.
  public private(set) var renewals: Int32 = 0
  public private(set) var failedRenewals: Int32 = 0
  /// The current episode's first successful retry, once forecast (0: none succeeds); `nil`
  /// while retries draw as they are made.
  private var forecastSuccess: Int32?

  public init(rng: Xoshiro256StarStar, rates: Rates) {
    self.rng = rng
    self.rates = rates
  }

  /// Starts over for another subscriber where the processor lies, as `init` with the same
  /// arguments would (every stored property is set here; a new one must be too).
  public mutating func reset(rng: Xoshiro256StarStar, rates: Rates) {
    self.rng = rng
    self.rates = rates
    reason = .declined
    renewals = 0
    failedRenewals = 0
    forecastSuccess = nil
  }

  public mutating func charge(
    _ attempt: ChargeAttempt, for record: SubscriptionRecord, at instant: Instant
  ) -> Bool {
    switch attempt {
    case .renewal:
      renewals &+= 1
      forecastSuccess = nil
      guard rng.happens(rates.renewalFailure) else { return true }
      failedRenewals &+= 1
      let draw = rng.next()
      reason =
        rates.expired.contains(draw)
        ? .expired : rates.expiredOrInsufficientFunds.contains(draw) ? .insufficientFunds : .declined
      return false
    case .retry(let n):
      if let forecastSuccess { return n == forecastSuccess }
      return rng.happens(rates.retrySuccess[reason])
    case .purchase, .cardUpdated, .upgrade:
      return true
    }
  }

  public mutating func forecastRetries(
    count: Int32, for record: SubscriptionRecord, at instant: Instant
  ) -> RetryForecast {
    let chance = rates.retrySuccess[reason]
    // An expired card is never collected by a retry: nothing to draw.
    guard chance.threshold > 0 || chance.isCertain else {
      forecastSuccess = 0
      return .noneSucceeds
    }
    // Drawn from a local copy of the stream, kept in registers: the stream in place was loaded
    // and stored back at every draw (a hold has a retry a day).
    var stream = rng
    defer { rng = stream }
    var n: Int32 = 1
    while n <= count {
      if stream.happens(chance) {
        forecastSuccess = n
        return .firstSucceeds(n)
      }
      n += 1
    }
    forecastSuccess = 0
    return .noneSucceeds
  }
}
