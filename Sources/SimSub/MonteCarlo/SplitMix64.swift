/// SplitMix64, the generator that seeds simsub's random streams.
///
/// Sebastiano Vigna's recommendation for initialising xoshiro generators: consecutive outputs
/// of SplitMix64 are well mixed even from seeds that differ in one bit, so the streams of
/// subscribers 41 and 42 share nothing visible. Its finaliser, ``mix(_:)``, doubles as a hash
/// that derives a stream's seed from `(seed, subscriber, stream)`.
///
/// Pure integer arithmetic with wrapping operators: the same outputs on every platform and with
/// every Swift version, unlike the standard library's `SystemRandomNumberGenerator` or its
/// `random(in:using:)` conversions.
public struct SplitMix64: Sendable {
  /// The generator's whole state.
  public var state: UInt64

  @inlinable public init(state: UInt64) { self.state = state }

  /// The next 64 random bits.
  @inlinable public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// SplitMix64's output function (the variant of Stafford's "Mix13"): a bijection of 64-bit
  /// values in which every input bit affects every output bit.
  @inlinable public static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A hash of several words: each is folded in and mixed, so `(1, 2)` and `(2, 1)` differ.
  @inlinable public static func hash(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> UInt64 {
    hash(folded: fold(a, b), c)
  }

  /// The first two rounds of ``hash(_:_:_:)``, for hashes that share `a` and `b` (a subscriber's
  /// streams): `hash(a, b, c) == hash(folded: fold(a, b), c)`.
  @inlinable public static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
    mix(mix(a &+ 0x9E37_79B9_7F4A_7C15) ^ (b &+ 0xD1B5_4A32_D192_ED03))
  }

  /// The last round of ``hash(_:_:_:)``, folding `c` into `fold(a, b)`.
  @inlinable public static func hash(folded h: UInt64, _ c: UInt64) -> UInt64 {
    mix(h ^ (c &+ 0x8CB9_2BA7_2F3D_8DD7))
  }
}
