import Foundation

/// The identifiers a wire request carries in place of the engine's numbers: real-looking, in
/// each store's shape, never the same in two runs, and the same in every run with one salt.
///
/// The engine numbers its ids (`originalTransactionId` 2000000001000000, `sub_100000001000000`,
/// …) so that it never builds text; those numbers repeat in every run and every scenario, and a
/// server with a database would take a new run's subscriber for an old one. Each id here is
/// derived from SHA-256 of the salt, the scope (the scenario, and the source or family member
/// when it has several), the kind of id and the engine's number: equal engine ids stay equal (a
/// first `transactionId` is still its `originalTransactionId`), different ones differ, and a
/// random salt (the default) gives a run ids no other run has. `--salt` fixes it, to reproduce
/// every byte.
///
/// | id | shape | source of the shape |
/// |---|---|---|
/// | Apple transaction, web order line item | 16 digits from `2000` | Apple's sandbox and production ids |
/// | Apple `appTransactionId` | 18 digits from `70` | Apple's `AppTransaction.appTransactionId` examples |
/// | UUIDs (`notificationUUID`, `appAccountToken`, RevenueCat `id`) | version 4 | RFC 9562 |
/// | Google purchase token | 24 letters, `.AO-J1O`, 107 base64url characters | tokens Play Billing returns |
/// | Google order id | `GPA.dddd-dddd-dddd-ddddd`, renewals `..N` | Play Console orders |
/// | Pub/Sub `messageId` | 16 digits | Pub/Sub push bodies |
/// | Stripe | `cus_` + 14, others prefix + `1` + 23 base62 | Stripe's API reference examples |
public struct WireIdentifiers: Hashable, Sendable {
  /// The run's salt.
  public var salt: String
  /// What the ids belong to: the scenario, source and member.
  public var scope: String
  /// Where ids already derived are kept, when a caller gives one (``IdentifierMemo``): the
  /// same ids are asked for again and again over one subscriber's requests. Not part of the
  /// value: two identifiers with the same salt and scope are equal.
  var memo: IdentifierMemo?

  public init(salt: String, scope: String) {
    self.salt = salt
    self.scope = scope
  }

  public static func == (a: WireIdentifiers, b: WireIdentifiers) -> Bool {
    a.salt == b.salt && a.scope == b.scope
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(salt)
    hasher.combine(scope)
  }

  /// A fresh salt: 16 hexadecimal digits from the system's random source.
  public static func randomSalt() -> String {
    var generator = SystemRandomNumberGenerator()
    let value = generator.next() as UInt64
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// At least `count` bytes derived from the salt, the scope, `kind` and `key`.
  func bytes(_ kind: String, _ key: String, count: Int = 32) -> [UInt8] {
    let seed = Array("\(salt)\n\(scope)\n\(kind)\n\(key)".utf8)
    var out = SHA256.hash(seed)
    var block: UInt8 = 1
    while out.count < count {
      out += SHA256.hash(seed + [block])
      block &+= 1
    }
    return out
  }

  /// `count` decimal digits.
  func digits(_ kind: String, _ key: String, count: Int) -> String {
    if let memo { return memo.text(kind, key, count) { derivedDigits(kind, key, count: count) } }
    return derivedDigits(kind, key, count: count)
  }

  private func derivedDigits(_ kind: String, _ key: String, count: Int) -> String {
    let b = bytes(kind, key, count: count)
    return String(b.prefix(count).map { Character(UnicodeScalar(0x30 + $0 % 10)) })
  }

  /// `count` characters of `alphabet`.
  func characters(_ kind: String, _ key: String, count: Int, alphabet: [Character]) -> String {
    guard let memo else { return derivedCharacters(kind, key, count: count, alphabet: alphabet) }
    return memo.text(kind, key, count) { derivedCharacters(kind, key, count: count, alphabet: alphabet) }
  }

  private func derivedCharacters(_ kind: String, _ key: String, count: Int, alphabet: [Character]) -> String {
    // 256 is not a multiple of most alphabets: a byte above the largest multiple is skipped,
    // so every character is equally likely.
    let limit = 256 - 256 % alphabet.count
    var out = ""
    var round = 0
    while out.count < count {
      for byte in bytes(kind, "\(key)#\(round)", count: 64) where Int(byte) < limit && out.count < count {
        out.append(alphabet[Int(byte) % alphabet.count])
      }
      round += 1
    }
    return out
  }

  static let base62 = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
  static let base64URL = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
  static let lowercase = Array("abcdefghijklmnopqrstuvwxyz")

  /// A version 4 UUID (RFC 9562 §5.4).
  public func uuid(_ kind: String, _ key: String) -> UUID {
    guard let memo else { return derivedUUID(kind, key) }
    return memo.uuid(kind, key) { derivedUUID(kind, key) }
  }

  private func derivedUUID(_ kind: String, _ key: String) -> UUID {
    var b = bytes(kind, key)
    b[6] = b[6] & 0x0F | 0x40
    b[8] = b[8] & 0x3F | 0x80
    return UUID(
      uuid: (
        b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]
      ))
  }

  /// The subscriber's own id in the app: Apple's `appAccountToken`, Google's
  /// `obfuscatedExternalAccountId`, Stripe's `metadata.user_id`, RevenueCat's `app_user_id`.
  /// One per subscriber, whatever the source, in lower case as Apple writes UUIDs.
  public func subscriberId(_ subscriber: UInt64) -> String {
    uuid("subscriber", String(subscriber)).uuidString.lowercased()
  }

  // MARK: App Store

  /// An App Store transaction id (or `webOrderLineItemId`, `kind` telling them apart) in place
  /// of the engine's numeric `id`; any other id is kept.
  public func appleTransactionId(_ id: Symbol, kind: String = "apple.transaction") -> Symbol {
    guard let n = id.number else { return id }
    return Symbol(number: UInt64("2000" + digits(kind, String(n), count: 12))!)
  }

  /// `appAppleId`-like `appTransactionId`: one per subscriber and app.
  public func appTransactionId(subscriber: UInt64) -> String {
    "70" + digits("apple.appTransaction", String(subscriber), count: 16)
  }

  // MARK: Google Play

  /// A purchase token in place of the engine's number; any other token is kept.
  public func purchaseToken(_ token: Symbol) -> Symbol {
    guard let n = token.number else { return token }
    let key = String(n)
    let head = characters("google.token.head", key, count: 24, alphabet: Self.lowercase)
    let tail = characters("google.token.tail", key, count: 107, alphabet: Self.base64URL)
    return Symbol("\(head).AO-J1O\(tail)")
  }

  /// An order id in place of the engine's (`token × 1000 + k`): the purchase's digits, and
  /// `..(k-1)` for the k-th renewal, as Google writes them. Any other id is kept.
  public func orderId(_ order: Symbol) -> Symbol {
    guard let n = order.number, n >= 1000 else { return order }
    let d = digits("google.order", String(n / 1000), count: 17)
    let a = Array(d)
    var text = "GPA." + String(a[0..<4]) + "-" + String(a[4..<8]) + "-" + String(a[8..<12]) + "-"
    text += String(a[12...])
    let index = n % 1000
    if index > 0 { text += "..\(index - 1)" }
    return Symbol(text)
  }

  /// Pub/Sub's `messageId` for a notification (`key`: what identifies it as sent).
  public func pubSubMessageId(_ key: String) -> String {
    "1" + digits("google.pubsub", key, count: 15)
  }

  // MARK: Stripe

  /// A Stripe id with `prefix` (`sub`, `in`, `evt`, …) in place of the engine's number; any
  /// other id is kept.
  public func stripeId(_ id: Symbol, prefix: String) -> Symbol {
    guard let n = id.number else { return id }
    let length = prefix == "cus" ? 14 : 23
    let body = characters("stripe.\(prefix)", String(n), count: length, alphabet: Self.base62)
    return Symbol(prefix == "cus" ? "cus_\(body)" : "\(prefix)_1\(body)")
  }
}
