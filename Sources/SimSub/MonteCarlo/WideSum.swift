/// A signed 128-bit running sum of 64-bit products, for the second moments behind confidence
/// intervals: a year of lockout seconds squared, summed over ten million subscribers, does not
/// fit in 64 bits.
///
/// Integer addition is associative, so sums taken on any number of threads or machines, in any
/// order, are the same to the last bit: the reason simsub keeps every tally in integers.
public struct WideSum: Hashable, Comparable, Sendable, CustomStringConvertible {
  public private(set) var high: Int64 = 0
  public private(set) var low: UInt64 = 0

  public init() {}

  public init(high: Int64, low: UInt64) {
    self.high = high
    self.low = low
  }

  public init(_ value: Int64) {
    high = value < 0 ? -1 : 0
    low = UInt64(bitPattern: value)
  }

  /// Adds `a × b`.
  @inline(__always) public mutating func add(_ a: Int64, times b: Int64) {
    let product = a.multipliedFullWidth(by: b)
    let (sum, carry) = low.addingReportingOverflow(product.low)
    low = sum
    high = high &+ product.high &+ (carry ? 1 : 0)
  }

  public mutating func add(_ other: WideSum) {
    let (sum, carry) = low.addingReportingOverflow(other.low)
    low = sum
    high = high &+ other.high &+ (carry ? 1 : 0)
  }

  /// `a × b`, exactly.
  public init(product a: Int64, _ b: Int64) {
    let p = a.multipliedFullWidth(by: b)
    self.init(high: p.high, low: p.low)
  }

  /// The sum, and whether it overflowed 128 bits (the sum then wraps). Merging shard results
  /// adds with this, so a sum no run could reach is refused rather than wrapped.
  public func addingReportingOverflow(_ other: WideSum) -> (partialValue: WideSum, overflow: Bool) {
    let (sum, carry) = low.addingReportingOverflow(other.low)
    let (h1, o1) = high.addingReportingOverflow(other.high)
    let (h2, o2) = h1.addingReportingOverflow(carry ? 1 : 0)
    return (WideSum(high: h2, low: sum), o1 != o2)
  }

  public static func + (a: WideSum, b: WideSum) -> WideSum {
    var s = a
    s.add(b)
    return s
  }

  public var isNegative: Bool { high < 0 }

  public static func < (a: WideSum, b: WideSum) -> Bool {
    a.high != b.high ? a.high < b.high : a.low < b.low
  }

  /// The nearest double (two roundings at most; the same on every platform).
  public var doubleValue: Double {
    Double(high) * 0x1.0p64 + Double(low)
  }

  /// The decimal digits, with a leading `-` when negative: how JSON results carry it.
  public var description: String {
    var (h, l) = (UInt64(bitPattern: high), low)
    let negative = high < 0
    if negative {
      // Two's complement negation of the 128-bit value.
      l = ~l &+ 1
      h = ~h &+ (l == 0 ? 1 : 0)
    }
    if h == 0 { return (negative ? "-" : "") + String(l) }
    var chunks: [UInt64] = []
    let base: UInt64 = 1_000_000_000_000_000_000
    while h != 0 || l != 0 {
      let (qh, rh) = h.quotientAndRemainder(dividingBy: base)
      let (ql, r) = base.dividingFullWidth((high: rh, low: l))
      chunks.append(r)
      h = qh
      l = ql
    }
    var text = negative ? "-" : ""
    for (i, chunk) in chunks.reversed().enumerated() {
      let digits = String(chunk)
      text += i == 0 ? digits : String(repeating: "0", count: 18 - digits.count) + digits
    }
    return text
  }

  /// Parses `description`'s form: an optional `-` and decimal digits, within 128 bits.
  public init?(decimal text: String) {
    var digits = Substring(text)
    let negative = digits.first == "-"
    if negative { digits = digits.dropFirst() }
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    var h: UInt64 = 0
    var l: UInt64 = 0
    for byte in digits.utf8 {
      // (h, l) = (h, l) × 10 + digit, failing on overflow past 2^127.
      let lowProduct = l.multipliedFullWidth(by: 10)
      let (hTimes, overflow) = h.multipliedReportingOverflow(by: 10)
      guard !overflow else { return nil }
      let (hSum, overflow2) = hTimes.addingReportingOverflow(lowProduct.high)
      guard !overflow2 else { return nil }
      let (lSum, carry) = lowProduct.low.addingReportingOverflow(UInt64(byte - 0x30))
      let (hFinal, overflow3) = hSum.addingReportingOverflow(carry ? 1 : 0)
      guard !overflow3 else { return nil }
      h = hFinal
      l = lSum
    }
    guard h < 1 << 63 || (negative && h == 1 << 63 && l == 0) else { return nil }
    if negative {
      l = ~l &+ 1
      h = ~h &+ (l == 0 ? 1 : 0)
    }
    self.init(high: Int64(bitPattern: h), low: l)
  }
}
