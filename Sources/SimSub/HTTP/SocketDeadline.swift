/// The instant by which a socket call must complete, on the monotonic clock (so a change of the
/// wall clock neither shortens nor lengthens a timeout).
package struct SocketDeadline: Sendable, Comparable {
  package var instant: ContinuousClock.Instant

  package init(_ instant: ContinuousClock.Instant) { self.instant = instant }

  /// `timeout` from now.
  package static func after(_ timeout: Duration) -> SocketDeadline { SocketDeadline(.now + timeout) }

  /// No deadline: waits as long as it takes.
  package static let never = SocketDeadline(.now + .seconds(100 * 365 * 24 * 3600))

  package static func < (a: SocketDeadline, b: SocketDeadline) -> Bool { a.instant < b.instant }

  /// The milliseconds left, rounded up, for poll(2): 0 once passed, at most a day (poll is then
  /// called again).
  var pollMilliseconds: Int32 {
    let left = instant - .now
    guard left > .zero else { return 0 }
    let (seconds, attoseconds) = left.components
    let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(min(milliseconds, 86_400_000))
  }

  var hasPassed: Bool { instant <= .now }
}
