extension RFC3339 {
  /// `format(_:)`'s text, or `formatWithMilliseconds(_:)`'s, appended to `out` as UTF-8 without
  /// making a `String`: for the JSON simsub writes straight into bytes.
  public static func write(_ instant: Instant, milliseconds: Bool = false, into out: inout [UInt8]) {
    let c = CivilDate(instant)
    if c.year >= 0 && c.year <= 9999 {
      let y = UInt8(c.year / 100)
      twoDigits(y, into: &out)
      twoDigits(UInt8(c.year % 100), into: &out)
    } else {
      out.append(c.year < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
      let digits = Array(String(c.year.magnitude).utf8)
      for _ in digits.count..<max(digits.count, 6) { out.append(UInt8(ascii: "0")) }
      out.append(contentsOf: digits)
    }
    out.append(UInt8(ascii: "-"))
    twoDigits(UInt8(c.month), into: &out)
    out.append(UInt8(ascii: "-"))
    twoDigits(UInt8(c.day), into: &out)
    out.append(UInt8(ascii: "T"))
    twoDigits(UInt8(c.hour), into: &out)
    out.append(UInt8(ascii: ":"))
    twoDigits(UInt8(c.minute), into: &out)
    out.append(UInt8(ascii: ":"))
    twoDigits(UInt8(c.second), into: &out)
    if milliseconds {
      out.append(UInt8(ascii: "."))
      out.append(UInt8(ascii: "0"))
      out.append(UInt8(ascii: "0"))
      out.append(UInt8(ascii: "0"))
    }
    out.append(UInt8(ascii: "Z"))
  }

  /// `value` (0 to 99) as two digits.
  @inline(__always)
  private static func twoDigits(_ value: UInt8, into out: inout [UInt8]) {
    out.append(0x30 &+ value / 10)
    out.append(0x30 &+ value % 10)
  }
}
