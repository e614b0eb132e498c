import Foundation

/// Plays a population on several threads and adds up the tallies.
///
/// The subscribers of the slice are cut into blocks of ``blockSize``; each worker thread takes
/// the next block, plays its subscribers with its own engines (one per store and policy) and
/// adds their outcomes to its own tallies, which are summed at the end. Every subscriber's
/// story depends only on the seed and its index, and every tally is an integer sum, so the
/// result is the same for any number of threads, in any order, on any machine.
///
/// Memory does not grow with the population: a worker keeps its engines and tallies, never a
/// record per subscriber.
public enum MonteCarloRunner {
  /// Subscribers per block: small enough to balance threads and react to a stop quickly,
  /// large enough that taking a block costs nothing.
  public static let blockSize: UInt64 = 256

  public struct Options: Sendable {
    /// Worker threads (at least 1).
    public var threads: Int
    /// The slice of the population to play.
    public var shard: Shard
    /// Checked between blocks; a stopped run returns `nil`.
    public var stop: MonteCarloStop
    /// Called about five times a second from the calling thread with subscribers played so far
    /// and the slice's total.
    public var progress: (@Sendable (UInt64, UInt64) -> Void)?
    /// Runs each worker thread's share of the run, on that thread: a policy file's run opens the
    /// thread's connection and binds it there (``MonteCarloPolicyFileRun``). A worker that does
    /// not call `play` plays nothing, so it must stop the run. `nil`: each worker just plays.
    package var eachWorker: (@Sendable (_ play: () -> Void) -> Void)?

    public init(
      threads: Int = ProcessInfo.processInfo.activeProcessorCount, shard: Shard = .whole,
      stop: MonteCarloStop = MonteCarloStop(), progress: (@Sendable (UInt64, UInt64) -> Void)? = nil
    ) {
      self.threads = max(1, threads)
      self.shard = shard
      self.stop = stop
      self.progress = progress
    }
  }

  /// Plays `plan`'s population with `policies` (one, or two to compare on the same draws).
  /// Returns `nil` when stopped before the end.
  public static func run(
    _ plan: PopulationPlan, policies: [String], options: Options = Options()
  ) throws(UnknownPolicyError) -> MonteCarloResult? {
    var types: [any EntitlementPolicy.Type] = []
    for name in policies {
      guard let entry = PolicyRegistry.entry(named: name) else { throw UnknownPolicyError(name: name) }
      types.append(entry.type)
    }
    return run(plan, policyTypes: types, options: options)
  }

  /// Plays `plan`'s population with policy types (one, or two to compare on the same draws):
  /// the way to put an app's own policy, conformed to `EntitlementPolicy`, through a population.
  public static func run(
    _ plan: PopulationPlan, policyTypes: [any EntitlementPolicy.Type], options: Options = Options()
  ) -> MonteCarloResult? {
    precondition(policyTypes.count == 1 || policyTypes.count == 2)
    let second = policyTypes.count == 2 ? policyTypes[1] : policyTypes[0]
    let visit = OpenFirst(plan: plan, second: second, compare: policyTypes.count == 2, options: options)
    guard let (tallies, first) = BuiltInPolicyDispatch.open(policyTypes[0], with: visit) else { return nil }
    return MonteCarloResult(
      setup: RunSetup(population: plan.population, policies: policyTypes.map { $0.name }),
      shard: options.shard == .whole ? nil : options.shard, apple: tallies[0], google: tallies[1],
      stripe: plan.population.cohort.contains { $0.store == .stripe } ? tallies[2] : nil,
      firstViolations: first)
  }

  typealias Outcome = (tallies: [StoreTally], first: [FirstViolations])?

  private struct OpenFirst: PolicyVisitor {
    let plan: PopulationPlan
    let second: any EntitlementPolicy.Type
    let compare: Bool
    let options: Options
    func visit<A: EntitlementPolicy>(_ type: A.Type) -> Outcome {
      BuiltInPolicyDispatch.open(second, with: OpenSecond<A>(plan: plan, compare: compare, options: options))
    }
  }

  private struct OpenSecond<A: EntitlementPolicy>: PolicyVisitor {
    let plan: PopulationPlan
    let compare: Bool
    let options: Options
    func visit<B: EntitlementPolicy>(_ type: B.Type) -> Outcome {
      play(plan, A.self, B.self, compare: compare, options: options)
    }
  }

  /// What the workers share: the next block to take, subscribers played, and the results.
  private final class Shared: @unchecked Sendable {
    private let lock = NSLock()
    private var next: UInt64
    private let end: UInt64
    private(set) var played: UInt64 = 0
    private(set) var tallies: [StoreTally]
    private(set) var first: [FirstViolations]

    init(range: Range<UInt64>, policies: Int) {
      next = range.lowerBound
      end = range.upperBound
      tallies = Array(repeating: StoreTally(policies: policies), count: StoreKind.allCases.count)
      first = Array(repeating: FirstViolations(), count: policies)
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

    func finish(_ workerTallies: [StoreTally], _ workerFirst: [FirstViolations]) {
      lock.lock()
      defer { lock.unlock() }
      for s in tallies.indices { tallies[s].add(workerTallies[s]) }
      for p in first.indices { first[p].merge(workerFirst[p]) }
    }
  }

  private static func play<A: EntitlementPolicy, B: EntitlementPolicy>(
    _ plan: PopulationPlan, _ a: A.Type, _ b: B.Type, compare: Bool, options: Options
  ) -> Outcome {
    let range = options.shard.subscribers(of: plan.population.users)
    let policies = compare ? 2 : 1
    let shared = Shared(range: range, policies: policies)
    let group = DispatchGroup()
    let stop = options.stop
    for _ in 0..<options.threads {
      group.enter()
      let eachWorker = options.eachWorker
      Thread.detachNewThread {
        let work = {
          var worker = Worker<A, B>(plan: plan, compare: compare)
          while !stop.isStopped, let block = shared.takeBlock() {
            worker.play(block)
            shared.didPlay(UInt64(block.count))
          }
          worker.finish(into: shared)
        }
        if let eachWorker { eachWorker(work) } else { work() }
        group.leave()
      }
    }
    let total = UInt64(range.count)
    while group.wait(timeout: .now() + .milliseconds(200)) == .timedOut {
      options.progress?(shared.playedSoFar, total)
    }
    if stop.isStopped { return nil }
    options.progress?(total, total)
    return (shared.tallies, shared.first)
  }

  /// One thread's engines and tallies.
  private struct Worker<A: EntitlementPolicy, B: EntitlementPolicy> {
    let plan: PopulationPlan
    let compare: Bool
    var driversA: Drivers<A>
    var driversB: Drivers<B>
    var tallies: [StoreTally]
    var first: [FirstViolations]

    init(plan: PopulationPlan, compare: Bool) {
      self.plan = plan
      self.compare = compare
      driversA = Drivers(plan: plan)
      driversB = Drivers(plan: plan)
      tallies = Array(repeating: StoreTally(policies: compare ? 2 : 1), count: StoreKind.allCases.count)
      first = Array(repeating: FirstViolations(), count: compare ? 2 : 1)
    }

    mutating func play(_ block: Range<UInt64>) {
      for index in block {
        let profile = plan.profile(of: index)
        let group = plan.groups[profile.group]
        let s = tallyIndex(group.store)
        let outcomeA = driversA.play(group.lane, profile)
        note(outcomeA, index: index, policy: 0)
        if compare {
          let outcomeB = driversB.play(group.lane, profile)
          note(outcomeB, index: index, policy: 1)
          tallies[s].add(outcomeA, outcomeB)
        } else {
          tallies[s].add(outcomeA, policy: 0)
        }
      }
    }

    /// Keeps the first (lowest-numbered) subscriber of each violation.
    mutating func note(_ outcome: SubscriberOutcome, index: UInt64, policy p: Int) {
      if outcome[.lockouts] > 0, first[p].lockout == nil { first[p].lockout = index }
      if outcome[.freeAccessSpans] > 0, first[p].freeAccess == nil { first[p].freeAccess = index }
    }

    mutating func finish(into shared: Shared) {
      driversA.addRecoveries(to: &tallies, policy: 0)
      if compare { driversB.addRecoveries(to: &tallies, policy: 1) }
      shared.finish(tallies, first)
    }
  }

  /// The tally of a store's subscribers: apple, google, stripe.
  static func tallyIndex(_ store: StoreKind) -> Int {
    switch store {
    case .apple: 0
    case .google: 1
    case .stripe: 2
    }
  }

  /// One policy's engines: one per store, and one per store and order behind RevenueCat.
  struct Drivers<P: EntitlementPolicy> {
    var apple: SubscriberDriver<AppStoreModel, P>
    var google: SubscriberDriver<GooglePlayModel, P>
    var stripe: SubscriberDriver<StripeModel, P>
    var appleRevenueCat: [SubscriberDriver<RevenueCatChannel<AppStoreModel>, P>]
    var googleRevenueCat: [SubscriberDriver<RevenueCatChannel<GooglePlayModel>, P>]

    init(plan: PopulationPlan) {
      apple = SubscriberDriver(store: plan.apple, plan: plan)
      google = SubscriberDriver(store: plan.google, plan: plan)
      stripe = SubscriberDriver(store: plan.stripe, plan: plan)
      appleRevenueCat = plan.appleRevenueCat.map { SubscriberDriver(store: $0, plan: plan) }
      googleRevenueCat = plan.googleRevenueCat.map { SubscriberDriver(store: $0, plan: plan) }
    }

    // Kept out of line: the per-subscriber figures (`/tmp/perf/count.sh`, the docs' profile)
    // are this function's cost, and a call per subscriber costs nothing measurable.
    @inline(never)
    mutating func play(_ lane: PopulationPlan.Lane, _ profile: SubscriberProfile) -> SubscriberOutcome {
      switch lane {
      case .apple: apple.play(profile)
      case .google: google.play(profile)
      case .stripe: stripe.play(profile)
      case .appleRevenueCat(let order): appleRevenueCat[Int(order.rawValue)].play(profile)
      case .googleRevenueCat(let order): googleRevenueCat[Int(order.rawValue)].play(profile)
      }
    }

    func addRecoveries(to tallies: inout [StoreTally], policy p: Int) {
      tallies[0].addRecoveries(apple.recoveries, policy: p)
      for d in appleRevenueCat { tallies[0].addRecoveries(d.recoveries, policy: p) }
      tallies[1].addRecoveries(google.recoveries, policy: p)
      for d in googleRevenueCat { tallies[1].addRecoveries(d.recoveries, policy: p) }
      tallies[2].addRecoveries(stripe.recoveries, policy: p)
    }

    /// ``addRecoveries(to:policy:)``, taking tally `s`'s from `other` where `reused[s]`: a sweep's
    /// point that reused the first point's stories of a store did not play them itself.
    func addRecoveries(
      to tallies: inout [StoreTally], policy p: Int, from other: Drivers, where reused: [Bool]
    ) {
      var own = Array(repeating: StoreTally(policies: tallies[0].policies), count: tallies.count)
      var theirs = own
      addRecoveries(to: &own, policy: p)
      other.addRecoveries(to: &theirs, policy: p)
      for s in tallies.indices { tallies[s].add(reused[s] ? theirs[s] : own[s]) }
    }
  }
}
