/// What the timeline and the expectations of a scenario file need to know of the rest of it.
extension ScenarioDecoder {
  /// What the timeline and the expectations need to know of the rest of the file; `nil` where
  /// that part was itself wrong (its error is reported already, so nothing depending on it is).
  struct Context {
    var store: StoreKind?
    var products: [Product]
    var start: Instant?
    var channel: ScenarioChannel
    /// `nil` when `family-members` was itself wrong.
    var familyMembers: Int?
    /// The scenario's `sources`: empty for a scenario of one subscription, `nil` when `sources`
    /// was itself wrong.
    var sources: [ScenarioSource]?

    /// Whether the scenario has `sources`, whose entries then name theirs.
    var isMulti: Bool { sources?.isEmpty != true }

    /// The context of an entry about source `index` (`nil` when `source` itself was wrong):
    /// that source's store, products and channel, or nothing known when they are unknown.
    func focused(on index: Int?) -> Context {
      guard isMulti else { return self }
      var focused = self
      if let index, let source = sources?[index] {
        focused.store = source.store
        focused.products = source.products
        focused.channel = source.channel
      } else {
        focused.store = nil
        focused.products = []
        focused.channel = .direct
      }
      return focused
    }

    /// `source: NAME` of an entry: the index of the source so named.
    func decodeSource(_ node: YAMLNode) throws(DiagnosticError) -> Int? {
      let name = try node.decodeText(expected: "a source name")
      guard let sources else { return nil }
      if let index = sources.firstIndex(where: { $0.name == name }) { return index }
      let known = sources.map(\.name)
      if let suggestion = Spelling.suggestion(for: name, among: known) {
        throw DiagnosticError(
          .error(
            "unknown source '\(YAMLNode.clipped(name))' — did you mean '\(suggestion)'?", at: node.location))
      }
      throw DiagnosticError(
        .error(
          "unknown source '\(YAMLNode.clipped(name))': this scenario has \(Spelling.list(known, conjunction: "and"))",
          at: node.location))
    }
  }
}
