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
    if days >= -fastShift && days < fastDaysEnd { return fastDate(fromDays: days) }
    return hinnantDate(fromDays: days)
  }

  @inlinable static func hinnantDate(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
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
    if year > -fastYearShift && year < fastYearsEnd && month >= 1 && month <= 12 && day >= 1 && day <= 31 {
      return fastDays(year: year, month: month, day: day)
    }
    return hinnantDays(year: year, month: month, day: day)
  }

  @inlinable static func hinnantDays(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = month > 2 ? month - 3 : month + 9
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  // MARK: The same conversions in 32-bit arithmetic
  //
  // Cassio Neri and Lorenz Schneider, "Euclidean affine functions and their application to
  // calendar algorithms" (Software: Practice and Experience, 2022): the same proleptic
  // Gregorian calendar, with a few multiplications and shifts in place of Hinnant's chain of
  // divisions, about three times faster. Both give the same answers on the ranges below, where
  // the shifted values fit in 32 bits; a test compares them day by day. Outside, Hinnant's.

  /// Days added so that every day from 1970-01-01 − `fastShift` is non-negative: 82 eras of
  /// 400 years, plus the days from 0000-03-01 to 1970-01-01.
  @usableFromInline static let fastShift: Int64 = 719_468 + 146_097 * 82
  /// Years added likewise: 82 × 400.
  @usableFromInline static let fastYearShift: Int64 = 400 * 82
  /// The first day count, and the first year, not converted by the 32-bit forms.
  @usableFromInline static let fastDaysEnd: Int64 = 40_000_000
  @usableFromInline static let fastYearsEnd: Int64 = 100_000

  @inlinable static func fastDate(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let n = UInt32(truncatingIfNeeded: days &+ fastShift)
    // Century, then year of the century, then month and day, each an affine function.
    let n1 = 4 &* n &+ 3
    let century = n1 / 146_097
    let dayOfCentury = n1 % 146_097 / 4
    let p2 = UInt64(2_939_745) &* UInt64(4 &* dayOfCentury &+ 3)
    let yearOfCentury = UInt32(truncatingIfNeeded: p2 >> 32)
    let dayOfYear = UInt32(truncatingIfNeeded: p2) / 2_939_745 / 4  // from March 1st
    let n3 = 2_141 &* dayOfYear &+ 197_913
    let month = n3 >> 16  // 3 ... 14
    let day = (n3 & 0xFFFF) / 2_141 &+ 1
    let januaryOrFebruary: UInt32 = dayOfYear >= 306 ? 1 : 0
    let year = Int64(100 &* century &+ yearOfCentury) - fastYearShift + Int64(januaryOrFebruary)
    return (year, Int64(januaryOrFebruary == 1 ? month &- 12 : month), Int64(day))
  }

  @inlinable static func fastDays(year: Int64, month: Int64, day: Int64) -> Int64 {
    let januaryOrFebruary: UInt32 = month <= 2 ? 1 : 0
    // Years counted from March 1st, months from March (3 ... 14).
    let y = UInt32(truncatingIfNeeded: year &+ fastYearShift) &- januaryOrFebruary
    let m = UInt32(truncatingIfNeeded: month) &+ 12 &* januaryOrFebruary
    let century = y / 100
    let daysBeforeYear = 1_461 &* y / 4 &- century &+ century / 4
    let daysBeforeMonth = (979 &* m &- 2_919) / 32
    let n = daysBeforeYear &+ daysBeforeMonth &+ UInt32(truncatingIfNeeded: day) &- 1
    return Int64(n) - fastShift
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
