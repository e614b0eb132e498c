/// Single- and double-quoted scalars, which must close on their line: `''` in single quotes,
/// and `\"`, `\\`, `\n`, `\t`, `\uXXXX` (with surrogate pairs) in double quotes.
extension YAMLSubsetParser {
  /// A quoted scalar starting at the quote at `offset`: its text, style, and the offset past
  /// the closing quote. It must close on the same line.
  mutating func parseQuoted(line: Int, at offset: Int) throws(Failure)
    -> (String, YAMLNode.ScalarStyle, Int)
  {
    let end = lineEnd(line)
    let quote = bytes[offset]
    var i = offset + 1
    var out: [UInt8] = []
    if quote == UInt8(ascii: "'") {
      while true {
        guard i < end else {
          throw failure(
            "unterminated single-quoted string: add the closing quote (') on the same line",
            line, offset)
        }
        let c = bytes[i]
        if c == quote {
          if i + 1 < end && bytes[i + 1] == quote {
            out.append(quote)
            i += 2
            continue
          }
          return (String(decoding: out, as: UTF8.self), .singleQuoted, i + 1)
        }
        out.append(c)
        i += 1
      }
    }
    while true {
      guard i < end else {
        throw failure(
          "unterminated double-quoted string: add the closing quote (\") on the same line",
          line, offset)
      }
      let c = bytes[i]
      if c == quote { return (String(decoding: out, as: UTF8.self), .doubleQuoted, i + 1) }
      if c != UInt8(ascii: "\\") {
        out.append(c)
        i += 1
        continue
      }
      guard i + 1 < end else {
        throw failure(
          "unterminated double-quoted string: add the closing quote (\") on the same line",
          line, offset)
      }
      switch bytes[i + 1] {
      case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        let scalar = try unicodeEscape(line: line, at: i)
        out.append(contentsOf: String(Character(scalar.value)).utf8)
        i += scalar.length
        continue
      default:
        let escaped = String(decoding: bytes[(i + 1)..<Self.scalarEnd(bytes, i + 1, end)], as: UTF8.self)
        throw failure(
          "unknown escape '\\\(escaped)' in a double-quoted string: use \\\", \\\\, \\n, \\t or \\uXXXX",
          line, i)
      }
      i += 2
    }
  }

  /// The end of the UTF-8 sequence starting at `i` (input is valid UTF-8 by now).
  static func scalarEnd(_ bytes: [UInt8], _ i: Int, _ end: Int) -> Int {
    var j = i + 1
    while j < end && bytes[j] & 0xC0 == 0x80 { j += 1 }
    return j
  }

  /// A `\uXXXX` escape at the backslash at `offset`, or a surrogate pair `\uD83D\uDE00` as
  /// JSON writes characters outside the Basic Multilingual Plane. Returns the scalar and the
  /// number of bytes consumed.
  mutating func unicodeEscape(line: Int, at offset: Int) throws(Failure)
    -> (value: Unicode.Scalar, length: Int)
  {
    func hex(_ at: Int) -> UInt32? {
      guard at + 4 <= lineEnd(line) else { return nil }
      var v: UInt32 = 0
      for b in bytes[at..<(at + 4)] {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): v = v << 4 | UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): v = v << 4 | UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): v = v << 4 | UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
      }
      return v
    }
    guard let high = hex(offset + 2) else {
      throw failure("'\\u' must be followed by four hexadecimal digits", line, offset)
    }
    if (0xD800...0xDBFF).contains(high), offset + 12 <= lineEnd(line),
      bytes[offset + 6] == UInt8(ascii: "\\"), bytes[offset + 7] == UInt8(ascii: "u"),
      let low = hex(offset + 8), (0xDC00...0xDFFF).contains(low),
      let scalar = Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))
    {
      return (scalar, 12)
    }
    guard let scalar = Unicode.Scalar(high) else {
      throw failure(
        "'\\u\(text((offset + 2)..<(offset + 6)))' is half of a surrogate pair, not a character",
        line, offset)
    }
    return (scalar, 6)
  }
}
