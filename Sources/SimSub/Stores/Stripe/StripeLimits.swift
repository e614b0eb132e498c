/// Stripe Billing's numbers: what Stripe documents, what simsub assumes, and the checks a
/// configuration must pass.
///
/// | number | value | kind |
/// |---|---|---|
/// | retry window | 1 week, 2 weeks, 3 weeks, 1 month or 2 months | documented: Stripe docs, "Automate payment retries" (Smart Retries policy: "a specific number of times within a time period") |
/// | default window | 2 weeks, 8 tries | documented: same, "The recommended default is 8 tries within 2 weeks" |
/// | retry cadence | 1, 2, 3, 5, 7, 9, 11, 14 days after the failure, scaled to the window | **assumption**: Smart Retries picks its times by machine learning and publishes none |
/// | when retries end | cancel, mark `unpaid`, or leave `past_due` | documented: same ("Subscription status" setting); simsub's default `cancel` |
/// | grace | none of Stripe's own: the app's promise during `past_due`, at most the window | simsub's default: the whole window |
/// | webhook redelivery | live mode: "up to three days with an exponential back off" | documented: Stripe docs, "Receive Stripe events in your webhook endpoint" |
/// | redelivery delays | 1, 2, 4, 8, 16, 32 hours after the previous attempt | **assumption**: Stripe publishes the span, not the steps |
public enum StripeDefaults {
  /// The retry windows Stripe's Smart Retries policy offers.
  public static let windows: [TimeSpan] = [.days(7), .days(14), .days(21), .days(30), .days(61)]

  /// Stripe's recommended window, "8 tries within 2 weeks".
  public static let window = TimeSpan.days(14)

  /// When the default schedule retries in the 2-week window, as offsets from the failed
  /// renewal: 8 tries, the last at the window's end. An assumption (Smart Retries chooses its
  /// own times); other windows scale it, so every window gets 8 tries ending at its end.
  public static let retryDays: [Int64] = [1, 2, 3, 5, 7, 9, 11, 14]

  /// The default retry offsets for a window: `retryDays` scaled from 14 days to `window`,
  /// rounded down to the minute.
  public static func retrySchedule(window: TimeSpan) -> [TimeSpan] {
    retryDays.map { days in
      let seconds = days * window.seconds / 14
      return TimeSpan(seconds: seconds / 60 * 60)
    }
  }

  /// simsub's default grace: the whole window, so a `past_due` subscriber keeps access for as
  /// long as Stripe retries (Stripe itself grants no grace; the app decides).
  public static func grace(window: TimeSpan) -> TimeSpan { window }

  /// Webhook retries: "In live mode, Stripe attempts to deliver a given event to your webhook
  /// endpoint for up to 3 days with an exponential back off" (Stripe docs, webhooks). The steps
  /// are simsub's assumption: 1 hour, doubling, while the next attempt stays within 3 days of
  /// the first (+1, +3, +7, +15, +31, +63 hours).
  public static let redeliverySpan = TimeSpan.days(3)
  public static let firstRedeliveryDelay = TimeSpan.hours(1)

  /// The API version events are rendered in.
  public static let apiVersion = StripeEvent.modelledAPIVersion
}

/// What Stripe lets an account configure, checked before a run.
public enum StripeLimits {
  /// Whether `window` is one Stripe offers: 7, 14 or 21 days, one month (28–31 days) or two
  /// (59–62 days), in whole days.
  public static func isAllowedWindow(_ window: TimeSpan) -> Bool {
    guard window.seconds % 86_400 == 0 else { return false }
    switch window.wholeDays {
    case 7, 14, 21, 28...31, 59...62: return true
    default: return false
    }
  }

  /// Every rule one product breaks, each naming its setting; grace is checked against the
  /// window only when the window itself is allowed.
  public static func problems(_ product: Product) -> [StoreConfigurationError] {
    let name = product.id.text
    var problems: [StoreConfigurationError] = []
    if product.priceMilliunits < 10 {
      problems.append(
        StoreConfigurationError(
          setting: "price",
          message:
            "stripe charges a recurring price of at least 0.01, not \(AppStoreLimits.money(product.priceMilliunits)) (product \(name))"
        ))
    }
    if !isAllowedWindow(product.hold) {
      problems.append(
        StoreConfigurationError(
          setting: "hold",
          message: "stripe retries a failed payment within 1 week, 2 weeks, 3 weeks, 1 month or 2 months "
            + "(7d, 14d, 21d, 28–31d, 59–62d), not \(product.hold) (product \(name))"))
    }
    if product.grace < .zero || (isAllowedWindow(product.hold) && product.grace > product.hold) {
      problems.append(
        StoreConfigurationError(
          setting: "grace",
          message:
            "the app's grace during stripe's past_due lasts from 0d up to the retry window (\(product.hold)), "
            + "not \(product.grace) (product \(name))"))
    }
    if let trial = product.trial, trial <= .zero {
      problems.append(
        StoreConfigurationError(
          setting: "trial", message: "a free trial must be longer than 0d, not \(trial) (product \(name))"))
    }
    return problems
  }

  /// Checks one product; the first broken rule, or `nil`.
  public static func check(_ product: Product) -> StoreConfigurationError? { problems(product).first }

  /// Checks a retry schedule: positive, increasing, within the longest window (62 days).
  public static func check(retrySchedule: [TimeSpan]) -> StoreConfigurationError? {
    var previous = TimeSpan.zero
    for (i, offset) in retrySchedule.enumerated() {
      guard offset > previous else {
        let list = retrySchedule.map(\.description).joined(separator: ", ")
        return StoreConfigurationError(
          setting: "retry-schedule",
          message: "stripe retry offsets must be positive and increasing, not [\(list)]")
      }
      if offset > .days(62) {
        return StoreConfigurationError(
          setting: "retry-schedule",
          message: "stripe retries within at most 2 months: offset \(i + 1) is \(offset), not within 62d")
      }
      previous = offset
    }
    return nil
  }

  /// Checks a catalog and an optional schedule; the first broken rule, or `nil`.
  public static func check(products: [Product], retrySchedule: [TimeSpan]?) -> StoreConfigurationError? {
    if products.isEmpty {
      return StoreConfigurationError(setting: "product", message: "stripe needs at least one product")
    }
    var seen = Set<ProductID>()
    var groups = Set<Symbol>()
    for product in products {
      if !seen.insert(product.id).inserted {
        return StoreConfigurationError(
          setting: "id",
          message: "product id \(product.id.text) appears twice; stripe prices need distinct lookup keys")
      }
      groups.insert(product.group)
      if let error = check(product) { return error }
    }
    if groups.count > 64 {
      return StoreConfigurationError(
        setting: "group", message: "simsub plays at most 64 product groups, not \(groups.count)")
    }
    return retrySchedule.flatMap { check(retrySchedule: $0) }
  }
}
