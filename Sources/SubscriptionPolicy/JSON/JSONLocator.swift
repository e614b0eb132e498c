/// Finds where a value sits in a document's text, for error messages that point into a file:
/// `body.json:3:18: error: data.status: expected a number, found a string`.
///
/// The parser does not record positions (a decoded payload would carry them for nothing); when
/// decoding fails, this walks the text again along the error's path, skipping the values it
/// does not enter. A path that goes on into a string (a JWS, Pub/Sub's base64 `data`) stops at
/// that string: the text inside it has no line and column of its own in the file.
public enum JSONLocator {
  /// The byte offset of the value at `path` in `bytes`, or of the deepest value on the way that
  /// exists (the object missing a member, the string carrying a JWS); `nil` when `bytes` is not
  /// JSON there.
  public static func offset(of path: JSONPath, in bytes: [UInt8]) -> Int? {
    var scanner = Scanner(bytes: bytes)
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { scanner.pos = 3 }
    scanner.skipWhitespace()
    var found = scanner.pos
    for component in path.components {
      guard scanner.pos < bytes.count else { return found }
      switch (component, bytes[scanner.pos]) {
      case (.key(let key), UInt8(ascii: "{")):
        guard let at = scanner.member(key) else { return found }
        found = at
      case (.index(let index), UInt8(ascii: "[")):
        guard let at = scanner.element(index) else { return found }
        found = at
      default:
        return found
      }
    }
    return found
  }

  /// Line and column (1-based, columns in Unicode scalars) of a byte offset.
  public static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    let e = JSONError(offset: offset, in: bytes, "")
    return (e.line, e.column)
  }

  /// A forward-only reader that skips values without building them.
  struct Scanner {
    let bytes: [UInt8]
    var pos = 0

    mutating func skipWhitespace() {
      while pos < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[pos]) { pos += 1 }
    }

    /// From `{`, moves to the value of `key` and returns its offset.
    mutating func member(_ key: String) -> Int? {
      pos += 1
      let wanted = Array(key.utf8)
      while true {
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else { return nil }
        let start = pos
        guard skipString() else { return nil }
        let matches = decodedKey(bytes[(start + 1)..<(pos - 1)]) == wanted
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { return nil }
        pos += 1
        skipWhitespace()
        if matches { return pos }
        guard skipValue() else { return nil }
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ",") else { return nil }
        pos += 1
      }
    }

    /// From `[`, moves to element `index` and returns its offset.
    mutating func element(_ index: Int) -> Int? {
      pos += 1
      var i = 0
      while true {
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] != UInt8(ascii: "]") else { return nil }
        if i == index { return pos }
        guard skipValue() else { return nil }
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ",") else { return nil }
        pos += 1
        i += 1
      }
    }

    /// A key's bytes with the common escapes undone (enough to compare with a store's keys).
    func decodedKey(_ raw: ArraySlice<UInt8>) -> [UInt8] {
      guard raw.contains(UInt8(ascii: "\\")) else { return Array(raw) }
      let text = "\"" + String(decoding: raw, as: UTF8.self) + "\""
      guard let s = (try? JSONValue(parsing: text))?.stringValue else { return Array(raw) }
      return Array(s.utf8)
    }

    mutating func skipString() -> Bool {
      pos += 1
      while pos < bytes.count {
        switch bytes[pos] {
        case UInt8(ascii: "\\"): pos += 2
        case UInt8(ascii: "\""):
          pos += 1
          return true
        default: pos += 1
        }
      }
      return false
    }

    /// Skips one value of any kind; nesting is counted, never recursed into.
    mutating func skipValue() -> Bool {
      var depth = 0
      repeat {
        skipWhitespace()
        guard pos < bytes.count else { return false }
        switch bytes[pos] {
        case UInt8(ascii: "\""):
          guard skipString() else { return false }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
          pos += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          pos += 1
        default:
          let start = pos
          while pos < bytes.count, !",:]} \t\r\n\"".utf8.contains(bytes[pos]) { pos += 1 }
          if pos == start { pos += 1 }
        }
      } while depth > 0
      return depth == 0
    }
  }
}
