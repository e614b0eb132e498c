import TestSupport
import Testing

@testable import SimSub

/// Stripe's limits, defaults, the default retry schedule, redelivery, and the events' shape.
@Suite("Stripe model: limits, defaults and events")
struct StripeLimitsTests {
  func error(_ products: [Product], retrySchedule: [TimeSpan]? = nil) -> StoreConfigurationError? {
    do {
      _ = try StripeModel(products: products, retrySchedule: retrySchedule)
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [7, 14, 21, 28, 30, 31, 59, 61, 62] as [Int64])
  func windowsStripeOffers(_ days: Int64) {
    #expect(error([ST.product(grace: .zero, hold: .days(days))]) == nil)
  }

  @Test(arguments: [0, 6, 10, 15, 27, 32, 58, 63, 90] as [Int64])
  func windowsStripeDoesNotOffer(_ days: Int64) {
    let e = error([ST.product(grace: .zero, hold: .days(days))])
    #expect(e?.setting == "hold")
    #expect(
      e?.message
        == "stripe retries a failed payment within 1 week, 2 weeks, 3 weeks, 1 month or 2 months (7d, 14d, 21d, 28–31d, 59–62d), not \(TimeSpan.days(days)) (product premium.monthly)"
    )
  }

  @Test func windowsAreWholeDays() {
    #expect(error([ST.product(grace: .zero, hold: .days(14) + .hours(1))])?.setting == "hold")
  }

  @Test func theAppsGraceLastsAtMostTheWindow() {
    #expect(error([ST.product(grace: .days(14), hold: .days(14))]) == nil)
    #expect(error([ST.product(grace: .hours(36), hold: .days(14))]) == nil)
    let e = error([ST.product(grace: .days(15), hold: .days(14))])
    #expect(e?.setting == "grace")
    #expect(
      e?.message
        == "the app's grace during stripe's past_due lasts from 0d up to the retry window (14d), not 15d (product premium.monthly)"
    )
    #expect(error([ST.product(grace: .seconds(-1), hold: .days(14))])?.setting == "grace")
  }

  @Test func otherProductRules() {
    #expect(error([])?.message == "stripe needs at least one product")
    #expect(error([ST.product(price: 0)])?.setting == "price")
    #expect(error([ST.product(trial: .zero)])?.setting == "trial")
    #expect(error([ST.product(), ST.product()])?.setting == "id")
  }

  @Test func retrySchedulesArePositiveIncreasingAndWithinTwoMonths() {
    #expect(error([ST.product()], retrySchedule: [.days(1), .days(3)]) == nil)
    #expect(error([ST.product()], retrySchedule: []) == nil)
    #expect(
      error([ST.product()], retrySchedule: [.days(2), .days(2)])?.message
        == "stripe retry offsets must be positive and increasing, not [2d, 2d]")
    #expect(error([ST.product()], retrySchedule: [.zero])?.setting == "retry-schedule")
    #expect(
      error([ST.product()], retrySchedule: [.days(63)])?.message
        == "stripe retries within at most 2 months: offset 1 is 63d, not within 62d")
  }

  @Test func defaults() {
    #expect(StripeModel.defaultHold(for: .oneMonth) == .days(14))
    #expect(StripeModel.defaultHold(for: .oneWeek) == .days(14))
    #expect(StripeModel.defaultGrace(window: .days(21)) == .days(21))
    #expect(StripeDefaults.retryDays == [1, 2, 3, 5, 7, 9, 11, 14])
    #expect(StripeDefaults.retrySchedule(window: .days(14)) == [1, 2, 3, 5, 7, 9, 11, 14].map { .days($0) })
    #expect(
      StripeDefaults.retrySchedule(window: .days(7))
        == [12, 24, 36, 60, 84, 108, 132, 168].map { TimeSpan.hours($0) })
    // Every window's default ends at the window, with 8 tries.
    for window in StripeDefaults.windows {
      let schedule = StripeDefaults.retrySchedule(window: window)
      #expect(schedule.count == 8)
      #expect(schedule.last == window)
      #expect(schedule == schedule.sorted())
      #expect(schedule.allSatisfy { $0.seconds % 60 == 0 })
    }
  }

  @Test func webhookRedeliveryDoublesFromAnHourForThreeDays() {
    let delays = (1...8).map { StripeModel.redeliveryDelay(afterFailedAttempt: $0) }
    #expect(delays == [.hours(1), .hours(2), .hours(4), .hours(8), .hours(16), .hours(32), nil, nil])
    #expect(StripeModel.redeliveryDelay(afterFailedAttempt: 0) == nil)
    // The last attempt comes within three days of the first.
    #expect(delays.compactMap { $0 }.reduce(TimeSpan.zero, +) <= .days(3))
  }

  @Test func anOutageIsRetriedOnStripesSchedule() {
    let outage = DeliverySettings(outageStart: testStart, outageEnd: testStart + .hours(10))
    var e = ST.engine(ST.model(), delivery: outage)
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: testStart + .days(1))
    let retries = e.observer.entries.compactMap {
      if case .deliveryFailed(_, let attempt, let retryAt) = $0.event { (attempt, retryAt) } else { nil }
    }
    // Three events, each failing at 0, +1 h, +3 h and +7 h, then taken at +15 h.
    #expect(retries.map(\.0) == [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4])
    #expect(e.policy.received == 3)
    #expect(e.policy.lastArrival == testStart + .hours(15))
  }

  @Test func everyEventHasItsOwnIdAndRoundTripsThroughJSON() throws {
    var e = ST.engine(ST.model([ST.product(grace: .days(3), trial: .days(7), end: .unpaid)]))
    e.schedule(.subscribe(product: 0, trial: true), at: testStart)
    e.schedule(.cardFails(.declined), at: testStart + .days(20))
    e.schedule(.updateCard, at: testStart + .days(60))
    e.schedule(.cancel, at: testStart + .days(62))
    e.schedule(.refund, at: testStart + .days(64))
    _ = e.run(until: testStart + .days(70))
    let sent = e.observer.stripeSent
    #expect(sent.count >= 20)
    #expect(Set(sent.map(\.event.id)).count == sent.count)
    for s in sent {
      let n = StoreNotification.stripe(s.event)
      #expect(try StoreNotification(jsonText: n.jsonText()) == n)
      #expect(s.event.created == s.instant)
      #expect(s.event.apiVersion == "2025-03-31.basil")
    }
    #expect(sent.first?.event.json["id"]?.stringValue?.hasPrefix("evt_") == true)
    let created = try #require(sent.first?.event.subscription)
    #expect(created.json["id"]?.stringValue?.hasPrefix("sub_") == true)
    #expect(created.json["customer"] == "cus_1")
  }

  @Test func statusesAsTheRecordStands() {
    let products = [ST.product(end: .unpaid), ST.product("premium.pd", end: .pastDue)]
    var r = SubscriptionRecord(subscriber: 1)
    #expect(StripeModel.status(of: r, products: products) == .incomplete)
    r.truth = .active
    #expect(StripeModel.status(of: r, products: products) == .active)
    r.inTrial = true
    #expect(StripeModel.status(of: r, products: products) == .trialing)
    r.inTrial = false
    r.truth = .hold
    r.billingIssueStart = testStart
    r.retryWindowEnd = testStart + .days(14)
    #expect(StripeModel.status(of: r, products: products) == .pastDue)
    r.retryWindowEnd = nil
    #expect(StripeModel.status(of: r, products: products) == .unpaid)
    r.product = 1
    #expect(StripeModel.status(of: r, products: products) == .pastDue)
    r.truth = .revoked
    #expect(StripeModel.status(of: r, products: products) == .canceled)
  }
}
