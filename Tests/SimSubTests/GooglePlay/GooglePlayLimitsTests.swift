import TestSupport
import Testing

@testable import SimSub

@Suite("Google Play limits and defaults")
struct GooglePlayLimitsTests {
  func error(_ products: [Product], retrySchedule: [TimeSpan]? = nil, silentGrace: TimeSpan? = nil)
    -> StoreConfigurationError?
  {
    do {
      _ = try GooglePlayModel(products: products, retrySchedule: retrySchedule, silentGrace: silentGrace)
      return nil
    } catch {
      return error
    }
  }

  func product(_ period: BillingPeriod = .oneMonth, grace: TimeSpan, hold: TimeSpan) -> Product {
    Product(id: "p", period: period, grace: grace, hold: hold)
  }

  // MARK: Grace

  @Test(arguments: 0...30)
  func everyWholeDayOfGraceUpToThirtyIsAllowedForMonthly(days: Int64) {
    let grace = TimeSpan.days(days)
    #expect(
      error([product(grace: grace, hold: GooglePlayModel.defaultHold(for: .oneMonth, grace: grace))]) == nil)
  }

  @Test(arguments: 0...7)
  func everyWholeDayOfGraceUpToSevenIsAllowedForWeekly(days: Int64) {
    let grace = TimeSpan.days(days)
    #expect(error([product(.oneWeek, grace: grace, hold: .days(30))]) == nil)
  }

  @Test func weeklyGraceAboveSevenDaysNamesTheLimit() {
    let e = error([product(.oneWeek, grace: .days(8), hold: .days(30))])
    #expect(e?.setting == "grace")
    #expect(e?.message == "google offers a grace period of 0 to 7 days for weekly products, not 8d")
  }

  @Test(arguments: [BillingPeriod.oneMonth, .twoMonths, .threeMonths, .sixMonths, .oneYear])
  func graceAboveThirtyDaysNamesTheLimit(period: BillingPeriod) {
    let e = error([product(period, grace: .days(31), hold: .days(20))])
    #expect(e?.setting == "grace")
    #expect(
      e?.message
        == "google offers a grace period of 0 to 30 days for \(period.adjective) products (at most 7 days for weekly ones), not 31d"
    )
  }

  @Test func negativeGraceIsRefused() {
    #expect(
      error([product(grace: .days(-1), hold: .days(40))])?.message
        == "google offers a grace period of 0 to 30 days for monthly products (at most 7 days for weekly ones), not -1d"
    )
  }

  @Test func graceMustBeWholeDays() {
    let e = error([product(grace: .hours(36), hold: .days(40))])
    #expect(e?.setting == "grace")
    #expect(e?.message == "google sets the grace period in whole days, not 1d 12h")
  }

  // MARK: Hold

  @Test func holdAboveSixtyDaysNamesTheLimit() {
    let e = error([product(grace: .zero, hold: .days(61))])
    #expect(e?.setting == "hold")
    #expect(e?.message == "google offers an account hold of 0 to 60 days, not 61d")
  }

  @Test func holdMustBeWholeDays() {
    #expect(
      error([product(grace: .days(7), hold: .hours(12) + .days(40))])?.message
        == "google sets the account hold in whole days, not 40d 12h")
  }

  @Test func graceAndHoldTogetherUnderThirtyDaysIsRefused() {
    let e = error([product(grace: .days(7), hold: .days(10))])
    #expect(e?.setting == "hold")
    #expect(
      e?.message == "google requires grace plus account hold to total 30 to 60 days, not 7d + 10d = 17d")
  }

  @Test func graceAndHoldTogetherOverSixtyDaysIsRefused() {
    #expect(
      error([product(grace: .days(30), hold: .days(31))])?.message
        == "google requires grace plus account hold to total 30 to 60 days, not 30d + 31d = 61d")
  }

  @Test(arguments: [
    (TimeSpan.days(0), TimeSpan.days(30)), (.days(30), .zero), (.days(0), .days(60)), (.days(30), .days(30)),
  ])
  func theEdgesOfTheRecoveryWindowAreAllowed(grace: TimeSpan, hold: TimeSpan) {
    #expect(error([product(grace: grace, hold: hold)]) == nil)
  }

  @Test func theFirstBadProductIsReported() {
    let good = product(grace: .days(7), hold: .days(53))
    let bad = product(.oneWeek, grace: .days(10), hold: .days(30))
    #expect(
      error([good, bad])?.message
        == "google offers a grace period of 0 to 7 days for weekly products, not 10d")
  }

  @Test func aCatalogNeedsAProduct() {
    #expect(error([])?.message == "google needs at least one product")
  }

  @Test func aTrialMustHaveALength() {
    var p = product(grace: .days(7), hold: .days(53))
    p.trial = .zero
    #expect(error([p])?.message == "a free trial must be longer than 0d, not 0d")
  }

  // MARK: Retries and silent grace

  @Test func retryOffsetsMustIncrease() {
    let e = error([GP.product()], retrySchedule: [.days(1), .days(1)])
    #expect(e?.setting == "retry-schedule")
    #expect(e?.message == "google retry offsets must be positive and increasing, not [1d, 1d]")
    #expect(
      error([GP.product()], retrySchedule: [.zero])?.message
        == "google retry offsets must be positive and increasing, not [0d]")
    #expect(error([GP.product()], retrySchedule: []) == nil)
  }

  @Test func silentGraceIsAtMostTwoDays() {
    let e = error([GP.product()], silentGrace: .days(3))
    #expect(e?.setting == "silent-grace")
    #expect(e?.message == "google's silent grace lasts 0 to 2 days, not 3d")
    #expect(error([GP.product()], silentGrace: .days(2)) == nil)
  }

  // MARK: Defaults

  @Test func defaultGraceIsThreeDaysWeeklyAndSevenOtherwise() {
    #expect(GooglePlayModel.defaultGrace(for: .oneWeek) == .days(3))
    for period in BillingPeriod.allCases where period != .oneWeek {
      #expect(GooglePlayModel.defaultGrace(for: period) == .days(7))
    }
  }

  @Test func defaultHoldIsSixtyDaysMinusGrace() {
    #expect(GooglePlayModel.defaultHold(for: .oneMonth, grace: .days(7)) == .days(53))
    #expect(GooglePlayModel.defaultHold(for: .oneWeek, grace: .days(3)) == .days(57))
    #expect(GooglePlayModel.defaultHold(for: .oneMonth, grace: .zero) == .days(60))
    #expect(GooglePlayModel.defaultHold(for: .oneMonth, grace: .days(30)) == .days(30))
  }

  @Test(arguments: BillingPeriod.allCases)
  func theDefaultsPassValidation(period: BillingPeriod) {
    let grace = GooglePlayModel.defaultGrace(for: period)
    #expect(
      error([product(period, grace: grace, hold: GooglePlayModel.defaultHold(for: period, grace: grace))])
        == nil)
  }

  @Test func defaultRetriesAreDailyForSixtyDays() {
    let s = GooglePlayModel.defaultRetrySchedule
    #expect(s.count == 60)
    #expect(s.first == .days(1))
    #expect(s.last == .days(60))
    #expect(zip(s, s.dropFirst()).allSatisfy { $1 - $0 == .days(1) })
    #expect(GooglePlayModel.defaultSilentGrace == .days(1))
  }

  // MARK: Pause

  @Test(arguments: [7, 14, 21, 28] as [Int64])
  func weeklyPlansPauseForOneToFourWeeks(days: Int64) {
    #expect(GooglePlayModel.pauseError(.days(days), for: .oneWeek) == nil)
    #expect(
      GooglePlayModel.pauseEnd(from: testStart, length: .days(days), period: .oneWeek) == testStart
        + .days(days))
  }

  @Test(arguments: [3, 10, 35, 30] as [Int64])
  func otherWeeklyPausesAreRefused(days: Int64) {
    let e = GooglePlayModel.pauseError(.days(days), for: .oneWeek)
    #expect(e?.setting == "pause")
    #expect(e?.message == "google offers pauses of 1, 2, 3 or 4 weeks for weekly products, not \(days)d")
  }

  @Test func monthlyPlansPauseForCalendarMonths() {
    let jan31 = GP.at(2026, 1, 31, 9)
    #expect(
      GooglePlayModel.pauseEnd(from: jan31, length: .days(30), period: .oneMonth) == GP.at(2026, 2, 28, 9))
    #expect(
      GooglePlayModel.pauseEnd(from: jan31, length: .days(61), period: .oneMonth) == GP.at(2026, 3, 31, 9))
    #expect(
      GooglePlayModel.pauseEnd(from: jan31, length: .days(91), period: .threeMonths) == GP.at(2026, 4, 30, 9))
    for days: Int64 in [28, 31, 59, 62, 89, 92] {
      #expect(GooglePlayModel.pauseError(.days(days), for: .oneMonth) == nil)
    }
  }

  @Test(arguments: [7, 27, 32, 58, 63, 88, 93, 120] as [Int64])
  func otherMonthlyPausesAreRefused(days: Int64) {
    #expect(GooglePlayModel.pauseEnd(from: testStart, length: .days(days), period: .oneMonth) == nil)
    #expect(
      GooglePlayModel.pauseError(.days(days), for: .threeMonths)?.message
        == "google offers pauses of 1, 2 or 3 months for quarterly products (30d, 61d or 91d; 28–31, 59–62 or 89–92 days count as that many months), not \(days)d"
    )
  }

  @Test func yearlyPlansHaveNoPause() {
    // "Available pause lengths": annual N/A (lifecycle guide, "Paused subscriptions").
    for days: Int64 in [7, 30, 61, 91] {
      #expect(GooglePlayModel.pauseEnd(from: testStart, length: .days(days), period: .oneYear) == nil)
    }
    #expect(
      GooglePlayModel.pauseError(.days(30), for: .oneYear)?.message
        == "google offers no pause for yearly products")
  }

  @Test func aScenarioMonthIsTheSpanThatPlaysAsThatManyCalendarMonths() {
    let jan31 = GP.at(2026, 1, 31, 9)
    #expect(
      [1, 2, 3].map {
        GooglePlayModel.pauseEnd(
          from: jan31, length: GooglePlayModel.pauseSpan(months: $0), period: .sixMonths)
      }
        == [GP.at(2026, 2, 28, 9), GP.at(2026, 3, 31, 9), GP.at(2026, 4, 30, 9)])
    #expect(
      [1, 2, 3].map { GooglePlayModel.pauseSpelling(GooglePlayModel.pauseSpan(months: $0)) } == [
        "1M", "2M", "3M",
      ])
    #expect(GooglePlayModel.pauseSpelling(.days(28)) == "28d")
  }

  @Test func pausesAreWholeDays() {
    #expect(GooglePlayModel.pauseError(.days(30) + .hours(1), for: .oneMonth) != nil)
  }
}
