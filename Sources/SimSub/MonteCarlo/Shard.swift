/// One of `count` disjoint slices of a population, numbered from 1: `--shard 1/4` is the first
/// quarter. Slice `k` holds subscribers `⌊(k−1)·U/n⌋ ..< ⌊k·U/n⌋` of `U`, so the slices of
/// any `n` cover the population exactly once, and a subscriber plays the same story in
/// whichever slice holds it.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
  /// 1-based.
  public var index: Int
  public var count: Int

  public init(index: Int, count: Int) {
    precondition(count >= 1 && index >= 1 && index <= count)
    self.index = index
    self.count = count
  }

  /// The whole population as one slice.
  public static let whole = Shard(index: 1, count: 1)

  /// Parses `k/n` with 1 ≤ k ≤ n; `nil` otherwise.
  public init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
      let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 1_000_000, k >= 1, k <= n
    else { return nil }
    self.init(index: k, count: n)
  }

  /// The subscribers of this slice of a population of `users`.
  public func subscribers(of users: Int) -> Range<UInt64> {
    let u = UInt64(users)
    let lower = u * UInt64(index - 1) / UInt64(count)
    let upper = u * UInt64(index) / UInt64(count)
    return lower..<upper
  }

  public var description: String { "\(index)/\(count)" }
}
