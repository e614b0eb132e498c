/// JSON Web Signature compact serialization (RFC 7515), as far as a test tool needs it.
///
/// **simsub never verifies signatures.** Apple signs `signedPayload`,
/// `signedTransactionInfo` and `signedRenewalInfo` with ES256 and a certificate chain in the
/// header's `x5c`; a production server must verify that chain and the signature (Apple's
/// App Store Server Library does) before trusting a byte of the payload. simsub plays the store
/// itself, and replays logs its user already trusts, so it:
///
/// - writes *unsecured* JWS: `base64url({"alg":"none","typ":"JWT"}) . base64url(payload) .`
///   with an empty signature (RFC 7515 appendix A.5), which no verifying server accepts —
///   deliberately, so simsub output can never pass for Apple's;
/// - reads any JWS by base64url-decoding its middle part, ignoring header and signature.
///
/// Do not copy `JWS.decodePayload` into an app server.
public enum JWS {
  /// The header simsub writes: no algorithm, so nothing to verify and nothing that verifies.
  public static let unsecuredHeader: JSONValue = ["alg": "none", "typ": "JWT"]

  /// `base64url(header).base64url(payload).` with the compact JSON of both.
  public static func encodeUnsecured(_ payload: JSONValue) -> String {
    base64URLEncode(unsecuredHeader.serializedBytes()) + "."
      + base64URLEncode(payload.serializedBytes()) + "."
  }

  /// The payload of a compact JWS, parsed as JSON, without verifying anything.
  ///
  /// Throws `JSONDecodingError` at `path` when the text is not three dot-separated parts, the
  /// middle part is not base64url, or it is not JSON (the message then carries the JSON
  /// error's line and column within the payload).
  public static func decodePayload(_ jws: String, path: JSONPath = .root) throws(JSONDecodingError)
    -> JSONValue
  {
    // Split the UTF-8 bytes, not the `Character`s: a JWS is ASCII, and byte splitting is
    // many times faster than grapheme-aware `String.split`.
    let parts = Array(jws.utf8).split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 3 else {
      throw JSONDecodingError(
        path: path,
        message:
          "expected a JWS (three base64url parts separated by '.'), found \(Plural.count(parts.count, "part"))"
      )
    }
    guard let bytes = Base64.decode(parts[1]) else {
      throw JSONDecodingError(path: path, message: "the JWS payload is not base64url")
    }
    do {
      return try JSONValue(parsing: bytes)
    } catch {
      throw JSONDecodingError(path: path, message: "the JWS payload is not JSON: \(error)")
    }
  }

  /// Base64url without padding (RFC 4648 §5), as JWS uses.
  public static func base64URLEncode(_ bytes: [UInt8]) -> String {
    Base64.encode(bytes, alphabet: Base64.urlAlphabet, padded: false)
  }

  /// Decodes base64url, padded or not; also accepts the standard alphabet (`+`, `/`), since
  /// logs pass through tools that re-encode. `nil` for anything else.
  public static func base64URLDecode<S: StringProtocol>(_ text: S) -> [UInt8]? {
    Base64.decode(text.utf8)
  }
}

/// Base64 (RFC 4648), by hand: a table lookup per byte, several times faster than going through
/// Foundation's `Data` and rewriting the alphabet with string replacement, which dominated the
/// cost of decoding a notification with three JWS in it.
enum Base64 {
  static let standardAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  static let urlAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  static func encode(_ bytes: [UInt8], alphabet: [UInt8], padded: Bool) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i + 3 <= bytes.count {
      let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
      out.append(alphabet[Int(n >> 18 & 63)])
      out.append(alphabet[Int(n >> 12 & 63)])
      out.append(alphabet[Int(n >> 6 & 63)])
      out.append(alphabet[Int(n & 63)])
      i += 3
    }
    let rest = bytes.count - i
    if rest > 0 {
      let n = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
      out.append(alphabet[Int(n >> 18 & 63)])
      out.append(alphabet[Int(n >> 12 & 63)])
      if rest == 2 { out.append(alphabet[Int(n >> 6 & 63)]) }
      if padded { out.append(contentsOf: repeatElement(UInt8(ascii: "="), count: 3 - rest)) }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Each byte's 6-bit value in either alphabet, or 0xFF.
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (i, c) in standardAlphabet.enumerated() { table[Int(c)] = UInt8(i) }
    for (i, c) in urlAlphabet.enumerated() { table[Int(c)] = UInt8(i) }
    return table
  }()

  /// Decodes either alphabet, with or without `=` padding (at most two, only at the end).
  static func decode<C: Collection>(_ text: C) -> [UInt8]? where C.Element == UInt8 {
    var digits = Array(text)
    var padding = 0
    while digits.last == UInt8(ascii: "=") {
      digits.removeLast()
      padding += 1
    }
    guard padding <= 2, digits.count % 4 != 1 else { return nil }
    if padding > 0, (digits.count + padding) % 4 != 0 { return nil }
    var out: [UInt8] = []
    out.reserveCapacity(digits.count * 3 / 4)
    var acc: UInt32 = 0
    var bits = 0
    let values = Base64.values
    for c in digits {
      let v = values[Int(c)]
      guard v != 0xFF else { return nil }
      acc = acc << 6 | UInt32(v)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: acc >> UInt32(bits)))
      }
    }
    return out
  }
}
