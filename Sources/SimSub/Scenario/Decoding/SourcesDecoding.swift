/// A scenario's `sources:`: several subscriptions of one subscriber.
extension ScenarioDecoder {
  /// `sources:`, a list of subscriptions of one subscriber, each `{name, store, product, channel}`.
  /// Names are unique, and no two sources send the same kind of notification (one App Store,
  /// one Google Play, one Stripe, one behind RevenueCat): a server tells its sources apart by
  /// the notifications' kind, as the reference policy does.
  static func decodeSources(_ node: YAMLNode) throws(DiagnosticError) -> [ScenarioSource] {
    let items = try node.decodeList(expected: "a list of sources, each a mapping with 'store' and 'product'")
    guard !items.isEmpty else {
      throw DiagnosticError(.error("expected at least one source, found an empty list", at: node.location))
    }
    var diagnostics: [Diagnostic] = []
    var sources: [ScenarioSource] = []
    var nameLocations: [String: SourceLocation] = [:]
    var kindLocations: [SubscriptionSource: (SourceLocation, String)] = [:]
    for item in items {
      var reader = MappingReader(
        item, knownKeys: sourceKeys,
        expected: "a source mapping such as {store: apple, product: {period: 1M}}")
      guard reader.isMapping else {
        diagnostics += reader.diagnostics
        continue
      }
      let store = reader.required("store") { n in try decodeStore(n) }
      let name = reader.optional("name") { n in try decodeName(n) } ?? store?.name
      let channel = reader.optional("channel", default: ScenarioChannel.direct) { n in
        try decodeChannel(n, store: store)
      }
      let products = readProducts(&reader, store: store)
      if let name {
        let location = reader.entry("name")?.value.location ?? item.location
        if let earlier = nameLocations[name] {
          reader.report(
            .error(
              "duplicate source name '\(YAMLNode.clipped(name))': already used on line \(earlier.line)"
                + (reader.entry("name") == nil
                  ? " (a source's name is its store's unless it has 'name')" : ""),
              at: location, notes: [Diagnostic.Note("first used here", at: earlier)]))
        } else {
          nameLocations[name] = location
        }
      }
      if let store {
        let kind = StoreLane(store: store, channel: channel).notificationSource
        let what = channel == .direct ? store.name : "revenuecat"
        if let (earlier, _) = kindLocations[kind] {
          reader.report(
            .error(
              "a second \(what) source: each source must send its own kind of notification "
                + "(one apple, one google, one stripe, one behind revenuecat), as servers tell sources apart by it",
              at: item.location, notes: [Diagnostic.Note("the first \(what) source", at: earlier)]))
        } else {
          kindLocations[kind] = (item.location, what)
        }
      }
      diagnostics += reader.diagnostics
      if let name, let store, !products.isEmpty, reader.diagnostics.isEmpty {
        sources.append(ScenarioSource(name: name, store: store, products: products, channel: channel))
      }
    }
    if !diagnostics.isEmpty { throw DiagnosticError(diagnostics) }
    return sources
  }
}
