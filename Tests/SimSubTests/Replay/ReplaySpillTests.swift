import Testing

@testable import SimSub

/// The replay's spill file: records come back in order and whole, across its buffer's
/// boundaries and after more are appended; a value with references is refused.
@Suite("Replay: the spill file")
struct ReplaySpillTests {
  struct Record {
    var index: Int64
    var bytes: (UInt8, UInt8, UInt8)
  }

  @Test func recordsComeBackInOrderAcrossBufferBoundaries() throws {
    let spill = try #require(ReplaySpill<Record>.make())
    // Over a MiB of records: the buffer is flushed several times.
    let count = 3 * (1 << 20) / MemoryLayout<Record>.stride + 7
    for i in 0..<count { spill.append(Record(index: Int64(i), bytes: (UInt8(i & 0xFF), 1, 2))) }
    var seen = 0
    var inOrder = true
    try spill.forEach { record in
      if record.index != Int64(seen) || record.bytes.0 != UInt8(seen & 0xFF) { inOrder = false }
      seen += 1
    }
    #expect(seen == count)
    #expect(inOrder)
    #expect(!spill.broken)
    // Appended after a read, records follow those already there.
    spill.append(Record(index: -1, bytes: (0, 0, 0)))
    var last: Int64 = 0
    var total = 0
    try spill.forEach {
      last = $0.index
      total += 1
    }
    #expect(total == count + 1)
    #expect(last == -1)
  }

  @Test func aValueWithReferencesIsRefused() {
    #expect(ReplaySpill<String>.make() == nil)
  }
}
