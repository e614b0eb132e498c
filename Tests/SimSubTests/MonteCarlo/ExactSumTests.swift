import Testing

@testable import SimSub

/// The integer machinery that makes results independent of threads and shards.
@Suite struct ExactSumTests {
  @Test func wideSumsCarryAndPrintExactly() {
    var s = WideSum()
    s.add(Int64.max, times: Int64.max)
    s.add(Int64.max, times: Int64.max)
    // 2 × (2^63 − 1)^2 = 2^127 − 2^65 + 2
    #expect(s.description == "170141183460469231694793815568465002498")
    #expect(WideSum(decimal: s.description) == s)
    var n = WideSum()
    n.add(-3, times: 1_000_000_000_000)
    #expect(n.description == "-3000000000000")
    #expect(WideSum(decimal: "-3000000000000") == n)
    #expect(n.isNegative)
    #expect((n + WideSum(3_000_000_000_000)) == WideSum())
    #expect(WideSum(decimal: "170141183460469231731687303715884105728") == nil)  // 2^127
    #expect(WideSum(decimal: "12a") == nil)
    #expect(WideSum(decimal: "") == nil)
    #expect(s.doubleValue == 2 * Double(Int64.max) * Double(Int64.max))
  }

  @Test func wideSumsAddInAnyOrder() {
    var g = Xoshiro256StarStar(s0: 1, s1: 2, s2: 3, s3: 4)
    let values = (0..<1_000).map { _ in Int64(bitPattern: g.next() >> 2) }
    var forward = WideSum()
    for v in values { forward.add(v, times: v) }
    var halves = (WideSum(), WideSum())
    for (i, v) in values.enumerated().reversed() {
      if i % 2 == 0 { halves.0.add(v, times: v) } else { halves.1.add(v, times: v) }
    }
    #expect(halves.0 + halves.1 == forward)
  }

  @Test func outcomesWriteEveryCounterAtItsPosition() {
    var outcome = SubscriberOutcome()
    for counter in Counter.allCases { outcome[counter] = Int64(100 + counter.rawValue * 7) }
    var buffer = [Int64](repeating: -1, count: Counter.allCases.count)
    buffer.withUnsafeMutableBufferPointer { outcome.write(to: $0) }
    #expect(buffer == Counter.allCases.map { Int64(100 + $0.rawValue * 7) })
    // And a tally adds them where it reads them.
    var tally = StoreTally(policies: 1)
    tally.add(outcome, policy: 0)
    tally.add(outcome, policy: 0)
    for counter in Counter.allCases {
      #expect(tally.sum(counter, policy: 0) == 2 * outcome[counter])
    }
    for pair in ProductPlan.shared.single {
      #expect(
        tally.product(pair.a, pair.b, policy: 0) == Double(2 * outcome[pair.a] * outcome[pair.b]),
        "\(pair.key)")
    }
  }

  @Test(arguments: [1, 2, 3, 7, 10])
  func shardsCoverThePopulationOnce(count: Int) {
    for users in [1, 5, 10, 1_001] {
      var next: UInt64 = 0
      for k in 1...count {
        let range = Shard(index: k, count: count).subscribers(of: users)
        #expect(range.lowerBound == next)
        next = range.upperBound
      }
      #expect(next == UInt64(users))
    }
  }

  @Test func shardsParse() {
    #expect(Shard(parsing: "1/4") == Shard(index: 1, count: 4))
    #expect(Shard(parsing: "4/4") == Shard(index: 4, count: 4))
    for bad in ["0/4", "5/4", "1/0", "1", "1/", "/4", "a/b", "-1/4", "1/4/2", " 1/4"] {
      #expect(Shard(parsing: bad) == nil, "\(bad)")
    }
  }

  @Test func deltaDebuggingFindsAOneMinimalSubset() {
    let items = Array(0..<20)
    #expect(DeltaDebugging.minimize(items) { $0.contains(3) && $0.contains(11) } == [3, 11])
    // An order-sensitive property: 11 must come after 3, and 5 must be there too.
    let ordered = DeltaDebugging.minimize(items) { s in
      guard let a = s.firstIndex(of: 3), let b = s.firstIndex(of: 11) else { return false }
      return a < b && s.contains(5)
    }
    #expect(ordered == [3, 5, 11])
    #expect(DeltaDebugging.minimize([1, 2, 3]) { _ in true } == [])
    #expect(DeltaDebugging.minimize([1, 2, 3]) { $0 == [1, 2, 3] } == [1, 2, 3])
  }
}
