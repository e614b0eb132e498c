import TestSupport
import Testing

@testable import SimSub

/// A notification that arrives at once is delivered straight from the store step's buffer,
/// without a slot or a queue entry; the engine must play it exactly as a queued delivery.
@Suite("Engine: deliveries at once")
struct DeliveryAtOnceTests {
  typealias TracedEngine = Engine<AppStoreModel, ReferencePolicy, CardOnFile, TraceRecorder>

  /// Monthly App Store renewals, a failed renewal fixed in grace, and a cancel. With
  /// `stopsWhenRenewalMoves`, every step that moves the renewal sends through the queue (the
  /// caller may act before its deliveries); without, everything on time is delivered at once.
  func play(queued: Bool, step: TimeSpan = .hours(1)) throws -> TracedEngine {
    let product = Product(
      id: "premium.monthly", period: .oneMonth, grace: .days(16),
      hold: AppStoreModel.defaultHold(for: .oneMonth, grace: .days(16)))
    var e = TracedEngine(
      store: try AppStoreModel(products: [product]), payments: CardOnFile(),
      observer: TraceRecorder(keepsSamples: true), start: testStart, step: step)
    e.stopsWhenRenewalMoves = queued
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.cardFails(.insufficientFunds), at: testStart + .days(50))
    e.schedule(.updateCard, at: testStart + .days(65))
    e.schedule(.cancel, at: testStart + .days(300))
    while case .renewalMoved = e.run(until: testStart + .days(400)) {}
    return e
  }

  @Test func theyArePlayedAsQueuedDeliveriesAre() throws {
    let queued = try play(queued: true)
    let atOnce = try play(queued: false)
    #expect(queued.observer.entries.count > 20)
    #expect(queued.observer.sentNames.contains("DID_FAIL_TO_RENEW/GRACE_PERIOD"))
    #expect(atOnce.observer.entries == queued.observer.entries)
    #expect(atOnce.observer.samples == queued.observer.samples)
    #expect(atOnce.record.truth == queued.record.truth)
    #expect(atOnce.now == queued.now)
  }
}
