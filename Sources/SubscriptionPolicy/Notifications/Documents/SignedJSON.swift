/// A compact JWS as it was read: its header and signature segments untouched, its payload as a
/// JSON tree.
///
/// Apple's `signedPayload`, `signedTransactionInfo` and `signedRenewalInfo` are JWS. A document
/// that must give back what it read keeps the three parts: an unchanged payload gives the
/// original text back exactly; a changed one is written as the original header, the new
/// payload's base64url and the original signature, which then no longer matches (simsub never
/// signs or verifies; see `JWS`).
public struct SignedJSON: Hashable, Sendable {
  /// The JWS as read.
  public let text: String
  /// The first segment, base64url of the protected header, as read.
  public let headerSegment: Substring
  /// The third segment, base64url of the signature (empty for an unsecured JWS), as read.
  public let signatureSegment: Substring
  /// The payload, parsed.
  public let payload: JSONValue

  /// Splits and parses `text`. Throws at `path` as `JWS.decodePayload` does.
  public init(_ text: String, path: JSONPath = .root, maxDepth: Int = JSONValue.defaultMaxDepth)
    throws(JSONDecodingError)
  {
    self.text = text
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
    let dots = [first, last]
    let utf8 = text.utf8
    headerSegment = Substring(utf8[..<utf8.index(utf8.startIndex, offsetBy: dots[0])])
    signatureSegment = Substring(utf8[utf8.index(utf8.startIndex, offsetBy: dots[1] + 1)...])
    guard let decoded = Base64.decode(bytes[(dots[0] + 1)..<dots[1]]) else {
      // A dot in the middle is a fourth part, not a bad base64 digit.
      let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).count
      throw JSONDecodingError(
        path: path,
        message: parts == 3
          ? "the JWS payload is not base64url"
          : "expected a JWS (three base64url parts separated by '.'), found \(parts) parts")
    }
    do {
      payload = try JSONValue(parsing: decoded, maxDepth: maxDepth)
    } catch {
      throw JSONDecodingError(path: path, message: "the JWS payload is not JSON: \(error)")
    }
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
    guard payload != self.payload else { return text }
    return "\(headerSegment).\(JWS.base64URLEncode(payload.serializedBytes())).\(signatureSegment)"
  }
}
