/// RFC 3339 timestamps, parsed and printed by hand.
///
/// simsub prints `2026-01-31T09:00:00Z` (UTC, whole seconds). It parses any RFC 3339
/// `date-time`: a `Z` or numeric offset, lower-case `t`/`z`, and fractional seconds, which are
/// truncated to the second (Google's `expiryTime` carries milliseconds). No `DateFormatter`, so
/// the same bytes come out on Linux and macOS. Used at the edges (JSON, reports), never in the
/// engine's loop.
///
/// RFC 3339 has four-digit years only (0000 to 9999), and a run may go past 9999: a population
/// may start in 9999 and play a century. Years outside 0000…9999 are written as ISO 8601's
/// expanded years, a sign and six digits (`+010000-01-01T00:00:00Z`), the form ECMAScript's
/// `Date` prints and reads (ECMA-262, 21.4.1.32), and read back in that form, so every instant
/// from year −999999 to +999999 is printed as text that parses to it again.
public enum RFC3339 {
  /// The years a timestamp can carry: four digits, or a sign and six.
  public static let years: ClosedRange<Int64> = -999_999...999_999

  /// `YYYY-MM-DDTHH:MM:SSZ`, or `±YYYYYY-MM-DDTHH:MM:SSZ` outside the years 0000…9999.
  public static func format(_ instant: Instant) -> String {
    let c = CivilDate(instant)
    func pad(_ v: Int64, _ width: Int) -> String {
      let s = String(v.magnitude)
      return String(repeating: "0", count: max(0, width - s.count)) + s
    }
    let year = (0...9999).contains(c.year) ? pad(c.year, 4) : (c.year < 0 ? "-" : "+") + pad(c.year, 6)
    return
      "\(year)-\(pad(c.month, 2))-\(pad(c.day, 2))T\(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2))Z"
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` with milliseconds, as Google's `subscriptionsv2` prints: `…:00.000Z`.
  public static func formatWithMilliseconds(_ instant: Instant) -> String {
    var s = format(instant)
    s.removeLast()
    return s + ".000Z"
  }

  /// Whether `text` starts as a timestamp does, with a year and a dash (`2026-`, `+010000-`),
  /// and so is meant as one, rather than as a duration or a word.
  public static func looksLikeTimestamp<S: StringProtocol>(_ text: S) -> Bool {
    var bytes = text.utf8[...]
    var width = 4
    if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      bytes = bytes.dropFirst()
      width = 6
    }
    return bytes.count > width && bytes.prefix(width).allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
      && bytes.dropFirst(width).first == UInt8(ascii: "-")
  }

  /// Parses an RFC 3339 `date-time`, or one with an expanded year (`+010000-…`, `-000001-…`);
  /// `nil` when the text is not one (including impossible dates such as February 30th, and
  /// `-000000`, which ISO 8601 does not allow).
  public static func parse<S: StringProtocol>(_ text: S) -> Instant? {
    var text = String(text)
    return text.withUTF8 { parse(utf8: $0) }
  }

  /// ``parse(_:)`` of the text with these UTF-8 bytes, read in place (a log's bytes, with no
  /// `String` made of them).
  package static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Instant? {
    var i = 0
    let n = bytes.count
    func number(_ count: Int) -> Int64? {
      guard n - i >= count else { return nil }
      var v: Int64 = 0
      for _ in 0..<count {
        let b = bytes[i]
        i += 1
        guard b >= 48, b <= 57 else { return nil }
        v = v * 10 + Int64(b - 48)
      }
      return v
    }
    func expect(_ a: UInt8, or b: UInt8? = nil) -> Bool {
      guard i < n, bytes[i] == a || bytes[i] == b else { return false }
      i += 1
      return true
    }
    var yearSign: Int64?
    if i < n, bytes[i] == 0x2B || bytes[i] == 0x2D {
      yearSign = bytes[i] == 0x2D ? -1 : 1
      i += 1
    }
    guard let digits = number(yearSign == nil ? 4 : 6), !(yearSign == -1 && digits == 0) else { return nil }
    let year = digits * (yearSign ?? 1)
    guard expect(0x2D), let month = number(2), expect(0x2D),
      let day = number(2), expect(0x54, or: 0x74), let hour = number(2), expect(0x3A),
      let minute = number(2), expect(0x3A), let second = number(2)
    else { return nil }
    guard (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, of: year),
      hour <= 23, minute <= 59, second <= 60
    else { return nil }
    if i < n, bytes[i] == 0x2E {  // fraction: at least one digit, truncated
      i += 1
      var digits = 0
      while i < n, bytes[i] >= 48, bytes[i] <= 57 {
        i += 1
        digits += 1
      }
      guard digits > 0 else { return nil }
    }
    var offset: Int64 = 0
    if expect(0x5A, or: 0x7A) {
      offset = 0
    } else if i < n, bytes[i] == 0x2B || bytes[i] == 0x2D {
      let sign = bytes[i]
      i += 1
      guard let oh = number(2), expect(0x3A), let om = number(2), oh <= 23, om <= 59 else {
        return nil
      }
      offset = (oh * 3_600 + om * 60) * (sign == 0x2D ? -1 : 1)
    } else {
      return nil
    }
    guard i == n else { return nil }
    let local = CivilDate(
      year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59)
    ).instant
    return Instant(secondsSinceEpoch: local.secondsSinceEpoch - offset + (second == 60 ? 1 : 0))
  }
}
