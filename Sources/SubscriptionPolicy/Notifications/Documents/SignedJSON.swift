import Foundation

/// A compact JWS as it was read: its header and signature segments untouched, its payload as a
/// JSON tree.
///
/// Apple's `signedPayload`, `signedTransactionInfo` and `signedRenewalInfo` are JWS. A document
/// that must give back what it read keeps the three parts: an unchanged payload gives the
/// original text back exactly; a changed one is written as the original header, the new
/// payload's base64url and the original signature, which then no longer matches (simsub never
/// signs or verifies; see `JWS`).
public struct SignedJSON: Hashable, Sendable {
  /// The bytes the JWS lies in (its own, or the document's it was read from: a body, or the
  /// payload of the JWS it is nested in), shared rather than copied; `start..<end` is the JWS,
  /// `firstDot` and `lastDot` its separators.
  private let source: [UInt8]
  private let start: Int
  private let firstDot: Int
  private let lastDot: Int
  private let end: Int

  /// The JWS as read.
  public var text: String { String(decoding: source[start..<end], as: UTF8.self) }
  /// The first segment, base64url of the protected header, as read.
  public var headerSegment: Substring { Substring(String(decoding: source[start..<firstDot], as: UTF8.self)) }
  /// The third segment, base64url of the signature (empty for an unsecured JWS), as read.
  public var signatureSegment: Substring {
    Substring(String(decoding: source[(lastDot + 1)..<end], as: UTF8.self))
  }
  /// The payload's JSON text, decoded from the second segment, known to be JSON.
  let payloadBytes: [UInt8]
  /// The payload's tree, when it was built on reading; otherwise `payload` builds it from
  /// `payloadBytes` when asked (the App Store decoders read the typed values straight from the
  /// bytes, and most documents are never asked for their trees).
  private let parsedPayload: JSONValue?

  /// The payload, parsed.
  public var payload: JSONValue {
    if let parsedPayload { return parsedPayload }
    // Checked to be JSON when read (by the parser or by `JSONByteIndex`), so this cannot fail;
    // the depth was checked then too.
    return (try? JSONValue(parsing: payloadBytes, maxDepth: .max)) ?? .null
  }

  /// Splits and parses `text`. Throws at `path` as `JWS.decodePayload` does.
  public init(_ text: String, path: JSONPath = .root, maxDepth: Int = JSONValue.defaultMaxDepth)
    throws(JSONDecodingError)
  {
    let parts = try Self.split(text, path: path)
    source = parts.bytes
    start = 0
    firstDot = parts.first
    lastDot = parts.last
    end = parts.bytes.count
    payloadBytes = parts.payload
    do {
      parsedPayload = try JSONValue(parsing: parts.payload, maxDepth: maxDepth)
    } catch {
      throw JSONDecodingError(path: path, message: "the JWS payload is not JSON: \(error)")
    }
  }

  /// A JWS split and its payload base64url-decoded but not yet checked to be JSON: the caller
  /// checks it (`JSONByteIndex`) and drops this value if it is not. `nil` when `text` is not
  /// three segments with a base64url payload (`init(_:path:maxDepth:)` then says which).
  init?(unchecked text: String) {
    self.init(unchecked: Array(text.utf8), range: 0..<text.utf8.count)
  }

  /// `init?(unchecked:)` of the JWS at `range` of `source`, which it keeps rather than copies.
  /// The caller knows those bytes to be JSON string text without escapes (or checks the
  /// header and signature itself); the payload is checked by being decoded.
  init?(unchecked source: [UInt8], range: Range<Int>) {
    let found = source.withUnsafeBufferPointer { all -> (Int, Int, [UInt8])? in
      let b = UnsafeBufferPointer(rebasing: all[range])
      guard let first = b.firstIndex(of: UInt8(ascii: ".")), let last = b.lastIndex(of: UInt8(ascii: ".")),
        first < last,
        let payload = Base64.decode(buffer: UnsafeBufferPointer(rebasing: b[(first + 1)..<last]))
      else { return nil }
      return (range.lowerBound + first, range.lowerBound + last, payload)
    }
    guard let (first, last, payload) = found else { return nil }
    self.source = source
    start = range.lowerBound
    firstDot = first
    lastDot = last
    end = range.upperBound
    payloadBytes = payload
    parsedPayload = nil
  }

  /// The JWS's bytes, for comparing and hashing without making its `String`.
  private func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    source.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
  }

  private static func split(_ text: String, path: JSONPath) throws(JSONDecodingError) -> (
    bytes: [UInt8], first: Int, last: Int, payload: [UInt8]
  ) {
    // Find the dots in the UTF-8 bytes, not the `Character`s: a JWS is ASCII. The first from
    // the start (the header is short), the last from the end (so is the signature): the long
    // payload in between is not scanned here.
    let bytes = Array(text.utf8)
    guard let first = bytes.firstIndex(of: UInt8(ascii: ".")),
      let last = bytes.lastIndex(of: UInt8(ascii: ".")), first < last
    else {
      let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).count
      throw JSONDecodingError(
        path: path,
        message:
          "expected a JWS (three base64url parts separated by '.'), found \(parts) part\(parts == 1 ? "" : "s")"
      )
    }
    guard let decoded = Base64.decode(bytes[(first + 1)..<last]) else {
      // A dot in the middle is a fourth part, not a bad base64 digit.
      let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).count
      throw JSONDecodingError(
        path: path,
        message: parts == 3
          ? "the JWS payload is not base64url"
          : "expected a JWS (three base64url parts separated by '.'), found \(parts) parts")
    }
    return (bytes, first, last, decoded)
  }

  // The text says everything else: the segments and the payload are read from it.
  public static func == (a: SignedJSON, b: SignedJSON) -> Bool {
    a.end - a.start == b.end - b.start
      && a.withBytes { x in
        b.withBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
      }
  }
  public func hash(into hasher: inout Hasher) {
    withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }

  /// Whether `text` has the shape of a compact JWS: three base64url segments, the first two
  /// not empty. Cheap; says nothing of what the segments hold.
  public static func looksLikeJWS<S: StringProtocol>(_ text: S) -> Bool {
    var dots = 0
    var segment = 0
    for b in text.utf8 {
      if b == UInt8(ascii: ".") {
        if dots < 2, segment == 0 { return false }
        dots += 1
        segment = 0
        continue
      }
      let ok =
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
        || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") || b == UInt8(ascii: "=")
      guard ok else { return false }
      segment += 1
    }
    return dots == 2
  }

  /// The JWS with `payload` in place of the one read: the original text when it is the same.
  public func replacingPayload(_ payload: JSONValue) -> String {
    replacingPayload(payload, read: self.payload)
  }

  /// `replacingPayload(_:)`, given the payload's tree as read (`read`, built once by the caller).
  func replacingPayload(_ payload: JSONValue, read: JSONValue) -> String {
    guard payload != read else { return text }
    return "\(headerSegment).\(JWS.base64URLEncode(payload.serializedBytes())).\(signatureSegment)"
  }
}
