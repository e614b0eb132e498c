/// Google Play's limits and defaults for auto-renewing base plans, with their sources.
extension GooglePlayModel {
  // MARK: Defaults

  /// The grace period a scenario gets when it names none: 3 days for weekly plans, 7 days for
  /// longer ones.
  ///
  /// A simsub assumption: the Play Developer API says only that without `gracePeriodDuration`
  /// "a default value will be used based on the recurring period duration", and the lifecycle
  /// guide that grace is on by default for every auto-renewing base plan.
  public static func defaultGrace(for period: BillingPeriod) -> TimeSpan {
    period == .oneWeek ? .days(3) : .days(7)
  }

  /// The account hold a scenario gets when it names none: 60 days minus grace (never below 0).
  ///
  /// Documented: Play Console Help 16631229 and the lifecycle guide ("The calculation will be 60
  /// days minus any grace period duration"), the default since December 1, 2025 (30 days before).
  public static func defaultHold(for period: BillingPeriod, grace: TimeSpan) -> TimeSpan {
    let hold = TimeSpan.days(60) - grace
    return hold < .zero ? .zero : hold
  }

  /// Retry offsets from the failed renewal: every day for 60 days, so daily through any grace
  /// and hold Google allows. A simsub assumption; Google does not publish its cadence.
  public static let defaultRetrySchedule: [TimeSpan] = (1...60).map { TimeSpan.days($0) }

  /// One day: "You can set a grace period of 0 days, but Play will wait a minimum of 1 day to
  /// ensure sufficient time for payment retries … the subscription remains in the `ACTIVE`
  /// state" (lifecycle guide, "Silent grace period").
  public static let defaultSilentGrace = TimeSpan.days(1)

  /// The most account hold Google allows.
  public static let maximumHold = TimeSpan.days(60)
  /// The shortest and longest grace plus hold Google allows.
  public static let recoveryWindow = TimeSpan.days(30)...TimeSpan.days(60)

  /// The longest grace period Google allows for a billing period: the shorter of 30 days and
  /// the period (7 days for weekly plans).
  public static func maximumGrace(for period: BillingPeriod) -> TimeSpan {
    period == .oneWeek ? .days(7) : .days(30)
  }

  // MARK: Validation

  /// Checks every product against Google's limits; throws for the first setting it breaks.
  ///
  /// Play Developer API, `AutoRenewingBasePlanType`: `gracePeriodDuration` "must be in days and
  /// between P0D and the lesser of 30D and base plan billing period"; `accountHoldDuration`
  /// "must be in days and between P0D and P60D"; "The sum of gracePeriodDuration and
  /// accountHoldDuration must be between P30D and P60D days, inclusive."
  static func validate(products: [Product]) throws(StoreConfigurationError) {
    guard !products.isEmpty else {
      throw StoreConfigurationError(setting: "product", message: "google needs at least one product")
    }
    for product in products {
      if let error = productError(product) { throw error }
    }
  }

  /// Everything Google would refuse about `product`, each naming its setting: its grace, its
  /// hold, their sum (only when both are allowed on their own), its trial.
  public static func productProblems(_ product: Product) -> [StoreConfigurationError] {
    var problems: [StoreConfigurationError] = []
    let grace = product.grace
    let hold = product.hold
    let period = product.period
    let most = maximumGrace(for: period)
    if grace.seconds % 86_400 != 0 {
      problems.append(
        StoreConfigurationError(
          setting: "grace", message: "google sets the grace period in whole days, not \(grace)"))
    } else if grace < .zero || grace > most {
      let message =
        period == .oneWeek
        ? "google offers a grace period of 0 to 7 days for weekly products, not \(grace)"
        : "google offers a grace period of 0 to 30 days for \(period.adjective) products (at most 7 days for weekly ones), not \(grace)"
      problems.append(StoreConfigurationError(setting: "grace", message: message))
    }
    if hold.seconds % 86_400 != 0 {
      problems.append(
        StoreConfigurationError(
          setting: "hold", message: "google sets the account hold in whole days, not \(hold)"))
    } else if hold < .zero || hold > maximumHold {
      problems.append(
        StoreConfigurationError(
          setting: "hold", message: "google offers an account hold of 0 to 60 days, not \(hold)"))
    }
    if problems.isEmpty, !recoveryWindow.contains(grace + hold) {
      problems.append(
        StoreConfigurationError(
          setting: "hold",
          message:
            "google requires grace plus account hold to total 30 to 60 days, not \(grace) + \(hold) = \(grace + hold)"
        ))
    }
    if let trial = product.trial, trial <= .zero {
      problems.append(
        StoreConfigurationError(
          setting: "trial", message: "a free trial must be longer than 0d, not \(trial)"))
    }
    return problems
  }

  /// What Google would refuse about `product` first, if anything.
  public static func productError(_ product: Product) -> StoreConfigurationError? {
    productProblems(product).first
  }

  /// Retry offsets must be positive and strictly increasing.
  static func validate(retrySchedule: [TimeSpan]) throws(StoreConfigurationError) {
    var previous = TimeSpan.zero
    for offset in retrySchedule {
      guard offset > previous else {
        let list = retrySchedule.map(\.description).joined(separator: ", ")
        throw StoreConfigurationError(
          setting: "retry-schedule",
          message: "google retry offsets must be positive and increasing, not [\(list)]")
      }
      previous = offset
    }
  }

  /// The silent grace is at most 2 days: Google retries "for up to 48 hours" before account
  /// hold (lifecycle guide, "Account hold").
  static func validate(silentGrace: TimeSpan) throws(StoreConfigurationError) {
    guard silentGrace >= .zero, silentGrace <= .days(2) else {
      throw StoreConfigurationError(
        setting: "silent-grace", message: "google's silent grace lasts 0 to 2 days, not \(silentGrace)")
    }
  }

  // MARK: Pause

  /// What Google would refuse about pausing a product of `period` for `length`, if anything.
  ///
  /// Google offers 1, 2, 3 or 4 weeks for weekly plans, 1, 2 or 3 months for monthly,
  /// three-month and six-month plans, and no pause for annual ones (lifecycle guide, "Paused
  /// subscriptions": "Available pause lengths", "Annual: N/A"). A month is a calendar month; in
  /// the engine a pause of 28–31, 59–62 or 89–92 days counts as 1, 2 or 3 of them, and a
  /// scenario writes them `1M`, `2M`, `3M` (``pauseSpan(months:)``).
  public static func pauseError(_ length: TimeSpan, for period: BillingPeriod) -> StoreConfigurationError? {
    if pauseLength(length, for: period) != nil { return nil }
    let message =
      switch period {
      case .oneWeek: "google offers pauses of 1, 2, 3 or 4 weeks for weekly products, not \(length)"
      case .oneYear: "google offers no pause for yearly products"
      default:
        "google offers pauses of 1, 2 or 3 months for \(period.adjective) products (30d, 61d or 91d; 28–31, 59–62 or 89–92 days count as that many months), not \(length)"
      }
    return StoreConfigurationError(setting: "pause", message: message)
  }

  /// The engine's span for a pause of `months` calendar months (1, 2 or 3), as a scenario's
  /// `1M`, `2M` or `3M` is decoded: 30, 61 or 91 days, which ``pauseEnd(from:length:period:)``
  /// plays as that many calendar months from the pause's start.
  public static func pauseSpan(months: Int64) -> TimeSpan {
    switch months {
    case 1: .days(30)
    case 2: .days(61)
    default: .days(91)
    }
  }

  /// How a pause of `length` is written in a scenario: `1M`, `2M` or `3M` for the spans
  /// ``pauseSpan(months:)`` gives (no weekly pause is 30, 61 or 91 days), otherwise the span.
  public static func pauseSpelling(_ length: TimeSpan) -> String {
    switch length {
    case pauseSpan(months: 1): "1M"
    case pauseSpan(months: 2): "2M"
    case pauseSpan(months: 3): "3M"
    default: length.description
    }
  }

  /// When a pause of `length` that starts at `start` ends (`autoResumeTime`), or `nil` when
  /// Google does not offer that length for `period`. Months keep the start's day of month.
  public static func pauseEnd(from start: Instant, length: TimeSpan, period: BillingPeriod) -> Instant? {
    guard let pause = pauseLength(length, for: period) else { return nil }
    switch pause {
    case .weeks(let n): return start + .weeks(n)
    case .months(let n): return BillingPeriod.oneMonth.advance(start, by: n)
    }
  }

  enum PauseLength: Hashable {
    case weeks(Int64)
    case months(Int64)
  }

  static func pauseLength(_ length: TimeSpan, for period: BillingPeriod) -> PauseLength? {
    guard length.seconds % 86_400 == 0 else { return nil }
    let days = length.wholeDays
    if period == .oneWeek {
      guard days % 7 == 0, (1...4).contains(days / 7) else { return nil }
      return .weeks(days / 7)
    }
    guard period != .oneYear else { return nil }
    switch days {
    case 28...31: return .months(1)
    case 59...62: return .months(2)
    case 89...92: return .months(3)
    default: return nil
    }
  }
}
