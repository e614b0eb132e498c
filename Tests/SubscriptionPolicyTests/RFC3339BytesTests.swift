import SubscriptionPolicy
import TestSupport
import Testing

/// `RFC3339.write` appends the text of `format` and `formatWithMilliseconds`, byte for byte:
/// at the edges of the four-digit years and over random instants of every year a timestamp
/// carries.
@Suite struct RFC3339BytesTests {
  static func check(_ instant: Instant) {
    for milliseconds in [false, true] {
      var out: [UInt8] = [0x21]
      RFC3339.write(instant, milliseconds: milliseconds, into: &out)
      let text = milliseconds ? RFC3339.formatWithMilliseconds(instant) : RFC3339.format(instant)
      #expect(out == [0x21] + Array(text.utf8), "\(text)")
    }
  }

  @Test func theEdgesOfTheFourDigitYears() throws {
    for text in [
      "0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "1970-01-01T00:00:00Z", "2026-02-28T09:05:07Z",
      "2028-02-29T23:59:59Z",
    ] {
      let instant = try #require(RFC3339.parse(text))
      Self.check(instant)
      Self.check(instant - .seconds(1))
      Self.check(instant + .seconds(1))
    }
  }

  @Test func randomInstantsOfEveryYear() throws {
    let from = try #require(RFC3339.parse("-999999-01-01T00:00:00Z")).secondsSinceEpoch
    let to = try #require(RFC3339.parse("+999999-12-31T23:59:59Z")).secondsSinceEpoch
    let recent = try #require(RFC3339.parse("1900-01-01T00:00:00Z")).secondsSinceEpoch
    var rng = SeededGenerator(seed: 3_339)
    for i in 0..<20_000 {
      // Half over every year, half over the years a run usually plays.
      let (low, span) = i % 2 == 0 ? (from, to - from + 1) : (recent, Int64(300 * 366 * 86_400))
      Self.check(Instant(secondsSinceEpoch: low + Int64(rng.next() % UInt64(span))))
    }
  }
}
