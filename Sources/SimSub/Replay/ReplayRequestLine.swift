#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A received-request line's members found by scanning its bytes, so the body a line carries
/// as a JSON object is decoded from the very bytes logged, once, instead of being built into
/// the line's tree, written out again and read a second time.
///
/// Only the plainest shape is taken: one object whose members are among `received`, `headers`,
/// `body` and `subscriptionsv2`, each at most once, with keys free of escapes, `received` and
/// `body` present, and a body nested at most ``maxBodyDepth`` deep. Anything else, even valid,
/// is nil and is read as before, through the line's tree, so a line means the same and fails
/// with the same message either way; the members' values are still checked by the JSON reader
/// (``ReplayLogReader``), and this scan checks only the structure between them.
struct ReplayRequestLine {
  /// Each member's value, as bytes of the line.
  var received: Range<Int>
  var body: Range<Int>
  var headers: Range<Int>?
  var subscriptionsV2: Range<Int>?

  /// Far below `WireDocument.maxDepth` less the line's own object, so the body read alone is
  /// refused exactly when the line read whole would be.
  static let maxBodyDepth = 32

  init?(_ line: ArraySlice<UInt8>) {
    guard let found = line.withUnsafeBufferPointer({ Self.scan($0) }) else { return nil }
    let base = line.startIndex
    func shifted(_ r: Range<Int>) -> Range<Int> { (r.lowerBound + base)..<(r.upperBound + base) }
    received = shifted(found.received)
    body = shifted(found.body)
    headers = found.headers.map(shifted)
    subscriptionsV2 = found.subscriptionsV2.map(shifted)
  }

  /// The members, as offsets into `bytes`.
  private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> ReplayRequestLine? {
    var scan = Scan(bytes: bytes, at: 0)
    var received: Range<Int>?
    var body: Range<Int>?
    var headers: Range<Int>?
    var subscriptionsV2: Range<Int>?
    scan.skipWhitespace()
    guard scan.take(UInt8(ascii: "{")) else { return nil }
    scan.skipWhitespace()
    if scan.take(UInt8(ascii: "}")) { return nil }
    while true {
      guard let key = scan.plainString() else { return nil }
      scan.skipWhitespace()
      guard scan.take(UInt8(ascii: ":")) else { return nil }
      scan.skipWhitespace()
      let start = scan.at
      guard let depth = scan.skipValue() else { return nil }
      let value = start..<scan.at
      switch Self.member(UnsafeBufferPointer(rebasing: bytes[key])) {
      case .received?:
        guard received == nil else { return nil }
        received = value
      case .body?:
        guard body == nil, depth <= Self.maxBodyDepth else { return nil }
        body = value
      case .headers?:
        guard headers == nil else { return nil }
        headers = value
      case .subscriptionsV2?:
        guard subscriptionsV2 == nil else { return nil }
        subscriptionsV2 = value
      case nil:
        return nil
      }
      scan.skipWhitespace()
      if scan.take(UInt8(ascii: "}")) { break }
      guard scan.take(UInt8(ascii: ",")) else { return nil }
      scan.skipWhitespace()
    }
    scan.skipWhitespace()
    guard scan.at == bytes.count, let received, let body else { return nil }
    return ReplayRequestLine(
      received: received, body: body, headers: headers, subscriptionsV2: subscriptionsV2)
  }

  private init(received: Range<Int>, body: Range<Int>, headers: Range<Int>?, subscriptionsV2: Range<Int>?) {
    self.received = received
    self.body = body
    self.headers = headers
    self.subscriptionsV2 = subscriptionsV2
  }

  private enum Member { case received, body, headers, subscriptionsV2 }

  private static func member(_ key: UnsafeBufferPointer<UInt8>) -> Member? {
    func named(_ name: StaticString) -> Bool {
      key.count == name.utf8CodeUnitCount
        && (key.count == 0 || memcmp(key.baseAddress!, name.utf8Start, key.count) == 0)
    }
    if named("received") { return .received }
    if named("body") { return .body }
    if named("headers") { return .headers }
    if named("subscriptionsv2") { return .subscriptionsV2 }
    return nil
  }

  private struct Scan {
    let bytes: UnsafeBufferPointer<UInt8>
    var at: Int

    mutating func skipWhitespace() {
      while at < bytes.count, Self.isWhitespace(bytes[at]) { at += 1 }
    }

    static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0a || b == 0x0d }

    mutating func take(_ b: UInt8) -> Bool {
      guard at < bytes.count, bytes[at] == b else { return false }
      at += 1
      return true
    }

    /// A string with no escapes: the range of its text.
    mutating func plainString() -> Range<Int>? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = at
      while at < bytes.count {
        let b = bytes[at]
        if b == UInt8(ascii: "\"") {
          at += 1
          return start..<(at - 1)
        }
        if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
        at += 1
      }
      return nil
    }

    /// Up to the next quote or backslash (or the end), eight bytes at a time: a word's bytes
    /// are flagged where they are zero once the quote or the backslash is taken from each, and
    /// its lowest flagged byte is the first of either (a borrow only flags bytes above one).
    mutating func skipPlainText() {
      guard let base = bytes.baseAddress else { return }
      let ones: UInt64 = 0x0101_0101_0101_0101
      let high: UInt64 = 0x8080_8080_8080_8080
      while at + 8 <= bytes.count {
        let x = UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
        let quote = x ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = x ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let flagged = (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & high
        if flagged != 0 {
          at += flagged.trailingZeroBitCount >> 3
          return
        }
        at += 8
      }
      while at < bytes.count, bytes[at] != UInt8(ascii: "\""), bytes[at] != UInt8(ascii: "\\") { at += 1 }
    }

    /// Past one value, strings and brackets matched (its contents are checked by whoever reads
    /// it); how deep its containers nest, or nil when it does not end.
    mutating func skipValue() -> Int? {
      guard at < bytes.count else { return nil }
      var depth = 0
      var deepest = 0
      repeat {
        guard at < bytes.count else { return nil }
        let b = bytes[at]
        switch b {
        case UInt8(ascii: "\""):
          at += 1
          while true {
            skipPlainText()
            guard at < bytes.count else { return nil }
            let c = bytes[at]
            at += 1
            if c == UInt8(ascii: "\"") { break }
            if c == UInt8(ascii: "\\") { at += 1 }
          }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
          deepest = max(deepest, depth)
          at += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          guard depth > 0 else { return nil }
          depth -= 1
          at += 1
        default:
          // A number, a literal, or what lies between a container's values.
          if depth == 0 {
            while at < bytes.count, !Self.isWhitespace(bytes[at]), bytes[at] != UInt8(ascii: ","),
              bytes[at] != UInt8(ascii: "}")
            {
              at += 1
            }
            return deepest
          }
          at += 1
        }
      } while depth > 0
      return deepest
    }
  }
}
