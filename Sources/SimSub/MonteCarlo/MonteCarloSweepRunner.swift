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
  /// What a sweep played: per point, the primary policy's run (the first point's plain result,
  /// each later point paired with the first), and, under `--compare`, per point the primary
  /// policy paired with the compared one at that point (the result of `montecarlo --compare`
  /// on the population at that point).
  public struct Played: Sendable {
    public var runs: [MonteCarloResult]
    public var compared: [MonteCarloResult]?
  }

  /// Plays `plans` (one per value, the first the baseline) with the built-in policy `policy`.
  /// Returns `nil` when stopped before the end.
  public static func run(
    _ plans: [PopulationPlan], policy: any EntitlementPolicy.Type,
    options: MonteCarloRunner.Options = MonteCarloRunner.Options()
  ) -> [MonteCarloResult]? {
    run(plans, policy: policy, compared: nil, options: options)?.runs
  }

  /// Plays `plans` (one per point, the first the baseline) with `policy` and, when given, with
  /// `compared` at every point on the same draws. Returns `nil` when stopped before the end.
  public static func run(
    _ plans: [PopulationPlan], policy: any EntitlementPolicy.Type, compared: (any EntitlementPolicy.Type)?,
    options: MonteCarloRunner.Options = MonteCarloRunner.Options()
  ) -> Played? {
    precondition(!plans.isEmpty)
    let visit = OpenFirst(
      plans: plans, second: compared ?? policy, compare: compared != nil, options: options)
    guard let tallies = BuiltInPolicyDispatch.open(policy, with: visit) else { return nil }
    let name = policy.name
    func hasStripe(_ v: Int) -> Bool { plans[v].population.cohort.contains { $0.store == .stripe } }
    let runs = plans.indices.map { v in
      let population = plans[v].population
      if v == 0 {
        let solo = tallies.solo
        return MonteCarloResult(
          setup: RunSetup(population: population, policies: [name]), shard: nil, apple: solo[0],
          google: solo[1], stripe: hasStripe(v) ? solo[2] : nil, firstViolations: [tallies.first[0]])
      }
      let paired = tallies.paired[v]
      return MonteCarloResult(
        setup: RunSetup(population: population, policies: [name, name]), shard: nil, apple: paired[0],
        google: paired[1], stripe: hasStripe(v) ? paired[2] : nil,
        firstViolations: [tallies.first[v], tallies.first[0]])
    }
    guard let other = compared else { return Played(runs: runs, compared: nil) }
    let comparedRuns = plans.indices.map { v in
      let pair = tallies.compared[v]
      return MonteCarloResult(
        setup: RunSetup(population: plans[v].population, policies: [name, other.name]), shard: nil,
        apple: pair[0], google: pair[1], stripe: hasStripe(v) ? pair[2] : nil,
        firstViolations: [tallies.first[v], tallies.firstCompared[v]])
    }
    return Played(runs: runs, compared: comparedRuns)
  }

  /// What the workers add up: the first point's single tallies, each later point's tallies
  /// paired with the first's (that point as side 0), under `--compare` each point's primary
  /// (side 0) paired with the compared policy, and each point's first violations.
  struct Tallies {
    var solo: [StoreTally]
    var paired: [[StoreTally]]
    var compared: [[StoreTally]]
    var first: [FirstViolations]
    var firstCompared: [FirstViolations]

    init(points: Int, compare: Bool) {
      let stores = StoreKind.allCases.count
      solo = Array(repeating: StoreTally(policies: 1), count: stores)
      paired = (0..<points).map { v in v == 0 ? [] : Array(repeating: StoreTally(policies: 2), count: stores)
      }
      compared =
        compare
        ? Array(repeating: Array(repeating: StoreTally(policies: 2), count: stores), count: points) : []
      first = Array(repeating: FirstViolations(), count: points)
      firstCompared = compare ? Array(repeating: FirstViolations(), count: points) : []
    }

    mutating func add(_ other: Tallies) {
      for s in solo.indices { solo[s].add(other.solo[s]) }
      for v in paired.indices {
        for s in paired[v].indices { paired[v][s].add(other.paired[v][s]) }
      }
      for v in compared.indices {
        for s in compared[v].indices { compared[v][s].add(other.compared[v][s]) }
      }
      for v in first.indices { first[v].merge(other.first[v]) }
      for v in firstCompared.indices { firstCompared[v].merge(other.firstCompared[v]) }
    }

    /// Every pair's side 1 made the first point's single tally: the workers add only side 0
    /// and the cross products to a pair (its side 1 is the same first point in every pair).
    mutating func setFirstPointSides() {
      for v in paired.indices {
        for s in paired[v].indices { paired[v][s].setSide(1, from: solo[s]) }
      }
    }
  }

  private struct OpenFirst: PolicyVisitor {
    let plans: [PopulationPlan]
    let second: any EntitlementPolicy.Type
    let compare: Bool
    let options: MonteCarloRunner.Options
    func visit<A: EntitlementPolicy>(_ type: A.Type) -> Tallies? {
      BuiltInPolicyDispatch.open(
        second, with: OpenSecond<A>(plans: plans, compare: compare, options: options))
    }
  }

  private struct OpenSecond<A: EntitlementPolicy>: PolicyVisitor {
    let plans: [PopulationPlan]
    let compare: Bool
    let options: MonteCarloRunner.Options
    func visit<B: EntitlementPolicy>(_ type: B.Type) -> Tallies? {
      play(plans, A.self, B.self, compare: compare, options: options)
    }
  }

  /// What the workers share: the next block to take, subscribers played, and the results.
  private final class Shared: @unchecked Sendable {
    private let lock = NSLock()
    private var next: UInt64
    private let end: UInt64
    private var played: UInt64 = 0
    private(set) var tallies: Tallies

    init(range: Range<UInt64>, points: Int, compare: Bool) {
      next = range.lowerBound
      end = range.upperBound
      tallies = Tallies(points: points, compare: compare)
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

    func finish(_ worker: Tallies) {
      lock.lock()
      defer { lock.unlock() }
      tallies.add(worker)
    }
  }

  private static func play<A: EntitlementPolicy, B: EntitlementPolicy>(
    _ plans: [PopulationPlan], _ a: A.Type, _ b: B.Type, compare: Bool, options: MonteCarloRunner.Options
  ) -> Tallies? {
    let range = options.shard.subscribers(of: plans[0].population.users)
    let shared = Shared(range: range, points: plans.count, compare: compare)
    let group = DispatchGroup()
    let stop = options.stop
    for _ in 0..<options.threads {
      group.enter()
      Thread.detachNewThread {
        var worker = Worker<A, B>(plans: plans, compare: compare)
        while !stop.isStopped, let block = shared.takeBlock() {
          worker.play(block)
          shared.didPlay(UInt64(block.count))
        }
        worker.addRecoveries()
        shared.finish(worker.tallies)
        group.leave()
      }
    }
    let total = UInt64(range.count)
    while group.wait(timeout: .now() + .milliseconds(200)) == .timedOut {
      options.progress?(shared.playedSoFar, total)
    }
    if stop.isStopped { return nil }
    options.progress?(total, total)
    var tallies = shared.tallies
    tallies.setFirstPointSides()
    return tallies
  }

  /// One thread's engines (one set per point and policy) and tallies.
  fileprivate struct Worker<A: EntitlementPolicy, B: EntitlementPolicy> {
    let plans: [PopulationPlan]
    let compare: Bool
    var drivers: [MonteCarloRunner.Drivers<A>]
    var comparedDrivers: [MonteCarloRunner.Drivers<B>]
    var tallies: Tallies
    let reuse: SweepReuse
    /// The first point's outcome of the subscriber being played, as every pair's side B.
    var shared = StoreTally.SharedSide()

    init(plans: [PopulationPlan], compare: Bool) {
      self.plans = plans
      self.compare = compare
      reuse = SweepReuse(plans)
      drivers = plans.map { MonteCarloRunner.Drivers(plan: $0) }
      comparedDrivers = compare ? plans.map { MonteCarloRunner.Drivers(plan: $0) } : []
      tallies = Tallies(points: plans.count, compare: compare)
    }

    mutating func play(_ block: Range<UInt64>) {
      for index in block {
        let profile = plans[0].profile(of: index)
        let group = plans[0].groups[profile.group]
        let s = MonteCarloRunner.tallyIndex(group.store)
        let base = drivers[0].play(group.lane, profile)
        note(base, index: index, point: 0)
        tallies.solo[s].add(base, policy: 0)
        if plans.count > 1 { shared.set(base) }
        if compare { playCompared(base, point: 0, profile, index: index) }
        for v in plans.indices.dropFirst() {
          // The point's own plan draws the profile, as its solo run does, unless it draws it
          // as the first point's does; and a story the point's settings do not reach is the
          // first point's (``SweepReuse``).
          let own = reuse.sameProfiles[v] ? profile : plans[v].profile(of: index)
          let store = MonteCarloRunner.tallyIndex(plans[v].groups[own.group].store)
          let outcome =
            reuse.sameStories[v][store] ? base : drivers[v].play(plans[v].groups[own.group].lane, own)
          note(outcome, index: index, point: v)
          tallies.paired[v][store].add(outcome, against: shared)
          if compare { playCompared(outcome, point: v, own, index: index) }
        }
      }
    }

    /// The compared policy at point `v`, paired with the primary's `outcome` there.
    mutating func playCompared(
      _ outcome: SubscriberOutcome, point v: Int, _ profile: SubscriberProfile, index: UInt64
    ) {
      let group = plans[v].groups[profile.group]
      let other = comparedDrivers[v].play(group.lane, profile)
      if other[.lockouts] > 0, tallies.firstCompared[v].lockout == nil {
        tallies.firstCompared[v].lockout = index
      }
      if other[.freeAccessSpans] > 0, tallies.firstCompared[v].freeAccess == nil {
        tallies.firstCompared[v].freeAccess = index
      }
      tallies.compared[v][MonteCarloRunner.tallyIndex(group.store)].add(outcome, other)
    }

    /// Keeps the first (lowest-numbered) subscriber of each violation.
    mutating func note(_ outcome: SubscriberOutcome, index: UInt64, point v: Int) {
      if outcome[.lockouts] > 0, tallies.first[v].lockout == nil { tallies.first[v].lockout = index }
      if outcome[.freeAccessSpans] > 0, tallies.first[v].freeAccess == nil {
        tallies.first[v].freeAccess = index
      }
    }

    /// The recoveries by day the engines counted: the first point's into its own tallies (side
    /// 1 of every pair, set at the end), each later point's into side 0 of its pair; under
    /// `--compare` each point's primary into side 0 and the compared policy's into side 1.
    mutating func addRecoveries() {
      drivers[0].addRecoveries(to: &tallies.solo, policy: 0)
      for v in plans.indices.dropFirst() {
        // A store whose stories the point reused has the first point's recoveries.
        drivers[v].addRecoveries(
          to: &tallies.paired[v], policy: 0, from: drivers[0], where: reuse.sameStories[v])
      }
      for v in tallies.compared.indices {
        drivers[v].addRecoveries(
          to: &tallies.compared[v], policy: 0, from: drivers[0], where: reuse.sameStories[v])
        comparedDrivers[v].addRecoveries(to: &tallies.compared[v], policy: 1)
      }
    }
  }
}
