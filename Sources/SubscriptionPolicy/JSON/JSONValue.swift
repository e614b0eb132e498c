/// A JSON document as a plain value, with objects that keep their keys in order.
///
/// simsub reads the stores' payloads and writes its reports with this type, never with
/// Foundation's `JSONSerialization` or `JSONEncoder`: Foundation orders keys and prints numbers
/// differently on Linux and macOS, and a golden file or a replayed log must be the same bytes on
/// both. So objects are ordered lists of members (the writer prints them as built), and numbers
/// keep their text (`JSONNumber`), so a millisecond timestamp such as `1767225600000` goes in and
/// comes out digit for digit.
///
/// Build values with literals:
///
/// ```swift
/// let v: JSONValue = ["store": "apple", "signedDate": 1767225600000, "ok": true, "x": nil]
/// v.serialized()  // {"store":"apple","signedDate":1767225600000,"ok":true,"x":null}
/// ```
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(JSONNumber)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)
}

// MARK: - Numbers

/// A JSON number, held as its text.
///
/// Why text: a JSON number has no fixed precision, and the stores' numbers are mostly integers
/// (milliseconds, ids, prices in milliunits) that must round-trip exactly; a `Double` would lose
/// digits above 2^53 and a parsed `1.50` would print as `1.5`. The text always follows the JSON
/// number grammar (`-? int frac? exp?`), checked on every way in, so the writer prints it as is.
///
/// Two numbers are equal when their texts are: `1`, `1.0` and `1e0` are different values here,
/// as they are different bytes in a document.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
  /// The number's text, in the JSON number grammar.
  public let text: String

  /// Trusted: the caller has checked the grammar (the parser, or our own formatting).
  init(uncheckedText: String) { self.text = uncheckedText }

  /// An integer, written as its decimal digits.
  public init(_ value: Int64) { text = String(value) }

  /// An integer, written as its decimal digits.
  public init(_ value: Int) { text = String(value) }

  /// A double in its shortest text that reads back as the same double, or `nil` when it is not
  /// finite (JSON has no infinity or NaN).
  ///
  /// The text is Swift's own `description` of the double (`0.1`, `1.0`, `1e-07`,
  /// `1.7976931348623157e+308`). That is deterministic on every platform: the standard library
  /// computes it with its own shortest-round-trip algorithm (SwiftDtoa, in the Swift runtime),
  /// not with the C library's `printf`, so Linux and macOS print the same characters. Every such
  /// text is valid JSON (JSON allows `1e-07`'s leading zero in the exponent); the tests pin a
  /// table of outputs, so a change in a future toolchain would be noticed.
  public init?(_ value: Double) {
    guard value.isFinite else { return nil }
    text = value.description
  }

  /// The number with this text, or `nil` when the text is not a JSON number.
  public init?(text: String) {
    guard JSONNumber.isValid(Array(text.utf8)[...]) else { return nil }
    self.text = text
  }

  /// The value when the text is an integer literal (no fraction, no exponent) that fits in 64
  /// bits. Stores send integers as such; `1.0` or `1e3` are not taken for integers.
  public var int64: Int64? {
    // `Int64(_: String)` accepts exactly `-?[0-9]+` and refuses overflow, which is the JSON
    // integer grammar once the text is known valid (a leading `+` cannot occur).
    Int64(text)
  }

  /// The largest integer not above the number, when it fits in 64 bits: `1767225600123` for
  /// `1767225600123.456`, `-2` for `-1.5`. Exact for any decimal text without an exponent; with
  /// one, computed through `Double`.
  public var floorInt64: Int64? {
    if let i = int64 { return i }
    let bytes = Array(text.utf8)
    if bytes.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
      guard let d = double?.rounded(.down), d >= -9.2e18, d <= 9.2e18 else { return nil }
      return Int64(d)
    }
    guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return nil }
    let whole = String(decoding: bytes[..<dot], as: UTF8.self)
    guard let i = Int64(whole == "-0" ? "0" : whole) else { return nil }
    let fractionIsZero = bytes[(dot + 1)...].allSatisfy { $0 == UInt8(ascii: "0") }
    if text.hasPrefix("-"), !fractionIsZero { return i == .min ? nil : i - 1 }
    return i
  }

  /// The nearest double, or `nil` when the magnitude is beyond `Double`'s range.
  ///
  /// `Double(_: String)` rounds correctly on Linux and macOS (it wraps the C library's
  /// `strtod`, correctly rounded on both); only JSON number text reaches it, so its extra
  /// spellings (`inf`, hexadecimal) never apply.
  public var double: Double? {
    guard let d = Double(text), d.isFinite else { return nil }
    return d
  }

  public var description: String { text }

  /// Whether `bytes` is exactly one JSON number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  static func isValid(_ bytes: ArraySlice<UInt8>) -> Bool {
    var i = bytes.startIndex
    let end = bytes.endIndex
    func digits() -> Int {
      let start = i
      while i < end, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
      return i - start
    }
    if i < end, bytes[i] == 0x2D { i += 1 }
    guard i < end else { return false }
    if bytes[i] == 0x30 {
      i += 1
    } else if digits() == 0 {
      return false
    }
    if i < end, bytes[i] == 0x2E {
      i += 1
      guard digits() > 0 else { return false }
    }
    if i < end, bytes[i] == 0x65 || bytes[i] == 0x45 {
      i += 1
      if i < end, bytes[i] == 0x2B || bytes[i] == 0x2D { i += 1 }
      guard digits() > 0 else { return false }
    }
    return i == end
  }
}

// MARK: - Objects

/// A JSON object: members in the order they were parsed or added.
///
/// Order is part of the value (two objects with the same members in another order are not
/// equal), because simsub's output must be byte-for-byte stable. Keys are unique: the parser
/// rejects a duplicate key, and `subscript(key:)`'s setter replaces a member in place.
/// Lookup is a linear scan, which is the fastest choice for the stores' objects (a few dozen
/// members at most).
public struct JSONObject: Hashable, Sendable, RandomAccessCollection {
  /// One `"key": value` pair.
  public struct Member: Hashable, Sendable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The members, in order.
  public private(set) var members: [Member]

  public init() { members = [] }

  /// An object with these members; later duplicates replace earlier ones in place.
  public init<S: Sequence>(_ pairs: S) where S.Element == (String, JSONValue) {
    members = []
    for (k, v) in pairs { self[k] = v }
  }

  /// Trusted: the parser has checked that keys are unique.
  init(uniqueMembers: [Member]) { members = uniqueMembers }

  public var startIndex: Int { members.startIndex }
  public var endIndex: Int { members.endIndex }
  public subscript(position: Int) -> Member { members[position] }

  /// The keys, in order.
  public var keys: [String] { members.map(\.key) }

  /// The member's value; setting `nil` removes the member, setting a new key appends it.
  public subscript(key: String) -> JSONValue? {
    get {
      // Lengths first: comparing two lengths is a load each, and most keys differ in length.
      let length = key.utf8.count
      return members.first(where: { $0.key.utf8.count == length && $0.key == key })?.value
    }
    set {
      let i = members.firstIndex(where: { $0.key == key })
      switch (i, newValue) {
      case (let i?, let v?): members[i].value = v
      case (let i?, nil): members.remove(at: i)
      case (nil, let v?): members.append(Member(key: key, value: v))
      case (nil, nil): break
      }
    }
  }

  /// Appends a member when `value` is not `nil`: the encoders' way to omit absent fields
  /// while keeping the documented key order.
  public mutating func append(_ key: String, _ value: JSONValue?) {
    guard let value else { return }
    self[key] = value
  }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
  public init(dictionaryLiteral elements: (String, JSONValue)...) { self.init(elements) }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  public init(nilLiteral: ()) { self = .null }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int64) { self = .number(JSONNumber(value)) }
  /// A float literal is always finite, so this never produces `null`.
  public init(floatLiteral value: Double) { self = .double(value) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements))
  }
}

// MARK: - Building

extension JSONValue {
  /// An integer number.
  public static func int(_ value: Int64) -> JSONValue { .number(JSONNumber(value)) }

  /// A double, or `null` when it is not finite: JSON has no infinity or NaN, and a report
  /// with a rate of 0/0 should still be written (JavaScript's `JSON.stringify` does the same).
  public static func double(_ value: Double) -> JSONValue {
    JSONNumber(value).map(JSONValue.number) ?? .null
  }
}

// MARK: - Reading

extension JSONValue {
  /// The member `key` of an object; `nil` when this is not an object or has no such key.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let o) = self else { return nil }
    return o[key]
  }

  /// The element at `index` of an array; `nil` when this is not an array or out of range.
  public subscript(index: Int) -> JSONValue? {
    guard case .array(let a) = self, a.indices.contains(index) else { return nil }
    return a[index]
  }

  public var isNull: Bool { self == .null }

  public var boolValue: Bool? {
    guard case .bool(let b) = self else { return nil }
    return b
  }

  public var stringValue: String? {
    guard case .string(let s) = self else { return nil }
    return s
  }

  public var numberValue: JSONNumber? {
    guard case .number(let n) = self else { return nil }
    return n
  }

  /// The integer, when this is an integer literal that fits in 64 bits.
  public var int64Value: Int64? { numberValue?.int64 }

  /// The number as the nearest finite double.
  public var doubleValue: Double? { numberValue?.double }

  public var arrayValue: [JSONValue]? {
    guard case .array(let a) = self else { return nil }
    return a
  }

  public var objectValue: JSONObject? {
    guard case .object(let o) = self else { return nil }
    return o
  }

  /// What kind of value this is, with its article, for error messages: `a string`, `an object`.
  public var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
