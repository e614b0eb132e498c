/// Where a field of a JSON file is, for diagnostics that point into files simsub wrote and a
/// person may have edited (`Reports/baseline.json`, `montecarlo --format json` results).
///
/// The parsed ``JSONValue`` keeps no positions, so that parsing stays lean; a diagnostic is
/// rare, and this walks the text again to find the value at a ``JSONPath``. The text must be
/// a document that parsed. A path that does not exist (a missing key) gives the place of its
/// deepest existing part, the object the key is missing from.
enum JSONLocator {
  /// The 1-based line and column (in Unicode scalars, as ``JSONError`` counts) of the value at
  /// `path` in `text`.
  static func location(of path: JSONPath, in text: String, file: String) -> SourceLocation {
    let bytes = Array(text.utf8)
    var scanner = Scanner(bytes: bytes)
    let offset = scanner.offset(of: path)
    var line = 1
    var column = 1
    for b in bytes[..<min(offset, bytes.count)] {
      if b == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if b & 0xC0 != 0x80 {
        column += 1
      }
    }
    return SourceLocation(file: file, line: line, column: column)
  }

  /// A located error about the field at `path`: `file:line:col: error: path: message`, the
  /// path left out at the document's root.
  static func diagnostic(_ message: String, at path: JSONPath, in text: String, file: String) -> Diagnostic {
    .error(
      path.components.isEmpty ? message : "\(path): \(message)",
      at: location(of: path, in: text, file: file))
  }

  private struct Scanner {
    let bytes: [UInt8]
    var pos = 0

    mutating func offset(of path: JSONPath) -> Int {
      if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { pos = 3 }
      skipWhitespace()
      var found = pos
      for component in path.components {
        guard pos < bytes.count else { return found }
        switch component {
        case .key(let key):
          guard bytes[pos] == UInt8(ascii: "{"), enterMember(key) else { return found }
        case .index(let index):
          guard bytes[pos] == UInt8(ascii: "["), enterElement(index) else { return found }
        }
        found = pos
      }
      return found
    }

    /// At `{`: moves to the value of member `key`; `false` when there is none.
    mutating func enterMember(_ key: String) -> Bool {
      pos += 1
      while true {
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") else { return false }
        let name = readString()
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ":") else { return false }
        pos += 1
        skipWhitespace()
        if name == key { return true }
        skipValue()
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ",") else { return false }
        pos += 1
      }
    }

    /// At `[`: moves to element `index`; `false` when there is none.
    mutating func enterElement(_ index: Int) -> Bool {
      pos += 1
      var i = 0
      while true {
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] != UInt8(ascii: "]") else { return false }
        if i == index { return true }
        skipValue()
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ",") else { return false }
        pos += 1
        i += 1
      }
    }

    /// At `"`: the string's value, moving past its closing quote.
    mutating func readString() -> String {
      let start = pos
      skipString()
      let raw = bytes[start..<pos]
      if !raw.contains(UInt8(ascii: "\\")) {
        return String(decoding: raw.dropFirst().dropLast(), as: UTF8.self)
      }
      return (try? JSONValue(parsing: raw))?.stringValue ?? ""
    }

    mutating func skipString() {
      pos += 1
      while pos < bytes.count {
        switch bytes[pos] {
        case UInt8(ascii: "\\"): pos += 2
        case UInt8(ascii: "\""):
          pos += 1
          return
        default: pos += 1
        }
      }
    }

    /// Moves past one value: a string, a container with everything in it, or a scalar.
    mutating func skipValue() {
      guard pos < bytes.count else { return }
      switch bytes[pos] {
      case UInt8(ascii: "\""): skipString()
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        var depth = 0
        while pos < bytes.count {
          switch bytes[pos] {
          case UInt8(ascii: "\""):
            skipString()
            continue
          case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0 {
              pos += 1
              return
            }
          default: break
          }
          pos += 1
        }
      default:
        while pos < bytes.count, !",}] \n\r\t".utf8.contains(bytes[pos]) { pos += 1 }
      }
    }

    mutating func skipWhitespace() {
      while pos < bytes.count, " \n\r\t".utf8.contains(bytes[pos]) { pos += 1 }
    }
  }
}
