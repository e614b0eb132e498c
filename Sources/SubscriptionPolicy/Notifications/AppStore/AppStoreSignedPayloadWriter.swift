import Foundation

/// Writes an App Store notification's `signedPayload` straight from the typed value: the
/// payload's JSON and the two nested JWS appended into byte buffers, base64url-encoded in
/// place, with no `JSONValue` and no `String` per field.
///
/// The bytes are the ones `JWS.encodeUnsecured(json)` gives (the same members in the same
/// order, the same escaping and number text); the wire tests compare the two for every fixture
/// and for values with every optional field absent and present.
package struct AppStoreSignedPayloadWriter: JSONObjectBytes {
  /// How each JWS is signed: the base64url of its protected header, and the signature of its
  /// signing input (`header.payload`, both base64url), as raw bytes; an empty signature is an
  /// unsecured JWS.
  package struct Signing: Sendable {
    package var header: [UInt8]
    package var signature: @Sendable (UnsafeBufferPointer<UInt8>) -> [UInt8]

    package init(header: [UInt8], signature: @escaping @Sendable (UnsafeBufferPointer<UInt8>) -> [UInt8]) {
      self.header = header
      self.signature = signature
    }

    /// `{"alg":"none","typ":"JWT"}` and no signature, as `JWS.encodeUnsecured` writes it.
    package static let unsecured = Signing(
      header: Array(JWS.base64URLEncode(JWS.unsecuredHeader.serializedBytes()).utf8), signature: { _ in [] })
  }

  /// Members written after the typed ones of the nested payloads: what Apple sends that the
  /// typed values do not keep.
  package struct Extras {
    package var transaction: [(key: String, value: JSONValue)] = []
    package var renewal: [(key: String, value: JSONValue)] = []
    package init() {}
  }

  package var out: [UInt8] = []
  package var needsComma = false
  private let signing: Signing
  private let extras: Extras

  private init(signing: Signing, extras: Extras) {
    self.signing = signing
    self.extras = extras
  }

  /// `JWS.encodeUnsecured(notification.json)`.
  static func signedPayload(_ n: AppStoreServerNotification) -> String {
    var jws: [UInt8] = []
    appendSignedPayload(n, signing: .unsecured, extras: Extras(), into: &jws)
    return String(decoding: jws, as: UTF8.self)
  }

  /// `{"signedPayload":"<JWS>"}` of `n`, every JWS signed by `signing`, with `extras` in the
  /// nested payloads.
  package static func requestBody(_ n: AppStoreServerNotification, signing: Signing, extras: Extras)
    -> [UInt8]
  {
    var body: [UInt8] = []
    body.reserveCapacity(4096)
    body.append(contentsOf: #"{"signedPayload":""#.utf8)
    appendSignedPayload(n, signing: signing, extras: extras, into: &body)
    body.append(contentsOf: #""}"#.utf8)
    return body
  }

  /// The notification's JWS, appended to `jws`.
  private static func appendSignedPayload(
    _ n: AppStoreServerNotification, signing: Signing, extras: Extras, into jws: inout [UInt8]
  ) {
    var payload = Self(signing: signing, extras: extras)
    payload.out.reserveCapacity(2048)
    payload.write(n)
    jws.reserveCapacity(jws.count + signing.header.count + payload.out.count / 3 * 4 + 100)
    appendJWS(payload.out, signing: signing, into: &jws)
  }

  /// `header.base64url(payload).base64url(signature)` appended to `out`.
  private static func appendJWS(_ payload: [UInt8], signing: Signing, into out: inout [UInt8]) {
    let start = out.count
    out.append(contentsOf: signing.header)
    out.append(UInt8(ascii: "."))
    Base64.appendURL(payload, into: &out)
    let signature = out.withUnsafeBufferPointer {
      signing.signature(UnsafeBufferPointer(rebasing: $0[start...]))
    }
    out.append(UInt8(ascii: "."))
    Base64.appendURL(signature, into: &out)
  }

  // MARK: The payloads, in the order of their `json`

  private mutating func write(_ n: AppStoreServerNotification) {
    begin()
    key("notificationType")
    symbol(n.notificationType.symbol)
    if let s = n.subtype {
      key("subtype")
      symbol(s.symbol)
    }
    key("notificationUUID")
    uuid(n.notificationUUID)
    key("version")
    symbol(n.version)
    key("signedDate")
    int(n.signedDate.millisecondsSinceEpoch)
    key("data")
    let d = n.data
    begin()
    if let id = d.appAppleId {
      key("appAppleId")
      int(id)
    }
    key("bundleId")
    symbol(d.bundleId)
    if let v = d.bundleVersion {
      key("bundleVersion")
      symbol(v)
    }
    key("environment")
    symbol(d.environment.symbol)
    if let s = d.status {
      key("status")
      int(Int64(s.rawValue))
    }
    if let t = d.transactionInfo {
      key("signedTransactionInfo")
      var inner = Self(signing: signing, extras: extras)
      inner.out.reserveCapacity(1024)
      inner.write(t)
      nestedJWS(inner.out)
    }
    if let r = d.renewalInfo {
      key("signedRenewalInfo")
      var inner = Self(signing: signing, extras: extras)
      inner.out.reserveCapacity(1024)
      inner.write(r)
      nestedJWS(inner.out)
    }
    end()
    end()
  }

  private mutating func write(_ t: JWSTransactionDecodedPayload) {
    begin()
    key("originalTransactionId")
    symbol(t.originalTransactionId)
    key("transactionId")
    symbol(t.transactionId)
    optional("webOrderLineItemId", t.webOrderLineItemId)
    key("bundleId")
    symbol(t.bundleId)
    key("productId")
    symbol(t.productId)
    optional("subscriptionGroupIdentifier", t.subscriptionGroupIdentifier)
    key("purchaseDate")
    int(t.purchaseDate.millisecondsSinceEpoch)
    key("originalPurchaseDate")
    int(t.originalPurchaseDate.millisecondsSinceEpoch)
    optional("expiresDate", t.expiresDate?.millisecondsSinceEpoch)
    key("quantity")
    int(Int64(t.quantity))
    key("type")
    symbol(t.type.symbol)
    key("inAppOwnershipType")
    symbol(t.inAppOwnershipType.symbol)
    key("signedDate")
    int(t.signedDate.millisecondsSinceEpoch)
    optional("revocationReason", t.revocationReason.map(Int64.init))
    optional("revocationDate", t.revocationDate?.millisecondsSinceEpoch)
    if let u = t.isUpgraded {
      key("isUpgraded")
      bool(u)
    }
    optional("offerType", t.offerType.map(Int64.init))
    key("environment")
    symbol(t.environment.symbol)
    optional("transactionReason", t.transactionReason)
    optional("storefront", t.storefront)
    optional("price", t.price)
    optional("currency", t.currency)
    extra(extras.transaction)
    end()
  }

  private mutating func write(_ r: JWSRenewalInfoDecodedPayload) {
    begin()
    optional("expirationIntent", r.expirationIntent.map(Int64.init))
    key("originalTransactionId")
    symbol(r.originalTransactionId)
    key("autoRenewProductId")
    symbol(r.autoRenewProductId)
    key("productId")
    symbol(r.productId)
    key("autoRenewStatus")
    int(Int64(r.autoRenewStatus))
    if let b = r.isInBillingRetryPeriod {
      key("isInBillingRetryPeriod")
      bool(b)
    }
    optional("priceIncreaseStatus", r.priceIncreaseStatus.map(Int64.init))
    optional("gracePeriodExpiresDate", r.gracePeriodExpiresDate?.millisecondsSinceEpoch)
    optional("offerType", r.offerType.map(Int64.init))
    key("signedDate")
    int(r.signedDate.millisecondsSinceEpoch)
    key("environment")
    symbol(r.environment.symbol)
    optional("recentSubscriptionStartDate", r.recentSubscriptionStartDate?.millisecondsSinceEpoch)
    optional("renewalDate", r.renewalDate?.millisecondsSinceEpoch)
    extra(extras.renewal)
    end()
  }

  // MARK: JSON

  private mutating func extra(_ members: [(key: String, value: JSONValue)]) {
    for (k, value) in members {
      if needsComma { out.append(UInt8(ascii: ",")) }
      needsComma = true
      JSONWriter.writeString(k, into: &out)
      out.append(UInt8(ascii: ":"))
      JSONWriter.write(value, .compact, indent: 0, into: &out)
    }
  }

  private mutating func optional(_ k: StaticString, _ value: Int64?) {
    guard let value else { return }
    key(k)
    int(value)
  }

  private mutating func optional(_ k: StaticString, _ value: Symbol?) {
    guard let value else { return }
    key(k)
    symbol(value)
  }

  /// A symbol as its text: a numeric one's digits, quoted, without making a `String`.
  private mutating func symbol(_ s: Symbol) {
    guard let n = s.number else { return JSONWriter.writeString(s.text, into: &out) }
    out.append(UInt8(ascii: "\""))
    digits(n)
    out.append(UInt8(ascii: "\""))
  }

  private mutating func bool(_ b: Bool) {
    if b {
      out.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
    } else {
      out.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
    }
  }

  private mutating func int(_ v: Int64) {
    if v < 0 {
      out.append(UInt8(ascii: "-"))
      digits(v.magnitude)
    } else {
      digits(UInt64(v))
    }
  }

  private mutating func digits(_ v: UInt64) {
    var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
    withUnsafeMutableBytes(of: &buffer) { b in
      var i = 24
      var v = v
      repeat {
        i -= 1
        b[i] = UInt8(truncatingIfNeeded: v % 10) &+ 0x30
        v /= 10
      } while v > 0
      out.append(contentsOf: UnsafeRawBufferPointer(rebasing: b[i..<24]))
    }
  }

  private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

  /// A UUID quoted, in lower case, as `uuidString.lowercased()` writes it.
  private mutating func uuid(_ u: UUID) {
    out.append(UInt8(ascii: "\""))
    withUnsafeBytes(of: u.uuid) { b in
      for k in 0..<16 {
        if k == 4 || k == 6 || k == 8 || k == 10 { out.append(UInt8(ascii: "-")) }
        out.append(Self.hex[Int(b[k] >> 4)])
        out.append(Self.hex[Int(b[k] & 0xF)])
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// A nested JWS as a JSON string: base64url needs no escaping.
  private mutating func nestedJWS(_ payload: [UInt8]) {
    out.append(UInt8(ascii: "\""))
    Self.appendJWS(payload, signing: signing, into: &out)
    out.append(UInt8(ascii: "\""))
  }
}
