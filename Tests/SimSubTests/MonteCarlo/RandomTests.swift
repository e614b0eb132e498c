import Testing

@testable import SimSub

/// The generators against the published algorithms' outputs (computed independently from the
/// reference C code's definitions), and the conversions simsub builds on them.
@Suite struct RandomTests {
  @Test func splitMix64MatchesTheReferenceOutputs() {
    var zero = SimSub.SplitMix64(state: 0)
    let zeros: [UInt64] = [zero.next(), zero.next(), zero.next()]
    #expect(zeros == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    var other = SimSub.SplitMix64(state: 1_234_567)
    let others: [UInt64] = [other.next(), other.next()]
    #expect(others == [0x599E_D017_FB08_FC85, 0x2C73_F084_5854_0FA5])
  }

  @Test func xoshiro256StarStarMatchesTheReferenceOutputs() {
    var g = Xoshiro256StarStar(s0: 1, s1: 2, s2: 3, s3: 4)
    let outputs: [UInt64] = [g.next(), g.next(), g.next(), g.next()]
    #expect(outputs == [0x2D00, 0, 0x5A00_7080, 0x10E0_0000_0000_9D80])
    var seeder = SimSub.SplitMix64(state: 42)
    var seeded = Xoshiro256StarStar(seededBy: &seeder)
    let seededOutputs: [UInt64] = [seeded.next(), seeded.next(), seeded.next()]
    #expect(seededOutputs == [0x1578_0B2E_0C2E_C716, 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1])
  }

  @Test func streamsAreSeededFromSeedSubscriberAndPurpose() {
    var s = Xoshiro256StarStar.stream(seed: 7, subscriber: 3, purpose: 2)
    let streamOutputs: [UInt64] = [s.next(), s.next()]
    #expect(streamOutputs == [0x8380_87EB_833A_EFF7, 0x99FC_595D_7F90_8B91])
    // Neighbouring subscribers, purposes and seeds share nothing.
    let firsts = [(7, 3, 2), (7, 4, 2), (7, 3, 3), (8, 3, 2), (3, 7, 2)].map { seed, subscriber, purpose in
      var g = Xoshiro256StarStar.stream(
        seed: UInt64(seed), subscriber: UInt64(subscriber), purpose: UInt64(purpose))
      return g.next()
    }
    #expect(Set(firsts).count == firsts.count)
  }

  @Test func aSubscribersStreamsFromTheSharedFoldAreTheStreamsOfSeedSubscriberAndPurpose() {
    for (seed, subscriber, purpose) in [(7, 3, 2), (0, 0, 0), (42, 1_000_000, 5), (.max, .max, .max)]
      as [(UInt64, UInt64, UInt64)]
    {
      #expect(
        SimSub.SplitMix64.hash(seed, subscriber, purpose)
          == SimSub.SplitMix64.hash(folded: SimSub.SplitMix64.fold(seed, subscriber), purpose))
      var whole = Xoshiro256StarStar.stream(seed: seed, subscriber: subscriber, purpose: purpose)
      var folded = Xoshiro256StarStar.stream(
        folded: SimSub.SplitMix64.fold(seed, subscriber), purpose: purpose)
      let wholeOutputs: [UInt64] = [whole.next(), whole.next(), whole.next()]
      let foldedOutputs: [UInt64] = [folded.next(), folded.next(), folded.next()]
      #expect(wholeOutputs == foldedOutputs)
    }
  }

  @Test func unitDoublesAreTheTop53Bits() {
    var g = Xoshiro256StarStar(s0: 1, s1: 2, s2: 3, s3: 4)
    var copy = g
    let bits = copy.next()
    #expect(g.nextUnit() == Double(bits >> 11) / 9_007_199_254_740_992)
    for _ in 0..<10_000 {
      let u = g.nextUnit()
      #expect(u >= 0 && u < 1)
    }
  }

  @Test func boundedDrawsStayInRangeAndCoverIt() {
    var g = Xoshiro256StarStar(s0: 9, s1: 8, s2: 7, s3: 6)
    var counts = [Int](repeating: 0, count: 7)
    for _ in 0..<70_000 { counts[Int(g.next(below: 7))] += 1 }
    // Each count is Binomial(70000, 1/7): mean 10000, sd ≈ 92.6; 6 sd either side.
    #expect(counts.allSatisfy { abs($0 - 10_000) < 560 })
  }

  @Test func chancesAreThresholds() {
    #expect(!Chance(0).contains(0))
    #expect(Chance(1).contains(.max))
    #expect(Chance(0.5).threshold == 1 << 63)
    #expect(Chance(0.25).contains((1 << 62) - 1))
    #expect(!Chance(0.25).contains(1 << 62))
    var g = Xoshiro256StarStar(s0: 5, s1: 6, s2: 7, s3: 8)
    let chance = Chance(0.3)
    var hits = 0
    for _ in 0..<100_000 where g.happens(chance) { hits += 1 }
    // Binomial(100000, 0.3): sd ≈ 145.
    #expect(abs(hits - 30_000) < 870)
  }
}
