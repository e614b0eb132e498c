/// HMAC with SHA-256 (RFC 2104, FIPS 198-1): the signature Stripe puts in `Stripe-Signature`,
/// `v1=` hex of HMAC-SHA256(endpoint secret, "<t>.<body>").
///
/// Checked against the RFC 4231 test cases in `HMACSHA256Tests`.
package enum HMACSHA256 {
  /// The authentication code of `message` under `key`.
  package static func authenticationCode(key: some Sequence<UInt8>, message: some Sequence<UInt8>)
    -> [UInt8]
  {
    var key = Array(key)
    // A key longer than the block is hashed first; a shorter one is padded with zeros.
    if key.count > SHA256.blockSize { key = SHA256.hash(key) }
    key += [UInt8](repeating: 0, count: SHA256.blockSize - key.count)
    var inner = SHA256()
    inner.update(key.map { $0 ^ 0x36 })
    inner.update(message)
    let innerDigest = inner.finalize()
    var outer = SHA256()
    outer.update(key.map { $0 ^ 0x5c })
    outer.update(innerDigest)
    return outer.finalize()
  }

  /// The authentication code of a UTF-8 `message` under a UTF-8 `key`, as lowercase hex.
  package static func hexAuthenticationCode(key: String, message: String) -> String {
    hexString(authenticationCode(key: Array(key.utf8), message: Array(message.utf8)))
  }
}
