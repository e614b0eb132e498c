/// Where a value sits in a document: `data.signedTransactionInfo.expiresDate`,
/// `lineItems[0].expiryTime`.
///
/// Decoding errors name the path so a reader can find the field in a long log line; a JWS or
/// base64 payload continues the path of the string that carried it.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  public enum Component: Hashable, Sendable {
    case key(String)
    case index(Int)
  }

  public var components: [Component]

  public init(_ components: [Component] = []) { self.components = components }

  public static let root = JSONPath()

  public func appending(_ component: Component) -> JSONPath {
    JSONPath(components + [component])
  }

  /// Dotted keys and bracketed indices; a key that would be ambiguous (empty, or holding `.`,
  /// `[`, `]`, `"` or whitespace) is written as a quoted, bracketed string. The root is `$`.
  public var description: String {
    guard !components.isEmpty else { return "$" }
    var s = ""
    for component in components {
      switch component {
      case .index(let i): s += "[\(i)]"
      case .key(let k):
        let plain =
          !k.isEmpty
          && !k.unicodeScalars.contains { c in
            ".[]\"".unicodeScalars.contains(c) || c.properties.isWhitespace
          }
        if plain {
          s += s.isEmpty ? k : "." + k
        } else {
          s += "[\(JSONValue.string(k).serialized())]"
        }
      }
    }
    return s
  }
}

/// A document that parsed but does not have the shape expected: which field, and what is wrong.
///
/// `data.signedTransactionInfo.expiresDate: expected an integer, found a string`.
public struct JSONDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  public var path: JSONPath
  public var message: String

  public init(path: JSONPath, message: String) {
    self.path = path
    self.message = message
  }

  /// `path: message`, or only the message at the document's root.
  public var description: String {
    path.components.isEmpty ? message : "\(path): \(message)"
  }
}

/// A position in a document being decoded: the value there (if any) and its path.
///
/// Subscripting never fails — a missing member gives a cursor with no value, so
/// `json["data"]["status"]` reads naturally — and the typed getters throw a
/// `JSONDecodingError` naming the path when the value is missing or of the wrong kind.
/// Optional fields read through `ifPresent`, which is `nil` for an absent member and for
/// `null` (the stores omit absent fields, but other tools write `null`):
///
/// ```swift
/// let expires = try json["expiresDate"].ifPresent?.instantFromMilliseconds()
/// ```
public struct JSONCursor: Sendable {
  /// The value here; `nil` when the member or element does not exist.
  public let value: JSONValue?
  public let path: JSONPath

  public init(_ value: JSONValue?, path: JSONPath = .root) {
    self.value = value
    self.path = path
  }

  /// The member `key`; a cursor with no value when it is absent or this is not an object.
  public subscript(key: String) -> JSONCursor {
    JSONCursor(value?[key], path: path.appending(.key(key)))
  }

  /// The element at `index`; a cursor with no value when out of range or not an array.
  public subscript(index: Int) -> JSONCursor {
    JSONCursor(value?[index], path: path.appending(.index(index)))
  }

  /// Whether there is a value here other than `null`.
  public var isPresent: Bool {
    guard let value else { return false }
    return value != .null
  }

  /// This cursor when it holds a value other than `null`; `nil` otherwise.
  public var ifPresent: JSONCursor? { isPresent ? self : nil }

  /// An error at this path.
  public func error(_ message: String) -> JSONDecodingError {
    JSONDecodingError(path: path, message: message)
  }

  /// The error for a value of the wrong kind (or none).
  public func expected(_ what: String) -> JSONDecodingError {
    guard let value else { return error("expected \(what), but the field is missing") }
    return error("expected \(what), found \(value.kindDescription)")
  }

  // MARK: Typed getters

  public func string() throws(JSONDecodingError) -> String {
    guard let s = value?.stringValue else { throw expected("a string") }
    return s
  }

  public func bool() throws(JSONDecodingError) -> Bool {
    guard let b = value?.boolValue else { throw expected("a boolean") }
    return b
  }

  public func number() throws(JSONDecodingError) -> JSONNumber {
    guard let n = value?.numberValue else { throw expected("a number") }
    return n
  }

  /// An integer literal that fits in 64 bits.
  public func int64() throws(JSONDecodingError) -> Int64 {
    let n = try number()
    guard let i = n.int64 else {
      throw error("expected an integer that fits in 64 bits, found \(n.text)")
    }
    return i
  }

  /// An integer literal that fits in 32 bits.
  public func int32() throws(JSONDecodingError) -> Int32 {
    let n = try number()
    guard let i = n.int64.flatMap(Int32.init(exactly:)) else {
      throw error("expected an integer that fits in 32 bits, found \(n.text)")
    }
    return i
  }

  /// The number as the nearest finite double.
  public func double() throws(JSONDecodingError) -> Double {
    let n = try number()
    guard let d = n.double else { throw error("number \(n.text) is out of range") }
    return d
  }

  /// The elements, each with its path.
  public func array() throws(JSONDecodingError) -> [JSONCursor] {
    guard let a = value?.arrayValue else { throw expected("an array") }
    return a.indices.map { self[$0] }
  }

  public func object() throws(JSONDecodingError) -> JSONObject {
    guard let o = value?.objectValue else { throw expected("an object") }
    return o
  }

  /// Checks that the value is an object and returns this cursor, for decoders to call first
  /// so that a string where an object belongs is reported at the object's path.
  @discardableResult
  public func requireObject() throws(JSONDecodingError) -> JSONCursor {
    _ = try object()
    return self
  }
}
