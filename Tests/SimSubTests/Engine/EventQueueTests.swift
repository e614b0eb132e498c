import TestSupport
import Testing

@testable import SimSub

@Suite("Event queue")
struct EventQueueTests {
  @Test func entriesAreTrivialValuesSoTheBufferNeedsNoReleases() {
    // The queue's buffer overwrites spare entries and never deinitialises them: right only
    // while an entry holds no reference (a String or an array in a new kind of work would
    // leak or be released twice). A kind that needs one must change the buffer first.
    #expect(_isPOD(EventQueue.Entry.self))
  }

  @Test func theQueueGrowsPastItsFirstCapacityAndKeepsItsOrder() {
    var queue = EventQueue()
    queue.makeUnique()
    // More entries than the 64 it starts with, inserted out of order.
    for i in 0..<200 {
      let instant = testStart + .seconds(Int64((i * 37) % 200))
      queue.insert(EventQueue.Entry(instant: instant, rank: 0, order: Int64(i), kind: .marker(UInt32(i))))
    }
    var shared = queue
    queue.makeUnique()
    var popped: [Instant] = []
    while let entry = queue.popFirst() { popped.append(entry.instant) }
    #expect(popped == (0..<200).map { testStart + .seconds(Int64($0)) })
    // The copy taken before the pops still holds all 200.
    #expect(shared.count == 200)
    #expect(shared.popFirst()?.instant == testStart)
  }
}
