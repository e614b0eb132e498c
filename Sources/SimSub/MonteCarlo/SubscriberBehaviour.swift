/// What one subscriber of a population does of their own accord, and every draw it takes: the
/// engine plays the store and the policy, the observer tallies what happened, and this decides,
/// between the engine's instants, what the subscriber does next. The fast run and a
/// counterexample's replay consult the same value, so the replay's story is what it decided.
///
/// - **Voluntary cancels**: at the start of each paid period, the subscriber turns auto-renew
///   off during it with `cancels-per-period`, at a uniformly drawn minute, from their own
///   cancels stream (``periodBegan(record:at:)``).
/// - **Card fixes**: during an episode the subscriber opens the app on their daily check
///   instant with `opens-app-per-day` (or, without access, `opens-app-per-day-without-access`);
///   the day's chance of fixing the card is `fixes-card-per-day` for the prompt the policy shows
///   then, worn off by the days it has been shown (``Behaviour/dailyFixChance(_:access:day:)``).
///   Check `j` of an episode succeeds when its uniform draw `u_j` falls below that day's chance;
///   each episode draws its `u_j` from its own generator, so the draws are shared by every
///   policy (common random numbers) and only the prompt (its day, the access) moves the
///   threshold. For a policy whose answer changes only on notifications the prompt is constant
///   between events, so the behaviour scans the draws ahead and asks for one engine marker at
///   the first successful check, re-scanning only when the prompt (or an access that matters)
///   changes (``promptOrAccessChanged(_:at:)``); a policy on its own clock is woken at every
///   check instead.
/// - **Departures**: when a wrongful lockout begins, the subscriber cancels for good with
///   `leaves-when-locked-out`, at that instant, once per lockout (``lockoutBegan(at:)``). With
///   `leaves-per-day-without-access`, on each daily check of an episode that did not fix the
///   card, a subscriber the policy gives no access leaves for good when the check's second draw
///   `v_j` falls below that chance: the same check instants and the same scan ahead as card
///   fixes, the scan stopping at the first check that fixes the card or, while access is
///   denied, loses the subscriber.
///
/// Every buffer is kept between subscribers, so after warm-up a subscriber costs no allocation.
struct SubscriberBehaviour: Sendable {
  /// A check the subscriber asks the engine to wake them for: a marker with this id at `at`. A
  /// marker whose id is no longer the latest is stale (``isDue(marker:episodeStart:)``).
  struct Check: Hashable, Sendable {
    var id: UInt32
    var at: Instant
  }

  /// What the subscriber does at a check that is due.
  enum CheckAction: Hashable, Sendable {
    /// Fixes the card now.
    case fixesCard
    /// Gives up on the episode, without access (``SubscriberBehaviour/gaveUp``).
    case departs
    /// Nothing today; the next check to wake them for.
    case next(Check)
    /// Nothing, and no check is left in the episode.
    case nothing
  }

  let cancelChance: Chance
  let leaveChance: Chance
  /// The chance of leaving on a day of an episode without access; `nil` when departures are
  /// off, so an episode draws nothing for them.
  let departureChance: Chance?
  /// The chance of fixing the card on one check, by the prompt shown, the access and the day of
  /// the prompt.
  let fixChances: DailyFixChances
  /// Whether the policy's access changes a check's outcome: departures are on, or subscribers
  /// open the app at another rate without access.
  private let accessMatters: Bool
  /// Whether a change of the policy's access during an episode may move the next check: access
  /// matters, and the checks are scanned ahead (the policy's answer changes only on
  /// notifications).
  let watchesAccess: Bool

  /// When replaying one subscriber for a counterexample: everything the subscriber did, and
  /// every decline and recovery, as scenario timeline entries, in the order decided. `nil` in a
  /// run, which keeps no story.
  var story: [StoryEntry]?

  // The subscriber being played.
  private var horizonEnd = Instant.distantPast
  /// The subscriber's daily check instants are `checkGrid + k` days (their start plus the
  /// minute of the day they open the app).
  private var checkGrid = Instant.distantPast
  /// The subscriber's `(seed, index)` fold, shared by their streams' seeds.
  private var streamFold: UInt64 = 0
  private var cancels = Xoshiro256StarStar(s0: 1, s1: 2, s2: 3, s3: 4)
  // The fixes and leaves streams, seeded when first drawn from: most subscribers have no
  // episode and no lockout, and a seeding is four SplitMix64 steps and a hash.
  private var fixes: Xoshiro256StarStar?
  private var leaves: Xoshiro256StarStar?
  /// Set when the subscriber leaves after a lockout, until their cancel is applied: that
  /// cancel counts as a departure, not a voluntary cancel (``takeLeaving()``).
  private var leaving = false

  // The episode whose card fixes are scheduled.
  private(set) var episode: Instant?
  /// Check `j` of the episode is at `firstCheck + j` days; checks stop at the retry window's end.
  private var firstCheck = Instant.distantPast
  private var checks = 0
  /// Each check's uniform draw, from the episode's own generator, seeded from one draw of the
  /// subscriber's fix stream: how many checks one episode looked at (which depends on the
  /// policy's prompts) never shifts the draws of the next.
  private var draws: EpisodeDraws
  /// With departures on, each check's second draw, from a second generator of the episode's
  /// seeder (so the fix draws are the same with departures on or off): the check loses a
  /// subscriber without access when it falls below the departure chance.
  private var departureDraws: EpisodeDraws
  /// The episode's seeder after its fix draws' generator was seeded, until the departure
  /// draws' generator is (``seedDepartures()``).
  private var departureSeeder: SplitMix64?
  /// The prompt and the access the pending check was chosen under, and the check's marker id.
  private var assumedPrompt = RecoveryPrompt.none
  private var assumedAccess = true
  /// The first check that showed `assumedPrompt` without a break: check `j` is on its day
  /// `j - promptSince`.
  private var promptSince = 0
  /// The first check `assumedPrompt` was assumed for (``showPrompt(_:fromCheck:)``); `.max`
  /// before the episode's first prompt.
  private var promptFrom = Int.max
  /// The prompt that the check before `promptFrom` showed, and since when; `nil` at the start of
  /// an episode.
  private var promptBefore: (prompt: RecoveryPrompt, since: Int)?
  /// Whether the subscriber gave up on the current episode: no check is due any more.
  private(set) var gaveUp = false
  private var generation: UInt32 = 0

  /// A behaviour with these chances; `decidesOnlyOnNotifications` is the policy's
  /// (``EntitlementPolicy/decidesOnlyOnNotifications``).
  init(
    cancelChance: Chance, leaveChance: Chance, departureChance: Chance?, fixChances: DailyFixChances,
    decidesOnlyOnNotifications: Bool
  ) {
    self.cancelChance = cancelChance
    self.leaveChance = leaveChance
    self.departureChance = departureChance
    self.fixChances = fixChances
    accessMatters = departureChance != nil || fixChances.dependOnAccess
    watchesAccess = accessMatters && decidesOnlyOnNotifications
    draws = EpisodeDraws()
    departureDraws = EpisodeDraws()
  }

  /// The behaviour of `plan`'s population, for a policy that does or does not decide only on
  /// notifications.
  init(plan: PopulationPlan, decidesOnlyOnNotifications: Bool) {
    self.init(
      cancelChance: plan.cancelChance, leaveChance: plan.leaveChance, departureChance: plan.departureChance,
      fixChances: plan.fixChances, decidesOnlyOnNotifications: decidesOnlyOnNotifications)
    draws.reserveCapacity(RecoveryCurve.buckets * 2)
    if departureChance != nil { departureDraws.reserveCapacity(RecoveryCurve.buckets * 2) }
  }

  /// A subscriber who never cancels, fixes a card or leaves: for an observer outside a
  /// population's run.
  static let passive = SubscriberBehaviour(
    cancelChance: Chance(0), leaveChance: Chance(0), departureChance: nil,
    fixChances: DailyFixChances(
      Behaviour(opensAppPerDay: 0, fixesCardPerDay: PerPrompt(none: 0, soft: 0, hard: 0))),
    decidesOnlyOnNotifications: true)

  /// Starts over for subscriber `profile`, whose streams' seeds share `streamFold`
  /// (``PopulationPlan/streamFold(of:)``). The story, if one is kept, is kept.
  mutating func reset(profile: SubscriberProfile, streamFold: UInt64) {
    self.streamFold = streamFold
    horizonEnd = profile.horizonEnd
    checkGrid = profile.start + profile.appCheckOffset
    cancels = stream(.cancels)
    fixes = nil
    leaves = nil
    leaving = false
    episode = nil
    checks = 0
  }

  private func stream(_ purpose: PopulationPlan.Stream) -> Xoshiro256StarStar {
    Xoshiro256StarStar.stream(folded: streamFold, purpose: purpose.rawValue)
  }

  // MARK: Voluntary cancels

  /// At the start of a paid period (`record` as the instant `now` left it): whether the
  /// subscriber cancels during it, and when; a cancel drawn after the horizon does not happen.
  @inline(__always)
  mutating func periodBegan(record: SubscriptionRecord, at now: Instant) -> Instant? {
    guard record.truth == .active else { return nil }
    guard let at = drawCancel(periodStart: record.periodStart, periodEnd: record.periodEnd, at: now) else {
      return nil
    }
    story?.append(StoryEntry(at: at, action: .cancel))
    return at
  }

  /// The cancel of the period `periodStart ..< periodEnd` at `now`, if the subscriber cancels
  /// in it before the horizon.
  @inline(__always)
  private mutating func drawCancel(periodStart: Instant, periodEnd: Instant, at now: Instant) -> Instant? {
    guard cancels.happens(cancelChance) else { return nil }
    let from = max(periodStart, now)
    let minutes = (periodEnd - from).seconds / 60
    guard minutes >= 2 else { return nil }
    let at = from + .minutes(1 + Int64(cancels.next(below: UInt64(minutes - 1))))
    guard at <= horizonEnd else { return nil }
    return at
  }

  // MARK: Departures after a lockout

  /// A wrongful lockout began at `now`: whether the subscriber leaves for good, cancelling at
  /// that instant.
  mutating func lockoutBegan(at now: Instant) -> Bool {
    if leaves == nil { leaves = stream(.leaves) }
    guard leaves!.happens(leaveChance) else { return false }
    leaving = true
    story?.append(StoryEntry(at: now, action: .cancel))
    return true
  }

  /// Whether the cancel the engine just applied is the subscriber leaving after a lockout;
  /// asked once per cancel applied.
  @inline(__always)
  mutating func takeLeaving() -> Bool {
    defer { leaving = false }
    return leaving
  }

  // MARK: Card fixes and departures without access

  /// A billing-issue episode began at `failure`, the card declined for `reason`, seen at `now`
  /// with the store's retry window ending at `windowEnd`: draws the episode's checks, and
  /// returns the first check to wake the subscriber for. With `decision`, the policy's answer
  /// now (a policy that changes it only on notifications), that is the first check that fixes
  /// the card or loses the subscriber under it; with `nil` (a policy on its own clock), the
  /// episode's first check.
  mutating func episodeBegan(
    at failure: Instant, reason: DeclineReason, now: Instant, windowEnd: Instant?, decision: Decision?
  ) -> Check? {
    episode = failure
    gaveUp = false
    promptBefore = nil
    promptFrom = .max
    story?.append(StoryEntry(at: failure, action: .cardFails(reason)))
    // The subscriber's daily check instants are start + offset + k days; the episode's first
    // check is the first of them after the failure.
    let grid = checkGrid
    let sinceGrid = (failure - grid).seconds
    let k = sinceGrid >= 0 ? sinceGrid / 86_400 + 1 : -((-sinceGrid) / 86_400)
    firstCheck = grid + .days(k)
    let span = ((windowEnd ?? failure) - firstCheck).seconds
    checks = span > 0 ? Int((span + 86_399) / 86_400) : 0
    if fixes == nil { fixes = stream(.fixes) }
    var seeder = SplitMix64(state: fixes!.next())
    draws.begin(Xoshiro256StarStar(seededBy: &seeder), checks: checks)
    // The departure draws' generator is seeded when first drawn from: most episodes end with
    // access, before any.
    departureSeeder = departureChance != nil ? seeder : nil
    if let decision {
      return scheduleCheck(fromCheckAfter: now, prompt: decision.prompt, access: decision.access)
    }
    guard checks > 0 else { return nil }
    generation &+= 1
    return Check(id: generation, at: firstCheck)
  }

  /// For a policy whose answer changes only on notifications, during the episode and before
  /// the subscriber gave up: the policy answers `decision` at `now`. When its prompt (or, with
  /// departures, its access) is not the one the pending check was chosen under, the check to
  /// wake the subscriber for instead (`nil`: none, or the pending one still holds).
  mutating func promptOrAccessChanged(_ decision: Decision, at now: Instant) -> Check? {
    guard decision.prompt != assumedPrompt || (accessMatters && decision.access != assumedAccess)
    else { return nil }
    return scheduleCheck(fromCheckAfter: now, prompt: decision.prompt, access: decision.access)
  }

  /// The index of the first check strictly after `instant`.
  private func firstCheck(after instant: Instant) -> Int {
    let since = (instant - firstCheck).seconds
    return since < 0 ? 0 : Int(since / 86_400) + 1
  }

  /// The first check after `instant` that fixes the card under `prompt` or, with departures on
  /// and no `access`, loses the subscriber; any earlier check becomes stale.
  private mutating func scheduleCheck(fromCheckAfter instant: Instant, prompt: RecoveryPrompt, access: Bool)
    -> Check?
  {
    generation &+= 1
    let from = firstCheck(after: instant)
    showPrompt(prompt, fromCheck: from)
    assumedAccess = access
    var due = firstSuccess(from: from, row: fixChances.row(prompt, access: access))
    if !access, let departure = departureChance,
      let leaves = firstDeparture(from: from, before: due ?? checks, chance: departure)
    {
      due = leaves
    }
    guard let j = due else { return nil }
    return Check(id: generation, at: firstCheck + .days(Int64(j)))
  }

  /// The first check in `from ..< end` whose departure draw falls inside `chance`, if any.
  private mutating func firstDeparture(from: Int, before end: Int, chance: Chance) -> Int? {
    seedDepartures()
    return departureDraws.first(from: from, before: end, inside: chance)
  }

  /// Seeds the episode's departure draws if they are not yet.
  private mutating func seedDepartures() {
    guard var seeder = departureSeeder else { return }
    departureSeeder = nil
    departureDraws.begin(Xoshiro256StarStar(seededBy: &seeder), checks: checks)
  }

  /// The prompt shown from check `from` on is `prompt`, assumed until the next call: counts the
  /// prompt's days from the first check that showed it without a break, so a prompt that
  /// changes and changes back between two checks was never interrupted.
  private mutating func showPrompt(_ prompt: RecoveryPrompt, fromCheck from: Int) {
    if promptFrom == .max {
      // The episode's first prompt.
      promptSince = from
    } else {
      // Checks promptFrom ..< from showed the prompt assumed until now; when there are none,
      // the check before `from` showed `promptBefore`, as it did before.
      if from > promptFrom { promptBefore = (assumedPrompt, promptSince) }
      if let before = promptBefore, before.prompt == prompt {
        promptSince = before.since
      } else {
        promptSince = from
      }
    }
    assumedPrompt = prompt
    promptFrom = from
  }

  /// The first check from `from` on whose draw falls inside the chance of its day of the
  /// prompt whose chances start at `row` of the table, if any, drawing only as far as it reads.
  private mutating func firstSuccess(from: Int, row: Int) -> Int? {
    guard from < checks else { return nil }
    let (end, since, last) = (checks, promptSince, fixChances.days - 1)
    return fixChances.thresholds.withUnsafeBufferPointer { thresholds in
      draws.first(from: from, before: end, thresholds: thresholds, row: row, since: since, last: last)
    }
  }

  /// Check `j`'s departure draw.
  private mutating func departureDraw(_ j: Int) -> UInt64 {
    seedDepartures()
    return departureDraws.draw(j)
  }

  /// The chance of check `j` under the prompt and access assumed.
  private func assumedChance(ofCheck j: Int) -> Chance {
    fixChances.chance(assumedPrompt, access: assumedAccess, day: j - promptSince)
  }

  /// Whether the marker `id` is a check of the current episode (whose failure the observer
  /// has as `episodeStart`), not a stale one.
  func isDue(marker id: UInt32, episodeStart: Instant?) -> Bool {
    id == generation && !gaveUp && episodeStart != nil && episodeStart == episode
  }

  /// A check is due at `now` (``isDue(marker:episodeStart:)``): what the subscriber does. With
  /// `decision`, the answer of a policy on its own clock, asked at this check; with `nil`, the
  /// check was scanned ahead under the answer assumed.
  mutating func checkDue(at now: Instant, decision: Decision?) -> CheckAction {
    let j = firstCheck(after: now) - 1
    guard let decision else {
      // The check is the first that fixes the card or loses the subscriber under the prompt
      // and access assumed: which of the two.
      return assumedChance(ofCheck: j).contains(draws.draw(j)) ? fix(at: now) : depart()
    }
    // A policy on its own clock: decide at this check with the prompt shown now.
    showPrompt(decision.prompt, fromCheck: j)
    assumedAccess = decision.access
    if assumedChance(ofCheck: j).contains(draws.draw(j)) {
      return fix(at: now)
    } else if !decision.access, let departure = departureChance, departure.contains(departureDraw(j)) {
      return depart()
    } else if j + 1 < checks {
      generation &+= 1
      return .next(Check(id: generation, at: firstCheck + .days(Int64(j + 1))))
    }
    return .nothing
  }

  /// The subscriber, without access, gives up for good: never fixes the card in this episode.
  /// They do not cancel: the store's retries go on and may still collect, and an episode that
  /// runs out expires as involuntary churn, which is how the stores and RevenueCat count a
  /// subscriber who walked away from a failed payment.
  private mutating func depart() -> CheckAction {
    gaveUp = true
    generation &+= 1
    return .departs
  }

  private mutating func fix(at now: Instant) -> CheckAction {
    story?.append(StoryEntry(at: now, action: .updateCard))
    return .fixesCard
  }

  /// The open episode recovered at `end` through a store retry. Nothing to decide; a story
  /// shows it as the card updated then, in its place among the subscriber's own entries.
  mutating func recoveredByRetry(at end: Instant) {
    story?.append(StoryEntry(at: end, action: .updateCard))
  }
}

/// One thing a replayed subscriber did, for a counterexample's timeline.
struct StoryEntry: Hashable, Sendable {
  var at: Instant
  var action: SubscriberAction
}
