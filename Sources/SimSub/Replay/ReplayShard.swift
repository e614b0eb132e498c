/// A slice of a log's subscribers (`--shard K/N`): a subscriber falls in slice
/// `hash(key) mod N`, the hash FNV-1a 64 of their group key (the first of their sorted ids),
/// the same on every machine and run, so N runs over the same logs play each subscriber once.
struct ReplayShard: Hashable, Sendable {
  /// From 0.
  var index: Int
  var count: Int

  static let whole = ReplayShard(index: 0, count: 1)

  /// `K/N` with 1 ≤ K ≤ N.
  init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k)
    else { return nil }
    index = k - 1
    count = n
  }

  init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  func contains(key: String) -> Bool {
    count == 1 || Int(Self.hash(key) % UInt64(count)) == index
  }

  /// FNV-1a, 64 bits, over the key's UTF-8.
  static func hash(_ key: String) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      h ^= UInt64(byte)
      h &*= 0x100_0000_01b3
    }
    return h
  }
}
