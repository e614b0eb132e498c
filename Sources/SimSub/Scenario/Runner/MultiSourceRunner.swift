/// Plays a scenario whose subscriber has several sources (`sources:`): an App Store
/// subscription and a Stripe one, say, each with its own store model, products and timeline
/// entries, and one policy for the subscriber.
///
/// Each source is played by its own engine, and the engines go in lockstep: every round takes
/// all of them to the earliest instant any has work at, in the order the file lists the sources,
/// and the engine playing takes the policy (``Engine/exchangePolicy(_:)``). So every
/// notification of every source reaches the one policy in time order, and the policy is asked
/// at every event of every source, as with one source.
///
/// The subscriber's store truth is the best standing of any source (``StoreTruth/bestStanding(_:)``):
/// entitled if any source entitles. The invariants are checked against it, with the excuses
/// counted over every source (a notification of any source still on its way excuses). Timeline
/// entries and `renewal N` anchors belong to their source; an expectation with `source:` checks
/// that source's `store`, `sent` and `charges`, one without checks the subscriber as a whole.
enum MultiSourceRunner {
  static func run<Policy: EntitlementPolicy>(
    _ scenario: Scenario, plays: [any SourcePlay<Policy>], step: TimeSpan
  ) -> ScenarioResult {
    var plays = plays
    var policy = Policy(context: PolicyContext(settings: scenario.policySettings))
    var merged = MergedSources(count: plays.count)
    var end = ScenarioRunner.RunEnd(scenario)
    let cap = end.cap
    while true {
      if end.waitsForPlacement, plays.allSatisfy({ $0.state.allPlaced || $0.nextEventInstant == nil }) {
        end.allPlaced(
          latest: plays.map(\.state.latestPlaced).max() ?? scenario.start,
          now: plays.map(\.now).max() ?? scenario.start)
      }
      let limit = end.limit
      let next = plays.compactMap(\.nextEventInstant).min()
      let target = min(limit ?? cap, next ?? cap, cap)
      var due: [(play: Int, marker: UInt32)] = []
      for index in plays.indices {
        for marker in plays[index].run(until: target, policy: &policy) { due.append((index, marker)) }
        merged.take(plays[index].takeLog(), from: index)
      }
      // The subscriber as a whole, built once a round and only when an expectation asks
      // (checking does not change it).
      var whole: ScenarioRunner.RunState.WholeSubscriber?
      for (index, marker) in due {
        let expectation = plays[index].state.scenario.expectations[Int(marker)]
        if expectation.source == nil, whole == nil {
          whole = ScenarioRunner.RunState.WholeSubscriber(
            truth: merged.truth, sent: sentNames(plays), charges: plays.map(\.charges).reduce(0, +),
            recentDeliveries: Array(deliveries(plays).suffix(3)))
        }
        plays[index].check(marker: marker, policy: &policy, whole: expectation.source == nil ? whole : nil)
      }
      if let limit, target >= limit { break }
      if target >= cap { break }
      for index in plays.indices { plays[index].place() }
    }
    return finish(scenario, plays: plays, merged: &merged, policy: Policy.name, step: step)
  }

  /// Every source's notifications sent so far, by name.
  private static func sentNames<Policy>(_ plays: [any SourcePlay<Policy>]) -> [String] {
    plays.flatMap { $0.observer.sent.map(\.name) }
  }

  /// Every source's deliveries, in time order (sources in file order within an instant).
  private static func deliveries<Policy>(_ plays: [any SourcePlay<Policy>]) -> [ScenarioResult.Delivery] {
    let all = plays.enumerated().flatMap { index, play in
      play.observer.deliveries.map { (index, ScenarioResult.Delivery(instant: $0.instant, name: $0.name)) }
    }
    return stableByInstant(all, instant: \.1.instant).map(\.1)
  }

  private static func finish<Policy>(
    _ scenario: Scenario, plays: [any SourcePlay<Policy>], merged: inout MergedSources, policy: String,
    step: TimeSpan
  ) -> ScenarioResult {
    var plays = plays
    var results: [ScenarioRunner.RunState.Outcome] = []
    for index in plays.indices { results.append(plays[index].finish()) }
    let end = results.map(\.end).max() ?? scenario.start
    merged.checker.finish(at: end)
    // Rows of every source in time order, each naming its source and showing the subscriber's
    // truth as it stood after the row's event.
    let sourced = stableByInstant(
      results.enumerated().flatMap { source, result in
        result.rows.map { row in
          var row = row
          row.source = plays[source].name
          return (source: source, row: row)
        }
      }, instant: \.row.instant)
    var truths = Array(repeating: StoreTruth.never, count: plays.count)
    var rows: [TimelineRow] = []
    rows.reserveCapacity(sourced.count)
    for (source, row) in sourced {
      var row = row
      truths[source] = row.truth
      row.truth = StoreTruth.bestStanding(truths)
      rows.append(row)
    }
    var expectations = results.flatMap(\.expectations)
    expectations.sort {
      ($0.expectation.line, $0.expectation.column) < ($1.expectation.line, $1.expectation.column)
    }
    var errors = results.flatMap(\.entryErrors)
    errors.sort { ($0.line, $0.column) < ($1.line, $1.column) }
    var result = ScenarioResult(
      scenario: scenario, policy: policy, step: step, end: end, rows: rows, expectations: expectations,
      violations: merged.checker.violations, entryErrors: errors, deliveries: deliveries(plays),
      attempts: attempts(plays))
    result.contractBreaches = plays.compactMap(\.contractBreach)
    result.deliveriesNotAccepted = plays.reduce(0) { $0 + Int($1.deliveriesNotAccepted) }
    result.records = plays.map { play in
      var history = play.observer.records
      history.source = play.name
      return history
    }
    return result
  }

  /// Every source's delivery attempts, each named by its source, in time order (sources in file
  /// order within an instant).
  private static func attempts<Policy>(_ plays: [any SourcePlay<Policy>]) -> [DeliveryAttempt] {
    let all = plays.flatMap { play in
      play.observer.attempts.map { attempt in
        var attempt = attempt
        attempt.source = play.name
        return attempt
      }
    }
    return stableByInstant(all, instant: \.instant)
  }

  /// `items` ordered by instant, keeping their order within an instant.
  private static func stableByInstant<T>(_ items: [T], instant: (T) -> Instant) -> [T] {
    items.enumerated().sorted { a, b in
      let (x, y) = (instant(a.element), instant(b.element))
      return x != y ? x < y : a.offset < b.offset
    }.map(\.element)
  }
}

/// The subscriber's samples, merged from every source's: the invariants are checked against
/// the best standing of any source, with the excuses of every source.
struct MergedSources {
  var checker = InvariantChecker()
  private var truths: [StoreTruth]
  private var undelivered: [Int32]
  private var awaitingGainNotice: [Bool]

  init(count: Int) {
    truths = Array(repeating: .never, count: count)
    undelivered = Array(repeating: 0, count: count)
    awaitingGainNotice = Array(repeating: false, count: count)
  }

  /// The subscriber's truth now.
  var truth: StoreTruth { StoreTruth.bestStanding(truths) }

  mutating func take(_ log: [ScenarioObserver.LoggedEvent], from source: Int) {
    for event in log {
      switch event {
      case .delivered(let notification, let instant):
        checker.delivered(notification, at: instant)
      case .sample(let sample):
        truths[source] = sample.truth
        undelivered[source] = sample.undelivered
        awaitingGainNotice[source] = sample.awaitingGainNotice
        checker.observe(
          EngineSample(
            instant: sample.instant, truth: truth, decision: sample.decision, afterEvent: sample.afterEvent,
            undelivered: undelivered.reduce(0, +), awaitingGainNotice: awaitingGainNotice.contains(true),
            deliveriesDueNow: sample.deliveriesDueNow))
      }
    }
  }
}
