/// What App Store Connect lets an app configure, checked before a run so a scenario cannot play
/// a subscription Apple would never sell.
///
/// - Billing grace: off, or 3, 16 or 28 days (Apple developer news 2023-01-30). Weekly products
///   get at most 6 days whatever the app chose, so a weekly product's grace is 0, 3 or 6 days
///   (3 when the app chose 3 days, 6 when it chose 16 or 28).
/// - Grace plus the rest of the billing-retry window (`hold`) is at most Apple's 60 days.
/// - The retry schedule: offsets after the failed renewal, each positive, strictly increasing and
///   inside the 60-day window. A product whose window is shorter simply skips the later retries.
/// - Free trials: 3 days, 1 or 2 weeks, or 1, 2, 3, 6 or 12 months (App Store Connect's
///   introductory-offer durations); months are written in days, so 28–31 days is one month.
/// - Prices above zero; product ids unique; at most 64 subscription groups (trial eligibility is
///   a 64-bit set in `SubscriptionRecord.trialsUsed`).
public enum AppStoreLimits {
  /// The grace lengths a product of this period may have, `0d` (off) first.
  public static func allowedGrace(for period: BillingPeriod) -> [TimeSpan] {
    period == .oneWeek
      ? [.zero, .days(3), AppStoreDefaults.weeklyGraceCap]
      : [.zero] + AppStoreDefaults.graceLengths
  }

  /// Every rule one product breaks, each naming its setting, so a file's grace and trial
  /// errors are reported together; the grace-plus-hold rule only when grace itself is allowed.
  public static func problems(_ product: Product) -> [StoreConfigurationError] {
    let name = product.id.text
    var problems: [StoreConfigurationError] = []
    if product.priceMilliunits <= 0 {
      problems.append(
        StoreConfigurationError(
          setting: "price",
          message:
            "apple sells a subscription for a price above 0, not \(money(product.priceMilliunits)) (product \(name))"
        ))
    }
    if !allowedGrace(for: product.period).contains(product.grace) {
      let message: String
      if product.period == .oneWeek {
        message =
          "apple offers a billing grace period of 3 or 6 days for weekly products "
          + "(App Store Connect's 16 or 28 days give a weekly product 6), or 0d for none, "
          + "not \(product.grace) (product \(name))"
      } else {
        message =
          "apple offers a billing grace period of 3, 16 or 28 days for \(product.period.adjective) products "
          + "(at most 6 days for weekly ones), or 0d for none, not \(product.grace) (product \(name))"
      }
      problems.append(StoreConfigurationError(setting: "grace", message: message))
    }
    if product.hold < .zero {
      problems.append(
        StoreConfigurationError(
          setting: "hold",
          message:
            "the billing-retry window after grace cannot be negative, not \(product.hold) (product \(name))"))
    }
    if product.hold >= .zero, allowedGrace(for: product.period).contains(product.grace),
      product.grace + product.hold > AppStoreDefaults.billingRetryWindow
    {
      problems.append(
        StoreConfigurationError(
          setting: "hold",
          message:
            "apple retries a failed renewal for at most 60 days, grace included: grace \(product.grace) "
            + "+ hold \(product.hold) is \(product.grace + product.hold) (product \(name))"))
    }
    if let trial = product.trial, !isAllowedTrial(trial) {
      problems.append(
        StoreConfigurationError(
          setting: "trial",
          message: "apple offers free trials of 3d, 1w, 2w, or 1, 2, 3, 6 or 12 months "
            + "(28–31d, 59–62d, 89–92d, 181–184d, 365–366d), not \(trial) (product \(name))"))
    }
    return problems
  }

  /// Checks one product; the first broken rule, or `nil`.
  public static func check(_ product: Product) -> StoreConfigurationError? { problems(product).first }

  /// Checks a retry schedule; the first broken rule, or `nil`.
  public static func check(retrySchedule: [TimeSpan]) -> StoreConfigurationError? {
    var previous = TimeSpan.zero
    for (i, offset) in retrySchedule.enumerated() {
      if offset <= .zero {
        return StoreConfigurationError(
          setting: "retry-schedule",
          message:
            "a billing retry comes after the failed renewal: offset \(i + 1) is \(offset), not above 0d")
      }
      if i > 0 && offset <= previous {
        return StoreConfigurationError(
          setting: "retry-schedule",
          message:
            "billing retry offsets must increase: offset \(i + 1) (\(offset)) is not after offset \(i) (\(previous))"
        )
      }
      if offset >= AppStoreDefaults.billingRetryWindow {
        return StoreConfigurationError(
          setting: "retry-schedule",
          message:
            "apple retries a failed renewal for at most 60 days: offset \(i + 1) is \(offset), not under 60d")
      }
      previous = offset
    }
    return nil
  }

  /// Checks a catalog and a schedule together; the first broken rule, or `nil`.
  public static func check(products: [Product], retrySchedule: [TimeSpan]) -> StoreConfigurationError? {
    if products.isEmpty {
      return StoreConfigurationError(setting: "product", message: "apple needs at least one product")
    }
    var seen = Set<ProductID>()
    var groups = Set<Symbol>()
    for product in products {
      if !seen.insert(product.id).inserted {
        return StoreConfigurationError(
          setting: "id", message: "product id \(product.id.text) appears twice; apple product ids are unique")
      }
      groups.insert(product.group)
      if let error = check(product) { return error }
    }
    if groups.count > 64 {
      return StoreConfigurationError(
        setting: "group", message: "simsub plays at most 64 subscription groups, not \(groups.count)")
    }
    return check(retrySchedule: retrySchedule)
  }

  static func isAllowedTrial(_ trial: TimeSpan) -> Bool {
    guard trial.seconds % 86_400 == 0 else { return false }
    switch trial.wholeDays {
    case 3, 7, 14, 28...31, 59...62, 89...92, 181...184, 365...366: return true
    default: return false
    }
  }

  /// `9990` → `9.99`, for messages.
  static func money(_ milliunits: Int64) -> String {
    let sign = milliunits < 0 ? "-" : ""
    let cents = (milliunits.magnitude + 5) / 10
    let fraction = cents % 100
    return "\(sign)\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
