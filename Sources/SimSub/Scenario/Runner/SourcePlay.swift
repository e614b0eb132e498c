/// One source of a scenario with several: its engine and its placement state.
///
/// A class, so that sources of different stores sit in one list while each engine stays
/// specialised for its store; ``StoreSourcePlay`` is the only subclass. Scenarios are not the
/// Monte Carlo loop: one call through a class per source and instant costs nothing that shows.
class SourcePlay<Policy: EntitlementPolicy> {
  /// The source's name, for the timeline's rows.
  let name: String

  init(name: String) { self.name = name }

  /// The instant of the source's next queued work, if any.
  var nextEventInstant: Instant? { fatalError("overridden") }
  /// The instant the source's engine has reached.
  var now: Instant { fatalError("overridden") }
  /// The source's store truth.
  var truth: StoreTruth { fatalError("overridden") }
  /// The source's successful charges.
  var charges: Int32 { fatalError("overridden") }
  /// The source's run state (what is placed, what is checked).
  var state: ScenarioRunner.RunState { fatalError("overridden") }
  /// The source's observer.
  var observer: ScenarioObserver { fatalError("overridden") }

  /// Plays everything up to and including `limit` with the subscriber's policy, placing and
  /// applying timeline entries as the single-source runner does; returns the expectation
  /// markers that came due, to be checked once every source has reached `limit`.
  func run(until limit: Instant, policy: inout Policy) -> [UInt32] { fatalError("overridden") }

  /// Checks the expectation of marker `id` with the subscriber's policy.
  func check(marker id: UInt32, policy: inout Policy, whole: ScenarioRunner.RunState.WholeSubscriber?) {
    fatalError("overridden")
  }

  /// Places whatever has become placeable.
  func place() { fatalError("overridden") }

  /// Takes the samples and deliveries logged since the last call.
  func takeLog() -> [ScenarioObserver.LoggedEvent] { fatalError("overridden") }

  /// The source's own result: its expectations, entry errors, rows and deliveries.
  func finish(policy: String) -> ScenarioResult { fatalError("overridden") }
}

final class StoreSourcePlay<Store: StoreModel, Policy: EntitlementPolicy>: SourcePlay<Policy> {
  private var engine: Engine<Store, Policy, CardOnFile, ScenarioObserver>
  private var runState: ScenarioRunner.RunState

  /// `scenario` is the source's own: its store, products, timeline entries and the
  /// expectations placed against its renewals.
  init(name: String, scenario: Scenario, store: Store, policy: Policy, step: TimeSpan) {
    var observer = ScenarioObserver()
    observer.log = []
    engine = Engine(
      store: store, policy: policy, payments: CardOnFile(), observer: observer, start: scenario.start,
      step: step, delivery: scenario.delivery.settings(from: scenario.start, start: scenario.start))
    engine.stopsWhenRenewalMoves = true
    runState = ScenarioRunner.RunState(scenario: scenario)
    super.init(name: name)
    if !scenario.timeline.contains(where: { entry in
      if case .subscriber(.subscribe) = entry.action { true } else { false }
    }) {
      engine.schedule(
        .subscribe(product: 0, trial: scenario.products.first?.trial != nil), at: scenario.start)
    }
    runState.place(&engine)
  }

  override var nextEventInstant: Instant? { engine.nextEventInstant }
  override var now: Instant { engine.now }
  override var truth: StoreTruth { engine.record.truth }
  override var charges: Int32 { engine.record.charges }
  override var state: ScenarioRunner.RunState { runState }
  override var observer: ScenarioObserver { engine.observer }

  override func run(until limit: Instant, policy: inout Policy) -> [UInt32] {
    engine.exchangePolicy(&policy)
    defer { engine.exchangePolicy(&policy) }
    var due: [UInt32] = []
    while true {
      switch engine.run(until: limit) {
      case .marker(let id) where runState.isExpectation(marker: id):
        due.append(id)
      case .marker(let id):
        runState.check(marker: id, engine: &engine)
      case .renewalMoved:
        runState.place(&engine)
      case .reachedLimit:
        return due
      }
    }
  }

  override func check(
    marker id: UInt32, policy: inout Policy, whole: ScenarioRunner.RunState.WholeSubscriber?
  ) {
    engine.exchangePolicy(&policy)
    defer { engine.exchangePolicy(&policy) }
    runState.check(marker: id, engine: &engine, whole: whole)
  }

  override func place() { runState.place(&engine) }

  override func takeLog() -> [ScenarioObserver.LoggedEvent] {
    defer { engine.observer.log?.removeAll(keepingCapacity: true) }
    return engine.observer.log ?? []
  }

  override func finish(policy: String) -> ScenarioResult { runState.finish(&engine, policy: policy) }
}
