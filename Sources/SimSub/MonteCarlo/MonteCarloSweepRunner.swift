import Foundation

/// Plays one population under several settings of one key (``PopulationSweep``) on the same
/// random draws: each subscriber is played once per value, with that value's plan, and every
/// value's outcome is paired with the first value's (common random numbers).
///
/// A value's side is exactly its solo run: the same plan, the same subscriber profiles and
/// draws, the same engines, tallied the same way; the first value's tallies are those of the
/// plain run. So a sweep of `k` values costs `k` plays of each subscriber, plus a paired tally
/// for each value after the first. The plain run's loop (``MonteCarloRunner``) is not touched.
public enum MonteCarloSweepRunner {
  /// Plays `plans` (one per value, the first the baseline) with the built-in policy `policy`.
  /// Returns `nil` when stopped before the end.
  public static func run(
    _ plans: [PopulationPlan], policy: any EntitlementPolicy.Type,
    options: MonteCarloRunner.Options = MonteCarloRunner.Options()
  ) -> [MonteCarloResult]? {
    precondition(!plans.isEmpty)
    guard
      let (solo, paired, first) = BuiltInPolicyDispatch.open(
        policy, with: Open(plans: plans, options: options))
    else { return nil }
    let name = policy.name
    return plans.indices.map { v in
      let population = plans[v].population
      let hasStripe = population.cohort.contains { $0.store == .stripe }
      if v == 0 {
        return MonteCarloResult(
          setup: RunSetup(population: population, policies: [name]), shard: nil, apple: solo[0],
          google: solo[1], stripe: hasStripe ? solo[2] : nil, firstViolations: [first[0]])
      }
      let tallies = paired[v]
      return MonteCarloResult(
        setup: RunSetup(population: population, policies: [name, name]), shard: nil, apple: tallies[0],
        google: tallies[1], stripe: hasStripe ? tallies[2] : nil, firstViolations: [first[v], first[0]])
    }
  }

  /// Per value: the first value's single tallies, each later value's tallies paired with the
  /// first's (that value as side 0), and each value's first violations.
  typealias Outcome = (solo: [StoreTally], paired: [[StoreTally]], first: [FirstViolations])?

  private struct Open: PolicyVisitor {
    let plans: [PopulationPlan]
    let options: MonteCarloRunner.Options
    func visit<P: EntitlementPolicy>(_ type: P.Type) -> Outcome { play(plans, P.self, options: options) }
  }

  /// What the workers share: the next block to take, subscribers played, and the results.
  private final class Shared: @unchecked Sendable {
    private let lock = NSLock()
    private var next: UInt64
    private let end: UInt64
    private var played: UInt64 = 0
    private(set) var solo: [StoreTally]
    private(set) var paired: [[StoreTally]]
    private(set) var first: [FirstViolations]

    init(range: Range<UInt64>, values: Int) {
      next = range.lowerBound
      end = range.upperBound
      solo = Array(repeating: StoreTally(policies: 1), count: StoreKind.allCases.count)
      paired = (0..<values).map { v in
        v == 0 ? [] : Array(repeating: StoreTally(policies: 2), count: StoreKind.allCases.count)
      }
      first = Array(repeating: FirstViolations(), count: values)
    }

    func takeBlock() -> Range<UInt64>? {
      lock.lock()
      defer { lock.unlock() }
      guard next < end else { return nil }
      let block = next..<min(end, next + MonteCarloRunner.blockSize)
      next = block.upperBound
      return block
    }

    func didPlay(_ count: UInt64) {
      lock.lock()
      played += count
      lock.unlock()
    }

    var playedSoFar: UInt64 {
      lock.lock()
      defer { lock.unlock() }
      return played
    }

    func finish(_ worker: Worker<some EntitlementPolicy>) {
      lock.lock()
      defer { lock.unlock() }
      for s in solo.indices { solo[s].add(worker.solo[s]) }
      for v in paired.indices {
        for s in paired[v].indices { paired[v][s].add(worker.paired[v][s]) }
      }
      for v in first.indices { first[v].merge(worker.first[v]) }
    }
  }

  private static func play<P: EntitlementPolicy>(
    _ plans: [PopulationPlan], _ policy: P.Type, options: MonteCarloRunner.Options
  ) -> Outcome {
    let range = options.shard.subscribers(of: plans[0].population.users)
    let shared = Shared(range: range, values: plans.count)
    let group = DispatchGroup()
    let stop = options.stop
    for _ in 0..<options.threads {
      group.enter()
      Thread.detachNewThread {
        var worker = Worker<P>(plans: plans)
        while !stop.isStopped, let block = shared.takeBlock() {
          worker.play(block)
          shared.didPlay(UInt64(block.count))
        }
        worker.addRecoveries()
        shared.finish(worker)
        group.leave()
      }
    }
    let total = UInt64(range.count)
    while group.wait(timeout: .now() + .milliseconds(200)) == .timedOut {
      options.progress?(shared.playedSoFar, total)
    }
    if stop.isStopped { return nil }
    options.progress?(total, total)
    return (shared.solo, shared.paired, shared.first)
  }

  /// One thread's engines (one set per value) and tallies.
  fileprivate struct Worker<P: EntitlementPolicy> {
    let plans: [PopulationPlan]
    var drivers: [MonteCarloRunner.Drivers<P>]
    var solo: [StoreTally]
    var paired: [[StoreTally]]
    var first: [FirstViolations]

    init(plans: [PopulationPlan]) {
      self.plans = plans
      drivers = plans.map { MonteCarloRunner.Drivers(plan: $0) }
      solo = Array(repeating: StoreTally(policies: 1), count: StoreKind.allCases.count)
      paired = plans.indices.map { v in
        v == 0 ? [] : Array(repeating: StoreTally(policies: 2), count: StoreKind.allCases.count)
      }
      first = Array(repeating: FirstViolations(), count: plans.count)
    }

    mutating func play(_ block: Range<UInt64>) {
      for index in block {
        let profile = plans[0].profile(of: index)
        let group = plans[0].groups[profile.group]
        let s = MonteCarloRunner.tallyIndex(group.store)
        let base = drivers[0].play(group.lane, profile)
        note(base, index: index, value: 0)
        solo[s].add(base, policy: 0)
        for v in plans.indices.dropFirst() {
          // The value's own plan draws the profile, as its solo run does; the swept keys leave
          // the cohort's shares and periods alone, so it is the same subscriber.
          let own = plans[v].profile(of: index)
          let outcome = drivers[v].play(plans[v].groups[own.group].lane, own)
          note(outcome, index: index, value: v)
          paired[v][MonteCarloRunner.tallyIndex(plans[v].groups[own.group].store)].add(outcome, base)
        }
      }
    }

    /// Keeps the first (lowest-numbered) subscriber of each violation.
    mutating func note(_ outcome: SubscriberOutcome, index: UInt64, value v: Int) {
      if outcome[.lockouts] > 0, first[v].lockout == nil { first[v].lockout = index }
      if outcome[.freeAccessSpans] > 0, first[v].freeAccess == nil { first[v].freeAccess = index }
    }

    /// The recoveries by day the engines counted: the first value's into its own tallies and
    /// into side 1 of every pair, each later value's into side 0 of its pair.
    mutating func addRecoveries() {
      drivers[0].addRecoveries(to: &solo, policy: 0)
      for v in plans.indices.dropFirst() {
        drivers[v].addRecoveries(to: &paired[v], policy: 0)
        drivers[0].addRecoveries(to: &paired[v], policy: 1)
      }
    }
  }
}
