/// Plays a scenario through the engine with a policy and checks it.
///
/// Anchored instants (`renewal 2 + 6h`) resolve while the run goes: the engine stops whenever
/// the current period's end moves, and every entry whose period has become current is placed
/// then. An anchored entry waits as a marker and is applied when the marker comes due, so if
/// the period's end moves again before then (an upgrade starts the period over) the entry moves
/// with it. Entries at the same instant keep file order when they resolve together; an anchored
/// entry resolved later than a fixed one at the same instant comes after it.
public enum ScenarioRunner {
  /// The longest a scenario without `horizon` may run while waiting for an anchor.
  public static let maximumSpan = TimeSpan.days(366 * 20)

  /// Plays `scenario` with store model `store` and policy type `Policy`, built with the
  /// scenario's `policySettings`.
  ///
  /// - Parameter member: whose run this is: `0` the purchaser, `N` family member N (played
  ///   through `AppStoreFamilyMember`). A member's run checks only the expectations for that
  ///   member, and its `prompt-matches` asks for no prompt at all (the card is not theirs).
  public static func run<Store: StoreModel, Policy: EntitlementPolicy>(
    _ scenario: Scenario, store: Store, policy: Policy.Type, step: TimeSpan? = nil, member: Int = 0
  ) -> ScenarioResult {
    var observer = ScenarioObserver()
    observer.checker.familyMember = member > 0
    var engine = makeEngine(
      scenario, store: store,
      policy: Policy(
        context: PolicyContext(
          settings: scenario.policySettings, subscriber: SubscriberIdentity(number: UInt64(member) + 1))),
      observer: observer,
      step: step ?? scenario.step)
    var state = RunState(scenario: scenario, member: member)
    state.begin(&engine)

    var end = RunEnd(scenario)
    let cap = end.cap
    while true {
      if end.waitsForPlacement, state.allPlaced || engine.nextEventInstant == nil {
        end.allPlaced(latest: state.latestPlaced, now: engine.now)
      }
      let limit = end.limit
      let target = limit ?? min(engine.nextEventInstant ?? cap, cap)
      switch engine.run(until: target) {
      case .marker(let id):
        state.check(marker: id, engine: &engine)
      case .renewalMoved:
        state.place(&engine)
      case .reachedLimit:
        if let limit, engine.now >= limit { return state.finish(&engine, policy: Policy.name) }
        if target >= cap { return state.finish(&engine, policy: Policy.name) }
        state.place(&engine)
      }
    }
  }

  /// Where a run ends: at `start + horizon`; without `horizon`, one period (of the first
  /// product: the first source's, with several) past the last entry or expectation placed, once
  /// all are placed or nothing is left to play; and never later than ``maximumSpan`` past the
  /// start. Shared by a scenario of one subscription and one of several sources.
  struct RunEnd {
    /// The latest a run may go while waiting for an anchor.
    let cap: Instant
    /// Where the run ends, once known: the horizon, or one period past the last placed.
    private(set) var limit: Instant?
    /// The period added past the last placed; `nil` when the scenario has a horizon.
    private let period: BillingPeriod?
    private var lastKnown: Instant?

    init(_ scenario: Scenario) {
      cap = scenario.start + maximumSpan
      limit = scenario.horizon.map { scenario.start + $0 }
      period = scenario.horizon == nil ? scenario.products.first?.period ?? .oneMonth : nil
    }

    /// Whether the end waits on placement (the scenario has no horizon).
    var waitsForPlacement: Bool { period != nil }

    /// Every entry and expectation is placed, or nothing is left to play: the run ends one
    /// period past the latest instant placed (`latest`), or past `now` if that is later and
    /// nothing was known before.
    mutating func allPlaced(latest: Instant, now: @autoclosure () -> Instant) {
      guard let period else { return }
      let last = max(latest, lastKnown ?? now())
      if last != lastKnown {
        lastKnown = last
        limit = period.advance(last, by: 1)
      }
    }
  }

  /// The engine that plays `scenario`'s one subscription: card on file, the scenario's delivery
  /// faults from its start, and stopping whenever the current period's end moves (so anchored
  /// entries can be placed). Shared by a scenario of one subscription and each source of several.
  static func makeEngine<Store: StoreModel, Policy: EntitlementPolicy>(
    _ scenario: Scenario, store: Store, policy: Policy, observer: ScenarioObserver, step: TimeSpan
  ) -> Engine<Store, Policy, CardOnFile, ScenarioObserver> {
    var engine = Engine(
      store: store, policy: policy, payments: CardOnFile(), observer: observer, start: scenario.start,
      step: step, delivery: scenario.delivery.settings(from: scenario.start, start: scenario.start))
    engine.stopsWhenRenewalMoves = true
    // A policy in another process would be asked twice a step; its answers are its own.
    engine.checksKeptDecisions = !(Policy.self is any OutOfProcessPolicy.Type)
    return engine
  }

  /// The runner's bookkeeping: where each entry and expectation was placed, which have
  /// happened, and the expectations' verdicts.
  struct RunState {
    let scenario: Scenario
    /// Whose run: `0` the purchaser, `N` family member N. Only its expectations are played.
    let member: Int
    var placedTimeline: [Instant?]
    /// Applied (or found to be in error): never moved again.
    var doneTimeline: [Bool]
    var placedExpectations: [Instant?]
    var results: [ExpectationResult?]
    var errors: [EntryError] = []
    var latestPlaced: Instant

    init(scenario: Scenario, member: Int = 0) {
      self.scenario = scenario
      self.member = member
      placedTimeline = Array(repeating: nil, count: scenario.timeline.count)
      doneTimeline = Array(repeating: false, count: scenario.timeline.count)
      placedExpectations = Array(repeating: nil, count: scenario.expectations.count)
      results = Array(repeating: nil, count: scenario.expectations.count)
      latestPlaced = scenario.start
      unplaced = scenario.timeline.count + scenario.expectations.filter { $0.member == member }.count
    }

    /// How many entries and expectations are not placed yet (kept, not counted, so a long
    /// timeline costs nothing per event).
    var unplaced: Int

    var allPlaced: Bool { unplaced == 0 }

    /// Marker ids: timeline entries carry this bit, expectations do not.
    let timelineFlag: UInt32 = 1 << 31

    /// Starts the run: subscribes to the first product at `start` when the timeline has no
    /// `subscribe` of its own (with its trial, if it has one) and does not begin with
    /// `redeem-offer` (a purchase made with the offer), then places whatever can be placed
    /// already.
    mutating func begin<S, P, Pay, O>(_ engine: inout Engine<S, P, Pay, O>) {
      let buysWithOffer: Bool
      if case .subscriber(.redeemOffer) = scenario.timeline.first?.action {
        buysWithOffer = true
      } else {
        buysWithOffer = false
      }
      if !buysWithOffer,
        !scenario.timeline.contains(where: { entry in
          switch entry.action {
          case .subscriber(.subscribe), .subscriber(.subscribeIncomplete), .subscriber(.subscribePending),
            .subscriber(.subscribeWithoutPaymentMethod):
            true
          default: false
          }
        })
      {
        let trial = scenario.products.first?.trial != nil
        engine.schedule(.subscribe(product: 0, trial: trial), at: scenario.start)
      }
      place(&engine)
    }

    /// Where `at` falls, if it can be known now.
    func resolve<S, P, Pay, O>(_ at: ScenarioInstant, _ engine: Engine<S, P, Pay, O>) -> Instant? {
      switch at {
      case .afterStart(let span): return scenario.start + span
      case .absolute(let instant): return instant
      case .renewal(let n, let offset):
        let record = engine.record
        guard record.periodNumber == n, record.subscriptionTruth != .never else { return nil }
        return record.periodEnd + offset
      }
    }

    /// Where an anchored entry placed earlier falls now, when its period's end has moved while
    /// the subscription still runs; `nil` when it stays.
    func moved<S, P, Pay, O>(_ at: ScenarioInstant, placed: Instant, _ engine: Engine<S, P, Pay, O>)
      -> Instant?
    {
      guard case .renewal = at else { return nil }
      switch engine.record.subscriptionTruth {
      case .active, .canceled, .grace, .hold, .paused: break
      default: return nil
      }
      guard let instant = resolve(at, engine), instant != placed else { return nil }
      return instant
    }

    func tooEarly(_ at: ScenarioInstant, _ instant: Instant, now: Instant) -> String {
      guard case .renewal(let n, _) = at else {
        return "'\(at)' falls on \(RFC3339.format(instant)), before the run reached it"
      }
      return
        "'\(at)' falls on \(RFC3339.format(instant)), which had passed when renewal \(n) became known at \(RFC3339.format(now))"
    }

    /// Where an entry or expectation at `at`, placed at `placed` so far, is to be placed now:
    /// where it first resolves (counted off ``unplaced``), or where it has moved with its
    /// anchor; `nil` when it cannot be placed yet or stays where it is.
    private mutating func placement<S, P, Pay, O>(
      _ at: ScenarioInstant, placed: Instant?, _ engine: Engine<S, P, Pay, O>
    ) -> Instant? {
      if let placed { return moved(at, placed: placed, engine) }
      guard let instant = resolve(at, engine) else { return nil }
      unplaced -= 1
      return instant
    }

    /// Takes `instant`, just placed for the entry or expectation at `at` (`line`, `column`),
    /// when it has not passed (`now`): it counts towards ``latestPlaced``. When it has passed,
    /// records the entry's error instead and returns `false`.
    private mutating func accept(
      _ instant: Instant, for at: ScenarioInstant, line: Int, column: Int, now: Instant
    ) -> Bool {
      guard instant >= now else {
        errors.append(EntryError(line: line, column: column, message: tooEarly(at, instant, now: now)))
        return false
      }
      latestPlaced = max(latestPlaced, instant)
      return true
    }

    mutating func place<S, P, Pay, O>(_ engine: inout Engine<S, P, Pay, O>) {
      for (index, entry) in scenario.timeline.enumerated() where !doneTimeline[index] {
        guard let instant = placement(entry.at, placed: placedTimeline[index], engine) else { continue }
        placedTimeline[index] = instant
        guard accept(instant, for: entry.at, line: entry.line, column: entry.column, now: engine.now) else {
          doneTimeline[index] = true
          continue
        }
        switch (entry.at, entry.action) {
        case (.renewal, _), (_, .note):
          // Applied when the marker comes due, so it can still move with its anchor.
          engine.scheduleMarker(UInt32(index) | timelineFlag, at: instant, afterEverything: false)
        case (_, .subscriber(let action)):
          engine.schedule(action, at: instant)
          doneTimeline[index] = true
        case (_, .delivery(let faults)):
          engine.schedule(faults.settings(from: instant, start: scenario.start), at: instant)
          doneTimeline[index] = true
        }
      }
      for (index, expectation) in scenario.expectations.enumerated()
      where results[index] == nil && expectation.member == member {
        // An expectation placed at an instant the run has passed is not moved again.
        if let placed = placedExpectations[index], placed < engine.now { continue }
        guard let instant = placement(expectation.at, placed: placedExpectations[index], engine) else {
          continue
        }
        placedExpectations[index] = instant
        guard
          accept(
            instant, for: expectation.at, line: expectation.line, column: expectation.column, now: engine.now)
        else {
          results[index] = ExpectationResult(
            expectation: expectation, instant: nil, checks: [], recentDeliveries: [])
          continue
        }
        engine.scheduleMarker(UInt32(index), at: instant, afterEverything: true)
      }
    }

    /// What an expectation about the subscriber as a whole checks, in a scenario of several
    /// sources: the best standing of any source, every source's notifications and charges.
    struct WholeSubscriber {
      var truth: StoreTruth
      var sent: [String]
      var charges: Int32
      var recentDeliveries: [ScenarioResult.Delivery]
    }

    /// Whether marker `id` is an expectation's (not a timeline entry's).
    func isExpectation(marker id: UInt32) -> Bool { id & timelineFlag == 0 }

    mutating func check<S, P, Pay>(
      marker id: UInt32, engine: inout Engine<S, P, Pay, ScenarioObserver>, whole: WholeSubscriber? = nil
    ) {
      if id & timelineFlag != 0 {
        let index = Int(id & ~timelineFlag)
        // A marker left behind when its entry moved is ignored.
        guard !doneTimeline[index], placedTimeline[index] == engine.now else { return }
        doneTimeline[index] = true
        switch scenario.timeline[index].action {
        case .note(let text):
          engine.observer.note(text, at: engine.now, truth: engine.record.truth, decision: engine.decision)
        case .subscriber(let action):
          engine.schedule(action, at: engine.now)
        case .delivery(let faults):
          engine.schedule(faults.settings(from: engine.now, start: scenario.start), at: engine.now)
        }
        return
      }
      let index = Int(id)
      guard results[index] == nil, placedExpectations[index] == engine.now else { return }
      let expectation = scenario.expectations[index]
      var observed = ExpectationCheck.Observed(
        truth: whole?.truth ?? engine.record.truth, decision: engine.decision,
        sent: whole?.sent ?? engine.observer.sent.map(\.name),
        charges: whole?.charges ?? engine.record.charges)
      if let previous = expectation.sincePrevious {
        // `since: previous`: what was sent after the previous expectation's instant (the
        // decoder allows it with one source only, so `whole` is nil here).
        if let since = results[previous]?.instant {
          observed.since = since
          observed.sent = engine.observer.sent.filter { $0.instant > since }.map(\.name)
        } else {
          let line = scenario.expectations[previous].line
          observed.windowProblem = "the previous expectation (line \(line)) was not checked before this one"
        }
      }
      var checks = ExpectationCheck.allCases.flatMap { $0.judge(expectation, observed) }
      // `reference-only`: the answer's checks are the reference policy's own choice.
      var notChecked: [String] = []
      if expectation.referenceOnly, P.name != ReferencePolicy.name {
        notChecked = checks.filter { ExpectationCheck.answerKeys.contains($0.key) }.map(\.key)
        checks.removeAll { ExpectationCheck.answerKeys.contains($0.key) }
      }
      let recent =
        whole?.recentDeliveries
        ?? engine.observer.deliveries.suffix(3).map {
          ScenarioResult.Delivery(instant: $0.instant, name: $0.name)
        }
      results[index] = ExpectationResult(
        expectation: expectation, instant: engine.now, checks: checks, recentDeliveries: Array(recent))
      results[index]?.notChecked = notChecked
    }

    /// What a run of one subscription found that a scenario of several sources keeps from
    /// each: where it ended, its timeline's rows, its expectations' verdicts and its entry
    /// errors (its invariants and deliveries are judged over every source instead).
    struct Outcome {
      var end: Instant
      var rows: [TimelineRow]
      var expectations: [ExpectationResult]
      var entryErrors: [EntryError]
    }

    mutating func finish<S, P, Pay>(_ engine: inout Engine<S, P, Pay, ScenarioObserver>, policy: String)
      -> ScenarioResult
    {
      engine.observer.checker.finish(at: engine.now)
      let outcome = conclude(engine)
      var result = ScenarioResult(
        scenario: scenario, member: member, policy: policy, step: engine.step, end: outcome.end,
        rows: outcome.rows, expectations: outcome.expectations,
        violations: engine.observer.checker.violations,
        entryErrors: outcome.entryErrors,
        deliveries: engine.observer.deliveries.map { .init(instant: $0.instant, name: $0.name) },
        attempts: engine.observer.attempts)
      result.records = [engine.observer.records]
      result.contractBreaches = engine.contractBreach.map { [$0] } ?? []
      result.deliveriesNotAccepted = Int(engine.deliveriesNotAccepted)
      return result
    }

    /// Ends the run where the engine stands: every entry or expectation not reached is an error
    /// of its line, and an expectation not reached fails.
    mutating func conclude<S, P, Pay>(_ engine: Engine<S, P, Pay, ScenarioObserver>) -> Outcome {
      let end = engine.now
      func unreached(_ at: ScenarioInstant, placed: Instant?) -> String {
        if let placed {
          let horizon = scenario.horizon.map { " (horizon \($0))" } ?? ""
          return
            "'\(at)' falls on \(RFC3339.format(placed)), after the run ended at \(RFC3339.format(end))\(horizon)"
        }
        switch engine.record.subscriptionTruth {
        case .never: return "'\(at)' was never reached: nothing was subscribed"
        case .expired, .revoked: return "'\(at)' was never reached: the subscription ended first"
        default:
          let horizon = scenario.horizon.map { " (horizon \($0))" } ?? ""
          return "'\(at)' was never reached: the run ended first, at \(RFC3339.format(end))\(horizon)"
        }
      }
      for (index, entry) in scenario.timeline.enumerated() {
        let placed = placedTimeline[index]
        if let placed, placed <= end { continue }
        errors.append(
          EntryError(line: entry.line, column: entry.column, message: unreached(entry.at, placed: placed)))
      }
      var expectationResults: [ExpectationResult] = []
      for (index, expectation) in scenario.expectations.enumerated() where expectation.member == member {
        if let result = results[index] {
          expectationResults.append(result)
        } else {
          errors.append(
            EntryError(
              line: expectation.line, column: expectation.column,
              message: unreached(expectation.at, placed: placedExpectations[index])))
          expectationResults.append(
            ExpectationResult(expectation: expectation, instant: nil, checks: [], recentDeliveries: []))
        }
      }
      errors.sort { ($0.line, $0.column) < ($1.line, $1.column) }
      return Outcome(
        end: end, rows: engine.observer.rows, expectations: expectationResults, entryErrors: errors)
    }
  }
}
