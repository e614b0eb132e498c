/// The bytes of a source file, checked to be text and split into lines, with the conversion
/// from a byte offset to a `SourceLocation`.
///
/// The YAML parser works on UTF-8 bytes (fast, and every syntax character is ASCII); users read
/// columns in characters. This type does the one-pass check that the bytes are UTF-8 text
/// without stray control characters — so random bytes become a diagnostic, never a crash or a
/// confusing parse — and it turns offsets into columns, counting characters only on the lines
/// that need it.
struct SourceLines {
  /// One line: `start..<end` excludes the line break (`\n` or `\r\n`).
  struct Line {
    var start: Int
    var end: Int
    /// Whether the line is all ASCII, so a column is a byte offset plus one.
    var isASCII: Bool
  }

  let file: String
  let bytes: [UInt8]
  private(set) var lines: [Line] = []
  /// Whether the file began with a UTF-8 byte order mark (skipped; it is not on line 1).
  private(set) var hasByteOrderMark = false
  /// The last column computed on a non-ASCII line, so columns of successive tokens on a long
  /// line cost the distance between them, not the distance from the line's start.
  private var columnCache: (line: Int, offset: Int, column: Int) = (-1, 0, 1)

  /// Checks that `bytes` are UTF-8 text and splits them into lines.
  ///
  /// Throws at the first invalid byte or control character (other than tab and line breaks),
  /// pointing at it.
  init(bytes: [UInt8], file: String) throws(DiagnosticError) {
    self.file = file
    self.bytes = bytes
    let count = bytes.count
    var i = 0
    if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      hasByteOrderMark = true
      i = 3
    }
    var lineStart = i
    var ascii = true
    while i < count {
      let b = bytes[i]
      if b < 0x80 {
        if b >= 0x20 && b != 0x7F || b == 0x09 {
          i += 1
        } else if b == 0x0A {
          let end = i > lineStart && bytes[i - 1] == 0x0D ? i - 1 : i
          lines.append(Line(start: lineStart, end: end, isASCII: ascii))
          i += 1
          lineStart = i
          ascii = true
        } else if b == 0x0D && i + 1 < count && bytes[i + 1] == 0x0A {
          i += 1
        } else if b == 0x0D {
          throw fail(
            "carriage return (U+000D) without a line feed: save the file with LF or CRLF line breaks",
            lineStart: lineStart, offset: i)
        } else {
          throw fail(controlMessage(UInt32(b)), lineStart: lineStart, offset: i)
        }
        continue
      }
      ascii = false
      guard let (scalar, length) = Self.decodeScalar(bytes, at: i) else {
        let hex = String(b, radix: 16, uppercase: true)
        throw fail(
          "invalid UTF-8 (byte 0x\(hex)): the file must be UTF-8 text", lineStart: lineStart,
          offset: i)
      }
      if scalar >= 0x80 && scalar <= 0x9F {
        throw fail(controlMessage(scalar), lineStart: lineStart, offset: i)
      }
      if scalar == 0xFEFF {
        throw fail(
          "byte order mark (U+FEFF) inside the file: only the file's first bytes may hold one",
          lineStart: lineStart, offset: i)
      }
      i += length
    }
    lines.append(Line(start: lineStart, end: count, isASCII: ascii))
  }

  private func controlMessage(_ scalar: UInt32) -> String {
    var hex = String(scalar, radix: 16, uppercase: true)
    while hex.count < 4 { hex = "0" + hex }
    return "control character U+\(hex) is not allowed: only tabs and line breaks may appear"
  }

  /// A diagnostic for a byte on a line not yet split off (the lines before it are).
  private func fail(_ message: String, lineStart: Int, offset: Int) -> DiagnosticError {
    let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
    return DiagnosticError(
      .error(message, at: SourceLocation(file: file, line: lines.count + 1, column: column)))
  }

  /// The scalar value and byte length of the UTF-8 sequence at `i`, or `nil` if it is not a
  /// valid, shortest-form sequence of a Unicode scalar (no surrogates, nothing past U+10FFFF).
  static func decodeScalar(_ bytes: [UInt8], at i: Int) -> (UInt32, Int)? {
    let b0 = bytes[i]
    let length: Int
    let minimum: UInt32
    var value: UInt32
    switch b0 {
    case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(b0 & 0x1F))
    case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(b0 & 0x0F))
    case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(b0 & 0x07))
    default: return nil
    }
    guard i + length <= bytes.count else { return nil }
    for k in 1..<length {
      let b = bytes[i + k]
      guard b & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(b & 0x3F)
    }
    guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
      return nil
    }
    return (value, length)
  }

  /// The location of a byte offset on a line (0-based line index).
  mutating func location(line: Int, offset: Int) -> SourceLocation {
    SourceLocation(file: file, line: line + 1, column: column(line: line, offset: offset))
  }

  /// The 1-based column, in characters, of a byte offset on a line.
  mutating func column(line: Int, offset: Int) -> Int {
    let l = lines[line]
    let offset = min(max(offset, l.start), bytes.count)
    if l.isASCII { return offset - l.start + 1 }
    var from = l.start
    var column = 1
    if columnCache.line == line && columnCache.offset <= offset {
      from = columnCache.offset
      column = columnCache.column
    }
    column += String(decoding: bytes[from..<offset], as: UTF8.self).count
    columnCache = (line, offset, column)
    return column
  }

  /// The number of leading spaces of a line.
  func indent(of line: Int) -> Int {
    let l = lines[line]
    var i = l.start
    while i < l.end && bytes[i] == 0x20 { i += 1 }
    return i - l.start
  }
}
