import TestSupport
import Testing

@testable import SimSub

@Suite("Monte Carlo: the population observer wakes the driver")
struct PopulationObserverTests {
  typealias GoogleEngine = Engine<GooglePlayModel, ReferencePolicy, CardOnFile, PopulationObserver>

  /// A Google Play subscriber whose second renewal fails for good: a week of grace, then
  /// account hold with a retry a day until the subscription expires.
  func failingGoogleSubscriber() throws -> GoogleEngine {
    let product = Product(
      id: "premium.monthly", period: .oneMonth, grace: .days(7),
      hold: GooglePlayModel.defaultHold(for: .oneMonth, grace: .days(7)))
    var e = GoogleEngine(
      store: try GooglePlayModel(products: [product]), payments: CardOnFile(),
      observer: PopulationObserver(price: 9_990, start: testStart, horizonEnd: testStart + .days(365)),
      start: testStart)
    e.schedule(.subscribe(product: 0, trial: false), at: testStart)
    e.schedule(.cardFails(.expired), at: testStart + .days(45))
    return e
  }

  @Test func retriesThatChangeNothingPlayOnWithoutTheDriver() throws {
    // Instant by instant, as a driver that reacts after every instant would play it.
    var byInstant = try failingGoogleSubscriber()
    var instants = 0
    while let next = byInstant.nextEventInstant, next <= testStart + .days(400) {
      _ = byInstant.run(until: next)
      instants += 1
    }
    // Woken only where the observer asks.
    var woken = try failingGoogleSubscriber()
    var wakes = 0
    while (woken.nextEventInstant ?? .distantFuture) <= testStart + .days(400) {
      _ = woken.runWhileObserverContinues()
      guard woken.observer.needsDriver else { break }
      woken.observer.needsDriver = false
      wakes += 1
    }
    // Over thirty daily retries, in grace and hold, each its own instant.
    #expect(instants >= 30)
    // The purchase and the renewal (new periods); the failed renewal (an episode opens, in
    // Google's silent grace); grace (the prompt turns soft); hold (hard); the expiry (the
    // episode ends). None of the daily retries between.
    #expect(wakes == 6)
    let end = testStart + .days(365)
    let a = byInstant.observer.finish(at: end, collected: 0, renewals: 0, failedRenewals: 0)
    let b = woken.observer.finish(at: end, collected: 0, renewals: 0, failedRenewals: 0)
    #expect(a == b)
    #expect(b[.episodes] == 1)
    #expect(b[.involuntary] == 1)
  }

  @Test func pastTheHorizonWithNoEpisodeOpenTheRunIsOver() throws {
    var e = try failingGoogleSubscriber()
    e.observer.horizonEnd = testStart + .days(10)
    while e.hasPendingWork {
      _ = e.runWhileObserverContinues()
      guard e.observer.needsDriver else { break }
      e.observer.needsDriver = false
    }
    #expect(e.hasPendingWork)
    #expect(e.nextEventInstant.map { $0 > testStart + .days(10) } == true)
    #expect(e.now < testStart + .days(10))
  }
}
