/// Plays one subscriber at a time through the engine: schedules what the subscriber does and
/// reacts, between the engine's instants, to what the store and the policy did.
///
/// - **Voluntary cancels**: at the start of each paid period, the subscriber turns auto-renew
///   off during it with `cancels-per-period`, at a uniformly drawn minute
///   (``VoluntaryCancels``); the observer draws them, or the driver when the observer could not.
/// - **Card fixes**: during an episode the subscriber opens the app on their daily check
///   instant with `opens-app-per-day`; the day's chance of fixing the card is
///   `fixes-card-per-day` for the prompt the policy shows then (``Behaviour/dailyFixChance(_:)``).
///   Check `j` of an episode succeeds when its uniform draw `u_j` falls below that day's chance;
///   each episode draws its `u_j` from its own generator, so the draws are shared by every
///   policy (common random numbers) and only the prompt moves the threshold. For a policy whose answer changes only on notifications the prompt is
///   constant between events, so the driver scans the draws ahead and sets one engine marker at
///   the first successful check, re-scanning only when the prompt changes; a policy on its own
///   clock is woken at every check instead.
/// - **Departures**: when a wrongful lockout begins, the subscriber cancels for good with
///   `leaves-when-locked-out`, at that instant, once per lockout. With
///   `leaves-per-day-without-access`, on each daily check of an episode that did not fix the
///   card, a subscriber the policy gives no access leaves for good when the check's second draw
///   `v_j` falls below that chance: the same check instants and the same scan ahead as card
///   fixes, the scan stopping at the first check that fixes the card or, while access is
///   denied, loses the subscriber.
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
  /// When replaying one subscriber for a counterexample: everything the subscriber did, and
  /// every decline and recovery, as scenario timeline entries.
  var story: [StoryEntry]?

  // The subscriber being played.
  private var profile = SubscriberProfile(
    index: 0, group: 0, start: .distantPast, appCheckOffset: .zero, horizonEnd: .distantPast)
  // The fixes and leaves streams, seeded when first drawn from: most subscribers have no
  // episode and no lockout, and a seeding costs about 70 instructions.
  private var fixes: Xoshiro256StarStar?
  /// The subscriber's `(seed, index)` fold, shared by their streams' seeds.
  private var streamFold: UInt64 = 0
  private var leaves: Xoshiro256StarStar?
  /// The policy every subscriber starts with, built once: copying it is cheaper than building it.
  private let freshPolicy: Policy
  /// For a policy file's policy, whose state is kept by subscriber in its process or server:
  /// the scope bound on this thread, told which subscriber is played, for whom a policy is
  /// built with their identity. `nil` for a policy in process, copied from `freshPolicy`.
  private let outOfProcess: MonteCarloPolicyScope?

  // The episode whose card fixes are scheduled.
  private var episode: Instant?
  /// Check `j` of the episode is at `firstCheck + j` days; checks stop at the retry window's end.
  private var firstCheck = Instant.distantPast
  private var checks = 0
  /// Each check's uniform draw (`draws[0 ..< checks]`), all drawn when the episode begins from
  /// the episode's own generator, seeded from one draw of the subscriber's fix stream: how many
  /// checks one episode looked at (which depends on the policy's prompts) never shifts the
  /// draws of the next. The buffer keeps the largest count an episode needed, so an episode
  /// neither empties nor grows it.
  private var draws: [UInt64]
  /// With departures on, each check's second draw (`departureDraws[0 ..< checks]`), drawn from
  /// the episode's generator after every fix draw (so the fix draws are the same with
  /// departures on or off): the check loses a subscriber without access when it falls below
  /// the departure chance.
  private var departureDraws: [UInt64]
  /// The prompt and the access the pending marker was chosen under, and the marker's id.
  private var assumedPrompt = RecoveryPrompt.none
  private var assumedAccess = true
  /// Whether the subscriber gave up on the current episode: no check is due any more.
  private var gaveUp = false
  private var generation: UInt32 = 0

  init(store: Store, plan: PopulationPlan) {
    self.plan = plan
    freshPolicy = Policy(context: PolicyContext(settings: plan.policySettings))
    outOfProcess = (Policy.self as? any OutOfProcessPolicy.Type)?.monteCarloScope
    let placeholder = PopulationPayments(
      rng: Xoshiro256StarStar(s0: 1, s1: 2, s2: 3, s3: 4), rates: plan.groups[0].rates)
    engine = Engine(
      store: store, policy: freshPolicy, payments: placeholder,
      observer: PopulationObserver(price: 0, start: plan.population.start), start: plan.population.start,
      step: plan.population.step)
    recoveries = Array(repeating: 0, count: RecoveryCurve.buckets)
    draws = []
    draws.reserveCapacity(RecoveryCurve.buckets * 2)
    departureDraws = []
    if plan.departureChance != nil {
      departureDraws.reserveCapacity(RecoveryCurve.buckets * 2)
      engine.observer.watchesAccess = Policy.decidesOnlyOnNotifications
    }
  }

  /// Plays subscriber `profile` to the end of their horizon (and of any episode open then).
  mutating func play(_ profile: SubscriberProfile) -> SubscriberOutcome {
    self.profile = profile
    let group = plan.groups[profile.group]
    let index = profile.index
    streamFold = plan.streamFold(of: index)
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
    engine.payments.reset(rng: plan.stream(.payments, folded: streamFold), rates: group.rates)
    engine.observer.reset(
      price: group.details.priceMilliunits, start: profile.start, horizonEnd: profile.horizonEnd,
      cancels: VoluntaryCancels(
        rng: plan.stream(.cancels, folded: streamFold), chance: plan.cancelChance,
        drawnByObserver: story == nil),
      records: outOfProcess?.records, periodSeconds: group.details.period.nominalDays * 86_400)
    fixes = nil
    leaves = nil
    episode = nil
    checks = 0
    engine.schedule(.subscribe(product: group.product, trial: group.details.trial != nil), at: profile.start)

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

  /// Reacts to everything that happened at the instant just played.
  private mutating func afterInstant() {
    engine.observer.needsDriver = false
    if let ended = engine.observer.endedEpisode {
      engine.observer.endedEpisode = nil
      if ended.kind == .recoveredByRetry || ended.kind == .recoveredByFix {
        recoveries[RecoveryCurve.bucket(from: ended.failure, to: ended.end)] += 1
      }
      if ended.kind == .recoveredByRetry { story?.append(StoryEntry(at: ended.end, action: .updateCard)) }
    }
    if engine.observer.periodBegan {
      engine.observer.periodBegan = false
      drawCancel()
    }
    if let failure = engine.observer.episodeStart {
      if failure != episode {
        begin(episode: failure)
      } else if Policy.decidesOnlyOnNotifications, !gaveUp {
        let decision = engine.currentDecision()
        if decision.prompt != assumedPrompt
          || (plan.departureChance != nil && decision.access != assumedAccess)
        {
          scheduleCheck(fromCheckAfter: engine.now, prompt: decision.prompt, access: decision.access)
        }
      }
    }
    if engine.observer.lockoutBegan {
      engine.observer.lockoutBegan = false
      if leaves == nil { leaves = plan.stream(.leaves, folded: streamFold) }
      if leaves!.happens(plan.leaveChance) {
        engine.observer.leaving = true
        engine.schedule(.cancel, at: engine.now)
        story?.append(StoryEntry(at: engine.now, action: .cancel))
      }
    }
  }

  /// At the start of a paid period, unless the observer drew already: does the subscriber
  /// cancel during it, and when.
  private mutating func drawCancel() {
    guard let at = engine.observer.drawCancel(record: engine.record, at: engine.now) else { return }
    engine.schedule(.cancel, at: at)
    story?.append(StoryEntry(at: at, action: .cancel))
  }

  // MARK: Card fixes

  private mutating func begin(episode failure: Instant) {
    episode = failure
    gaveUp = false
    story?.append(StoryEntry(at: failure, action: .cardFails(engine.payments.reason)))
    // The subscriber's daily check instants are start + offset + k days; the episode's first
    // check is the first of them after the failure.
    let grid = profile.start + profile.appCheckOffset
    let sinceGrid = (failure - grid).seconds
    let k = sinceGrid >= 0 ? sinceGrid / 86_400 + 1 : -((-sinceGrid) / 86_400)
    firstCheck = grid + .days(k)
    let windowEnd = engine.record.retryWindowEnd ?? failure
    let span = (windowEnd - firstCheck).seconds
    checks = span > 0 ? Int((span + 86_399) / 86_400) : 0
    if fixes == nil { fixes = plan.stream(.fixes, folded: streamFold) }
    var seeder = SplitMix64(state: fixes!.next())
    var generator = Xoshiro256StarStar(seededBy: &seeder)
    if draws.count < checks { draws.append(contentsOf: repeatElement(0, count: checks - draws.count)) }
    // Every check's draw at once, in order: the generator serves nothing else, and filling the
    // buffer in one go skips a uniqueness check per draw.
    let count = checks
    draws.withUnsafeMutableBufferPointer { buffer in
      for j in 0..<count { buffer[j] = generator.next() }
    }
    if plan.departureChance != nil {
      if departureDraws.count < checks {
        departureDraws.append(contentsOf: repeatElement(0, count: checks - departureDraws.count))
      }
      departureDraws.withUnsafeMutableBufferPointer { buffer in
        for j in 0..<count { buffer[j] = generator.next() }
      }
    }
    if Policy.decidesOnlyOnNotifications {
      let decision = engine.currentDecision()
      scheduleCheck(fromCheckAfter: engine.now, prompt: decision.prompt, access: decision.access)
    } else if checks > 0 {
      generation &+= 1
      engine.scheduleMarker(generation, at: firstCheck, afterEverything: false)
    }
  }

  /// The uniform draw of check `j` (`0 ..< checks`), drawn when the episode began.
  private func draw(_ j: Int) -> UInt64 { draws[j] }

  /// The index of the first check strictly after `instant`.
  private func firstCheck(after instant: Instant) -> Int {
    let since = (instant - firstCheck).seconds
    return since < 0 ? 0 : Int(since / 86_400) + 1
  }

  /// Sets the marker at the first check after `instant` that fixes the card under `prompt` or,
  /// with departures on and no `access`, loses the subscriber, invalidating any earlier marker.
  private mutating func scheduleCheck(fromCheckAfter instant: Instant, prompt: RecoveryPrompt, access: Bool) {
    generation &+= 1
    assumedPrompt = prompt
    assumedAccess = access
    let from = firstCheck(after: instant)
    var due = firstSuccess(from: from, chance: plan.fixChance[prompt])
    if !access, let departure = plan.departureChance,
      let leaves = firstDeparture(from: from, before: due ?? checks, chance: departure)
    {
      due = leaves
    }
    guard let j = due else { return }
    engine.scheduleMarker(generation, at: firstCheck + .days(Int64(j)), afterEverything: false)
  }

  /// The first check in `from ..< end` whose departure draw falls inside `chance`, if any.
  private func firstDeparture(from: Int, before end: Int, chance: Chance) -> Int? {
    guard from < end else { return nil }
    if chance.isCertain { return from }
    let threshold = chance.threshold
    return departureDraws.withUnsafeBufferPointer { buffer in
      var j = from
      while j < end {
        if buffer[j] < threshold { return j }
        j &+= 1
      }
      return nil
    }
  }

  /// The first check from `from` on whose draw falls inside `chance`, if any. Scanned through
  /// the buffer with the threshold read once: a scan often runs through every check left (the
  /// daily chance is small).
  private func firstSuccess(from: Int, chance: Chance) -> Int? {
    guard from < checks else { return nil }
    if chance.isCertain { return from }
    let count = checks
    let threshold = chance.threshold
    // A plain loop: over a range, each step also checked the index against overflow.
    return draws.withUnsafeBufferPointer { buffer in
      var j = from
      while j < count {
        if buffer[j] < threshold { return j }
        j &+= 1
      }
      return nil
    }
  }

  /// A marker is due: a check of the current episode, unless it is stale.
  private mutating func checkDue(marker id: UInt32) {
    guard id == generation, !gaveUp, engine.observer.episodeStart != nil,
      engine.observer.episodeStart == episode
    else {
      return
    }
    let j = firstCheck(after: engine.now) - 1
    if Policy.decidesOnlyOnNotifications {
      // The marker is at the first check that fixes the card or loses the subscriber under the
      // prompt and access assumed: which of the two.
      if plan.fixChance[assumedPrompt].contains(draw(j)) { fix() } else { depart() }
      return
    }
    // A policy on its own clock: decide at this check with the prompt shown now.
    let decision = engine.currentDecision()
    if plan.fixChance[decision.prompt].contains(draw(j)) {
      fix()
    } else if !decision.access, let departure = plan.departureChance, departure.contains(departureDraws[j]) {
      depart()
    } else if j + 1 < checks {
      generation &+= 1
      engine.scheduleMarker(generation, at: firstCheck + .days(Int64(j + 1)), afterEverything: false)
    }
  }

  /// The subscriber, without access, gives up for good: never fixes the card in this episode.
  /// They do not cancel: the store's retries go on and may still collect, and an episode that
  /// runs out expires as involuntary churn, which is how the stores and RevenueCat count a
  /// subscriber who walked away from a failed payment.
  private mutating func depart() {
    gaveUp = true
    generation &+= 1
    engine.observer.countDeparture()
  }

  private mutating func fix() {
    engine.schedule(.updateCard, at: engine.now)
    story?.append(StoryEntry(at: engine.now, action: .updateCard))
  }
}

/// One thing a replayed subscriber did, for a counterexample's timeline.
struct StoryEntry: Hashable, Sendable {
  var at: Instant
  var action: SubscriberAction
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
