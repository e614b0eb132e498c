/// The exact sums a run keeps for the subscribers of one store, for one policy or a pair of
/// policies played on the same draws: each counter's sum, the products the intervals need
/// (``ProductPlan``), and recoveries by day since the failure.
///
/// Tallies add: two tallies of disjoint subscribers sum to the tally of both, whatever the
/// order, which is how threads, shards and the two stores combine into one result.
public struct StoreTally: Hashable, Sendable {
  /// 1, or 2 when comparing policies.
  public let policies: Int
  /// `counters[p * Counter.count + c]`.
  public private(set) var counters: [Int64]
  /// `products[p * single.count + i]`: Σ a·b for ``ProductPlan/single``'s pair `i`.
  public private(set) var products: [WideSum]
  /// Σ a_A·b_B for ``ProductPlan/cross``'s pairs; empty for one policy.
  public private(set) var cross: [WideSum]
  /// `recoveries[p * RecoveryCurve.buckets + d]`: recoveries `d` days after the failure.
  public private(set) var recoveries: [Int64]

  static var plan: ProductPlan { .shared }

  public init(policies: Int) {
    precondition(policies == 1 || policies == 2)
    self.policies = policies
    counters = Array(repeating: 0, count: policies * Counter.allCases.count)
    products = Array(repeating: WideSum(), count: policies * Self.plan.single.count)
    cross = policies == 2 ? Array(repeating: WideSum(), count: Self.plan.cross.count) : []
    recoveries = Array(repeating: 0, count: policies * RecoveryCurve.buckets)
  }

  /// A tally from its parts (results read back from JSON); `nil` when the sizes do not fit.
  public init?(policies: Int, counters: [Int64], products: [WideSum], cross: [WideSum], recoveries: [Int64]) {
    guard policies == 1 || policies == 2, counters.count == policies * Counter.allCases.count,
      products.count == policies * Self.plan.single.count,
      cross.count == (policies == 2 ? Self.plan.cross.count : 0),
      recoveries.count == policies * RecoveryCurve.buckets
    else { return nil }
    self.policies = policies
    self.counters = counters
    self.products = products
    self.cross = cross
    self.recoveries = recoveries
  }

  // MARK: Adding

  /// Adds one subscriber's outcome under policy `p`.
  mutating func add(_ outcome: SubscriberOutcome, policy p: Int) {
    withUnsafeTemporaryAllocation(of: Int64.self, capacity: Counter.allCases.count) { values in
      outcome.write(to: values)
      add(values, policy: p, crossMasks: false)
    }
  }

  /// Adds one subscriber's outcomes under both policies, with their cross products.
  mutating func add(_ a: SubscriberOutcome, _ b: SubscriberOutcome) {
    let count = Counter.allCases.count
    withUnsafeTemporaryAllocation(of: Int64.self, capacity: 2 * count) { values in
      let first = UnsafeMutableBufferPointer(rebasing: values[0..<count])
      let second = UnsafeMutableBufferPointer(rebasing: values[count..<2 * count])
      a.write(to: first)
      b.write(to: second)
      let masksA = add(first, policy: 0, crossMasks: true)
      let masksB = add(second, policy: 1, crossMasks: true)
      addCross(
        UnsafeBufferPointer(first), UnsafeBufferPointer(second), masksA.crossFirst & masksB.crossSecond)
    }
  }

  /// One subscriber's outcome as side B of several pairs (a sweep's later values, each paired
  /// with the first): its counters written, and the cross products they are the second factor
  /// of found, once for all the pairs.
  struct SharedSide {
    fileprivate var values = [Int64](repeating: 0, count: Counter.allCases.count)
    fileprivate var crossSecond: UInt64 = 0

    mutating func set(_ outcome: SubscriberOutcome) {
      let plan = StoreTally.plan
      var mask: UInt64 = 0
      values.withUnsafeMutableBufferPointer { v in
        outcome.write(to: v)
        for i in 0..<v.count where v[i] != 0 { mask |= plan.crossWithB[i] }
      }
      crossSecond = mask
    }
  }

  /// Adds one subscriber's outcome `a` under policy A and the cross products with `b`, leaving
  /// policy B's side alone: for pairs that share side B (a sweep's values, each paired with the
  /// first), whose B side is one tally of its own, set with ``setSide(_:from:)``.
  mutating func add(_ a: SubscriberOutcome, against b: SharedSide) {
    withUnsafeTemporaryAllocation(of: Int64.self, capacity: Counter.allCases.count) { values in
      a.write(to: values)
      let masks = add(values, policy: 0, crossMasks: true)
      b.values.withUnsafeBufferPointer { other in
        addCross(UnsafeBufferPointer(values), other, masks.crossFirst & b.crossSecond)
      }
    }
  }

  /// Side `p` of this paired tally made `tally`'s (a tally of one policy): its sums, products
  /// and recoveries. The cross products are kept.
  mutating func setSide(_ p: Int, from tally: StoreTally) {
    precondition(policies == 2 && tally.policies == 1)
    let c = Counter.allCases.count
    let k = Self.plan.single.count
    let r = RecoveryCurve.buckets
    counters.replaceSubrange(p * c..<(p + 1) * c, with: tally.counters)
    products.replaceSubrange(p * k..<(p + 1) * k, with: tally.products)
    recoveries.replaceSubrange(p * r..<(p + 1) * r, with: tally.recoveries)
  }

  /// Adds the cross products `pairs` (bits of the plan's `cross`): policy A's counter from `a`
  /// times policy B's from `b`.
  private mutating func addCross(
    _ a: UnsafeBufferPointer<Int64>, _ b: UnsafeBufferPointer<Int64>, _ pairs: UInt64
  ) {
    let plan = Self.plan
    var pairs = pairs
    guard pairs != 0 else { return }
    cross.withUnsafeMutableBufferPointer { sums in
      while pairs != 0 {
        let i = pairs.trailingZeroBitCount
        pairs &= pairs &- 1
        sums[i].add(a[plan.crossA[i]], times: b[plan.crossB[i]])
      }
    }
  }

  /// Adds one subscriber's counters, by position, under policy `p`: sums, then the products.
  /// A zero adds nothing, and most counters are zero for most subscribers: only the nonzero
  /// counters are added, and only the pairs whose factors are both nonzero (found with the
  /// plan's bits) multiplied (docs/PERFORMANCE.md, "Monte Carlo", has what that saves).
  /// With `crossMasks` (a paired tally; a constant at every call, so a single tally's loop
  /// does no more), also returns the cross products the nonzero counters are a factor of, as
  /// the first factor and as the second (bits of the plan's `cross`).
  @discardableResult @inline(__always)
  private mutating func add(_ values: UnsafeMutableBufferPointer<Int64>, policy p: Int, crossMasks: Bool) -> (
    crossFirst: UInt64, crossSecond: UInt64
  ) {
    let count = Counter.allCases.count
    let plan = Self.plan
    var firstFactors: UInt64 = 0
    var secondFactors: UInt64 = 0
    var crossFirst: UInt64 = 0
    var crossSecond: UInt64 = 0
    counters.withUnsafeMutableBufferPointer { sums in
      for i in 0..<count where values[i] != 0 {
        sums[p * count + i] &+= values[i]
        firstFactors |= plan.singleWithA[i]
        secondFactors |= plan.singleWithB[i]
        if crossMasks {
          crossFirst |= plan.crossWithA[i]
          crossSecond |= plan.crossWithB[i]
        }
      }
    }
    var pairs = firstFactors & secondFactors
    guard pairs != 0 else { return (crossFirst, crossSecond) }
    let base = p * plan.singleA.count
    products.withUnsafeMutableBufferPointer { sums in
      while pairs != 0 {
        let i = pairs.trailingZeroBitCount
        pairs &= pairs &- 1
        sums[base + i].add(values[plan.singleA[i]], times: values[plan.singleB[i]])
      }
    }
    return (crossFirst, crossSecond)
  }

  /// Adds recoveries by day counted by a driver for policy `p`.
  mutating func addRecoveries(_ counts: [Int64], policy p: Int) {
    for d in 0..<RecoveryCurve.buckets {
      recoveries[p * RecoveryCurve.buckets + d] &+= counts[d]
    }
  }

  /// Adds another tally of other subscribers.
  public mutating func add(_ other: StoreTally) {
    precondition(other.policies == policies)
    for i in counters.indices { counters[i] &+= other.counters[i] }
    for i in products.indices { products[i].add(other.products[i]) }
    for i in cross.indices { cross[i].add(other.cross[i]) }
    for i in recoveries.indices { recoveries[i] &+= other.recoveries[i] }
  }

  public static func + (a: StoreTally, b: StoreTally) -> StoreTally {
    var sum = a
    sum.add(b)
    return sum
  }

  // MARK: Reading

  /// Σ of `counter` over subscribers, under policy `p`.
  public func sum(_ counter: Counter, policy p: Int) -> Int64 {
    counters[p * Counter.allCases.count + counter.rawValue]
  }

  /// Policy `p`'s side of a paired tally as a tally of one policy: exactly what a run of that
  /// side alone adds up (a paired tally's sides are each a plain tally, with the cross
  /// products beside them).
  public func side(_ p: Int) -> StoreTally {
    guard policies == 2 else { return self }
    let c = Counter.allCases.count
    let k = Self.plan.single.count
    let r = RecoveryCurve.buckets
    return StoreTally(
      policies: 1, counters: Array(counters[p * c..<(p + 1) * c]),
      products: Array(products[p * k..<(p + 1) * k]),
      cross: [], recoveries: Array(recoveries[p * r..<(p + 1) * r]))!
  }

  /// Σ a·b under policy `p`, as a double.
  public func product(_ a: Counter, _ b: Counter, policy p: Int) -> Double {
    if a == .subscribers { return Double(sum(b, policy: p)) }
    if b == .subscribers { return Double(sum(a, policy: p)) }
    guard let i = Self.plan.singleIndex(a, b) else { return 0 }
    return products[p * Self.plan.single.count + i].doubleValue
  }

  /// Whether `counter` was the same for every subscriber under both policies, decided exactly:
  /// Σ(c_A − c_B)² = Σc_A² + Σc_B² − 2·Σc_A·c_B is zero. `false` for one policy.
  public func sidesAgree(on counter: Counter) -> Bool {
    guard policies == 2 else { return false }
    if counter == .subscribers { return true }
    guard let single = Self.plan.singleIndex(counter, counter),
      let pair = Self.plan.crossIndex(counter, counter), pair < cross.count
    else { return false }
    return products[single] + products[Self.plan.single.count + single] == cross[pair] + cross[pair]
  }

  /// Σ a_A·b_B over the paired subscribers, as a double.
  public func crossProduct(_ a: Counter, _ b: Counter) -> Double {
    if a == .subscribers { return Double(sum(b, policy: 1)) }
    if b == .subscribers { return Double(sum(a, policy: 0)) }
    guard let i = Self.plan.crossIndex(a, b), i < cross.count else { return 0 }
    return cross[i].doubleValue
  }
}
