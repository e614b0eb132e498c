/// An `Instant?` or a `TimeSpan?` in 8 bytes instead of 16: `nil` is `Int64.min` seconds, below
/// `Instant.distantPast`, which no store rule reaches and the JSON decoders refuse.
///
/// Notifications and the store's subscription record carry several optional dates and are
/// copied whole at every step of a delivery and every subscriber action; stored this way, an
/// App Store notification is about a fifth smaller, and the record (244 bytes rather than 292)
/// takes `memcpy`'s short path for copies of 256 bytes and under.
@usableFromInline
package struct OptionalSeconds: Hashable, Sendable {
  @usableFromInline package var seconds: Int64

  @inlinable package init(seconds: Int64) { self.seconds = seconds }

  @inlinable package static var none: OptionalSeconds { OptionalSeconds(seconds: .min) }

  @inlinable package init(_ instant: Instant?) {
    guard let instant else {
      seconds = .min
      return
    }
    precondition(instant.secondsSinceEpoch != .min, "Int64.min seconds stands for a missing instant")
    seconds = instant.secondsSinceEpoch
  }

  @inlinable package init(_ span: TimeSpan?) {
    guard let span else {
      seconds = .min
      return
    }
    precondition(span.seconds != .min, "Int64.min seconds stands for a missing time span")
    seconds = span.seconds
  }

  @inlinable package var instant: Instant? { seconds == .min ? nil : Instant(secondsSinceEpoch: seconds) }
  @inlinable package var span: TimeSpan? { seconds == .min ? nil : TimeSpan(seconds: seconds) }
}
