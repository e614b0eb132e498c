/// Why a name is not one a store (or its channel) sends: what a store's facts answer for a
/// `sent:` name, and the scenario decoder words at the name.
enum NotificationNameProblem: Hashable, Sendable {
  /// A word the store does not know (`what`: "apple notification subtype", say), among the ones
  /// it does.
  case unknown(what: String, word: String, known: [String])
  /// Another store's name; `example` is one of this store's.
  case otherStore(StoreKind, example: String)
  /// A subtype on a store whose notifications have none; `type` is the name without it.
  case noSubtype(type: String)
  /// A name made of words the store documents that simsub's model never sends: a type it does
  /// not play (`PRICE_INCREASE`), or a pairing the store never makes (`DID_RENEW/BILLING_RETRY`).
  /// `sameType` lists the names of that type the model does send (empty when it sends none).
  case neverSent(name: String, sameType: [String])

  /// Whether `name` is one of `sent` (the names a model sends, `TYPE` or `TYPE/SUBTYPE`): exactly,
  /// or as a bare `TYPE` that some sent `TYPE/SUBTYPE` matches. `nil` when it is; otherwise
  /// ``neverSent(name:sameType:)``. Call it once the name's words are known to be the store's.
  static func sentCheck(_ name: String, sent: [String]) -> Self? {
    let type = String(name.prefix { $0 != "/" })
    let sameType = sent.filter { $0 == type || $0.hasPrefix(type + "/") }
    if sent.contains(name) || (!name.contains("/") && !sameType.isEmpty) { return nil }
    return .neverSent(name: name, sameType: sameType)
  }
}
