import Foundation

/// Writes an App Store notification's `signedPayload` straight from the typed value: the
/// payload's JSON and the two nested JWS appended into byte buffers, base64url-encoded in
/// place, with no `JSONValue` and no `String` per field.
///
/// The bytes are the ones `JWS.encodeUnsecured(json)` gives (the same members in the same
/// order, the same escaping and number text); the wire tests compare the two for every fixture
/// and for values with every optional field absent and present.
struct AppStoreSignedPayloadWriter {
  private var out: [UInt8] = []
  private var needsComma = false

  /// `JWS.encodeUnsecured(notification.json)`.
  static func signedPayload(_ n: AppStoreServerNotification) -> String {
    var payload = Self()
    payload.out.reserveCapacity(2048)
    payload.write(n)
    var jws: [UInt8] = []
    jws.reserveCapacity(unsecuredHeader.count + payload.out.count / 3 * 4 + 8)
    appendJWS(payload.out, into: &jws)
    return String(decoding: jws, as: UTF8.self)
  }

  /// `base64url({"alg":"none","typ":"JWT"}) .`, as `JWS.encodeUnsecured` writes it.
  static let unsecuredHeader: [UInt8] = Array(
    (JWS.base64URLEncode(JWS.unsecuredHeader.serializedBytes()) + ".").utf8)

  /// `header.base64url(payload).` appended to `out`.
  static func appendJWS(_ payload: [UInt8], into out: inout [UInt8]) {
    out.append(contentsOf: unsecuredHeader)
    Base64.appendURL(payload, into: &out)
    out.append(UInt8(ascii: "."))
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
      var inner = Self()
      inner.out.reserveCapacity(1024)
      inner.write(t)
      nestedJWS(inner.out)
    }
    if let r = d.renewalInfo {
      key("signedRenewalInfo")
      var inner = Self()
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
    end()
  }

  // MARK: JSON

  private mutating func begin() {
    out.append(UInt8(ascii: "{"))
    needsComma = false
  }

  private mutating func end() {
    out.append(UInt8(ascii: "}"))
    needsComma = true
  }

  /// `"key":`, after a comma when a member precedes; the keys are plain ASCII.
  private mutating func key(_ k: StaticString) {
    if needsComma { out.append(UInt8(ascii: ",")) }
    needsComma = true
    out.append(UInt8(ascii: "\""))
    out.append(contentsOf: UnsafeBufferPointer(start: k.utf8Start, count: k.utf8CodeUnitCount))
    out.append(UInt8(ascii: "\""))
    out.append(UInt8(ascii: ":"))
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
    Self.appendJWS(payload, into: &out)
    out.append(UInt8(ascii: "\""))
  }
}
