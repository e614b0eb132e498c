/// A proleptic Gregorian calendar date and time of day in UTC.
///
/// The conversions are Howard Hinnant's `days_from_civil` / `civil_from_days`: exact for every
/// `Int64` day count simsub meets, with no table, no `Calendar` and no allocation.
public struct CivilDate: Hashable, Sendable {
  public var year: Int64
  /// 1 through 12.
  public var month: Int64
  /// 1 through the month's length.
  public var day: Int64
  public var hour: Int64 = 0
  public var minute: Int64 = 0
  public var second: Int64 = 0

  @inlinable public init(
    year: Int64, month: Int64, day: Int64, hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0
  ) {
    self.year = year
    self.month = month
    self.day = day
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// The civil date of an instant.
  @inlinable public init(_ instant: Instant) {
    let (days, secs) = Self.daysAndSeconds(of: instant)
    let date = Self.date(fromDays: days)
    self.init(
      year: date.year, month: date.month, day: date.day,
      hour: secs / 3_600, minute: (secs % 3_600) / 60, second: secs % 60)
  }

  /// The instant of this civil date and time, UTC.
  @inlinable public var instant: Instant {
    Instant(
      secondsSinceEpoch: Self.days(year: year, month: month, day: day) * 86_400 + hour * 3_600
        + minute * 60 + second)
  }

  /// Whole days since 1970-01-01 and the seconds into the last of them (`0..<86_400`).
  @inlinable public static func daysAndSeconds(of instant: Instant) -> (days: Int64, seconds: Int64) {
    let s = instant.secondsSinceEpoch
    var days = s / 86_400
    var secs = s % 86_400
    if secs < 0 {
      secs += 86_400
      days -= 1
    }
    return (days, secs)
  }

  /// The date `days` days after 1970-01-01 (`civil_from_days`).
  @inlinable public static func date(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    // Within an era every quantity is small and non-negative: unsigned arithmetic divides by
    // the constants with fewer instructions, and cannot overflow.
    let doe = UInt64(truncatingIfNeeded: z - era * 146_097)  // 0 ... 146_096
    let yoe = (doe &- doe / 1_460 &+ doe / 36_524 &- doe / 146_096) / 365  // 0 ... 399
    let doy = doe &- (365 &* yoe &+ yoe / 4 &- yoe / 100)  // 0 ... 365
    let mp = (5 &* doy &+ 2) / 153  // 0 ... 11
    let d = doy &- (153 &* mp &+ 2) / 5 &+ 1  // 1 ... 31
    let m = mp < 10 ? mp &+ 3 : mp &- 9  // 1 ... 12
    return (Int64(yoe) + era * 400 + (m <= 2 ? 1 : 0), Int64(m), Int64(d))
  }

  /// Days from 1970-01-01 to a date (`days_from_civil`).
  @inlinable public static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  @inlinable public static func isLeapYear(_ year: Int64) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// The number of days in a month of a year.
  @inlinable public static func daysIn(month: Int64, of year: Int64) -> Int64 {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
