/// A point in time: whole seconds since 1970-01-01T00:00:00Z, UTC.
///
/// simsub's time is discrete and never meets a time zone. `Instant` is a plain `Int64` so the
/// engine can order, add and compare instants without `Date` or any allocation; the stores'
/// millisecond fields (`signedDate`, `expiresDate`, `eventTimeMillis`) convert at the JSON edge.
public struct Instant: Hashable, Comparable, Sendable {
  /// Seconds since the Unix epoch (negative before 1970).
  public var secondsSinceEpoch: Int64

  @inlinable public init(secondsSinceEpoch: Int64) { self.secondsSinceEpoch = secondsSinceEpoch }

  /// The instant at a number of milliseconds since the epoch, rounded down to the second.
  @inlinable public init(millisecondsSinceEpoch ms: Int64) {
    let (q, r) = ms.quotientAndRemainder(dividingBy: 1000)
    secondsSinceEpoch = r < 0 ? q - 1 : q
  }

  /// Milliseconds since the epoch, as Apple's and Google's payloads carry them.
  ///
  /// Saturates at `Int64.min` / `Int64.max` beyond about ±292 million years (the sentinels
  /// `distantPast` and `distantFuture` among them) rather than wrapping: a wrapped value would
  /// put "never" in the past in a written payload.
  @inlinable public var millisecondsSinceEpoch: Int64 {
    let (ms, overflow) = secondsSinceEpoch.multipliedReportingOverflow(by: 1000)
    guard overflow else { return ms }
    return secondsSinceEpoch < 0 ? .min : .max
  }

  @inlinable public static func < (a: Instant, b: Instant) -> Bool {
    a.secondsSinceEpoch < b.secondsSinceEpoch
  }

  @inlinable public static func + (a: Instant, b: TimeSpan) -> Instant {
    Instant(secondsSinceEpoch: a.secondsSinceEpoch &+ b.seconds)
  }

  @inlinable public static func - (a: Instant, b: TimeSpan) -> Instant {
    Instant(secondsSinceEpoch: a.secondsSinceEpoch &- b.seconds)
  }

  @inlinable public static func - (a: Instant, b: Instant) -> TimeSpan {
    TimeSpan(seconds: a.secondsSinceEpoch &- b.secondsSinceEpoch)
  }

  @inlinable public static func += (a: inout Instant, b: TimeSpan) { a = a + b }

  /// The earliest representable instant; a sentinel for "not yet".
  @inlinable public static var distantPast: Instant { Instant(secondsSinceEpoch: .min / 2) }
  /// The latest representable instant; a sentinel for "never".
  @inlinable public static var distantFuture: Instant { Instant(secondsSinceEpoch: .max / 2) }
}

extension Instant: CustomStringConvertible {
  /// RFC 3339 in UTC, e.g. `2026-01-31T09:00:00Z`.
  public var description: String { RFC3339.format(self) }
}
