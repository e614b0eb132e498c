/// An `Instant?` in 8 bytes instead of 16: `nil` is the one instant no store field holds,
/// `Int64.min` seconds (below `Instant.distantPast`, and out of reach of the JSON decoders).
///
/// Notifications carry several optional dates and are copied whole at every step of a
/// delivery; stored this way, an App Store notification is about a fifth smaller.
@usableFromInline
struct OptionalInstant: Hashable, Sendable {
  @usableFromInline var seconds: Int64

  @inlinable init(_ instant: Instant?) {
    guard let instant else {
      seconds = .min
      return
    }
    precondition(instant.secondsSinceEpoch != .min, "Int64.min seconds stands for a missing instant")
    seconds = instant.secondsSinceEpoch
  }

  @inlinable var value: Instant? { seconds == .min ? nil : Instant(secondsSinceEpoch: seconds) }
}
