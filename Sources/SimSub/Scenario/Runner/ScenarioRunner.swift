/// Plays a scenario through the engine with a policy and checks it.
///
/// Anchored instants (`renewal 2 + 6h`) resolve while the run goes: the engine stops whenever
/// the current period's end moves, and every entry whose period has become current is placed
/// then. Entries at the same instant keep file order when they resolve together; an anchored
/// entry resolved later than a fixed one at the same instant comes after it.
public enum ScenarioRunner {
  /// The longest a scenario without `horizon` may run while waiting for an anchor.
  public static let maximumSpan = TimeSpan.days(366 * 20)

  /// Plays `scenario` with store model `store` and policy type `Policy`, built with the
  /// scenario's `policySettings`.
  public static func run<Store: StoreModel, Policy: EntitlementPolicy>(
    _ scenario: Scenario, store: Store, policy: Policy.Type, step: TimeSpan? = nil
  ) -> ScenarioResult {
    var engine = Engine(
      store: store, policy: Policy(settings: scenario.policySettings), payments: CardOnFile(),
      observer: ScenarioObserver(),
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
    while true {
      if limit == nil, state.allPlaced || engine.nextEventInstant == nil {
        // Everything is known: run one period past the last entry or expectation.
        let period = scenario.products.first?.period ?? .oneMonth
        limit = period.advance(max(state.latestPlaced, engine.now), by: 1)
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
    var placedExpectations: [Instant?]
    var results: [ExpectationResult?]
    var errors: [EntryError] = []
    var latestPlaced: Instant

    init(scenario: Scenario) {
      self.scenario = scenario
      placedTimeline = Array(repeating: nil, count: scenario.timeline.count)
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

    mutating func place<S, P, Pay, O>(_ engine: inout Engine<S, P, Pay, O>) {
      for (index, entry) in scenario.timeline.enumerated() where placedTimeline[index] == nil {
        guard let instant = resolve(entry.at, engine) else { continue }
        placedTimeline[index] = instant
        guard instant >= engine.now else {
          errors.append(
            EntryError(
              line: entry.line, column: entry.column,
              message: "'\(entry.at)' resolves to \(RFC3339.format(instant)), before \(RFC3339.format(engine.now)) when it became known"))
          continue
        }
        latestPlaced = max(latestPlaced, instant)
        switch entry.action {
        case .subscriber(let action): engine.schedule(action, at: instant)
        case .delivery(let faults): engine.schedule(faults.settings(from: instant, start: scenario.start), at: instant)
        case .note: engine.scheduleMarker(UInt32(index) | noteFlag, at: instant, afterEverything: false)
        }
      }
      for (index, expectation) in scenario.expectations.enumerated() where placedExpectations[index] == nil {
        guard let instant = resolve(expectation.at, engine) else { continue }
        placedExpectations[index] = instant
        guard instant >= engine.now else {
          errors.append(
            EntryError(
              line: expectation.line, column: expectation.column,
              message: "'\(expectation.at)' resolves to \(RFC3339.format(instant)), before \(RFC3339.format(engine.now)) when it became known"))
          continue
        }
        latestPlaced = max(latestPlaced, instant)
        engine.scheduleMarker(UInt32(index), at: instant, afterEverything: true)
      }
    }

    let noteFlag: UInt32 = 1 << 31

    mutating func check<S, P, Pay>(marker id: UInt32, engine: inout Engine<S, P, Pay, ScenarioObserver>) {
      if id & noteFlag != 0 {
        if case .note(let text) = scenario.timeline[Int(id & ~noteFlag)].action {
          engine.observer.note(text, at: engine.now, truth: engine.record.truth, decision: engine.decision)
        }
        return
      }
      let index = Int(id)
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
