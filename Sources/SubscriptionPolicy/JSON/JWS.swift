import Foundation

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
    let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else {
      throw JSONDecodingError(
        path: path,
        message:
          "expected a JWS (three base64url parts separated by '.'), found \(parts.count) part\(parts.count == 1 ? "" : "s")"
      )
    }
    guard let bytes = base64URLDecode(parts[1]) else {
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
    var s = Data(bytes).base64EncodedString()
    s = s.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    while s.last == "=" { s.removeLast() }
    return s
  }

  /// Decodes base64url, padded or not; also accepts the standard alphabet (`+`, `/`), since
  /// logs pass through tools that re-encode. `nil` for anything else.
  public static func base64URLDecode<S: StringProtocol>(_ text: S) -> [UInt8]? {
    var s = String(text)
    guard
      s.utf8.allSatisfy({ b in
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
          || b == 0x2D || b == 0x5F || b == 0x2B || b == 0x2F || b == 0x3D
      })
    else { return nil }
    s = s.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while s.last == "=" { s.removeLast() }
    guard s.utf8.count % 4 != 1 else { return nil }
    s += String(repeating: "=", count: (4 - s.utf8.count % 4) % 4)
    guard let data = Data(base64Encoded: s) else { return nil }
    return Array(data)
  }
}
