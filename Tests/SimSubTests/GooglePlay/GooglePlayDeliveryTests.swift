import TestSupport
import Testing

@testable import SimSub

@Suite("Google Play delivery: the fetched resource, Pub/Sub redelivery, scenarios")
struct GooglePlayDeliveryTests {
  let renewal1 = GP.at(2026, 2, 1)

  @Test func theResourceIsFetchedAsItStandsOnArrival() throws {
    var e = GP.engine(GP.model(), delivery: DeliverySettings(delay: .days(3)))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.cardFails(.expired), at: testStart + .days(20))
    e.schedule(.updateCard, at: renewal1 + .days(2))
    _ = e.run(until: renewal1 + .days(6))
    let grace = try #require(e.observer.delivered("SUBSCRIPTION_IN_GRACE_PERIOD"))
    #expect(grace.instant == renewal1 + .days(4))
    #expect(grace.rtdn.eventTime == renewal1 + .days(1))  // when it happened
    // By arrival the card was fixed: the server sees an active subscription.
    #expect(grace.resource?.subscriptionState == .active)
    #expect(grace.resource?.lineItem.expiryTime == GP.at(2026, 3, 1))
    // The same RTDN on time would have shown grace.
    var f = GP.engine(GP.model())
    f.schedule(.subscribe(product: 0, trial: false), at: testStart)
    f.schedule(.cardFails(.expired), at: testStart + .days(20))
    _ = f.run(until: renewal1 + .days(2))
    #expect(
      f.observer.delivered("SUBSCRIPTION_IN_GRACE_PERIOD")?.resource?.subscriptionState == .inGracePeriod)
    // Sent notifications carry no resource; only deliveries do.
    #expect(e.observer.googleSent.allSatisfy { $0.resource == nil })
  }

  @Test func anOlderTokenFetchesAsExpired() throws {
    var e = GP.engine(GP.model(), delivery: DeliverySettings(delay: .days(5)))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.cancel, at: testStart + .days(1))
    e.schedule(.resubscribe(product: 0), at: renewal1 + .days(2))
    _ = e.run(until: renewal1 + .days(8))
    // EXPIRED for the first purchase, sent at renewal 1, arrives after the resubscription.
    let expired = try #require(e.observer.delivered("SUBSCRIPTION_EXPIRED"))
    #expect(expired.token != e.record.purchaseToken)
    #expect(expired.resource?.subscriptionState == .expired)
    #expect(expired.resource?.canceledStateContext == nil)
    #expect(expired.resource?.lineItem.expiryTime == renewal1 + .days(2))
  }

  @Test func deliveryAfterAnOutageFollowsPubSubBackoff() {
    var e = GP.engine(
      GP.model(), delivery: DeliverySettings(outageStart: testStart, outageEnd: testStart + .hours(1)))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: testStart + .hours(2))
    let failures = e.observer.entries.compactMap { entry -> Instant? in
      if case .deliveryFailed = entry.event { entry.instant } else { nil }
    }
    let offsets: [Int64] = [0, 10, 30, 70, 150, 310, 630, 1_230, 1_830, 2_430, 3_030]
    #expect(failures == offsets.map { testStart + .seconds($0) })
    #expect(e.observer.googleDelivered.map(\.instant) == [testStart + .seconds(3_630)])
  }

  @Test func redeliveryDoublesFromTenSecondsToTenMinutes() {
    let delays = (1...9).map { GooglePlayModel.redeliveryDelay(afterFailedAttempt: Int32($0)) }
    #expect(delays == [10, 20, 40, 80, 160, 320, 600, 600, 600].map { TimeSpan.seconds($0) })
    #expect(GooglePlayModel.redeliveryDelay(afterFailedAttempt: 0) == nil)
  }

  @Test func redeliveryStopsAtSevenDaysOfRetention() {
    var elapsed = TimeSpan.zero
    var attempt: Int32 = 1
    while let delay = GooglePlayModel.redeliveryDelay(afterFailedAttempt: attempt) {
      elapsed = elapsed + delay
      attempt += 1
    }
    #expect(attempt == 1_013)
    #expect(elapsed <= .days(7))
    #expect(elapsed + .seconds(600) > .days(7))
  }

  // MARK: Scenarios

  func failedChecks(_ result: ScenarioResult) -> [String] {
    result.expectations.flatMap { e in
      e.checks.filter { !$0.passed }.map {
        "\(e.expectation.at): \($0.key) expected \($0.expected), got \($0.actual)"
      }
    }
  }

  func play(_ scenario: Scenario) -> ScenarioResult {
    ScenarioRunner.run(scenario, store: GP.model(scenario.products), policy: CountingPolicy.self)
  }

  func scenario(timeline: [TimelineEntry], expect: [SimSub.Expectation]) -> Scenario {
    Scenario(
      path: "google.scn", name: "google", store: .google, products: [GP.product()],
      start: GP.at(2026, 1, 31, 9), timeline: timeline, expectations: expect,
      invariants: Dictionary(uniqueKeysWithValues: Invariant.allCases.map { ($0, .off) }))
  }

  @Test func aScenarioResolvesRenewalAnchorsThroughGraceHoldAndRecovery() {
    let result = play(
      scenario(
        timeline: [
          TimelineEntry(at: .afterStart(.days(20)), action: .subscriber(.cardFails(.expired))),
          TimelineEntry(at: .renewal(1, offset: .days(10)), action: .subscriber(.updateCard)),
        ],
        expect: [
          SimSub.Expectation(at: .renewal(1, offset: .hours(1)), store: .active, charges: 1),
          SimSub.Expectation(
            at: .renewal(1, offset: .days(1) + .hours(1)), store: .grace,
            sent: ["SUBSCRIPTION_IN_GRACE_PERIOD"]),
          SimSub.Expectation(
            at: .renewal(1, offset: .days(7) + .hours(1)), store: .hold, sent: ["SUBSCRIPTION_ON_HOLD"]),
          SimSub.Expectation(
            at: .renewal(2, offset: .hours(1)), store: .active,
            sent: ["SUBSCRIPTION_RECOVERED", "SUBSCRIPTION_RENEWED"], charges: 3),
        ]))
    #expect(result.entryErrors.isEmpty)
    #expect(failedChecks(result).isEmpty)
    // Renewal 1 is Feb 28 (anchor Jan 31); the recovery on Mar 10 moves renewal 2 to Apr 10.
    let instants: [Instant?] = [
      GP.at(2026, 2, 28, 10), GP.at(2026, 3, 1, 10), GP.at(2026, 3, 7, 10), GP.at(2026, 4, 10, 10),
    ]
    #expect(result.expectations.map(\.instant) == instants)
  }

  @Test func aScenarioCountsThePauseAsAPeriod() {
    let result = play(
      scenario(
        timeline: [TimelineEntry(at: .afterStart(.days(9)), action: .subscriber(.pause(.days(30))))],
        expect: [
          SimSub.Expectation(
            at: .renewal(1, offset: .hours(1)), store: .paused, sent: ["SUBSCRIPTION_PAUSED"], charges: 1),
          SimSub.Expectation(
            at: .renewal(2, offset: .hours(1)), store: .active, sent: ["SUBSCRIPTION_RECOVERED"], charges: 2),
        ]))
    #expect(failedChecks(result).isEmpty)
    let instants: [Instant?] = [GP.at(2026, 2, 28, 10), GP.at(2026, 3, 28, 10)]
    #expect(result.expectations.map(\.instant) == instants)
  }
}
