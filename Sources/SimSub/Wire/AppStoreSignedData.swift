import Foundation

/// Apple's signed data as simsub writes it: a compact JWS (RFC 7515) with Apple's header shape,
/// `{"alg":"ES256","x5c":[leaf, intermediate, root]}`, around the payload's compact JSON.
///
/// simsub has no Apple key, so nothing it signs verifies: the three `x5c` entries are base64
/// of text saying so (not certificates), and the signature is 64 bytes (ES256's `r‖s` length)
/// of SHA-256 of the signing input, not an ECDSA signature. In the `LocalTesting` and `Xcode`
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

  /// `base64url(header).base64url(payload).base64url(signature)`.
  static func sign(_ payload: JSONValue) -> String {
    let input =
      JWS.base64URLEncode(header.serializedBytes()) + "." + JWS.base64URLEncode(payload.serializedBytes())
    let digest = SHA256.hash(Array(input.utf8))
    return input + "." + JWS.base64URLEncode(digest + SHA256.hash(digest))
  }
}
