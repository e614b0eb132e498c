/// xoshiro256**, the generator behind every random draw of a Monte Carlo run.
///
/// Blackman and Vigna's all-purpose 64-bit generator: 256 bits of state, period 2^256 − 1,
/// a few nanoseconds per output, and no allocation. simsub writes it out rather than using the
/// standard library's generators or `random(in:using:)`, whose algorithms may change between
/// Swift versions: a seed must print the same numbers on every machine, forever.
///
/// Each subscriber draws from its own generators, seeded through ``SplitMix64`` from the run's
/// seed, the subscriber's index and the stream's purpose (``stream(seed:subscriber:purpose:)``),
/// so a subscriber's story never depends on which thread played it or who played before.
public struct Xoshiro256StarStar: Sendable {
  public var s0: UInt64
  public var s1: UInt64
  public var s2: UInt64
  public var s3: UInt64

  /// A generator with this state; the state must not be all zero.
  @inlinable public init(s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64) {
    precondition(s0 | s1 | s2 | s3 != 0, "xoshiro256** needs a state that is not all zero")
    self.s0 = s0
    self.s1 = s1
    self.s2 = s2
    self.s3 = s3
  }

  /// A generator whose four state words are the next four outputs of `seeder`, as the
  /// generator's authors recommend. SplitMix64 never yields four zeros in a row.
  @inlinable public init(seededBy seeder: inout SplitMix64) {
    self.init(s0: seeder.next(), s1: seeder.next(), s2: seeder.next(), s3: seeder.next())
  }

  /// The generator for one purpose of one subscriber of a run: seeded by SplitMix64 from
  /// a hash of `(seed, subscriber, purpose)`.
  @inlinable public static func stream(seed: UInt64, subscriber: UInt64, purpose: UInt64) -> Self {
    stream(folded: SplitMix64.fold(seed, subscriber), purpose: purpose)
  }

  /// The generator for one purpose of the subscriber whose `(seed, subscriber)` fold
  /// (``SplitMix64/fold(_:_:)``) is `folded`: the same as ``stream(seed:subscriber:purpose:)``,
  /// with the fold shared by the subscriber's streams.
  @inlinable public static func stream(folded: UInt64, purpose: UInt64) -> Self {
    var seeder = SplitMix64(state: SplitMix64.hash(folded: folded, purpose))
    return Self(seededBy: &seeder)
  }

  /// The next 64 random bits.
  @inlinable public mutating func next() -> UInt64 {
    let result = rotate(s1 &* 5, 7) &* 9
    let t = s1 << 17
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = rotate(s3, 45)
    return result
  }

  /// A double uniformly in [0, 1): the top 53 bits of the next output times 2^-53, the
  /// conversion the generator's authors give. Exact (no rounding), so the same on every
  /// platform.
  @inlinable public mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }

  /// A whole number uniformly in `0 ..< bound` (`bound` > 0), by Lemire's multiply-and-reject
  /// method: unbiased, and one multiplication in the common case.
  @inlinable public mutating func next(below bound: UInt64) -> UInt64 {
    precondition(bound > 0, "the bound must be positive")
    var product = next().multipliedFullWidth(by: bound)
    if product.low < bound {
      let threshold = (0 &- bound) % bound
      while product.low < threshold {
        product = next().multipliedFullWidth(by: bound)
      }
    }
    return product.high
  }

  /// Whether an event of probability `chance` happens.
  @inlinable public mutating func happens(_ chance: Chance) -> Bool {
    chance.isCertain || next() < chance.threshold
  }

  @inlinable @inline(__always) func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}

/// A probability as a 64-bit threshold, so a draw is one integer comparison.
///
/// An event of probability p happens when a uniform 64-bit draw is below ⌊p × 2^64⌋; p = 1 is
/// flagged separately because 2^64 does not fit. Converting once, when the population is
/// loaded, keeps floating point (and any platform difference in it) out of the simulation.
public struct Chance: Hashable, Sendable {
  public let threshold: UInt64
  public let isCertain: Bool

  /// `probability` in [0, 1].
  public init(_ probability: Double) {
    precondition(probability >= 0 && probability <= 1, "a probability is between 0 and 1")
    if probability >= 1 {
      threshold = .max
      isCertain = true
    } else {
      // p × 2^64 < 2^64 here, and the product is exact in binary floating point.
      threshold = UInt64(probability * 0x1.0p64)
      isCertain = false
    }
  }

  public static let always = Chance(1)

  /// Whether a given uniform 64-bit draw falls inside the event.
  @inlinable public func contains(_ draw: UInt64) -> Bool { isCertain || draw < threshold }
}
