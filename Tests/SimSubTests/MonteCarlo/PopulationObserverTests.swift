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
    // The failed renewal (an episode opens, in Google's silent grace); grace (the prompt turns
    // soft); hold (hard); the expiry (the episode ends). Neither the purchase nor the renewal
    // (new periods, passed on to the behaviour by the observer), nor any of the daily retries
    // between.
    #expect(wakes == 4)
    let end = testStart + .days(365)
    let a = byInstant.observer.finish(at: end, collected: 0, renewals: 0, failedRenewals: 0)
    let b = woken.observer.finish(at: end, collected: 0, renewals: 0, failedRenewals: 0)
    #expect(a == b)
    #expect(b[.episodes] == 1)
    #expect(b[.involuntary] == 1)
  }

  @Test func anObserverAndPaymentsResetWhereTheyLiePlayAsNewOnes() throws {
    typealias PaidEngine = Engine<GooglePlayModel, ReferencePolicy, PopulationPayments, PopulationObserver>
    let product = Product(
      id: "premium.monthly", period: .oneMonth, grace: .days(7),
      hold: GooglePlayModel.defaultHold(for: .oneMonth, grace: .days(7)))
    let model = try GooglePlayModel(products: [product])
    let rates = PopulationPayments.Rates(
      PaymentRates(
        renewalFailure: 0.5, reasons: PerReason(expired: 0.5, insufficientFunds: 0.3, declined: 0.2),
        retrySuccess: PerReason(expired: 0.1, insufficientFunds: 0.4, declined: 0.3)))
    func payments(_ subscriber: UInt64) -> PopulationPayments {
      PopulationPayments(
        rng: Xoshiro256StarStar.stream(seed: 1, subscriber: subscriber, purpose: 2), rates: rates)
    }
    // A subscriber who cancels in one period in five, at the end of the instant it began.
    func behaviour(_ subscriber: UInt64) -> SubscriberBehaviour {
      var behaviour = SubscriberBehaviour(
        cancelChance: Chance(0.2), leaveChance: Chance(0), departureChance: nil,
        fixChances: DailyFixChances(
          Behaviour(opensAppPerDay: 0, fixesCardPerDay: PerPrompt(none: 0, soft: 0, hard: 0))),
        decidesOnlyOnNotifications: true)
      behaviour.reset(profile: profile(subscriber), streamFold: SimSub.SplitMix64.fold(1, subscriber))
      return behaviour
    }
    func profile(_ subscriber: UInt64) -> SubscriberProfile {
      SubscriberProfile(
        index: subscriber, group: 0, start: testStart, appCheckOffset: .zero,
        horizonEnd: testStart + .days(365))
    }
    func observer(_ subscriber: UInt64) -> PopulationObserver {
      PopulationObserver(
        price: 9_990, start: testStart, horizonEnd: testStart + .days(365), behaviour: behaviour(subscriber))
    }
    func play(_ e: inout PaidEngine) -> SubscriberOutcome {
      e.schedule(.subscribe(product: 0, trial: false), at: testStart)
      while (e.nextEventInstant ?? .distantFuture) <= testStart + .days(400) {
        _ = e.runWhileObserverContinues()
        guard e.observer.needsDriver else { break }
        e.observer.needsDriver = false
        e.observer.periodBegan = false
        e.observer.lockoutBegan = false
        e.observer.endedEpisode = nil
      }
      return e.observer.finish(
        at: testStart + .days(400), collected: e.record.collectedMilliunits, renewals: e.payments.renewals,
        failedRenewals: e.payments.failedRenewals)
    }
    var reused = PaidEngine(store: model, payments: payments(0), observer: observer(0), start: testStart)
    var outcomes: [SubscriberOutcome] = []
    for subscriber: UInt64 in 0..<8 {
      var fresh = PaidEngine(
        store: model, payments: payments(subscriber), observer: observer(subscriber), start: testStart)
      if subscriber > 0 {
        reused.reset(subscriber: 1, start: testStart)
        reused.payments.reset(
          rng: Xoshiro256StarStar.stream(seed: 1, subscriber: subscriber, purpose: 2), rates: rates)
        reused.observer.reset(price: 9_990, start: testStart, horizonEnd: testStart + .days(365))
        reused.observer.behaviour.reset(
          profile: profile(subscriber), streamFold: SimSub.SplitMix64.fold(1, subscriber))
      }
      let expected = play(&fresh)
      #expect(play(&reused) == expected)
      #expect(reused.observer.firstLockout == fresh.observer.firstLockout)
      #expect(reused.observer.firstFreeAccess == fresh.observer.firstFreeAccess)
      outcomes.append(expected)
    }
    // Subscribers that differ, so the resets had something to undo.
    #expect(Set(outcomes).count > 1)
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
