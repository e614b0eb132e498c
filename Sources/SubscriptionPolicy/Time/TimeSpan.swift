/// A length of simulated time in whole seconds.
///
/// Named `TimeSpan` so it never shadows the standard library's `Duration`. Days are always
/// 86,400 seconds: simsub's clock is UTC and has no leap seconds or daylight saving.
public struct TimeSpan: Hashable, Comparable, Sendable {
  public var seconds: Int64

  @inlinable public init(seconds: Int64) { self.seconds = seconds }

  @inlinable public static func seconds(_ n: Int64) -> TimeSpan { TimeSpan(seconds: n) }
  @inlinable public static func minutes(_ n: Int64) -> TimeSpan { TimeSpan(seconds: n &* 60) }
  @inlinable public static func hours(_ n: Int64) -> TimeSpan { TimeSpan(seconds: n &* 3_600) }
  @inlinable public static func days(_ n: Int64) -> TimeSpan { TimeSpan(seconds: n &* 86_400) }
  @inlinable public static func weeks(_ n: Int64) -> TimeSpan { TimeSpan(seconds: n &* 604_800) }

  @inlinable public static var zero: TimeSpan { TimeSpan(seconds: 0) }

  /// Whole days, rounded toward zero.
  @inlinable public var wholeDays: Int64 { seconds / 86_400 }

  @inlinable public static func < (a: TimeSpan, b: TimeSpan) -> Bool { a.seconds < b.seconds }
  @inlinable public static func + (a: TimeSpan, b: TimeSpan) -> TimeSpan {
    TimeSpan(seconds: a.seconds &+ b.seconds)
  }
  @inlinable public static func - (a: TimeSpan, b: TimeSpan) -> TimeSpan {
    TimeSpan(seconds: a.seconds &- b.seconds)
  }
  @inlinable public static func * (a: TimeSpan, n: Int64) -> TimeSpan {
    TimeSpan(seconds: a.seconds &* n)
  }
  @inlinable public static prefix func - (a: TimeSpan) -> TimeSpan { TimeSpan(seconds: -a.seconds) }
}

extension TimeSpan: CustomStringConvertible {
  /// The scenario format's spelling: `16d`, `40d 12h`, `90min`, `0d`.
  public var description: String {
    if seconds == 0 { return "0d" }
    var rest = seconds.magnitude
    var parts: [String] = []
    let units: [(UInt64, String)] = [(86_400, "d"), (3_600, "h"), (60, "min"), (1, "s")]
    for (size, unit) in units where rest >= size {
      parts.append("\(rest / size)\(unit)")
      rest %= size
    }
    return (seconds < 0 ? "-" : "") + parts.joined(separator: " ")
  }
}
