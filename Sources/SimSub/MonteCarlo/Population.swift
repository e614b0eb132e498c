/// A population of subscribers, resolved from a `.pop` file: who subscribes, how their payments
/// fail and recover, and how they behave. Every number has a default; ``PopulationDecoder``
/// fills them in and checks each one.
///
/// A Monte Carlo run plays ``users`` subscribers, each through the same engine, store models
/// and policy as a scenario, with draws from ``payments`` and ``behaviour``.
public struct Population: Hashable, Sendable {
  /// Where the population came from, for diagnostics and reports.
  public var path: String
  /// One line describing the population.
  public var name: String
  /// How many subscribers to play (`--users` overrides).
  public var users: Int
  /// The span, from each subscriber's start, in which billing-issue episodes may begin; every
  /// episode that began is followed to its end (`--horizon` overrides).
  public var horizon: TimeSpan
  /// The run's seed (`--seed` overrides).
  public var seed: UInt64
  /// The policy to play (`--policy` overrides): a built-in name, or a policy file's path (from
  /// the file, joined to the population's directory).
  public var policy: String
  /// Day 0 of the population: subscribers start spread over the first period after it.
  public var start: Instant
  /// How often a policy that runs on its own clock is sampled between events.
  public var step: TimeSpan
  /// Who subscribes: groups with their share, store and product.
  public var cohort: [CohortGroup]
  /// How the population's payments fail and recover (a group may override them).
  public var payments: PaymentRates
  /// What subscribers do.
  public var behaviour: Behaviour
  /// The currency of every price in the file (an ISO 4217 code, `USD` unless the file says
  /// `currency:`): what every revenue figure is counted in. One per population, so the groups'
  /// revenue adds up.
  public var currency: String

  public static let defaultCurrency = "USD"

  public init(
    path: String, name: String, users: Int = 100_000, horizon: TimeSpan = .days(365), seed: UInt64 = 1,
    policy: String = "reference", start: Instant = Population.defaultStart, step: TimeSpan = .days(1),
    cohort: [CohortGroup], payments: PaymentRates = PaymentRates(), behaviour: Behaviour = Behaviour(),
    currency: String = Population.defaultCurrency
  ) {
    self.currency = currency
    self.path = path
    self.name = name
    self.users = users
    self.horizon = horizon
    self.seed = seed
    self.policy = policy
    self.start = start
    self.step = step
    self.cohort = cohort
    self.payments = payments
    self.behaviour = behaviour
  }

  /// What the app promises that the policy is told: for Stripe groups, their product's `grace`
  /// (the app's grace during `past_due`; the decoder holds every Stripe group to one length).
  public var policySettings: PolicySettings {
    guard let grace = cohort.first(where: { $0.store == .stripe })?.product.grace else { return .default }
    return PolicySettings(stripeGracePeriod: grace)
  }

  /// `2026-01-01T00:00:00Z`, the scenario format's default start.
  public static let defaultStart = Instant(secondsSinceEpoch: 1_767_225_600)
}

/// One group of the cohort: a share of the subscribers, on one store, buying one product.
public struct CohortGroup: Hashable, Sendable {
  /// The fraction of subscribers in this group; the groups' shares add up to 1.
  public var share: Double
  public var store: StoreKind
  public var product: Product
  /// The population's payment rates with this group's overrides applied.
  public var payments: PaymentRates
  /// How the store's notifications reach the policy: directly, or through RevenueCat (apple
  /// and google only).
  public var channel: ScenarioChannel
  /// The developer raises the product's price to its `raisedPriceMilliunits` for the group's
  /// subscribers (`price-increase`), if at all.
  public var priceIncrease: CohortPriceIncrease?

  public init(
    share: Double, store: StoreKind, product: Product, payments: PaymentRates = PaymentRates(),
    channel: ScenarioChannel = .direct, priceIncrease: CohortPriceIncrease? = nil
  ) {
    self.share = share
    self.store = store
    self.product = product
    self.payments = payments
    self.channel = channel
    self.priceIncrease = priceIncrease
  }
}

/// A group's `price-increase`: on one day the developer raises the price for every subscriber
/// of the group, an increase that needs their consent (Apple's `PRICE_INCREASE/PENDING`,
/// Google's opt-in `SUBSCRIPTION_PRICE_CHANGE_UPDATED`). A share of them consents; the others do
/// not answer, and their subscriptions expire at their next renewal (Apple's
/// `EXPIRED/PRICE_INCREASE`, Google's `SUBSCRIPTION_CANCELED` and `SUBSCRIPTION_EXPIRED`).
public struct CohortPriceIncrease: Hashable, Sendable {
  /// When, after the population's start.
  public var at: TimeSpan
  /// The chance that a subscriber asked consents (at the notice).
  public var accepts: Double

  public init(at: TimeSpan, accepts: Double) {
    self.at = at
    self.accepts = accepts
  }
}

/// How renewal charges fail and how store retries fare.
public struct PaymentRates: Hashable, Sendable {
  /// The chance that a renewal charge is declined.
  public var renewalFailure: Double
  /// Why a declined renewal was declined; the three add up to 1.
  public var reasons: PerReason<Double>
  /// The chance that one store retry succeeds, by the reason of the decline.
  public var retrySuccess: PerReason<Double>

  public init(
    renewalFailure: Double = 0.07,
    reasons: PerReason<Double> = PerReason(expired: 0.35, insufficientFunds: 0.45, declined: 0.20),
    retrySuccess: PerReason<Double> = PerReason(expired: 0.0, insufficientFunds: 0.3, declined: 0.15)
  ) {
    self.renewalFailure = renewalFailure
    self.reasons = reasons
    self.retrySuccess = retrySuccess
  }
}

/// What subscribers do of their own accord.
public struct Behaviour: Hashable, Sendable {
  /// The chance that a subscriber turns auto-renew off during any given paid period.
  public var cancelsPerPeriod: Double
  /// The chance that a subscriber opens the app on a given day, while the policy gives them
  /// access.
  public var opensAppPerDay: Double
  /// The chance that a subscriber opens the app on a given day the policy gives them no
  /// access; `nil` (the default) means `opensAppPerDay`, whatever the access.
  public var opensAppPerDayWithoutAccess: Double?
  /// The chance of fixing the card on a day, by the prompt seen that day (`none` also on days
  /// the app is not opened: the stores' own emails).
  public var fixesCardPerDay: PerPrompt<Double>
  /// The share of what a prompt adds to `fixesCardPerDay.none` that wears off with each day the
  /// subscriber has been shown it: on the `d`th day of a prompt (from 0) it adds
  /// `(fixesCardPerDay[prompt] − fixesCardPerDay.none) × (1 − promptWearsOffPerDay)^d`. A new
  /// prompt starts afresh. 0 (the default): a prompt works as well on every day.
  public var promptWearsOffPerDay: Double
  /// The chance that a subscriber whom the policy locks out while the store still entitles
  /// them cancels for good, once per lockout.
  public var leavesWhenLockedOut: Double
  /// The chance, on each day of a billing-issue episode that the policy gives no access (rightly,
  /// in billing retry or account hold, or wrongly), that the subscriber leaves for good instead
  /// of waiting for the store to collect: checked on the subscriber's daily check, after the
  /// day's card fix. 0 (the default) turns departures off.
  public var leavesPerDayWithoutAccess: Double

  public init(
    cancelsPerPeriod: Double = 0.04, opensAppPerDay: Double = 0.5, opensAppPerDayWithoutAccess: Double? = nil,
    fixesCardPerDay: PerPrompt<Double> = PerPrompt(none: 0.01, soft: 0.05, hard: 0.08),
    promptWearsOffPerDay: Double = 0, leavesWhenLockedOut: Double = 0.3, leavesPerDayWithoutAccess: Double = 0
  ) {
    self.cancelsPerPeriod = cancelsPerPeriod
    self.opensAppPerDay = opensAppPerDay
    self.opensAppPerDayWithoutAccess = opensAppPerDayWithoutAccess
    self.fixesCardPerDay = fixesCardPerDay
    self.promptWearsOffPerDay = promptWearsOffPerDay
    self.leavesWhenLockedOut = leavesWhenLockedOut
    self.leavesPerDayWithoutAccess = leavesPerDayWithoutAccess
  }

  /// The chance of opening the app on a day with or without access.
  public func opensApp(access: Bool) -> Double {
    access ? opensAppPerDay : opensAppPerDayWithoutAccess ?? opensAppPerDay
  }

  /// The chance of fixing the card on one day while the policy shows `prompt` with or without
  /// `access`, on day `day` (from 0) of that prompt: the subscriber opens the app and acts on
  /// the prompt, or does not open it and acts on the store's emails.
  ///
  /// The prompt's own chance is worn off by repeated multiplication, which IEEE 754 rounds the
  /// same on every machine (no `pow`).
  public func dailyFixChance(_ prompt: RecoveryPrompt, access: Bool = true, day: Int = 0) -> Double {
    let none = fixesCardPerDay.none
    var seen = fixesCardPerDay[prompt]
    if day > 0 && promptWearsOffPerDay > 0 {
      var left = fixesCardPerDay[prompt] - none
      for _ in 0..<day { left *= 1 - promptWearsOffPerDay }
      seen = none + left
    }
    let opens = opensApp(access: access)
    return opens * seen + (1 - opens) * none
  }
}

/// One value per decline reason.
public struct PerReason<Value: Hashable & Sendable>: Hashable, Sendable {
  public var expired: Value
  public var insufficientFunds: Value
  public var declined: Value

  public init(expired: Value, insufficientFunds: Value, declined: Value) {
    self.expired = expired
    self.insufficientFunds = insufficientFunds
    self.declined = declined
  }

  @inlinable public subscript(reason: DeclineReason) -> Value {
    get {
      switch reason {
      case .expired: expired
      case .insufficientFunds: insufficientFunds
      case .declined: declined
      }
    }
    set {
      switch reason {
      case .expired: expired = newValue
      case .insufficientFunds: insufficientFunds = newValue
      case .declined: declined = newValue
      }
    }
  }

  public func map<T>(_ transform: (Value) -> T) -> PerReason<T> {
    PerReason<T>(
      expired: transform(expired), insufficientFunds: transform(insufficientFunds),
      declined: transform(declined))
  }
}

/// One value per recovery prompt.
public struct PerPrompt<Value: Hashable & Sendable>: Hashable, Sendable {
  public var none: Value
  public var soft: Value
  public var hard: Value

  public init(none: Value, soft: Value, hard: Value) {
    self.none = none
    self.soft = soft
    self.hard = hard
  }

  @inlinable public subscript(prompt: RecoveryPrompt) -> Value {
    get {
      switch prompt {
      case .none: none
      case .soft: soft
      case .hard: hard
      }
    }
    set {
      switch prompt {
      case .none: none = newValue
      case .soft: soft = newValue
      case .hard: hard = newValue
      }
    }
  }
}
