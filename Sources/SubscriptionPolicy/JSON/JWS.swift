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
    let count = encodedCount(bytes.count, padded: padded)
    guard count > 0 else { return "" }
    return String(unsafeUninitializedCapacity: count) { out in
      bytes.withUnsafeBufferPointer { input in
        alphabet.withUnsafeBufferPointer { encode(input, alphabet: $0, padded: padded, into: out) }
      }
      return count
    }
  }

  /// Base64url without padding of `bytes`, appended to `out`.
  static func appendURL(_ bytes: [UInt8], into out: inout [UInt8]) {
    let count = encodedCount(bytes.count, padded: false)
    let start = out.count
    out.append(contentsOf: repeatElement(0, count: count))
    out.withUnsafeMutableBufferPointer { o in
      bytes.withUnsafeBufferPointer { input in
        urlAlphabet.withUnsafeBufferPointer { a in
          encode(input, alphabet: a, padded: false, into: UnsafeMutableBufferPointer(rebasing: o[start...]))
        }
      }
    }
  }

  static func encodedCount(_ count: Int, padded: Bool) -> Int {
    let rest = count % 3
    return count / 3 * 4 + (rest == 0 ? 0 : padded ? 4 : rest + 1)
  }

  /// Writes the encoding of `input` to the start of `out`, which holds at least
  /// `encodedCount(input.count, padded:)` bytes.
  private static func encode(
    _ input: UnsafeBufferPointer<UInt8>, alphabet a: UnsafeBufferPointer<UInt8>, padded: Bool,
    into out: UnsafeMutableBufferPointer<UInt8>
  ) {
    let rest = input.count % 3
    let count = encodedCount(input.count, padded: padded)
    var i = 0
    var o = 0
    while i + 3 <= input.count {
      let n = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
      out[o] = a[Int(n >> 18 & 63)]
      out[o + 1] = a[Int(n >> 12 & 63)]
      out[o + 2] = a[Int(n >> 6 & 63)]
      out[o + 3] = a[Int(n & 63)]
      i += 3
      o += 4
    }
    if rest > 0 {
      let n = UInt32(input[i]) << 16 | (rest == 2 ? UInt32(input[i + 1]) << 8 : 0)
      out[o] = a[Int(n >> 18 & 63)]
      out[o + 1] = a[Int(n >> 12 & 63)]
      o += 2
      if rest == 2 {
        out[o] = a[Int(n >> 6 & 63)]
        o += 1
      }
      if padded {
        while o < count {
          out[o] = UInt8(ascii: "=")
          o += 1
        }
      }
    }
  }

  /// Each byte's 6-bit value in either alphabet, or 0xFF.
  private static let values: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (i, c) in standardAlphabet.enumerated() { table[Int(c)] = UInt8(i) }
    for (i, c) in urlAlphabet.enumerated() { table[Int(c)] = UInt8(i) }
    return table
  }()

  /// For each of a quantum's four positions, every byte's contribution to the three decoded
  /// bytes, laid out as a little-endian `UInt32` (byte 0 first), or `invalid` for a byte of
  /// neither alphabet: a quantum decodes as four loads and three ORs, and one comparison says
  /// whether any of its bytes was invalid (the layout of modp_b64, Chromium's decoder).
  private static let quantumTables: [UInt32] = {
    var table = [UInt32](repeating: invalid, count: 4 * 256)
    for byte in 0..<256 {
      let v = UInt32(values[byte])
      guard v != 0xFF else { continue }
      table[byte] = v << 2
      table[256 + byte] = v >> 4 | (v & 0x0F) << 12
      table[512 + byte] = (v >> 2) << 8 | (v & 0x03) << 22
      table[768 + byte] = v << 16
    }
    return table
  }()
  private static let invalid: UInt32 = 0x0100_0000

  /// Decodes either alphabet, with or without `=` padding (at most two, only at the end).
  static func decode<C: Collection>(_ text: C) -> [UInt8]? where C.Element == UInt8 {
    if let decoded = text.withContiguousStorageIfAvailable({ decode(buffer: $0) }) { return decoded }
    return Array(text).withUnsafeBufferPointer { decode(buffer: $0) }
  }

  static func decode(buffer: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
    var count = buffer.count
    var padding = 0
    while count > 0, buffer[count - 1] == UInt8(ascii: "=") {
      count -= 1
      padding += 1
    }
    guard padding <= 2, count % 4 != 1 else { return nil }
    if padding > 0, (count + padding) % 4 != 0 { return nil }
    let outCount = count / 4 * 3 + (count % 4 == 0 ? 0 : count % 4 - 1)
    var valid = true
    let out = [UInt8](unsafeUninitializedCapacity: outCount) { out, initialized in
      Base64.values.withUnsafeBufferPointer { values in
        var i = 0
        var o = 0
        // Whole quanta, each written as four bytes (the fourth overwritten by the next quantum),
        // while a fourth byte fits in `out`.
        quantumTables.withUnsafeBufferPointer { t in
          guard outCount >= 4, let base = out.baseAddress, var input = buffer.baseAddress else { return }
          let table = t.baseAddress!
          let quanta = min(count / 4, (outCount - 4) / 3 + 1)
          var output = UnsafeMutableRawPointer(base)
          for _ in 0..<quanta {
            let n =
              table[Int(input[0])] | table[256 &+ Int(input[1])] | table[512 &+ Int(input[2])]
              | table[768 &+ Int(input[3])]
            guard n < invalid else {
              valid = false
              return
            }
            output.storeBytes(of: n.littleEndian, as: UInt32.self)
            input += 4
            output += 3
          }
          i = quanta * 4
          o = quanta * 3
        }
        while valid, i + 4 <= count {
          let a = values[Int(buffer[i])]
          let b = values[Int(buffer[i + 1])]
          let c = values[Int(buffer[i + 2])]
          let d = values[Int(buffer[i + 3])]
          guard (a | b | c | d) & 0xC0 == 0 else {
            valid = false
            break
          }
          let n = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
          out[o] = UInt8(truncatingIfNeeded: n >> 16)
          out[o + 1] = UInt8(truncatingIfNeeded: n >> 8)
          out[o + 2] = UInt8(truncatingIfNeeded: n)
          i += 4
          o += 3
        }
        if valid, i < count {
          var n: UInt32 = 0
          let left = count - i
          for k in 0..<left {
            let v = values[Int(buffer[i + k])]
            guard v != 0xFF else {
              valid = false
              break
            }
            n |= UInt32(v) << (18 - 6 * UInt32(k))
          }
          if valid {
            out[o] = UInt8(truncatingIfNeeded: n >> 16)
            o += 1
            if left == 3 {
              out[o] = UInt8(truncatingIfNeeded: n >> 8)
              o += 1
            }
          }
        }
        initialized = valid ? o : 0
      }
    }
    return valid ? out : nil
  }
}
