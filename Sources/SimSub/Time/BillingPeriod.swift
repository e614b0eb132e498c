/// A subscription's billing period: the calendar lengths both stores sell.
///
/// Month-based periods keep their **anchor day**: the nth renewal is computed from the anchor,
/// never from the previous renewal, so a subscription bought on Jan 31 renews on Feb 28 (29 in a
/// leap year), Mar 31, Apr 30. Weeks are exactly seven days.
public enum BillingPeriod: UInt8, CaseIterable, Hashable, Sendable {
  case oneWeek
  case oneMonth
  case twoMonths
  case threeMonths
  case sixMonths
  case oneYear

  /// Calendar months in one period (`0` for a week).
  @inlinable public var months: Int64 {
    switch self {
    case .oneWeek: 0
    case .oneMonth: 1
    case .twoMonths: 2
    case .threeMonths: 3
    case .sixMonths: 6
    case .oneYear: 12
    }
  }

  /// The end of the `count`-th period after `anchor`, keeping the anchor's day of month and
  /// time of day (clamped to the month's last day).
  @inlinable public func advance(_ anchor: Instant, by count: Int64) -> Instant {
    if self == .oneWeek { return anchor + .weeks(count) }
    // The time of day is carried over whole: only the date goes through the calendar.
    let (days, seconds) = CivilDate.daysAndSeconds(of: anchor)
    let date = CivilDate.date(fromDays: days)
    let total = (date.year * 12 + (date.month - 1)) + months * count
    let year = total >= 0 ? total / 12 : (total - 11) / 12
    let month = total - year * 12 + 1
    let day = min(date.day, CivilDate.daysIn(month: month, of: year))
    return Instant(secondsSinceEpoch: CivilDate.days(year: year, month: month, day: day) * 86_400 + seconds)
  }

  /// `advance(anchor, by: count)` from the anchor's kept calendar date: the same instant,
  /// with one conversion fewer when the date is kept.
  // Always inlined into the renewal: a call cost about a tenth of it.
  @inlinable @inline(__always)
  func advance(_ anchor: Instant, date: AnchorDate, by count: Int64) -> Instant {
    if self == .oneWeek { return anchor + .weeks(count) }
    guard date.isKept else { return advance(anchor, by: count) }
    let total = Int64(date.month) + months * count
    let year = total >= 0 ? total / 12 : (total - 11) / 12
    let month = total - year * 12 + 1
    // Every month has the days up to the 28th: only a later anchor day needs the month's length.
    let day =
      date.day <= 28 ? Int64(date.day) : min(Int64(date.day), CivilDate.daysIn(month: month, of: year))
    return Instant(
      secondsSinceEpoch: CivilDate.days(year: year, month: month, day: day) * 86_400 + Int64(date.seconds))
  }

  /// A typical length in days, to compare prices of different periods (upgrade or downgrade).
  public var nominalDays: Int64 {
    switch self {
    case .oneWeek: 7
    case .oneMonth: 30
    case .twoMonths: 61
    case .threeMonths: 91
    case .sixMonths: 182
    case .oneYear: 365
    }
  }

  /// The scenario spelling: `1W`, `1M`, `2M`, `3M`, `6M`, `1Y`.
  public var code: String {
    switch self {
    case .oneWeek: "1W"
    case .oneMonth: "1M"
    case .twoMonths: "2M"
    case .threeMonths: "3M"
    case .sixMonths: "6M"
    case .oneYear: "1Y"
    }
  }

  /// A word for product ids and prose: `weekly`, `monthly`, `bimonthly`, `quarterly`, …
  public var adjective: String {
    switch self {
    case .oneWeek: "weekly"
    case .oneMonth: "monthly"
    case .twoMonths: "bimonthly"
    case .threeMonths: "quarterly"
    case .sixMonths: "semiannual"
    case .oneYear: "yearly"
    }
  }

  /// Parses `1W`, `1M`, …, or the ISO 8601 form `P1W`, `P1M`, `P12M`, `P1Y`.
  public init?(code text: String) {
    var t = Substring(text)
    if t.first == "P" { t = t.dropFirst() }
    switch t {
    case "1W", "7D": self = .oneWeek
    case "1M": self = .oneMonth
    case "2M": self = .twoMonths
    case "3M": self = .threeMonths
    case "6M": self = .sixMonths
    case "1Y", "12M": self = .oneYear
    default: return nil
    }
  }
}
