import Foundation

/// The identifiers a ``WireIdentifiers`` derived, kept by kind, key and length, so that one
/// subscriber's requests derive each id once: a Google purchase token takes several SHA-256
/// digests, and every notification of the subscription carries it.
///
/// Given by a caller that writes many requests for one subscriber (a Monte Carlo worker, for
/// the subscriber it plays; ``MonteCarloPolicyScope``) and dropped with them. Used from one
/// thread at a time.
final class IdentifierMemo: @unchecked Sendable {
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
    if let known = texts[k] { return known }
    let made = derive()
    texts[k] = made
    return made
  }

  /// The UUID derived for `(kind, key)`, derived by `derive` the first time.
  func uuid(_ kind: String, _ key: String, _ derive: () -> UUID) -> UUID {
    let k = Key(kind: kind, key: key, count: 0)
    if let known = uuids[k] { return known }
    let made = derive()
    uuids[k] = made
    return made
  }
}
