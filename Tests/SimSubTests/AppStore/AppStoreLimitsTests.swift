import TestSupport
import Testing

@testable import SimSub

@Suite("App Store: limits and defaults")
struct AppStoreLimitsTests {
  func error(_ products: [Product], retrySchedule: [TimeSpan]? = nil) -> StoreConfigurationError? {
    do {
      _ = try AppStoreModel(products: products, retrySchedule: retrySchedule)
      return nil
    } catch {
      return error
    }
  }

  func product(
    _ period: BillingPeriod = .oneMonth, grace: TimeSpan, hold: TimeSpan = .zero, trial: TimeSpan? = nil,
    price: Int64 = 9_990
  ) -> Product {
    Product(id: "premium.x", period: period, priceMilliunits: price, grace: grace, hold: hold, trial: trial)
  }

  @Test(arguments: [BillingPeriod.oneMonth, .twoMonths, .threeMonths, .sixMonths, .oneYear])
  func monthlyAndLongerProductsOfferThreeSixteenOrTwentyEightDays(_ period: BillingPeriod) {
    for days: Int64 in [0, 3, 16, 28] {
      #expect(error([product(period, grace: .days(days))]) == nil)
    }
    for days: Int64 in [1, 6, 7, 10, 14, 30] {
      let e = error([product(period, grace: .days(days))])
      #expect(e?.setting == "grace")
      #expect(
        e?.message
          == "apple offers a billing grace period of 3, 16 or 28 days for \(period.adjective) products "
          + "(at most 6 days for weekly ones), or 0d for none, not \(days)d (product premium.x)")
    }
  }

  @Test func monthlyGraceOfTenDaysNamesTheAllowedValues() {
    #expect(
      error([product(grace: .days(10))])?.message
        == "apple offers a billing grace period of 3, 16 or 28 days for monthly products "
        + "(at most 6 days for weekly ones), or 0d for none, not 10d (product premium.x)")
  }

  @Test func weeklyProductsOfferThreeOrSixDays() {
    for days: Int64 in [0, 3, 6] {
      #expect(error([product(.oneWeek, grace: .days(days))]) == nil)
    }
    for days: Int64 in [1, 5, 7, 16, 28] {
      let e = error([product(.oneWeek, grace: .days(days))])
      #expect(e?.setting == "grace")
      #expect(
        e?.message
          == "apple offers a billing grace period of 3 or 6 days for weekly products "
          + "(App Store Connect's 16 or 28 days give a weekly product 6), or 0d for none, not \(days)d (product premium.x)"
      )
    }
    #expect(error([product(.oneWeek, grace: .days(6) + .hours(1))])?.message.contains("not 6d 1h") == true)
  }

  /// A file's grace is App Store Connect's one setting for the app: 16 or 28 days give a weekly
  /// product 6, with the rest of the 60-day window as billing retry; 3 days stays 3.
  @Test(arguments: [(16, 6), (28, 6), (3, 3), (0, 0)])
  func aWeeklyProductGetsAtMostSixDaysOfTheAppsGrace(_ setting: Int64, _ played: Int64) throws {
    let root = try YAMLParser.parse("{period: 1W, price: 2.99, grace: \(setting)d}", file: "p.scn")
    let (products, problems) = ScenarioDecoder.decodeProducts(root, store: .apple)
    #expect(problems.isEmpty, "\(problems)")
    let product = try #require(products.first)
    #expect(product.grace == .days(played))
    #expect(product.hold == .days(60 - played))
    #expect(AppStoreLimits.problems(product).isEmpty)
    // A monthly product keeps the setting as written.
    let monthly = try YAMLParser.parse("{period: 1M, price: 9.99, grace: \(setting)d}", file: "p.scn")
    #expect(ScenarioDecoder.decodeProducts(monthly, store: .apple).0.first?.grace == .days(setting))
  }

  @Test func graceAndHoldFitInSixtyDays() {
    #expect(error([product(grace: .days(16), hold: .days(44))]) == nil)
    #expect(error([product(grace: .days(28), hold: .days(32))]) == nil)
    #expect(error([product(grace: .zero, hold: .days(60))]) == nil)
    let e = error([product(grace: .days(16), hold: .days(50))])
    #expect(e?.setting == "hold")
    #expect(
      e?.message
        == "apple retries a failed renewal for at most 60 days, grace included: grace 16d + hold 50d is 66d (product premium.x)"
    )
    let negative = error([product(grace: .days(3), hold: -.days(1))])
    #expect(negative?.setting == "hold")
    #expect(
      negative?.message
        == "the billing-retry window after grace cannot be negative, not -1d (product premium.x)")
  }

  @Test func trialsHaveAppStoreConnectsLengths() {
    for days: Int64 in [3, 7, 14, 28, 30, 31, 59, 62, 89, 92, 181, 184, 365, 366] {
      #expect(error([product(grace: .zero, trial: .days(days))]) == nil, "trial \(days)d")
    }
    for trial: TimeSpan in [.days(1), .days(10), .days(32), .days(100), .days(400), .hours(72) + .minutes(1)]
    {
      let e = error([product(grace: .zero, trial: trial)])
      #expect(e?.setting == "trial")
      #expect(
        e?.message
          == "apple offers free trials of 3d, 1w, 2w, or 1, 2, 3, 6 or 12 months "
          + "(28–31d, 59–62d, 89–92d, 181–184d, 365–366d), not \(trial) (product premium.x)")
    }
  }

  @Test func pricesAreAboveZero() {
    let e = error([product(grace: .zero, price: 0)])
    #expect(e?.setting == "price")
    #expect(e?.message == "apple sells a subscription for a price above 0, not 0.00 (product premium.x)")
    #expect(error([product(grace: .zero, price: -1_500)])?.message.contains("not -1.50") == true)
  }

  @Test func theCatalogIsNotEmptyAndItsIdsAreUnique() {
    #expect(
      error([]) == StoreConfigurationError(setting: "product", message: "apple needs at least one product"))
    let twice = error([product(grace: .zero), product(grace: .days(3))])
    #expect(twice?.setting == "id")
    #expect(twice?.message == "product id premium.x appears twice; apple product ids are unique")
  }

  @Test func atMostSixtyFourGroups() {
    let many = (0..<65).map {
      Product(id: Symbol("p\($0)"), grace: .zero, hold: .zero, group: Symbol("g\($0)"))
    }
    #expect(error(many)?.message == "simsub plays at most 64 subscription groups, not 65")
    #expect(error(Array(many.prefix(64))) == nil)
  }

  @Test func retryScheduleOffsetsArePositiveIncreasingAndInsideTheWindow() {
    let p = [product(grace: .zero)]
    #expect(error(p, retrySchedule: []) == nil)
    #expect(error(p, retrySchedule: [.hours(1), .days(59)]) == nil)
    #expect(
      error(p, retrySchedule: [.zero])
        == StoreConfigurationError(
          setting: "retry-schedule",
          message: "a billing retry comes after the failed renewal: offset 1 is 0d, not above 0d"))
    #expect(
      error(p, retrySchedule: [.days(1), .days(3), .days(3)])
        == StoreConfigurationError(
          setting: "retry-schedule",
          message: "billing retry offsets must increase: offset 3 (3d) is not after offset 2 (3d)"))
    #expect(
      error(p, retrySchedule: [.days(5), .days(2)])?.message
        == "billing retry offsets must increase: offset 2 (2d) is not after offset 1 (5d)")
    #expect(
      error(p, retrySchedule: [.days(1), .days(60)])
        == StoreConfigurationError(
          setting: "retry-schedule",
          message: "apple retries a failed renewal for at most 60 days: offset 2 is 60d, not under 60d"))
  }

  @Test func theFirstBrokenProductIsReported() {
    let e = error([product(grace: .days(3)), Product(id: "b", grace: .days(5), hold: .zero)])
    #expect(e?.message.hasSuffix("not 5d (product b)") == true)
  }

  // MARK: Defaults

  @Test func defaultsAreSimsubsGraceAndApplesSixtyDayWindow() {
    #expect(AppStoreModel.defaultGrace(for: .oneMonth) == .days(16))
    #expect(AppStoreModel.defaultGrace(for: .oneYear) == .days(16))
    #expect(AppStoreModel.defaultGrace(for: .oneWeek) == .days(6))
    #expect(AppStoreModel.defaultHold(for: .oneMonth, grace: .days(16)) == .days(44))
    #expect(AppStoreModel.defaultHold(for: .oneMonth, grace: .zero) == .days(60))
    #expect(AppStoreModel.defaultHold(for: .oneWeek, grace: .days(6)) == .days(54))
    #expect(AppStoreModel.defaultHold(for: .oneMonth, grace: .days(90)) == .zero)
    #expect(
      AppStoreModel.defaultRetrySchedule == [1, 3, 5, 7, 10, 14, 21, 28, 35, 42, 49, 56].map { .days($0) })
    #expect(AppStoreModel.kind == .apple)
    // Every period's defaults pass the limits.
    for period in BillingPeriod.allCases {
      let grace = AppStoreModel.defaultGrace(for: period)
      let p = Product(
        id: "p", period: period, grace: grace, hold: AppStoreModel.defaultHold(for: period, grace: grace))
      #expect(AppStoreLimits.check(p) == nil)
    }
    #expect(AppStoreLimits.check(retrySchedule: AppStoreModel.defaultRetrySchedule) == nil)
  }

  @Test func theModelUsesTheDefaultScheduleUnlessGivenOne() throws {
    #expect(try AppStoreModel(products: [appleProduct()]).retrySchedule == AppStoreModel.defaultRetrySchedule)
    #expect(
      try AppStoreModel(products: [appleProduct()], retrySchedule: [.days(2)]).retrySchedule == [.days(2)])
  }

  @Test func failedDeliveriesAreRetriedFiveTimesThenDropped() {
    #expect(AppStoreModel.redeliveryDelay(afterFailedAttempt: 0) == nil)
    #expect(
      (1...5).map { AppStoreModel.redeliveryDelay(afterFailedAttempt: $0) } == [
        .hours(1), .hours(12), .hours(24), .hours(48), .hours(72),
      ])
    #expect(AppStoreModel.redeliveryDelay(afterFailedAttempt: 6) == nil)
  }

  @Test func moneyInMessages() {
    #expect(AppStoreLimits.money(9_990) == "9.99")
    #expect(AppStoreLimits.money(0) == "0.00")
    #expect(AppStoreLimits.money(100_000) == "100.00")
    #expect(AppStoreLimits.money(50) == "0.05")
  }
}
