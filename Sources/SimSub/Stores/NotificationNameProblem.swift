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
}
