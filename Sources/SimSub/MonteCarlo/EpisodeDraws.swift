/// One billing-issue episode's uniform draws, one per daily check, drawn from the episode's own
/// generator only as far as a scan or a check reads them: an episode that ends on its third
/// day draws three, not sixty. Draw `j` is the generator's `j`th output however far, and in
/// whatever steps, the draws are read, so drawing lazily changes no draw.
///
/// The buffer keeps the largest count an episode needed, so after warm-up an episode neither
/// empties nor grows it.
struct EpisodeDraws: Sendable {
  private var buffer: [UInt64] = []
  /// `buffer[0 ..< drawn]` are drawn.
  private var drawn = 0
  private var generator = Xoshiro256StarStar(s0: 1, s1: 2, s2: 3, s3: 4)
  /// How many draws a scan draws first: most episodes end within their first days, and a scan
  /// that finds nothing among them goes on to the episode's last check.
  private static let batch = 8

  mutating func reserveCapacity(_ count: Int) { buffer.reserveCapacity(count) }

  /// Starts an episode of `checks` checks whose draws come from `generator`.
  mutating func begin(_ generator: Xoshiro256StarStar, checks: Int) {
    self.generator = generator
    drawn = 0
    if buffer.count < checks { buffer.append(contentsOf: repeatElement(0, count: checks - buffer.count)) }
  }

  /// Draw `j` (`j` below the episode's checks), drawing as far as it.
  mutating func draw(_ j: Int) -> UInt64 {
    if j >= drawn { drawUp(to: j + 1) }
    return buffer[j]
  }

  /// Draws every draw below `end` not drawn yet.
  private mutating func drawUp(to end: Int) {
    var generator = self.generator
    let from = drawn
    buffer.withUnsafeMutableBufferPointer { buffer in
      var j = from
      while j < end {
        buffer[j] = generator.next()
        j &+= 1
      }
    }
    self.generator = generator
    drawn = end
  }

  /// The first `j` in `from ..< end` whose draw is below `thresholds[row + min(j - since, last)]`
  /// (a threshold of `UInt64.max` is certain: every draw is inside), drawing as far as it reads:
  /// the first few draws, then, if none of them is inside, every draw to `end`. `since` is at
  /// most `from`.
  mutating func first(
    from: Int, before end: Int, thresholds: UnsafeBufferPointer<UInt64>, row: Int, since: Int, last: Int
  ) -> Int? {
    guard from < end else { return nil }
    let soon = min(end, from + Self.batch)
    if soon > drawn { drawUp(to: soon) }
    if let found = scan(from: from, before: soon, thresholds: thresholds, row: row, since: since, last: last)
    {
      return found
    }
    guard soon < end else { return nil }
    if end > drawn { drawUp(to: end) }
    return scan(from: soon, before: end, thresholds: thresholds, row: row, since: since, last: last)
  }

  /// ``first(from:before:thresholds:row:since:last:)`` over draws already drawn.
  private func scan(
    from: Int, before end: Int, thresholds: UnsafeBufferPointer<UInt64>, row: Int, since: Int, last: Int
  ) -> Int? {
    buffer.withUnsafeBufferPointer { buffer in
      // Plain loops: over a range, each step also checked the index against overflow.
      var j = from
      // Days of the prompt with a threshold of their own, then the last day's for the rest.
      let offset = row - since
      let tableEnd = min(end, since + last)
      while j < tableEnd {
        let threshold = thresholds[offset + j]
        if buffer[j] < threshold || threshold == .max { return j }
        j &+= 1
      }
      let threshold = thresholds[row + last]
      if threshold == .max { return j < end ? j : nil }
      while j < end {
        if buffer[j] < threshold { return j }
        j &+= 1
      }
      return nil
    }
  }

  /// The first `j` in `from ..< end` whose draw falls inside `chance`, drawing as far as it
  /// reads.
  mutating func first(from: Int, before end: Int, inside chance: Chance) -> Int? {
    guard from < end else { return nil }
    if chance.isCertain { return from }
    return withUnsafeBufferPointer(to: chance.threshold) { threshold in
      first(from: from, before: end, thresholds: threshold, row: 0, since: from, last: 0)
    }
  }
}

/// A one-element buffer holding `value`, for the length of `body`.
private func withUnsafeBufferPointer<R>(to value: UInt64, _ body: (UnsafeBufferPointer<UInt64>) -> R) -> R {
  withUnsafePointer(to: value) { body(UnsafeBufferPointer(start: $0, count: 1)) }
}
