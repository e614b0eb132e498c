import TestSupport
import Testing

@testable import SimSub

@Suite("Engine")
struct EngineTests {
  typealias ToyEngine = Engine<ToyStore, CountingPolicy, CardOnFile, TraceRecorder>

  func engine(step: TimeSpan = .hours(1), delivery: DeliverySettings = .onTime, keepsSamples: Bool = false)
    -> ToyEngine
  {
    Engine(
      store: ToyStore(), payments: CardOnFile(), observer: TraceRecorder(keepsSamples: keepsSamples),
      start: testStart, step: step, delivery: delivery)
  }

  @Test func anExchangedPolicyIsAskedAfreshNotAnsweredFromTheKeptAnswer() {
    // A policy sampled at events alone has its answer kept between notifications; a policy
    // lent in by another source's engine has heard other things, so the kept answer must go.
    var e = Engine(
      store: ToyStore(), policy: ReferencePolicy(), payments: CardOnFile(), observer: TraceRecorder(),
      start: testStart)
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: testStart + .hours(1))
    #expect(e.currentDecision().access)
    var other = ReferencePolicy()
    e.exchangePolicy(&other)
    #expect(!e.currentDecision().access)
    e.exchangePolicy(&other)
    #expect(e.currentDecision().access)
  }

  @Test func aCopiedEngineRunsOnItsOwnQueue() {
    // The queue is copied on write, checked once per run rather than at each insert and pop:
    // two copies run apart must each see only their own work.
    var e = engine()
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: testStart + .days(5))
    var copy = e
    copy.schedule(.refund, at: testStart + .days(10))
    _ = e.run(until: testStart + .days(40))
    _ = copy.run(until: testStart + .days(40))
    #expect(e.record.truth == .active)
    #expect(e.record.periodNumber == 2)
    #expect(copy.record.truth == .revoked)
    #expect(!e.observer.entries.contains { $0.event == .action(.refund) })
  }

  @Test func subscriberActionsComeBeforeStoreTimersAtTheSameInstant() {
    var e = engine()
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.cardFails(.expired), at: testStart + .days(30))
    _ = e.run(until: testStart + .days(31))
    #expect(e.record.truth == .expired)
    #expect(e.observer.sentNames == ["SUBSCRIBED", "EXPIRED"])
  }

  @Test func renewalsRunInTimeOrderAndTheQueueNeverGoesBackwards() {
    var e = engine()
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: testStart + .days(95))
    #expect(e.record.periodNumber == 4)
    let instants = e.observer.entries.map(\.instant)
    #expect(instants == instants.sorted())
    #expect(e.now == testStart + .days(95))
  }

  @Test func timersFromAnOlderEpochAreDropped() {
    var e = engine()
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.refund, at: testStart + .days(10))
    _ = e.run(until: testStart + .days(40))
    // The renewal timer set at subscription predates the refund's epoch bump.
    #expect(!e.observer.entries.contains { $0.event == .timer(.renewal) })
    #expect(e.record.truth == .revoked)
  }

  @Test func delayedNotificationsArriveLaterAndExcuseTheMismatch() {
    var e = engine(delivery: DeliverySettings(delay: .hours(3)), keepsSamples: true)
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: testStart + .hours(5))
    #expect(e.policy.lastArrival == testStart + .hours(3))
    let early = e.observer.samples.filter { $0.instant < testStart + .hours(3) }
    #expect(!early.isEmpty)
    #expect(early.allSatisfy { $0.awaitingGainNotice && $0.undelivered == 1 && !$0.decision.access })
    let late = e.observer.samples.filter { $0.instant >= testStart + .hours(3) && $0.afterEvent == false }
    #expect(late.allSatisfy { !$0.awaitingGainNotice && $0.undelivered == 0 && $0.decision.access })
  }

  @Test func duplicatesArriveTwice() {
    var e = engine(delivery: DeliverySettings(duplicate: true))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: testStart + .hours(1))
    #expect(e.policy.received == 2)
    #expect(e.observer.delivered.count == 2)
  }

  @Test func reorderHoldsAWindowAndDeliversNewestFirst() {
    var e = engine(delivery: DeliverySettings(reorderWindow: .days(1), reorderOrigin: testStart))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart + .hours(1))
    e.schedule(.refund, at: testStart + .hours(2))
    _ = e.run(until: testStart + .days(2))
    let deliveries = e.observer.entries.filter {
      if case .delivered = $0.event { true } else { false }
    }
    #expect(deliveries.map(\.instant) == [testStart + .days(1), testStart + .days(1)])
    #expect(e.observer.delivered.map(\.name) == ["REFUND", "SUBSCRIBED"])
  }

  @Test func anOutageRetriesOnTheStoresScheduleAndCanLoseANotification() {
    let outage = DeliverySettings(outageStart: testStart, outageEnd: testStart + .days(2))
    var e = engine(delivery: outage)
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: testStart + .days(3))
    // Attempts at 0, +1h, +13h and +37h fall in the outage; the fifth, at +85h, is after it.
    let failures = e.observer.entries.compactMap {
      if case .deliveryFailed(_, let attempt, let retryAt) = $0.event { (attempt, retryAt) } else { nil }
    }
    #expect(failures.map(\.0) == [1, 2, 3, 4])
    #expect(
      failures.map(\.1) == [
        testStart + .hours(1), testStart + .hours(13), testStart + .hours(37), testStart + .hours(85),
      ])
    _ = e.run(until: testStart + .days(4))
    #expect(e.policy.lastArrival == testStart + .hours(85))

    let forever = DeliverySettings(outageStart: testStart, outageEnd: testStart + .days(30))
    var lost = engine(delivery: forever, keepsSamples: true)
    lost.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = lost.run(until: testStart + .days(20))
    #expect(lost.policy.received == 0)
    #expect(lost.observer.samples.last?.undelivered == 1)
  }

  @Test func stepsAreSampledBetweenEventsForAClockDrivenPolicy() {
    var e = engine(step: .hours(1), keepsSamples: true)
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: testStart + .days(1))
    let steps = e.observer.samples.filter { !$0.afterEvent }
    #expect(steps.count == 24)
    #expect(steps.first?.instant == testStart + .hours(1))
    #expect(steps.last?.instant == testStart + .days(1))
  }

  @Test func markersStopTheRunAfterEverythingAtTheirInstant() {
    var e = engine(delivery: DeliverySettings())
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.scheduleMarker(7, at: testStart, afterEverything: true)
    #expect(e.run(until: testStart + .days(1)) == .marker(7))
    #expect(e.policy.received == 1)
    #expect(e.run(until: testStart + .days(1)) == .reachedLimit)
  }

  @Test func resetStartsAFreshSubscriber() {
    var e = engine()
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: testStart + .days(70))
    e.reset(subscriber: 2, start: testStart + .days(1), payments: CardOnFile(), observer: TraceRecorder())
    #expect(e.record == SubscriptionRecord(subscriber: 2))
    #expect(!e.hasPendingWork)
    #expect(e.now == testStart + .days(1))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart + .days(1))
    _ = e.run(until: testStart + .days(2))
    #expect(e.observer.sentNames == ["SUBSCRIBED"])
  }

  @Test func aPolicyClockIsSampledAtTheInstantsThePolicyNames() {
    var e = Engine(
      store: ToyStore(), policy: DeadlinePolicy(), payments: CardOnFile(),
      observer: TraceRecorder(keepsSamples: true), start: testStart, step: .hours(1))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = e.run(until: testStart + .days(1))
    let samples = e.observer.samples
    // No steps: the policy decides on notifications and its named instants only.
    #expect(samples.allSatisfy { $0.afterEvent })
    #expect(samples.map(\.instant) == [testStart, testStart, testStart + .hours(5), testStart + .hours(9)])
    #expect(samples.map(\.decision.state) == [.never, .active, .grace, .hold])
    // A delivery that names the same instant again queues no second sample.
    var twice = Engine(
      store: ToyStore(), policy: DeadlinePolicy(), payments: CardOnFile(),
      observer: TraceRecorder(keepsSamples: true), start: testStart, step: .hours(1),
      delivery: DeliverySettings(duplicate: true))
    twice.schedule(.subscribe(product: 0, trial: false), at: testStart)
    _ = twice.run(until: testStart + .days(1))
    #expect(twice.observer.samples.filter { $0.instant == testStart + .hours(5) }.count == 1)
  }
}

/// A policy that decides on notifications, then changes on its own clock at instants it names:
/// active on the first arrival, grace five hours later, hold four hours after that.
struct DeadlinePolicy: EntitlementPolicy {
  static let name = "deadline"
  static let summary = "changes at named instants (tests only)"
  static let decidesOnlyOnNotifications = true
  var first: Instant?

  init() {}

  mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    if first == nil { first = arrival }
    return .accepted
  }

  func decision(at instant: Instant) -> Decision {
    guard let first else { return .never }
    if instant >= first + .hours(9) { return Decision(state: .hold, access: false, prompt: .hard) }
    if instant >= first + .hours(5) { return Decision(state: .grace, access: true, prompt: .soft) }
    return Decision(state: .active, access: true)
  }

  func nextDecisionChange(after instant: Instant) -> Instant? {
    guard let first else { return nil }
    for change in [first + .hours(5), first + .hours(9)] where change > instant { return change }
    return nil
  }
  init(context: PolicyContext) { self.init() }
}
