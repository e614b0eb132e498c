/// Why a text is not JSON, and where: 1-based line and column, and the byte offset.
///
/// The column counts Unicode scalars from the start of the line (so `é` is one column), and
/// lines end at `\n` (a `\r\n` file counts the same). The message names what was expected or
/// found, for a reader to fix the file: `3:14: expected ',' or '}' after an object member`.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
  /// 1-based line.
  public var line: Int
  /// 1-based column, in Unicode scalars.
  public var column: Int
  /// 0-based offset in the input's UTF-8 bytes.
  public var offset: Int
  public var message: String

  public init(line: Int, column: Int, offset: Int, message: String) {
    self.line = line
    self.column = column
    self.offset = offset
    self.message = message
  }

  /// The error at `offset` in `bytes`, with its line and column worked out. Done only when an
  /// error is thrown, so parsing a good document never counts lines.
  init(offset: Int, in bytes: [UInt8], _ message: String) {
    var line = 1
    var column = 1
    for b in bytes[..<min(max(offset, 0), bytes.count)] {
      if b == 0x0A {
        line += 1
        column = 1
      } else if b & 0xC0 != 0x80 {  // not a UTF-8 continuation byte: a new scalar
        column += 1
      }
    }
    self.init(line: line, column: column, offset: offset, message: message)
  }

  /// `line:column: message`.
  public var description: String { "\(line):\(column): \(message)" }
}

extension JSONValue {
  /// How deeply arrays and objects may nest before the parser refuses the document.
  ///
  /// The stores' payloads nest four or five levels; the limit exists so a hostile or broken
  /// input (ten thousand `[`) is an error rather than unbounded work. The parser itself keeps an
  /// explicit stack and never recurses, so no limit can overflow the thread's stack.
  public static let defaultMaxDepth = 512

  /// Parses one JSON document (RFC 8259) from text.
  ///
  /// Strict: one value, optionally surrounded by whitespace (a leading UTF-8 byte order mark is
  /// skipped); anything after it is an error, as are duplicate keys in an object, invalid UTF-8,
  /// unescaped control characters, and `\u` escapes that leave a lone UTF-16 surrogate (a Swift
  /// `String` cannot hold one, and replacing it would silently change the data). Never traps
  /// and never recurses, whatever the input.
  public init(parsing text: String, maxDepth: Int = JSONValue.defaultMaxDepth) throws(JSONError) {
    var parser = JSONParser(bytes: Array(text.utf8), maxDepth: maxDepth)
    self = try parser.parseDocument()
  }

  /// Parses one JSON document from UTF-8 bytes; see `init(parsing:maxDepth:)`.
  public init<Bytes: Sequence>(
    parsing bytes: Bytes, maxDepth: Int = JSONValue.defaultMaxDepth
  ) throws(JSONError) where Bytes.Element == UInt8 {
    var parser = JSONParser(bytes: Array(bytes), maxDepth: maxDepth)
    self = try parser.parseDocument()
  }
}

/// A single-pass parser over UTF-8 bytes with an explicit container stack.
struct JSONParser {
  let bytes: [UInt8]
  let maxDepth: Int
  var pos = 0

  init(bytes: [UInt8], maxDepth: Int) {
    self.bytes = bytes
    self.maxDepth = maxDepth
  }

  // ASCII bytes used below.
  private static let quote = UInt8(ascii: "\"")
  private static let backslash = UInt8(ascii: "\\")
  private static let comma = UInt8(ascii: ",")
  private static let colon = UInt8(ascii: ":")
  private static let openBracket = UInt8(ascii: "[")
  private static let closeBracket = UInt8(ascii: "]")
  private static let openBrace = UInt8(ascii: "{")
  private static let closeBrace = UInt8(ascii: "}")
  private static let minus = UInt8(ascii: "-")

  mutating func parseDocument() throws(JSONError) -> JSONValue {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { pos = 3 }
    let value = try parseValue()
    skipWhitespace()
    if pos < bytes.count {
      throw error(at: pos, "unexpected \(describe(at: pos)) after the JSON value")
    }
    return value
  }

  /// An array or object being filled.
  private struct Container {
    var isObject: Bool
    var elements: [JSONValue] = []
    var members: [JSONObject.Member] = []
    /// The key whose value is being parsed (objects only).
    var key = ""
    /// Built once an object has many members, so duplicate checks stay linear overall.
    var keySet: Set<String>? = nil
  }

  private mutating func parseValue() throws(JSONError) -> JSONValue {
    var stack: [Container] = []
    while true {
      // A value starts here.
      skipWhitespace()
      guard pos < bytes.count else { throw error(at: pos, "unexpected end of input; expected a value") }
      var value: JSONValue
      let b = bytes[pos]
      switch b {
      case Self.openBracket, Self.openBrace:
        guard stack.count < maxDepth else {
          throw error(at: pos, "arrays and objects nest more than \(maxDepth) levels deep")
        }
        pos += 1
        skipWhitespace()
        if b == Self.openBracket {
          if pos < bytes.count, bytes[pos] == Self.closeBracket {
            pos += 1
            value = .array([])
          } else {
            stack.append(Container(isObject: false))
            continue
          }
        } else {
          if pos < bytes.count, bytes[pos] == Self.closeBrace {
            pos += 1
            value = .object(JSONObject())
          } else {
            var container = Container(isObject: true)
            container.key = try parseKey(&container)
            stack.append(container)
            continue
          }
        }
      case Self.quote: value = .string(try parseString())
      case Self.minus, 0x30...0x39: value = .number(try parseNumber())
      case UInt8(ascii: "t"):
        try parseLiteral("true")
        value = .bool(true)
      case UInt8(ascii: "f"):
        try parseLiteral("false")
        value = .bool(false)
      case UInt8(ascii: "n"):
        try parseLiteral("null")
        value = .null
      default:
        throw error(at: pos, "unexpected \(describe(at: pos)); expected a value")
      }

      // The value is complete: add it to the enclosing containers, closing each that ends here.
      while true {
        guard !stack.isEmpty else { return value }
        let top = stack.count - 1
        let isObject = stack[top].isObject
        if isObject {
          stack[top].members.append(JSONObject.Member(key: stack[top].key, value: value))
        } else {
          stack[top].elements.append(value)
        }
        let close = isObject ? Self.closeBrace : Self.closeBracket
        let expected = isObject ? "',' or '}' after an object member" : "',' or ']' after an array element"
        skipWhitespace()
        guard pos < bytes.count else { throw error(at: pos, "unexpected end of input; expected \(expected)") }
        if bytes[pos] == Self.comma {
          pos += 1
          if isObject {
            skipWhitespace()
            let key = try parseKey(&stack[top])
            stack[top].key = key
          }
          break  // the next element's value starts
        }
        guard bytes[pos] == close else {
          throw error(at: pos, "unexpected \(describe(at: pos)); expected \(expected)")
        }
        pos += 1
        let done = stack.removeLast()
        value = isObject ? .object(JSONObject(uniqueMembers: done.members)) : .array(done.elements)
      }
    }
  }

  /// `"key" :`, refusing a key the object already has.
  private mutating func parseKey(_ container: inout Container) throws(JSONError) -> String {
    guard pos < bytes.count else {
      throw error(at: pos, "unexpected end of input; expected a string key")
    }
    guard bytes[pos] == Self.quote else {
      throw error(at: pos, "unexpected \(describe(at: pos)); expected a string key")
    }
    let start = pos
    let key = try parseString()
    let duplicate: Bool
    if container.keySet == nil, container.members.count < 16 {
      duplicate = container.members.contains { $0.key == key }
    } else {
      if container.keySet == nil { container.keySet = Set(container.members.map(\.key)) }
      duplicate = container.keySet?.insert(key).inserted == false
    }
    if duplicate { throw error(at: start, "duplicate key \(JSONValue.string(key).serialized())") }
    skipWhitespace()
    guard pos < bytes.count, bytes[pos] == Self.colon else {
      throw error(at: pos, "expected ':' after an object key")
    }
    pos += 1
    return key
  }

  private mutating func skipWhitespace() {
    while pos < bytes.count {
      switch bytes[pos] {
      case 0x20, 0x09, 0x0A, 0x0D: pos += 1
      default: return
      }
    }
  }

  private mutating func parseLiteral(_ word: StaticString) throws(JSONError) {
    let start = pos
    let count = word.utf8CodeUnitCount
    let matches = word.withUTF8Buffer { w in
      pos + count <= bytes.count && bytes[pos..<(pos + count)].elementsEqual(w)
    }
    guard matches else {
      throw error(at: start, "unexpected \(describe(at: start)); expected a value")
    }
    pos += count
  }

  // MARK: Numbers

  private mutating func parseNumber() throws(JSONError) -> JSONNumber {
    let start = pos
    func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
    if bytes[pos] == Self.minus { pos += 1 }
    guard isDigit(pos) else { throw error(at: pos, "invalid number: expected a digit after '-'") }
    if bytes[pos] == 0x30 {
      pos += 1
      if isDigit(pos) { throw error(at: start, "invalid number: leading zeros are not allowed") }
    } else {
      while isDigit(pos) { pos += 1 }
    }
    if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
      pos += 1
      guard isDigit(pos) else { throw error(at: pos, "invalid number: expected a digit after '.'") }
      while isDigit(pos) { pos += 1 }
    }
    if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
      pos += 1
      if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == Self.minus { pos += 1 }
      guard isDigit(pos) else { throw error(at: pos, "invalid number: expected a digit in the exponent") }
      while isDigit(pos) { pos += 1 }
    }
    return JSONNumber(uncheckedText: String(decoding: bytes[start..<pos], as: UTF8.self))
  }

  // MARK: Strings

  /// The string at `pos` (its opening quote), escapes undone; `pos` ends after it.
  mutating func parseString() throws(JSONError) -> String {
    let open = pos
    pos += 1
    var runStart = pos
    var unescaped: [UInt8] = []
    var hasEscapes = false
    while true {
      guard pos < bytes.count else {
        throw error(at: open, "unterminated string (no closing '\"')")
      }
      let b = bytes[pos]
      if b == Self.quote {
        let text: String
        if hasEscapes {
          unescaped.append(contentsOf: bytes[runStart..<pos])
          text = String(decoding: unescaped, as: UTF8.self)
        } else {
          text = String(decoding: bytes[runStart..<pos], as: UTF8.self)
        }
        pos += 1
        return text
      } else if b == Self.backslash {
        hasEscapes = true
        unescaped.append(contentsOf: bytes[runStart..<pos])
        try parseEscape(into: &unescaped)
        runStart = pos
      } else if b < 0x20 {
        throw error(at: pos, "control character \(Self.uPlus(UInt32(b))) must be escaped in a string")
      } else if b < 0x80 {
        pos += 1
        pos = Self.skipPlainASCII(bytes, from: pos)
      } else {
        guard let length = Self.utf8ScalarLength(bytes, at: pos) else {
          throw error(at: pos, "invalid UTF-8 (byte 0x\(Self.hex2(b)))")
        }
        pos += length
      }
    }
  }

  /// The first index at or after `i` that is not plain ASCII string content (a byte below
  /// U+0020, `"`, `\\`, or one of a multi-byte scalar), eight bytes at a time.
  ///
  /// The stores' strings are long runs of plain ASCII (a JWS is a few kilobytes of base64url),
  /// and testing eight bytes in one word is several times faster than one byte at a time.
  @inline(__always)
  static func skipPlainASCII(_ bytes: [UInt8], from start: Int) -> Int {
    bytes.withUnsafeBufferPointer { p in
      var i = start
      let ones: UInt64 = 0x0101_0101_0101_0101
      let high: UInt64 = 0x8080_8080_8080_8080
      guard let base = p.baseAddress else { return i }
      while i + 8 <= p.count {
        let x = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
        let quote = x ^ (ones &* 0x22)
        let backslash = x ^ (ones &* 0x5C)
        let special =
          ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (x &- ones &* 0x20) | x
        if special & high != 0 { break }
        i += 8
      }
      return i
    }
  }

  /// The index of the first byte from `start` that ends a run of plain string text: a quote,
  /// a backslash, a control character or a non-ASCII byte; `bytes.count` when there is none.
  /// Eight bytes at a word, as `skipPlainASCII`, and exact: the lowest flagged byte of a word
  /// is always a special one (a borrow only ever flags bytes above a special byte).
  static func skipToSpecial(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var i = start
    guard let base = bytes.baseAddress else { return i }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    @inline(__always) func special(_ x: UInt64) -> UInt64 {
      let quote = x ^ (ones &* 0x22)
      let backslash = x ^ (ones &* 0x5C)
      return (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (x &- ones &* 0x20) | x)
        & high
    }
    // Sixteen bytes a turn in vector registers (the long base64 of a JWS, above all): the
    // lanes of the comparisons read back as two words whose bytes are 0xFF where a byte is
    // special. Then a word at a time.
    let end = bytes.count
    let quotes = SIMD16<UInt8>(repeating: 0x22)
    let backslashes = SIMD16<UInt8>(repeating: 0x5C)
    let controls = SIMD16<UInt8>(repeating: 0x20)
    let nonASCII = SIMD16<UInt8>(repeating: 0x80)
    while i &+ 16 <= end {
      let v = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
      let lanes: SIMDMask<SIMD16<Int8>> =
        (v .== quotes) .| (v .== backslashes) .| (v .< controls) .| (v .>= nonASCII)
      let words = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
      if words[0] != 0 { return i &+ UInt64(littleEndian: words[0]).trailingZeroBitCount / 8 }
      if words[1] != 0 { return i &+ 8 &+ UInt64(littleEndian: words[1]).trailingZeroBitCount / 8 }
      i &+= 16
    }
    while i &+ 8 <= end {
      let flags = special(UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)))
      if flags != 0 { return i &+ flags.trailingZeroBitCount / 8 }
      i &+= 8
    }
    while i < end {
      let b = base[i]
      if b == 0x22 || b == 0x5C || b < 0x20 || b >= 0x80 { return i }
      i += 1
    }
    return i
  }

  /// One escape, from its backslash; appends the UTF-8 it stands for.
  private mutating func parseEscape(into out: inout [UInt8]) throws(JSONError) {
    let start = pos
    pos += 1
    guard pos < bytes.count else { throw error(at: start, "unterminated string (no closing '\"')") }
    let c = bytes[pos]
    pos += 1
    switch c {
    case Self.quote, Self.backslash, UInt8(ascii: "/"): out.append(c)
    case UInt8(ascii: "b"): out.append(0x08)
    case UInt8(ascii: "f"): out.append(0x0C)
    case UInt8(ascii: "n"): out.append(0x0A)
    case UInt8(ascii: "r"): out.append(0x0D)
    case UInt8(ascii: "t"): out.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try parseHex4(escapeStart: start)
      var scalar = UInt32(unit)
      if (0xD800...0xDBFF).contains(unit) {
        // A high surrogate must be followed at once by `\u` and a low surrogate.
        let secondStart = pos
        guard pos + 1 < bytes.count, bytes[pos] == Self.backslash, bytes[pos + 1] == UInt8(ascii: "u")
        else {
          throw error(
            at: start, "lone surrogate \\u\(Self.hex4(unit)): a high surrogate must be followed by a low one")
        }
        pos += 2
        let low = try parseHex4(escapeStart: secondStart)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw error(
            at: start, "lone surrogate \\u\(Self.hex4(unit)): a high surrogate must be followed by a low one")
        }
        scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(unit) {
        throw error(at: start, "lone surrogate \\u\(Self.hex4(unit)): a low surrogate without a high one")
      }
      // Every value reaching here is a Unicode scalar: surrogates were paired or refused.
      out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
    case 0x21...0x7E:
      throw error(at: start, "invalid escape '\\\(describeASCII(c))'")
    default:
      throw error(at: start, "invalid escape: '\\' followed by \(describe(at: start + 1))")
    }
  }

  private mutating func parseHex4(escapeStart: Int) throws(JSONError) -> UInt16 {
    var v: UInt16 = 0
    for _ in 0..<4 {
      guard pos < bytes.count else {
        throw error(at: escapeStart, "invalid \\u escape: expected four hex digits")
      }
      let b = bytes[pos]
      let d: UInt8
      switch b {
      case 0x30...0x39: d = b - 0x30
      case 0x41...0x46: d = b - 0x41 + 10
      case 0x61...0x66: d = b - 0x61 + 10
      default: throw error(at: escapeStart, "invalid \\u escape: expected four hex digits")
      }
      v = v << 4 | UInt16(d)
      pos += 1
    }
    return v
  }

  /// The length of the well-formed UTF-8 scalar at `i` (RFC 3629: no overlong forms, no
  /// surrogates, nothing above U+10FFFF), or `nil`.
  static func utf8ScalarLength(_ bytes: [UInt8], at i: Int) -> Int? {
    let b0 = bytes[i]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch b0 {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return nil
    }
    guard i + length <= bytes.count else { return nil }
    guard bytes[i + 1] >= low, bytes[i + 1] <= high else { return nil }
    for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return nil }
    return length
  }

  // MARK: Errors

  private func error(at offset: Int, _ message: String) -> JSONError {
    JSONError(offset: offset, in: bytes, message)
  }

  /// What stands at `i`, for a message: `character 'x'`, `character '“'`, `byte 0xFF`.
  private func describe(at i: Int) -> String {
    guard i < bytes.count else { return "end of input" }
    let b = bytes[i]
    if b < 0x80 { return "character '\(describeASCII(b))'" }
    guard let length = Self.utf8ScalarLength(bytes, at: i) else {
      return "byte 0x\(Self.hex2(b)) (invalid UTF-8)"
    }
    return "character '\(String(decoding: bytes[i..<(i + length)], as: UTF8.self))'"
  }

  private func describeASCII(_ b: UInt8) -> String {
    b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : Self.uPlus(UInt32(b))
  }

  private static func hex2(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return "\(digits[Int(b >> 4)])\(digits[Int(b & 0xF)])"
  }

  private static func hex4(_ v: UInt16) -> String { hex2(UInt8(v >> 8)) + hex2(UInt8(v & 0xFF)) }

  private static func uPlus(_ v: UInt32) -> String { "U+" + hex4(UInt16(truncatingIfNeeded: v)) }
}
