import Foundation

/// A type with one JSON shape that it writes and reads back.
///
/// The encoders write fields in a fixed order (the store's documented order) and treat an
/// absent value as the store does: Apple and Google omit the field, Stripe and RevenueCat write
/// `null`; the decoders ignore members they do not know, so a field a store
/// adds tomorrow never breaks a replay. Decoding throws `JSONDecodingError` naming the path.
public protocol JSONRepresentable {
  /// The value as JSON.
  var json: JSONValue { get }
  /// Decodes the value at `json`.
  init(json: JSONCursor) throws(JSONDecodingError)
}

extension JSONRepresentable {
  /// Decodes a whole document.
  public init(json: JSONValue) throws(JSONDecodingError) {
    try self.init(json: JSONCursor(json))
  }

  /// Parses and decodes a document. Throws `JSONError` (not JSON: line and column) or
  /// `JSONDecodingError` (JSON of the wrong shape: path).
  public init(jsonText: String) throws {
    try self.init(json: JSONValue(parsing: jsonText))
  }

  /// The value's JSON text: compact for a log line, pretty for a person.
  public func jsonText(_ style: JSONStyle = .compact) -> String {
    json.serialized(style)
  }
}

// MARK: - Store-specific getters

extension JSONCursor {
  /// A store identifier.
  public func symbol() throws(JSONDecodingError) -> Symbol { Symbol(try string()) }

  /// An id the store makes anew per notification or payment, digested while
  /// `Symbol.digestingUniqueIdentifiers` (`DigestedSymbol.swift`).
  func uniqueSymbol() throws(JSONDecodingError) -> Symbol { Symbol.unique(try string()) }

  /// A `StoreString` (`notificationType`, `subscriptionState`, …): any string decodes, known or
  /// not, and keeps its raw value.
  public func storeString<T: StoreString>(_: T.Type = T.self) throws(JSONDecodingError) -> T {
    T(symbol: try symbol())
  }

  /// An instant from a JSON number of milliseconds since the epoch (Apple's dates), rounded
  /// down to the second as `Instant` holds whole seconds.
  ///
  /// Apple writes integers, but payloads signed by Xcode's StoreKit testing carry fractional
  /// milliseconds (`1767225600123.456`); those read too. The fraction is kept where the text is
  /// kept: in a decoded document's tree (see `JSONMerge`), never in the typed value.
  public func instantFromMilliseconds() throws(JSONDecodingError) -> Instant {
    let n = try number()
    guard let ms = n.floorInt64 else {
      throw error("expected milliseconds since the epoch that fit in 64 bits, found \(n.text)")
    }
    return Instant(millisecondsSinceEpoch: ms)
  }

  /// A 64-bit integer written either as a JSON integer or as a string of its digits.
  ///
  /// For Google's `eventTimeMillis`, documented as a `long` and sent as a string (proto3 JSON's
  /// spelling of 64-bit integers), and for ids some tools quote.
  public func int64OrDecimalString() throws(JSONDecodingError) -> Int64 {
    if case .string(let s)? = value {
      guard let n = JSONNumber(text: s)?.int64 else {
        throw error("expected an integer or a string of digits, found \(JSONValue.string(s).serialized())")
      }
      return n
    }
    guard case .number? = value else { throw expected("an integer or a string of digits") }
    return try int64()
  }

  /// An instant from an RFC 3339 timestamp (Google's `expiryTime`, `startTime`).
  public func instantFromRFC3339() throws(JSONDecodingError) -> Instant {
    let s = try string()
    guard let instant = RFC3339.parse(s) else {
      throw error("expected an RFC 3339 timestamp, found \(JSONValue.string(s).serialized())")
    }
    return instant
  }

  /// A UUID in its canonical 8-4-4-4-12 hex form, either case.
  public func uuid() throws(JSONDecodingError) -> UUID {
    let s = try string()
    guard let u = Self.parseUUID(s) else {
      throw error("expected a UUID, found \(JSONValue.string(s).serialized())")
    }
    return u
  }

  /// `8-4-4-4-12` hex digits, either case, by hand: Foundation's `UUID(uuidString:)` goes
  /// through `sscanf`, many times slower, and this runs for every App Store notification.
  static func parseUUID(_ s: String) -> UUID? {
    var s = s
    return s.withUTF8 { parseUUID($0) }
  }

  /// `parseUUID(_:)` over UTF-8 bytes.
  static func parseUUID(_ p: UnsafeBufferPointer<UInt8>) -> UUID? {
    do {
      guard p.count == 36 else { return nil }
      var bytes = (
        UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0),
        UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0), UInt8(0)
      )
      var ok = true
      withUnsafeMutableBytes(of: &bytes) { out in
        var i = 0
        var o = 0
        func hex(_ c: UInt8) -> UInt8? {
          switch c {
          case 0x30...0x39: c - 0x30
          case 0x41...0x46: c - 0x41 + 10
          case 0x61...0x66: c - 0x61 + 10
          default: nil
          }
        }
        while i < 36 {
          if i == 8 || i == 13 || i == 18 || i == 23 {
            guard p[i] == UInt8(ascii: "-") else {
              ok = false
              return
            }
            i += 1
            continue
          }
          guard let h = hex(p[i]), let l = hex(p[i + 1]) else {
            ok = false
            return
          }
          out[o] = h << 4 | l
          o += 1
          i += 2
        }
      }
      return ok ? UUID(uuid: bytes) : nil
    }
  }

  /// Decodes the value here as `T`.
  public func decode<T: JSONRepresentable>(_: T.Type = T.self) throws(JSONDecodingError) -> T {
    try T(json: self)
  }
}

// MARK: - Encoding helpers

extension JSONValue {
  /// A store identifier as its text.
  static func symbol(_ s: Symbol) -> JSONValue { .string(s.text) }

  /// An instant as integer milliseconds since the epoch.
  static func milliseconds(_ instant: Instant) -> JSONValue { .int(instant.millisecondsSinceEpoch) }
}
