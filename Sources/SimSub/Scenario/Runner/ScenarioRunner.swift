/// Plays a scenario through the engine with a policy and checks it.
///
/// Anchored instants (`renewal 2 + 6h`) resolve while the run goes: the engine stops whenever
/// the current period's end moves, every entry whose period has become current is placed then,
/// and an entry not yet due is moved again if its period's end moves (an upgrade, a recovery).
/// Each entry is a marker in line with the subscriber's actions; when it comes due, the runner
/// checks that it still resolves to that instant and only then performs it, so entries at one
/// instant keep file order, before the store's own events there.
public enum ScenarioRunner {
  /// The longest a scenario without `horizon` may run while waiting for an anchor.
  public static let maximumSpan = TimeSpan.days(366 * 20)

  /// Plays `scenario` with store model `store` and policy type `Policy`.
  public static func run<Store: StoreModel, Policy: EntitlementPolicy>(
    _ scenario: Scenario, store: Store, policy: Policy.Type, step: TimeSpan? = nil
  ) -> ScenarioResult {
    var engine = Engine(
      store: store, policy: Policy(), payments: CardOnFile(), observer: ScenarioObserver(),
      start: scenario.start, step: step ?? scenario.step,
      delivery: scenario.delivery.settings(from: scenario.start, start: scenario.start))
    engine.stopsWhenRenewalMoves = true

    var state = RunState(scenario: scenario)
    if !scenario.timeline.contains(where: { entry in
      if case .subscriber(.subscribe) = entry.action { true } else { false }
    }) {
      let trial = scenario.products.first?.trial != nil
      engine.schedule(.subscribe(product: 0, trial: trial), at: scenario.start)
    }
    state.place(&engine)

    let cap = scenario.start + maximumSpan
    var limit = scenario.horizon.map { scenario.start + $0 }
    let period = scenario.products.first?.period ?? .oneMonth
    while true {
      if scenario.horizon == nil {
        if let current = limit {
          // An anchor that moved later extends the default horizon with it.
          limit = max(current, period.advance(state.latestPlaced, by: 1))
        } else if state.allPlaced || engine.nextEventInstant == nil {
          // Everything is known: run one period past the last entry or expectation.
          limit = period.advance(max(state.latestPlaced, engine.now), by: 1)
        }
      }
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

  /// The runner's bookkeeping: which entries are placed, and the expectations' verdicts.
  struct RunState {
    let scenario: Scenario
    var placedTimeline: [Instant?]
    var firedTimeline: [Bool]
    var placedExpectations: [Instant?]
    var results: [ExpectationResult?]
    var errors: [EntryError] = []
    var latestPlaced: Instant

    init(scenario: Scenario) {
      self.scenario = scenario
      placedTimeline = Array(repeating: nil, count: scenario.timeline.count)
      firedTimeline = Array(repeating: false, count: scenario.timeline.count)
      placedExpectations = Array(repeating: nil, count: scenario.expectations.count)
      results = Array(repeating: nil, count: scenario.expectations.count)
      latestPlaced = scenario.start
    }

    var allPlaced: Bool {
      !placedTimeline.contains(where: { $0 == nil }) && !placedExpectations.contains(where: { $0 == nil })
    }

    /// Where `at` falls, if it can be known now.
    func resolve<S, P, Pay, O>(_ at: ScenarioInstant, _ engine: Engine<S, P, Pay, O>) -> Instant? {
      switch at {
      case .afterStart(let span): return scenario.start + span
      case .absolute(let instant): return instant
      case .renewal(let n, let offset):
        let record = engine.record
        guard record.periodNumber == n, record.truth != .never else { return nil }
        return record.periodEnd + offset
      }
    }

    /// Places every entry whose instant can be known now, and moves every placed entry that
    /// is not yet due whose anchor now resolves elsewhere.
    mutating func place<S, P, Pay, O>(_ engine: inout Engine<S, P, Pay, O>) {
      for (index, entry) in scenario.timeline.enumerated() where !firedTimeline[index] {
        guard let instant = resolve(entry.at, engine), instant != placedTimeline[index] else { continue }
        if placedTimeline[index] != nil, !entry.at.isAnchored { continue }
        placedTimeline[index] = instant
        guard instant >= engine.now else {
          firedTimeline[index] = true
          errors.append(pastError(entry.at, instant, engine.now, line: entry.line, column: entry.column))
          continue
        }
        latestPlaced = max(latestPlaced, instant)
        engine.scheduleMarker(UInt32(index) | timelineFlag, at: instant, afterEverything: false)
      }
      for (index, expectation) in scenario.expectations.enumerated() where results[index] == nil {
        guard let instant = resolve(expectation.at, engine), instant != placedExpectations[index] else { continue }
        if placedExpectations[index] != nil, !expectation.at.isAnchored { continue }
        placedExpectations[index] = instant
        guard instant >= engine.now else {
          results[index] = ExpectationResult(expectation: expectation, instant: nil, checks: [], recentDeliveries: [])
          errors.append(pastError(expectation.at, instant, engine.now, line: expectation.line, column: expectation.column))
          continue
        }
        latestPlaced = max(latestPlaced, instant)
        engine.scheduleMarker(UInt32(index), at: instant, afterEverything: true)
      }
    }

    func pastError(_ at: ScenarioInstant, _ instant: Instant, _ now: Instant, line: Int, column: Int) -> EntryError {
      EntryError(
        line: line, column: column,
        message: "'\(at)' resolves to \(RFC3339.format(instant)), before \(RFC3339.format(now)) when it became known")
    }

    /// Marks timeline entries apart from expectations in marker ids.
    let timelineFlag: UInt32 = 1 << 31

    mutating func check<S, P, Pay>(marker id: UInt32, engine: inout Engine<S, P, Pay, ScenarioObserver>) {
      if id & timelineFlag != 0 {
        let index = Int(id & ~timelineFlag)
        // A marker left behind by an entry that has since moved, or already performed, is stale.
        guard !firedTimeline[index], placedTimeline[index] == engine.now else { return }
        firedTimeline[index] = true
        switch scenario.timeline[index].action {
        case .subscriber(let action): engine.schedule(action, at: engine.now)
        case .delivery(let faults): engine.schedule(faults.settings(from: engine.now, start: scenario.start), at: engine.now)
        case .note(let text):
          engine.observer.note(text, at: engine.now, truth: engine.record.truth, decision: engine.decision)
        }
        return
      }
      let index = Int(id)
      guard results[index] == nil, placedExpectations[index] == engine.now else { return }
      let expectation = scenario.expectations[index]
      let record = engine.record
      let decision = engine.decision
      var checks: [ExpectationResult.Check] = []
      if let store = expectation.store {
        checks.append(.init(key: "store", expected: store.name, actual: record.truth.name, passed: store == record.truth))
      }
      if let state = expectation.entitlement {
        checks.append(
          .init(key: "entitlement", expected: state.name, actual: decision.state.name, passed: state == decision.state))
      }
      if let access = expectation.access {
        checks.append(
          .init(
            key: "access", expected: access ? "yes" : "no", actual: decision.access ? "yes" : "no",
            passed: access == decision.access))
      }
      if let prompt = expectation.prompt {
        checks.append(
          .init(key: "prompt", expected: prompt.name, actual: decision.prompt.name, passed: prompt == decision.prompt))
      }
      let sentNames = engine.observer.sent.map(\.name)
      for name in expectation.sent {
        let found = sentNames.contains { sent in
          sent == name || (!name.contains("/") && sent.hasPrefix(name + "/"))
        }
        let actual = found ? "sent" : (sentNames.isEmpty ? "nothing sent" : "not sent (sent: \(sentNames.joined(separator: ", ")))")
        checks.append(.init(key: "sent", expected: name, actual: actual, passed: found))
      }
      if let charges = expectation.charges {
        checks.append(
          .init(key: "charges", expected: String(charges), actual: String(record.charges), passed: charges == record.charges))
      }
      let recent = engine.observer.deliveries.suffix(3).map { ScenarioResult.Delivery(instant: $0.instant, name: $0.name) }
      results[index] = ExpectationResult(
        expectation: expectation, instant: engine.now, checks: checks, recentDeliveries: Array(recent))
    }

    mutating func finish<S, P, Pay>(_ engine: inout Engine<S, P, Pay, ScenarioObserver>, policy: String) -> ScenarioResult {
      engine.observer.checker.finish(at: engine.now)
      for (index, entry) in scenario.timeline.enumerated() where placedTimeline[index] == nil {
        errors.append(
          EntryError(line: entry.line, column: entry.column, message: "'\(entry.at)' was never reached: the subscription ended first"))
      }
      var expectationResults: [ExpectationResult] = []
      for (index, expectation) in scenario.expectations.enumerated() {
        if let result = results[index] {
          expectationResults.append(result)
        } else {
          if placedExpectations[index] == nil {
            errors.append(
              EntryError(
                line: expectation.line, column: expectation.column,
                message: "'\(expectation.at)' was never reached: the subscription ended first"))
          }
          expectationResults.append(ExpectationResult(expectation: expectation, instant: nil, checks: [], recentDeliveries: []))
        }
      }
      return ScenarioResult(
        scenario: scenario, policy: policy, end: engine.now, rows: engine.observer.rows,
        expectations: expectationResults, violations: engine.observer.checker.violations, entryErrors: errors,
        deliveries: engine.observer.deliveries.map { .init(instant: $0.instant, name: $0.name) })
    }
  }
}
