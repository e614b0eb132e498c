import TestSupport
import Testing

@testable import SimSub

@Suite("Store effects and slot buffers")
struct SlotBufferTests {
  /// Counts the instances alive, so a leaked or twice-released element shows.
  final class Live {
    var count = 0
  }

  final class Tracked {
    let live: Live
    let id: Int
    init(_ id: Int, _ live: Live) {
      self.id = id
      self.live = live
      live.count += 1
    }
    deinit { live.count -= 1 }
  }

  @Test func elementsWithReferencesAreReleasedOnceWhateverTheCopiesAndSpares() {
    let live = Live()
    do {
      var a = SlotBuffer<Tracked>(capacity: 2)
      for i in 0..<3 { a.append(Tracked(i, live)) }  // grows past its capacity
      #expect(live.count == 3)
      var b = a
      b[0] = Tracked(10, live)  // b's own storage; a keeps its first
      #expect(live.count == 4)
      #expect(a[0].id == 0 && b[0].id == 10 && a[1] === b[1])
      a.removeAll()
      a.append(Tracked(20, live))  // over a spare slot: its old element (0) goes
      #expect(live.count == 4)
      #expect(a.count == 1 && a[0].id == 20)
      b.removeLast(2)  // spares keep their elements until overwritten or dropped
      #expect(live.count == 4)
      b.append(Tracked(30, live))  // over b's slot of 1, which a's spare slot still holds
      #expect(live.count == 5)
      #expect(b.count == 2 && b[0].id == 10 && b[1].id == 30)
      var c = b
      c.withUnsafeMutableBufferPointer { $0[0] = Tracked(40, live) }
      #expect(live.count == 6)
      #expect(b[0].id == 10 && c[0].id == 40 && c.count == 2)
    }
    #expect(live.count == 0)
  }

  @Test func aCopyOfTheEffectsKeepsWhatItHeld() {
    let record = SubscriptionRecord(subscriber: 1)
    var effects = StoreEffects()
    effects.schedule(.renewal, at: testStart, for: record)
    let copy = effects
    effects.removeAll()
    effects.schedule(.graceEnds, at: testStart + .hours(1), for: record)
    #expect(copy.timers.map(\.timer) == [.renewal])
    #expect(effects.timers.map(\.timer) == [.graceEnds])
    #expect(copy.timerCount == 1 && effects.timerCount == 1 && copy.notificationCount == 0)
  }

  @Test func timersPastTheInlineOnesKeepTheirOrderAndGoAtRemoveAll() {
    let record = SubscriptionRecord(subscriber: 1)
    var effects = StoreEffects()
    let timers: [StoreTimer] = [.renewal, .retry(1), .graceEnds, .retry(2), .retryWindowEnds, .pauseEnds]
    for (i, timer) in timers.enumerated() {
      effects.schedule(timer, at: testStart + .hours(Int64(i)), for: record)
    }
    #expect(effects.timerCount == 6)
    #expect(effects.timers.map(\.timer) == timers)
    #expect(effects.timers.map(\.instant) == (0..<6).map { testStart + .hours(Int64($0)) })
    #expect((0..<6).map { effects.timer(at: $0).timer } == timers)
    effects.removeAll()
    effects.schedule(.silentGraceEnds, at: testStart, for: record)
    #expect(effects.timers.map(\.timer) == [.silentGraceEnds])
    for timer in timers { effects.schedule(timer, at: testStart, for: record) }
    #expect(effects.timers.map(\.timer) == [.silentGraceEnds] + timers)
  }
}
