import Foundation

/// Apple's signed data as simsub writes it: a compact JWS (RFC 7515) with Apple's header shape,
/// `{"alg":"ES256","x5c":[leaf, intermediate, root]}`, around the payload's compact JSON.
///
/// simsub has no Apple key, so nothing it signs verifies: the three `x5c` entries are base64
/// of text saying so (not certificates), and the signature is 64 bytes (ES256's `r‖s` length)
/// drawn from a hash of the signing input, not an ECDSA signature: the same input always gives
/// the same bytes, a changed one other bytes, and nothing can check them. In the `LocalTesting` and `Xcode`
/// environments Apple's App Store Server Libraries skip the chain and signature checks and
/// decode the payload, checking the bundle id and environment; in `Sandbox` and `Production`
/// they reject this, with `INVALID_CERTIFICATE` or `VERIFICATION_FAILURE` — as they must
/// anything Apple did not sign.
enum AppStoreSignedData {
  /// The header, in the order Apple writes its members.
  static let header: JSONValue = [
    "alg": "ES256",
    "x5c": .array(
      ["leaf", "intermediate", "root"].map { role in
        .string(
          Data("simsub \(role) placeholder: not a certificate, not signed by Apple".utf8)
            .base64EncodedString())
      }),
  ]

  /// The header's base64url, as every JWS simsub signs starts.
  static let encodedHeader = JWS.base64URLEncode(header.serializedBytes())

  /// The 64 signature bytes of a signing input: a 64-bit hash of it, a word at a time (a
  /// multiply and a shift per word, as SplitMix64 mixes), expanded into eight words by
  /// SplitMix64. A cryptographic digest would cost more than writing the whole body, for bytes
  /// that no one can verify either way.
  static func signature(of input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    @inline(__always) func mix(_ x: UInt64) -> UInt64 {
      var z = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(input.count)
    var i = 0
    if let base = input.baseAddress {
      while i &+ 8 <= input.count {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
        h = (h ^ word) &* 0xBF58_476D_1CE4_E5B9
        h ^= h >> 31
        i &+= 8
      }
    }
    var tail: UInt64 = 0
    for k in i..<input.count { tail |= UInt64(input[k]) << (8 * UInt64(k - i)) }
    var state = mix(h ^ tail)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(64)
    for _ in 0..<8 {
      state &+= 0x9E37_79B9_7F4A_7C15
      let word = mix(state)
      for k in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: word >> (8 * UInt64(k)))) }
    }
    return bytes
  }

  /// `base64url(header).base64url(payload).base64url(signature)`.
  static func sign(_ payload: JSONValue) -> String {
    let input = encodedHeader + "." + JWS.base64URLEncode(payload.serializedBytes())
    let bytes = Array(input.utf8).withUnsafeBufferPointer { Self.signature(of: $0) }
    return input + "." + JWS.base64URLEncode(bytes)
  }

  /// The same signing for `AppStoreSignedPayloadWriter`, which writes the bodies of requests.
  static let signing = AppStoreSignedPayloadWriter.Signing(
    header: Array(encodedHeader.utf8), signature: { Self.signature(of: $0) })
}
