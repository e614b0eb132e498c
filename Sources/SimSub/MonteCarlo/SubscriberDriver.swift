/// Plays one subscriber at a time through the engine: a thin loop that passes what happened
/// between the engine, the observer and the subscriber's behaviour.
///
/// The engine plays the store and the policy; the observer (``PopulationObserver``) tallies
/// what happened and asks the engine to stop before the next instant when something did that
/// the subscriber may react to; the behaviour (``SubscriberBehaviour``) makes every draw and
/// decides what the subscriber does, and the driver queues it in the engine: a cancel, a card
/// fix, a check to wake the subscriber for. The behaviour lies in the observer, so that the
/// most common reaction, the voluntary-cancel draw of a new period, is made at the end of the
/// instant without a return to the driver (``EngineObserver/engineFinishedInstant(_:record:)``);
/// the driver asks for it only after a marker, whose instant it plays on itself.
///
/// The engine and every buffer are kept between subscribers, so after warm-up a subscriber
/// costs no allocation.
struct SubscriberDriver<Store: StoreModel, Policy: EntitlementPolicy>: Sendable {
  typealias PopulationEngine = Engine<Store, Policy, PopulationPayments, PopulationObserver>

  var engine: PopulationEngine
  let plan: PopulationPlan
  /// Recoveries by day since the failure (`RecoveryCurve.buckets` entries), for every
  /// subscriber this driver played.
  var recoveries: [Int64]

  /// The policy every subscriber starts with, built once: copying it is cheaper than building it.
  private let freshPolicy: Policy
  /// For a policy file's policy, whose state is kept by subscriber in its process or server:
  /// the scope bound on this thread, told which subscriber is played, for whom a policy is
  /// built with their identity. `nil` for a policy in process, copied from `freshPolicy`.
  private let outOfProcess: MonteCarloPolicyScope?

  init(store: Store, plan: PopulationPlan) {
    self.plan = plan
    freshPolicy = Policy(context: PolicyContext(settings: plan.policySettings))
    outOfProcess = (Policy.self as? any OutOfProcessPolicy.Type)?.monteCarloScope
    let placeholder = PopulationPayments(
      rng: Xoshiro256StarStar(s0: 1, s1: 2, s2: 3, s3: 4), rates: plan.groups[0].rates)
    engine = Engine(
      store: store, policy: freshPolicy, payments: placeholder,
      observer: PopulationObserver(
        price: 0, start: plan.population.start,
        behaviour: SubscriberBehaviour(
          plan: plan, decidesOnlyOnNotifications: Policy.decidesOnlyOnNotifications)),
      start: plan.population.start, step: plan.population.step)
    recoveries = Array(repeating: 0, count: RecoveryCurve.buckets)
  }

  /// Plays subscriber `profile` to the end of their horizon (and of any episode open then).
  mutating func play(_ profile: SubscriberProfile) -> SubscriberOutcome {
    let group = plan.groups[profile.group]
    let index = profile.index
    // The payments and the observer reset where they lie in the engine (not built and assigned).
    if let scope = outOfProcess {
      scope.begin(profile)
      let identity = SubscriberIdentity(number: index + 1, id: scope.subscriberId)
      engine.reset(
        subscriber: index + 1, start: profile.start,
        policy: Policy(context: PolicyContext(settings: plan.policySettings, subscriber: identity)))
    } else {
      engine.reset(subscriber: index + 1, start: profile.start, policy: freshPolicy)
    }
    let streamFold = plan.streamFold(of: index)
    engine.payments.reset(rng: plan.stream(.payments, folded: streamFold), rates: group.rates)
    engine.observer.reset(
      price: group.details.priceMilliunits, start: profile.start, horizonEnd: profile.horizonEnd,
      records: outOfProcess?.records, periodSeconds: group.details.period.nominalDays * 86_400)
    engine.observer.behaviour.reset(profile: profile, streamFold: streamFold)
    engine.schedule(.subscribe(product: group.product, trial: group.details.trial != nil), at: profile.start)
    if let increase = group.priceIncrease, increase.at <= profile.horizonEnd {
      // The notice to every subscriber at once, and the consent of those who give it, at the
      // notice (the store ignores both when the subscription is not renewing then).
      engine.schedule(.raisePrice(consentRequired: true), at: increase.at)
      var rng = plan.stream(.priceIncrease, folded: streamFold)
      if increase.accepts.contains(rng.next()) { engine.schedule(.acceptPrice, at: increase.at) }
    }

    let horizonEnd = profile.horizonEnd
    // After a marker the rest of its instant and the next one are played in one go before the
    // driver reacts, as a run to the next instant does; otherwise the engine plays on until the
    // observer flags an instant to react to (afterInstant does nothing after the others).
    var afterMarker = false
    while let next = engine.nextEventInstant {
      if next > horizonEnd && engine.observer.episodeStart == nil { break }
      let stop = afterMarker ? engine.run(until: next) : engine.runWhileObserverContinues()
      afterMarker = false
      switch stop {
      case .marker(let id):
        checkDue(marker: id)
        afterMarker = true
      case .reachedLimit, .renewalMoved:
        afterInstant()
      }
    }
    let end = max(horizonEnd, engine.now)
    outOfProcess?.end()
    return engine.observer.finish(
      at: end, collected: engine.record.collectedMilliunits, renewals: engine.payments.renewals,
      failedRenewals: engine.payments.failedRenewals)
  }

  /// Passes on everything that happened at the instant just played.
  private mutating func afterInstant() {
    engine.observer.needsDriver = false
    if let ended = engine.observer.endedEpisode {
      engine.observer.endedEpisode = nil
      if ended.kind == .recoveredByRetry || ended.kind == .recoveredByFix {
        recoveries[RecoveryCurve.bucket(from: ended.failure, to: ended.end)] += 1
      }
    }
    // A period that began after a marker: the engine did not end that instant itself, so the
    // observer did not pass it on to the behaviour (``PopulationObserver/engineFinishedInstant``).
    if engine.observer.periodBegan {
      engine.observer.periodBegan = false
      if let at = engine.observer.behaviour.periodBegan(record: engine.record, at: engine.now) {
        engine.schedule(.cancel, at: at)
      }
    }
    if let failure = engine.observer.episodeStart {
      if failure != engine.observer.behaviour.episode {
        let decision = Policy.decidesOnlyOnNotifications ? engine.currentDecision() : nil
        let check = engine.observer.behaviour.episodeBegan(
          at: failure, reason: engine.payments.reason, now: engine.now,
          windowEnd: engine.record.retryWindowEnd, decision: decision)
        mark(check)
      } else if Policy.decidesOnlyOnNotifications, !engine.observer.behaviour.gaveUp {
        let decision = engine.currentDecision()
        mark(engine.observer.behaviour.promptOrAccessChanged(decision, at: engine.now))
      }
    }
    if engine.observer.lockoutBegan {
      engine.observer.lockoutBegan = false
      if engine.observer.behaviour.lockoutBegan(at: engine.now) {
        engine.schedule(.cancel, at: engine.now)
      }
    }
  }

  /// A marker is due: a check of the current episode, unless it is stale.
  private mutating func checkDue(marker id: UInt32) {
    guard engine.observer.behaviour.isDue(marker: id, episodeStart: engine.observer.episodeStart) else {
      return
    }
    // A policy on its own clock is asked at the check; the other's answer was assumed.
    let decision = Policy.decidesOnlyOnNotifications ? nil : engine.currentDecision()
    switch engine.observer.behaviour.checkDue(at: engine.now, decision: decision) {
    case .fixesCard: engine.schedule(.updateCard, at: engine.now)
    case .departs: engine.observer.countDeparture()
    case .next(let check): mark(check)
    case .nothing: break
    }
  }

  /// Wakes the subscriber for `check`, if any.
  private mutating func mark(_ check: SubscriberBehaviour.Check?) {
    guard let check else { return }
    engine.scheduleMarker(check.id, at: check.at, afterEverything: false)
  }
}

/// The recovery curve's day buckets.
public enum RecoveryCurve {
  /// Day 0 to day 63; the stores' retry windows end by day 60.
  public static let buckets = 64

  /// The bucket of a recovery `end − failure` after the failure: the whole days it took,
  /// rounded up, so bucket `d` holds the recoveries within `d` days but not within `d − 1`.
  public static func bucket(from failure: Instant, to end: Instant) -> Int {
    let seconds = max(0, (end - failure).seconds)
    return min(buckets - 1, Int((seconds + 86_399) / 86_400))
  }
}
