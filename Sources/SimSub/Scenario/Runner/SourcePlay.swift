/// One source of a scenario with several: its engine and its placement state.
///
/// A protocol with one conformance, ``StoreSourcePlay``, so that sources of different stores
/// sit in one list (`[any SourcePlay<Policy>]`) while each engine stays specialised for its
/// store. Scenarios are not the Monte Carlo loop: one dynamic call per source and instant costs
/// nothing that shows.
protocol SourcePlay<Policy> {
  associatedtype Policy: EntitlementPolicy

  /// The source's name, for the timeline's rows.
  var name: String { get }
  /// The instant of the source's next queued work, if any.
  var nextEventInstant: Instant? { get }
  /// The instant the source's engine has reached.
  var now: Instant { get }
  /// The source's successful charges.
  var charges: Int32 { get }
  /// The source's run state (what is placed, what is checked).
  var state: ScenarioRunner.RunState { get }
  /// The source's observer.
  var observer: ScenarioObserver { get }

  /// Plays everything up to and including `limit` with the subscriber's policy, placing and
  /// applying timeline entries as the single-source runner does; returns the expectation
  /// markers that came due, to be checked once every source has reached `limit`.
  mutating func run(until limit: Instant, policy: inout Policy) -> [UInt32]

  /// Checks the expectation of marker `id` with the subscriber's policy.
  mutating func check(
    marker id: UInt32, policy: inout Policy, whole: ScenarioRunner.RunState.WholeSubscriber?)

  /// Places whatever has become placeable.
  mutating func place()

  /// Takes the samples and deliveries logged since the last call.
  mutating func takeLog() -> [ScenarioObserver.LoggedEvent]

  /// Ends the source's run: where it ended, its rows, its expectations' verdicts and its entry
  /// errors.
  mutating func finish() -> ScenarioRunner.RunState.Outcome
  /// The policy's first contract breach on this source, if any (``Engine/contractBreach``).
  var contractBreach: ContractBreach? { get }
  /// The deliveries of this source the policy did not accept.
  var deliveriesNotAccepted: Int32 { get }
}

struct StoreSourcePlay<Store: StoreModel, Policy: EntitlementPolicy>: SourcePlay {
  let name: String
  private var engine: Engine<Store, Policy, CardOnFile, ScenarioObserver>
  private(set) var state: ScenarioRunner.RunState

  /// `scenario` is the source's own: its store, products, timeline entries and the
  /// expectations placed against its renewals.
  init(name: String, scenario: Scenario, store: Store, policy: Policy, step: TimeSpan) {
    self.name = name
    var observer = ScenarioObserver()
    observer.log = []
    observer.checksInvariants = false
    engine = ScenarioRunner.makeEngine(scenario, store: store, policy: policy, observer: observer, step: step)
    state = ScenarioRunner.RunState(scenario: scenario)
    state.begin(&engine)
  }

  var nextEventInstant: Instant? { engine.nextEventInstant }
  var now: Instant { engine.now }
  var charges: Int32 { engine.record.charges }
  var observer: ScenarioObserver { engine.observer }
  var contractBreach: ContractBreach? { engine.contractBreach }
  var deliveriesNotAccepted: Int32 { engine.deliveriesNotAccepted }

  mutating func run(until limit: Instant, policy: inout Policy) -> [UInt32] {
    engine.exchangePolicy(&policy)
    defer { engine.exchangePolicy(&policy) }
    var due: [UInt32] = []
    while true {
      switch engine.run(until: limit) {
      case .marker(let id) where state.isExpectation(marker: id):
        due.append(id)
      case .marker(let id):
        state.check(marker: id, engine: &engine)
      case .renewalMoved:
        state.place(&engine)
      case .reachedLimit:
        return due
      }
    }
  }

  mutating func check(
    marker id: UInt32, policy: inout Policy, whole: ScenarioRunner.RunState.WholeSubscriber?
  ) {
    engine.exchangePolicy(&policy)
    defer { engine.exchangePolicy(&policy) }
    state.check(marker: id, engine: &engine, whole: whole)
  }

  mutating func place() { state.place(&engine) }

  mutating func takeLog() -> [ScenarioObserver.LoggedEvent] {
    defer { engine.observer.log?.removeAll(keepingCapacity: true) }
    return engine.observer.log ?? []
  }

  mutating func finish() -> ScenarioRunner.RunState.Outcome { state.conclude(engine) }
}
