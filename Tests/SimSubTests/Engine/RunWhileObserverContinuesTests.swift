import TestSupport
import Testing

@testable import SimSub

/// `Engine.runWhileObserverContinues()` must play exactly what a run to each next instant
/// plays, returning only where the observer asks.
@Suite("Engine: running until the observer asks to stop")
struct RunWhileObserverContinuesTests {
  /// A trace recorder that asks to stop before the instants in `stopsBefore`, and before any
  /// past `end`.
  struct StoppingRecorder: EngineObserver {
    var trace = TraceRecorder(keepsSamples: true)
    var stopsBefore: Set<Instant> = []
    static let end = testStart + .days(400)

    mutating func engineDidApply(_ action: SubscriberAction, at instant: Instant, record: SubscriptionRecord)
    {
      trace.engineDidApply(action, at: instant, record: record)
    }
    mutating func engineDidFire(_ timer: StoreTimer, at instant: Instant, record: SubscriptionRecord) {
      trace.engineDidFire(timer, at: instant, record: record)
    }
    mutating func engineTruthChanged(
      from old: StoreTruth, to new: StoreTruth, at instant: Instant, record: SubscriptionRecord
    ) {
      trace.engineTruthChanged(from: old, to: new, at: instant, record: record)
    }
    mutating func engineDidSend(_ notification: StoreNotification, at instant: Instant) {
      trace.engineDidSend(notification, at: instant)
    }
    mutating func engineDidDeliver(_ notification: StoreNotification, sentAt: Instant, at instant: Instant) {
      trace.engineDidDeliver(notification, sentAt: sentAt, at: instant)
    }
    mutating func engineSample(_ sample: EngineSample) { trace.engineSample(sample) }
    func wantsToStop(before next: Instant) -> Bool { stopsBefore.contains(next) || next > Self.end }
  }

  typealias StoppingEngine = Engine<AppStoreModel, ReferencePolicy, CardOnFile, StoppingRecorder>

  /// Monthly App Store renewals with a failed renewal fixed in grace, notifications five minutes
  /// late, a marker, and a cancel.
  func story(stopsBefore: Set<Instant> = []) throws -> StoppingEngine {
    let product = Product(
      id: "premium.monthly", period: .oneMonth, grace: .days(16),
      hold: AppStoreModel.defaultHold(for: .oneMonth, grace: .days(16)))
    var e = StoppingEngine(
      store: try AppStoreModel(products: [product]), payments: CardOnFile(),
      observer: StoppingRecorder(stopsBefore: stopsBefore), start: testStart,
      delivery: DeliverySettings(delay: .minutes(5)))
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.cardFails(.insufficientFunds), at: testStart + .days(50))
    e.schedule(.updateCard, at: testStart + .days(65))
    e.scheduleMarker(7, at: testStart + .days(100), afterEverything: false)
    // Auto-renew off, so the story ends and the queue empties.
    e.schedule(.cancel, at: testStart + .days(300))
    return e
  }

  @Test func itPlaysWhatARunToEachNextInstantPlays() throws {
    var byInstant = try story()
    var markers: [UInt32] = []
    while let next = byInstant.nextEventInstant, next <= StoppingRecorder.end {
      if case .marker(let id) = byInstant.run(until: next) { markers.append(id) }
    }
    var whole = try story()
    var wholeMarkers: [UInt32] = []
    while (whole.nextEventInstant ?? .distantFuture) <= StoppingRecorder.end {
      if case .marker(let id) = whole.runWhileObserverContinues() { wholeMarkers.append(id) }
    }
    #expect(byInstant.observer.trace.entries.count > 20)
    #expect(byInstant.observer.trace.sentNames.contains("DID_FAIL_TO_RENEW/GRACE_PERIOD"))
    #expect(whole.observer.trace.entries == byInstant.observer.trace.entries)
    #expect(whole.observer.trace.samples == byInstant.observer.trace.samples)
    #expect(wholeMarkers == [7])
    #expect(markers == [7])
    #expect(whole.now == byInstant.now)
  }

  @Test func itReturnsBeforeEachInstantTheObserverNamesAndPlaysNothingPastIt() throws {
    var straight = try story()
    while (straight.nextEventInstant ?? .distantFuture) <= StoppingRecorder.end {
      _ = straight.runWhileObserverContinues()
    }
    let instants = Array(Set(straight.observer.trace.entries.map(\.instant))).sorted()
    let named = [instants[3], instants[9]]
    var e = try story(stopsBefore: Set(named))
    var returnedAt: [Instant] = []
    while (e.nextEventInstant ?? .distantFuture) <= StoppingRecorder.end {
      let before = e.now
      guard case .reachedLimit = e.runWhileObserverContinues() else { continue }
      guard let following = e.nextEventInstant, following <= StoppingRecorder.end else { break }
      // Everything before the named instant has been played, and nothing at it.
      #expect(e.nextEventInstant.map { named.contains($0) } == true)
      #expect(e.observer.trace.entries.allSatisfy { $0.instant < e.nextEventInstant! })
      #expect(e.now >= before)
      returnedAt.append(e.nextEventInstant!)
      e.observer.stopsBefore.remove(e.nextEventInstant!)
    }
    #expect(returnedAt == named)
    // Stopping changed nothing of what was played.
    #expect(e.observer.trace.entries == straight.observer.trace.entries)
    #expect(e.observer.trace.samples == straight.observer.trace.samples)
  }
}
