/// How `JSONValue.serialized(_:)` lays out a document.
public enum JSONStyle: Hashable, Sendable {
  /// No whitespace at all: one log line per document (`{"a":1,"b":[true,null]}`).
  case compact
  /// Two-space indentation, one member or element per line, `"key": value`; empty arrays and
  /// objects stay `[]` and `{}`. No trailing newline: the caller decides how a file ends.
  case pretty
}

extension JSONValue {
  /// The document's text, keys in the order the value holds them.
  ///
  /// Deterministic: the same value gives the same bytes on every platform. Strings are escaped
  /// minimally — `"` and `\`, the control characters below U+0020 (as `\b \f \n \r \t` or
  /// `\u00XX` with lower-case hex); everything else, including non-ASCII text and `/`, is
  /// written as UTF-8. Numbers are written as their text (see `JSONNumber`).
  public func serialized(_ style: JSONStyle = .compact) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    JSONWriter.write(self, style, indent: 0, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// The document's UTF-8 bytes; see `serialized(_:)`.
  public func serializedBytes(_ style: JSONStyle = .compact) -> [UInt8] {
    var out: [UInt8] = []
    JSONWriter.write(self, style, indent: 0, into: &out)
    return out
  }
}

/// The writer behind `serialized(_:)`: appends UTF-8 to a byte buffer. Also for the writers
/// that put JSON straight into bytes without building a tree, so that their text is the tree's.
package enum JSONWriter {
  package static func write(_ value: JSONValue, _ style: JSONStyle, indent: Int, into out: inout [UInt8]) {
    switch value {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
    case .number(let n): out.append(contentsOf: n.text.utf8)
    case .string(let s): writeString(s, into: &out)
    case .array(let elements):
      guard !elements.isEmpty else { return out.append(contentsOf: "[]".utf8) }
      out.append(UInt8(ascii: "["))
      for (i, element) in elements.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        newline(style, indent + 1, into: &out)
        write(element, style, indent: indent + 1, into: &out)
      }
      newline(style, indent, into: &out)
      out.append(UInt8(ascii: "]"))
    case .object(let object):
      guard !object.isEmpty else { return out.append(contentsOf: "{}".utf8) }
      out.append(UInt8(ascii: "{"))
      for (i, member) in object.members.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        newline(style, indent + 1, into: &out)
        writeString(member.key, into: &out)
        out.append(UInt8(ascii: ":"))
        if style == .pretty { out.append(UInt8(ascii: " ")) }
        write(member.value, style, indent: indent + 1, into: &out)
      }
      newline(style, indent, into: &out)
      out.append(UInt8(ascii: "}"))
    }
  }

  private static func newline(_ style: JSONStyle, _ indent: Int, into out: inout [UInt8]) {
    guard style == .pretty else { return }
    out.append(UInt8(ascii: "\n"))
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
  }

  private static let hex = Array("0123456789abcdef".utf8)

  /// An integer as `JSONNumber(value)` writes it: its decimal digits, after `-` when negative.
  package static func writeInt(_ value: Int64, into out: inout [UInt8]) {
    if value < 0 { out.append(UInt8(ascii: "-")) }
    var m = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &digits) { buffer in
      var start = buffer.count
      repeat {
        start -= 1
        buffer[start] = 0x30 &+ UInt8(truncatingIfNeeded: m % 10)
        m /= 10
      } while m > 0
      out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
    }
  }

  /// A string, quoted and escaped as `JSONValue.string` is written.
  package static func writeString(_ s: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var s = s
    // Runs of bytes that need no escape are copied whole: most strings are one run.
    s.withUTF8 { bytes in
      var run = 0
      var i = 0
      let ones: UInt64 = 0x0101_0101_0101_0101
      let high: UInt64 = 0x8080_8080_8080_8080
      while i < bytes.count {
        // Eight bytes at a time while none needs an escape (bytes of multi-byte scalars stop
        // the fast path but need none).
        if i + 8 <= bytes.count, let base = bytes.baseAddress {
          let x = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
          let quote = x ^ (ones &* 0x22)
          let backslash = x ^ (ones &* 0x5C)
          let special =
            ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (x &- ones &* 0x20) | x
          if special & high == 0 {
            i += 8
            continue
          }
        }
        let byte = bytes[i]
        i += 1
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<(i - 1)]))
        run = i
        switch byte {
        case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
        case 0x08: out.append(contentsOf: #"\b"#.utf8)
        case 0x0C: out.append(contentsOf: #"\f"#.utf8)
        case 0x0A: out.append(contentsOf: #"\n"#.utf8)
        case 0x0D: out.append(contentsOf: #"\r"#.utf8)
        case 0x09: out.append(contentsOf: #"\t"#.utf8)
        default:
          out.append(contentsOf: #"\u00"#.utf8)
          out.append(hex[Int(byte >> 4)])
          out.append(hex[Int(byte & 0xF)])
        }
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
    }
    out.append(UInt8(ascii: "\""))
  }
}
