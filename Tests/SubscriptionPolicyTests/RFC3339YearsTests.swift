import Foundation
import SubscriptionPolicy
import TestSupport
import Testing

/// Timestamps past the year 9999, which a run starting late in 9999 reaches: printed as
/// ISO 8601 expanded years and read back, so that formatting and parsing are inverse over every
/// instant a run can reach and far beyond.
@Suite struct RFC3339YearsTests {
  static func instant(_ text: String) throws -> Instant { try #require(RFC3339.parse(text)) }

  @Test func yearsOutsideFourDigitsAreSignedSixDigits() throws {
    let last = try Self.instant("9999-12-31T23:59:59Z")
    #expect(RFC3339.format(last) == "9999-12-31T23:59:59Z")
    #expect(RFC3339.format(last + .seconds(1)) == "+010000-01-01T00:00:00Z")
    #expect(RFC3339.formatWithMilliseconds(last + .seconds(1)) == "+010000-01-01T00:00:00.000Z")
    let first = try Self.instant("0000-01-01T00:00:00Z")
    #expect(RFC3339.format(first - .seconds(1)) == "-000001-12-31T23:59:59Z")
    #expect(RFC3339.parse("+010000-01-01T00:00:00Z") == last + .seconds(1))
    #expect(RFC3339.parse("-000001-12-31T23:59:59Z") == first - .seconds(1))
    // The expanded form of a four-digit year reads as that year; minus zero is no year.
    #expect(RFC3339.parse("+002026-01-31T09:00:00Z") == RFC3339.parse("2026-01-31T09:00:00Z"))
    #expect(RFC3339.parse("-000000-01-01T00:00:00Z") == nil)
    #expect(RFC3339.parse("10000-01-01T00:00:00Z") == nil)
    #expect(RFC3339.parse("+10000-01-01T00:00:00Z") == nil)
    #expect(RFC3339.parse("+0100000-01-01T00:00:00Z") == nil)
    // Leap days follow the proleptic Gregorian calendar there too.
    #expect(RFC3339.parse("+010000-02-29T00:00:00Z") != nil)
    #expect(RFC3339.parse("+010100-02-29T00:00:00Z") == nil)
  }

  /// The property: `parse(format(t)) == t` for random instants over the years a run reaches
  /// (a start in 0000…9999 and a horizon of up to a century, and the stores' windows beyond),
  /// and over every year the expanded form carries.
  @Test(arguments: [
    (from: "9990-01-01T00:00:00Z", to: "+010200-01-01T00:00:00Z"),
    (from: "0000-01-01T00:00:00Z", to: "+010200-01-01T00:00:00Z"),
    (from: "-999999-01-01T00:00:00Z", to: "+999999-12-31T23:59:59Z"),
  ])
  func formatAndParseAreInverse(range: (from: String, to: String)) throws {
    let from = try Self.instant(range.from).secondsSinceEpoch
    let to = try Self.instant(range.to).secondsSinceEpoch
    var rng = SeededGenerator(seed: 10_000)
    for _ in 0..<20_000 {
      let instant = Instant(secondsSinceEpoch: from + Int64(rng.next() % UInt64(to - from + 1)))
      let text = RFC3339.format(instant)
      #expect(RFC3339.parse(text) == instant, "\(text)")
      #expect(RFC3339.parse(RFC3339.formatWithMilliseconds(instant)) == instant)
    }
  }
}
