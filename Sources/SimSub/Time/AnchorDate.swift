/// A billing anchor's calendar date, kept beside the anchor so each period end is counted from
/// it with one conversion (date to days) instead of two (days to date, and back).
///
/// Month periods keep the anchor's day, so every renewal converted the anchor to a civil date
/// again; with the date kept, `BillingPeriod.advance` costs about half as many instructions
/// per renewal. Set whenever the anchor moves (a purchase, a recovery after grace, a resume),
/// which is rarer than a renewal.
@usableFromInline
struct AnchorDate: Hashable, Sendable {
  /// Months since year 0 (`year × 12 + month − 1`) of the anchor's date.
  @usableFromInline var month: Int32
  /// The anchor's day of month, 1 through 31; `0` when the date is not kept (an anchor outside
  /// the years `CivilDate`'s 32-bit forms convert, such as `Instant.distantPast`).
  @usableFromInline var day: UInt8
  /// Seconds into the anchor's day.
  @usableFromInline var seconds: Int32

  /// The date of `anchor`, if it lies within the years the fast conversions cover.
  @inlinable init(_ anchor: Instant) {
    let (days, seconds) = CivilDate.daysAndSeconds(of: anchor)
    // Years −10 000 through 100 000 in whole: the month count fits 32 bits, and the fast
    // day count takes every date between.
    guard days > -4_371_000, days < 35_800_000 else {
      self.init(month: 0, day: 0, seconds: 0)
      return
    }
    let date = CivilDate.date(fromDays: days)
    self.init(
      month: Int32(truncatingIfNeeded: date.year * 12 + date.month - 1),
      day: UInt8(truncatingIfNeeded: date.day),
      seconds: Int32(truncatingIfNeeded: seconds))
  }

  @inlinable init(month: Int32, day: UInt8, seconds: Int32) {
    self.month = month
    self.day = day
    self.seconds = seconds
  }

  /// Whether the date is kept (the anchor lies within the fast conversions' years).
  @inlinable var isKept: Bool { day != 0 }
}
