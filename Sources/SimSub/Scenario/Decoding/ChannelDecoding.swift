/// A scenario's `channel:`: the store's own notifications, or RevenueCat's.
extension ScenarioDecoder {
  /// `direct`, `revenuecat`, or `{name: revenuecat, billing-issue-order: cancellation-first}`.
  static func decodeChannel(_ node: YAMLNode, store: StoreKind?) throws(DiagnosticError) -> ScenarioChannel {
    let names = ["direct", "revenuecat"]
    let stripeMessage = "simsub plays the revenuecat channel for apple and google, not stripe"
    var name: String
    var order = RevenueCatPairOrder.billingIssueFirst
    if case .mapping = node.kind {
      var reader = MappingReader(node, knownKeys: channelKeys, expected: "a channel mapping")
      name = reader.required("name") { n in try n.decodeChoice(from: names, what: "channel") } ?? "direct"
      order = reader.optional("billing-issue-order", default: RevenueCatPairOrder.billingIssueFirst) { n in
        RevenueCatPairOrder(
          name: try n.decodeChoice(from: RevenueCatPairOrder.allCases.map(\.name), what: "order"))!
      }
      if name == "direct", let entry = reader.entry("billing-issue-order") {
        let message = "billing-issue-order is a revenuecat setting; the direct channel has none"
        reader.report(.error(message, at: entry.key.location))
      }
      // Reported with the mapping's other problems, not after them.
      if name == "revenuecat", store == .stripe { reader.report(.error(stripeMessage, at: node.location)) }
      try reader.finish()
    } else {
      name = try node.decodeChoice(from: names, what: "channel")
      if name == "revenuecat", store == .stripe {
        throw DiagnosticError(.error(stripeMessage, at: node.location))
      }
    }
    return name == "revenuecat" ? .revenueCat(order) : .direct
  }
}
