import TestSupport
import Testing

@testable import SubscriptionPolicy

@Suite("RFC 3339")
struct RFC3339Tests {
  @Test(
    arguments: [
      ("1970-01-01T00:00:00Z", 0),
      ("2026-01-31T09:00:00Z", 1_769_850_000),
      ("2026-01-31t09:00:00z", 1_769_850_000),
      ("2026-01-31T10:00:00+01:00", 1_769_850_000),
      ("2026-01-31T14:30:00+05:30", 1_769_850_000),
      ("2026-01-31T01:00:00-08:00", 1_769_850_000),
      ("2026-01-31T09:00:00-00:00", 1_769_850_000),
      ("2026-01-31T09:00:00.999Z", 1_769_850_000),
      ("2026-01-31T09:00:00.045123456Z", 1_769_850_000),
      ("2026-01-31T09:00:00.5+01:00", 1_769_846_400),
      ("2024-02-29T12:00:00Z", 1_709_208_000),
      ("2000-02-29T00:00:00Z", 951_782_400),
      ("1969-12-31T23:59:59Z", -1),
      ("1900-01-01T00:00:00Z", -2_208_988_800),
      ("0001-01-01T00:00:00Z", -62_135_596_800),
      ("9999-12-31T23:59:59Z", 253_402_300_799),
      ("2016-12-31T23:59:60Z", 1_483_228_800),  // a leap second reads as the next second
      ("2026-01-01T00:00:00+23:59", 1_767_139_260),
    ] as [(String, Int64)])
  func parses(text: String, seconds: Int64) {
    #expect(RFC3339.parse(text) == Instant(secondsSinceEpoch: seconds))
  }

  @Test(arguments: [
    "", "2026-02-29T00:00:00Z", "2026-02-30T00:00:00Z", "2024-02-30T00:00:00Z", "1900-02-29T00:00:00Z",
    "2026-04-31T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-10T00:00:00Z", "2026-01-00T00:00:00Z",
    "2026-01-32T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T23:60:00Z", "2026-01-01T23:59:61Z",
    "2026-01-01T00:00:00", "2026-01-01 00:00:00Z", "2026-01-01T00:00:00.Z", "2026-01-01T00:00:00+0100",
    "2026-01-01T00:00:00+24:00", "2026-01-01T00:00:00+01:60", "2026-01-01T00:00:00Zjunk",
    "26-01-01T00:00:00Z",
    "2026-1-01T00:00:00Z", "2026-01-01T0:00:00Z", "２０２６-01-01T00:00:00Z", "2026-01-01T00:00:00ZZ",
    "-2026-01-01T00:00:00Z", "2026-01-01",
  ])
  func rejects(text: String) {
    #expect(RFC3339.parse(text) == nil)
  }

  @Test func formatsInUTCWithWholeSeconds() {
    #expect(RFC3339.format(Instant(secondsSinceEpoch: 0)) == "1970-01-01T00:00:00Z")
    #expect(RFC3339.format(Instant(secondsSinceEpoch: -1)) == "1969-12-31T23:59:59Z")
    #expect(RFC3339.format(Instant(secondsSinceEpoch: 1_709_208_000)) == "2024-02-29T12:00:00Z")
    #expect(RFC3339.format(Instant(secondsSinceEpoch: -62_135_596_800)) == "0001-01-01T00:00:00Z")
    #expect(
      RFC3339.formatWithMilliseconds(Instant(secondsSinceEpoch: 1_769_850_000)) == "2026-01-31T09:00:00.000Z")
    #expect(Instant(secondsSinceEpoch: 1_769_850_000).description == "2026-01-31T09:00:00Z")
  }

  @Test func formatAndParseRoundTripOverFourCenturies() {
    var rng = SeededGenerator(seed: 9)
    let span: UInt64 = 400 * 366 * 86_400
    for _ in 0..<20_000 {
      let s = Int64(rng.next() % span) - 200 * 365 * 86_400
      let instant = Instant(secondsSinceEpoch: s)
      #expect(RFC3339.parse(RFC3339.format(instant)) == instant)
      #expect(RFC3339.parse(RFC3339.formatWithMilliseconds(instant)) == instant)
    }
  }
}

@Suite("Civil dates")
struct CivilDateTests {
  @Test func knownDays() {
    #expect(CivilDate(year: 1970, month: 1, day: 1).instant.secondsSinceEpoch == 0)
    #expect(CivilDate(year: 2000, month: 3, day: 1).instant.secondsSinceEpoch == 11_017 * 86_400)
    #expect(CivilDate(year: 0, month: 3, day: 1).instant.secondsSinceEpoch == -719_468 * 86_400)
    #expect(
      CivilDate(Instant(secondsSinceEpoch: -1))
        == CivilDate(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59))
    #expect(
      CivilDate(Instant(secondsSinceEpoch: 951_825_599))
        == CivilDate(year: 2000, month: 2, day: 29, hour: 11, minute: 59, second: 59))
  }

  /// Walks every day from 1600 to 2400 and samples days across ±1,000,000 years: each day's
  /// civil date is the calendar successor of the previous day's, and converts back exactly.
  @Test func everyDayIsTheSuccessorOfTheOneBefore() {
    func check(from firstDay: Int64, count: Int64) {
      var previous = CivilDate(Instant(secondsSinceEpoch: (firstDay - 1) * 86_400))
      for day in firstDay..<(firstDay + count) {
        let seconds = day * 86_400 + (day &* 7919 % 86_400 + 86_400) % 86_400
        let c = CivilDate(Instant(secondsSinceEpoch: seconds))
        #expect(c.instant.secondsSinceEpoch == seconds)
        var expected = CivilDate(year: previous.year, month: previous.month, day: previous.day + 1)
        if expected.day > CivilDate.daysIn(month: expected.month, of: expected.year) {
          expected.day = 1
          expected.month += 1
          if expected.month > 12 {
            expected.month = 1
            expected.year += 1
          }
        }
        guard c.year == expected.year, c.month == expected.month, c.day == expected.day else {
          Issue.record("day \(day): \(c) follows \(previous)")
          return
        }
        previous = c
      }
    }
    let from1600 = CivilDate(year: 1600, month: 1, day: 1).instant.secondsSinceEpoch / 86_400
    check(from: from1600, count: 800 * 366)
    for year: Int64 in stride(from: -1_000_000, through: 1_000_000, by: 99_991) {
      let first = CivilDate(year: year, month: 2, day: 20).instant.secondsSinceEpoch / 86_400
      check(from: first, count: 20)
    }
  }

  /// The 32-bit conversions give Hinnant's answers: every day from 1600 to 2600, both ends of
  /// their range, and days sampled across it; and day counts of dates whose day is past the
  /// month's end (28 to 31 in every month), which a billing period's clamp never makes but the
  /// public conversion accepts.
  @Test func fastConversionsAgreeWithHinnant() {
    func check(_ days: Int64) -> Bool {
      let fast = CivilDate.fastDate(fromDays: days)
      let hinnant = CivilDate.hinnantDate(fromDays: days)
      guard fast == hinnant else {
        Issue.record("day \(days): \(fast) but Hinnant says \(hinnant)")
        return false
      }
      let back = CivilDate.fastDays(year: fast.year, month: fast.month, day: fast.day)
      guard back == days, back == CivilDate.hinnantDays(year: fast.year, month: fast.month, day: fast.day)
      else {
        Issue.record("\(fast): day \(back), not \(days)")
        return false
      }
      return true
    }
    let from1600 = CivilDate.hinnantDays(year: 1600, month: 1, day: 1)
    for days in from1600..<(from1600 + 1_001 * 366) where !check(days) { return }
    let first = -CivilDate.fastShift
    let last = CivilDate.fastDaysEnd - 1
    for days in first..<(first + 3_000) where !check(days) { return }
    for days in (last - 3_000)...last where !check(days) { return }
    for days in stride(from: first, through: last, by: 9_973) where !check(days) { return }
    for year in stride(from: -CivilDate.fastYearShift + 1, to: CivilDate.fastYearsEnd, by: 997) {
      for month: Int64 in 1...12 {
        for day: Int64 in 28...31
        where CivilDate.fastDays(year: year, month: month, day: day)
          != CivilDate.hinnantDays(year: year, month: month, day: day)
        {
          Issue.record("\(year)-\(month)-\(day)")
          return
        }
      }
    }
    // Just outside the 32-bit range, Hinnant's conversions answer.
    #expect(CivilDate.date(fromDays: last + 1) == CivilDate.hinnantDate(fromDays: last + 1))
    #expect(CivilDate.date(fromDays: first - 1) == CivilDate.hinnantDate(fromDays: first - 1))
  }

  @Test func leapYears() {
    #expect(CivilDate.isLeapYear(2024))
    #expect(CivilDate.isLeapYear(2000))
    #expect(!CivilDate.isLeapYear(1900))
    #expect(!CivilDate.isLeapYear(2026))
    #expect(CivilDate.isLeapYear(0))
    #expect(CivilDate.isLeapYear(-4))
    #expect(!CivilDate.isLeapYear(-100))
    #expect(CivilDate.daysIn(month: 2, of: 2024) == 29)
    #expect(CivilDate.daysIn(month: 2, of: 2026) == 28)
    #expect(CivilDate.daysIn(month: 4, of: 2026) == 30)
    #expect(CivilDate.daysIn(month: 12, of: 2026) == 31)
  }

  @Test func sentinelsConvertBothWays() {
    for instant in [Instant.distantPast, Instant.distantFuture] {
      #expect(CivilDate(instant).instant == instant)
    }
  }
}

@Suite("Instants")
struct InstantTests {
  @Test(
    arguments: [
      (0, 0), (999, 0), (1_000, 1), (1_767_225_600_999, 1_767_225_600),
      (-1, -1), (-999, -1), (-1_000, -1), (-1_001, -2), (-86_400_000, -86_400),
      (Int64.min, Int64.min / 1000 - 1), (Int64.max, Int64.max / 1000),
    ] as [(Int64, Int64)])
  func millisecondsRoundDown(ms: Int64, seconds: Int64) {
    #expect(Instant(millisecondsSinceEpoch: ms).secondsSinceEpoch == seconds)
  }

  @Test func millisecondsOfAnInstant() {
    #expect(Instant(secondsSinceEpoch: -2).millisecondsSinceEpoch == -2_000)
    #expect(Instant(secondsSinceEpoch: 1_767_225_600).millisecondsSinceEpoch == 1_767_225_600_000)
    #expect(Instant(secondsSinceEpoch: Int64.max / 1000).millisecondsSinceEpoch == Int64.max / 1000 * 1000)
  }

  /// Before the fix this wrapped: `distantFuture` became a date in 1970's past.
  @Test func millisecondsSaturateInsteadOfWrapping() {
    #expect(Instant.distantFuture.millisecondsSinceEpoch == .max)
    #expect(Instant.distantPast.millisecondsSinceEpoch == .min)
    #expect(Instant(secondsSinceEpoch: Int64.max / 1000 + 1).millisecondsSinceEpoch == .max)
  }

  @Test func arithmetic() {
    let a = Instant(secondsSinceEpoch: 100)
    #expect(a + .days(1) == Instant(secondsSinceEpoch: 86_500))
    #expect(a - .seconds(200) == Instant(secondsSinceEpoch: -100))
    #expect((a + .hours(2)) - a == .hours(2))
    #expect(Instant.distantPast < a && a < Instant.distantFuture)
  }
}
