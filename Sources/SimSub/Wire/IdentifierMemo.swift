import Foundation

/// The identifiers a ``WireIdentifiers`` derived, kept by kind, key and length, so that one
/// subscriber's requests derive each id once: a Google purchase token takes several SHA-256
/// digests, and every notification of the subscription carries it.
///
/// Given by a caller that writes many requests for one subscriber (a Monte Carlo worker, for
/// the subscriber it plays; ``MonteCarloPolicyScope``) and dropped with them. Safe to use from
/// several threads at once, behind a lock: the worker writes the subscriber's requests while
/// the store APIs, on their connections' threads, answer from the same subscriber's
/// subscription (``ExternalPolicyHost/setLive(_:for:)``), whose context carries this memo. The
/// lock is not held while an id is derived, so a lookup waits at most for another lookup; two
/// threads deriving the same id at once derive the same value, and the first kept wins.
final class IdentifierMemo: @unchecked Sendable {
  private let lock = NSLock()
  private var texts: [Key: String] = [:]
  private var uuids: [Key: UUID] = [:]

  private struct Key: Hashable {
    var kind: String
    var key: String
    var count: Int
  }

  init() {}

  /// The text derived for `(kind, key, count)`, derived by `derive` the first time.
  func text(_ kind: String, _ key: String, _ count: Int, _ derive: () -> String) -> String {
    let k = Key(kind: kind, key: key, count: count)
    if let known = lock.withLock({ texts[k] }) { return known }
    let made = derive()
    return lock.withLock {
      if let known = texts[k] { return known }
      texts[k] = made
      return made
    }
  }

  /// The UUID derived for `(kind, key)`, derived by `derive` the first time.
  func uuid(_ kind: String, _ key: String, _ derive: () -> UUID) -> UUID {
    let k = Key(kind: kind, key: key, count: 0)
    if let known = lock.withLock({ uuids[k] }) { return known }
    let made = derive()
    return lock.withLock {
      if let known = uuids[k] { return known }
      uuids[k] = made
      return made
    }
  }
}
