import TestSupport
import Testing

@testable import SimSub

@Suite("Monte Carlo: the subscriber's behaviour")
struct SubscriberBehaviourTests {
  /// Google Play subscribers only, with a renewal in three failing and every kind of behaviour
  /// on: cancels, card fixes, leaving after a lockout, departures without access.
  static func plan() throws -> PopulationPlan {
    var population = try MonteCarloTestSupport.typical(users: 1000)
    population.cohort = population.cohort.filter { $0.store == .google }
    population.cohort[0].share = 1
    population.cohort[0].payments.renewalFailure = 0.3
    population.behaviour.cancelsPerPeriod = 0.1
    population.behaviour.leavesWhenLockedOut = 0.5
    population.behaviour.leavesPerDayWithoutAccess = 0.02
    return try PopulationPlan(population)
  }

  /// Subscriber `index` of `plan`, played instant by instant with `run(until:)` (so the
  /// engine never ends an instant itself and the observer never passes a new period on): the
  /// test consults the behaviour after every instant and at every marker, as the driver does,
  /// and logs every entry a story should have, in the order it decided them.
  static func playedByHand<P: EntitlementPolicy>(
    _ plan: PopulationPlan, _ policy: P.Type, subscriber index: UInt64
  ) -> (outcome: SubscriberOutcome, log: [StoryEntry]) {
    let profile = plan.profile(of: index)
    let group = plan.groups[profile.group]
    var e = Engine<GooglePlayModel, P, PopulationPayments, PopulationObserver>(
      store: plan.google, policy: P(context: PolicyContext(settings: plan.policySettings)),
      payments: PopulationPayments(rng: plan.stream(.payments, of: index), rates: group.rates),
      observer: PopulationObserver(
        price: 0, start: profile.start,
        behaviour: SubscriberBehaviour(plan: plan, decidesOnlyOnNotifications: P.decidesOnlyOnNotifications)),
      subscriber: index + 1, start: profile.start, step: plan.population.step)
    e.observer.reset(
      price: group.details.priceMilliunits, start: profile.start, horizonEnd: profile.horizonEnd,
      records: nil,
      periodSeconds: group.details.period.nominalDays * 86_400)
    e.observer.behaviour.reset(profile: profile, streamFold: plan.streamFold(of: index))
    var log: [StoryEntry] = []
    func mark(_ check: SubscriberBehaviour.Check?) {
      guard let check else { return }
      e.scheduleMarker(check.id, at: check.at, afterEverything: false)
    }
    e.schedule(.subscribe(product: group.product, trial: group.details.trial != nil), at: profile.start)
    while let next = e.nextEventInstant {
      if next > profile.horizonEnd && e.observer.episodeStart == nil { break }
      if case .marker(let id) = e.run(until: next) {
        guard e.observer.behaviour.isDue(marker: id, episodeStart: e.observer.episodeStart) else { continue }
        let decision = P.decidesOnlyOnNotifications ? nil : e.currentDecision()
        switch e.observer.behaviour.checkDue(at: e.now, decision: decision) {
        case .fixesCard:
          log.append(StoryEntry(at: e.now, action: .updateCard))
          e.schedule(.updateCard, at: e.now)
        case .departs: e.observer.countDeparture()
        case .next(let check): mark(check)
        case .nothing: break
        }
        continue
      }
      e.observer.needsDriver = false
      if let ended = e.observer.endedEpisode {
        e.observer.endedEpisode = nil
        if ended.kind == .recoveredByRetry { log.append(StoryEntry(at: ended.end, action: .updateCard)) }
      }
      if e.observer.periodBegan {
        e.observer.periodBegan = false
        if let at = e.observer.behaviour.periodBegan(record: e.record, at: e.now) {
          log.append(StoryEntry(at: at, action: .cancel))
          e.schedule(.cancel, at: at)
        }
      }
      if let failure = e.observer.episodeStart {
        if failure != e.observer.behaviour.episode {
          log.append(StoryEntry(at: failure, action: .cardFails(e.payments.reason)))
          let decision = P.decidesOnlyOnNotifications ? e.currentDecision() : nil
          mark(
            e.observer.behaviour.episodeBegan(
              at: failure, reason: e.payments.reason, now: e.now, windowEnd: e.record.retryWindowEnd,
              decision: decision))
        } else if P.decidesOnlyOnNotifications, !e.observer.behaviour.gaveUp {
          let decision = e.currentDecision()
          mark(e.observer.behaviour.promptOrAccessChanged(decision, at: e.now))
        }
      }
      if e.observer.lockoutBegan {
        e.observer.lockoutBegan = false
        if e.observer.behaviour.lockoutBegan(at: e.now) {
          log.append(StoryEntry(at: e.now, action: .cancel))
          e.schedule(.cancel, at: e.now)
        }
      }
    }
    let outcome = e.observer.finish(
      at: max(profile.horizonEnd, e.now), collected: e.record.collectedMilliunits,
      renewals: e.payments.renewals, failedRenewals: e.payments.failedRenewals)
    return (outcome, log)
  }

  /// The fast run (one driver for every subscriber, the cancels drawn at the end of the
  /// instant), a counterexample's replay and a hand-played run give each subscriber the same
  /// counters, and the replay's story is exactly what the behaviour decided: every cancel,
  /// card fix and departure at a lockout, with the declines and the recoveries by a retry.
  @Test(arguments: ["reference", "active-only"])
  func theFastRunAndTheReplayShareOneBehaviour(policy: String) throws {
    let plan = try Self.plan()
    func check<P: EntitlementPolicy>(_ type: P.Type) throws {
      var fast = SubscriberDriver<GooglePlayModel, P>(store: plan.google, plan: plan)
      var logged = [SubscriberAction: Int]()
      var total = SubscriberOutcome()
      for index: UInt64 in 0..<300 {
        let outcome = fast.play(plan.profile(of: index))
        let replay = try SubscriberReplay.replay(plan, policy: policy, subscriber: index)
        let byHand = Self.playedByHand(plan, type, subscriber: index)
        #expect(replay.outcome == outcome, "subscriber \(index)")
        #expect(byHand.outcome == outcome, "subscriber \(index)")
        #expect(replay.story == byHand.log, "subscriber \(index)")
        for entry in byHand.log {
          // Declines counted together, whatever their reason.
          var kind = entry.action
          if case .cardFails = kind { kind = .cardFails(.declined) }
          logged[kind, default: 0] += 1
        }
        for counter in Counter.allCases { total[counter] += outcome[counter] }
      }
      // Every kind of entry was decided, so every path was compared.
      #expect(logged[.cancel, default: 0] > 0)
      #expect(logged[.updateCard, default: 0] > 0)
      #expect(logged[.cardFails(.declined), default: 0] > 0)
      #expect(total[.voluntaryCancels] > 0)
      #expect(total[.recoveredByFix30] > 0)
      #expect(total[.departures] > 0)
      if policy == "active-only" { #expect(total[.leftAfterLockout] > 0) }
    }
    switch policy {
    case "reference": try check(ReferencePolicy.self)
    default: try check(ActiveOnlyPolicy.self)
    }
  }

  /// An episode draws all its checks from its own generator, seeded from one draw of the fix
  /// stream: how many checks the earlier episodes looked at (which depends on the prompts the
  /// policy showed) never shifts a later episode's draws, and the prompt moves only the
  /// threshold.
  @Test func anEpisodesDrawsDoNotDependOnThePromptsShownBefore() throws {
    let plan = try Self.plan()
    func decision(_ prompt: RecoveryPrompt) -> Decision {
      Decision(state: .grace, access: true, prompt: prompt)
    }
    var firstChecksDiffered = 0
    var laterChecksFound = 0
    for index: UInt64 in 0..<50 {
      let profile = plan.profile(of: index)
      var quiet = SubscriberBehaviour(plan: plan, decidesOnlyOnNotifications: true)
      var pressing = quiet
      quiet.reset(profile: profile, streamFold: plan.streamFold(of: index))
      pressing.reset(profile: profile, streamFold: plan.streamFold(of: index))
      var failure = profile.start + .days(40)
      for _ in 0..<4 {
        let windowEnd = failure + .days(60)
        // One policy shows no prompt, the other a hard one: their first fixing checks differ.
        let a = quiet.episodeBegan(
          at: failure, reason: .declined, now: failure, windowEnd: windowEnd, decision: decision(.none))
        let b = pressing.episodeBegan(
          at: failure, reason: .declined, now: failure, windowEnd: windowEnd, decision: decision(.hard))
        if a?.at != b?.at { firstChecksDiffered += 1 }
        // From a later day on both show a soft prompt: the same first fixing check.
        let later = failure + .days(3)
        let a2 = quiet.promptOrAccessChanged(decision(.soft), at: later)
        let b2 = pressing.promptOrAccessChanged(decision(.soft), at: later)
        #expect(a2?.at == b2?.at, "subscriber \(index)")
        if a2 != nil { laterChecksFound += 1 }
        failure = failure + .days(90)
      }
    }
    #expect(firstChecksDiffered > 0)
    #expect(laterChecksFound > 0)
  }
}
