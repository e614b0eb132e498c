import SubscriptionPolicy

/// The JSON lines `simsub requests` prints, read back by `simsub decode`: one wire request per
/// line, each with the exact `body` a store sent, so that
/// `simsub requests FILE.scn | simsub decode -` decodes every request of a scenario.
///
/// Recognised by its first line: a JSON object with the string members `method`, `path` and
/// `body`. Blank lines are skipped.
struct RequestLines {
  /// One request: its 1-based line in the input, where it came from and its body.
  struct Line {
    var number: Int
    /// `scenario source at attempt N`, from the members the line carries.
    var origin: String
    var body: [UInt8]
  }

  /// A line that is not a request, with its 1-based line and column.
  struct LineError: Error {
    var line: Int
    var column: Int
    var message: String
  }

  /// The requests of `bytes`, or nil when `bytes` is not request lines (then it is a body).
  static func read(_ bytes: [UInt8]) -> Result<[Line], LineError>? {
    var lines: [(number: Int, bytes: ArraySlice<UInt8>)] = []
    var number = 1
    var start = bytes.startIndex
    for i in bytes.indices where bytes[i] == UInt8(ascii: "\n") {
      lines.append((number, bytes[start..<i]))
      number += 1
      start = i + 1
    }
    if start < bytes.endIndex { lines.append((number, bytes[start...])) }
    lines.removeAll { $0.bytes.allSatisfy(\.isJSONWhitespace) }
    guard let first = lines.first, isRequest(try? JSONValue(parsing: first.bytes)) else { return nil }

    var requests: [Line] = []
    for line in lines {
      let value: JSONValue
      do { value = try JSONValue(parsing: line.bytes) } catch {
        return .failure(LineError(line: line.number, column: error.column, message: error.message))
      }
      guard isRequest(value), let body = value["body"]?.stringValue else {
        return .failure(
          LineError(
            line: line.number, column: 1,
            message: "expected a request as `simsub requests` prints it, with `method`, `path` and `body`"))
      }
      let origin =
        ["scenario", "source", "at"].compactMap { value[$0]?.stringValue }
        + (value["attempt"]?.int64Value.map { ["attempt \($0)"] } ?? [])
      requests.append(
        Line(number: line.number, origin: origin.joined(separator: " "), body: Array(body.utf8)))
    }
    return .success(requests)
  }

  private static func isRequest(_ value: JSONValue?) -> Bool {
    guard let value, value.objectValue != nil else { return false }
    return ["method", "path", "body"].allSatisfy { value[$0]?.stringValue != nil }
  }
}

extension UInt8 {
  fileprivate var isJSONWhitespace: Bool {
    self == 0x20 || self == 0x09 || self == 0x0a || self == 0x0d
  }
}
