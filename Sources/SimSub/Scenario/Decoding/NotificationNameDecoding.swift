/// The notification names of `sent:`: only names the store (or its channel) can send.
extension ScenarioDecoder {
  /// A notification name the store sends: Apple's `TYPE` or `TYPE/SUBTYPE`, Google's
  /// `SUBSCRIPTION_…` names, the Stripe event types simsub's model sends, and behind RevenueCat
  /// its documented event types with an optional `/REASON`. With no valid store (or, with
  /// several sources, no `source:`), any name is taken.
  static func decodeNotificationName(_ node: YAMLNode, store: StoreKind?, channel: ScenarioChannel = .direct)
    throws(DiagnosticError) -> String
  {
    let text = try node.decodeText(expected: "a notification name such as DID_RENEW or SUBSCRIPTION_ON_HOLD")
    guard let store else { return text }
    let clipped = YAMLNode.clipped(text)
    func unknown(_ what: String, _ word: String, among known: [String]) -> DiagnosticError {
      if let suggestion = Spelling.suggestion(for: word, among: known) {
        return DiagnosticError(
          .error(
            "unknown \(what) '\(YAMLNode.clipped(word))' — did you mean '\(suggestion)'?", at: node.location))
      }
      return DiagnosticError(
        .error(
          "unknown \(what) '\(YAMLNode.clipped(word))': expected \(Spelling.list(known))", at: node.location))
    }
    let problem =
      switch channel {
      case .revenueCat: RevenueCatFacts.notificationNameProblem(text, behind: store)
      case .direct: StoreLanes.model(of: store).notificationNameProblem(text)
      }
    switch problem {
    case nil: return text
    case .unknown(let what, let word, let known): throw unknown(what, word, among: known)
    case .otherStore(let other, let example):
      let article = other == .apple ? "an" : "a"
      throw DiagnosticError(
        .error(
          "'\(clipped)' is \(article) \(other.name) notification; \(store.name) sends names such as '\(example)'",
          at: node.location))
    case .neverSent(let name, let sameType):
      let sender =
        channel == .direct
        ? "simsub's \(store.name) model" : "revenuecat in front of simsub's \(store.name) model"
      let known =
        sameType.isEmpty
        ? "it is not played (docs/STORE-MODELS.md lists what is)"
        : "it sends \(Spelling.list(sameType, conjunction: "and"))"
      // The name is made of the store's documented words, so it is quoted whole: Google's
      // `SUBSCRIPTION_PRICE_STEP_UP_CONSENT_UPDATED` is longer than a clipped quote.
      throw DiagnosticError(.error("\(sender) never sends '\(name)': \(known)", at: node.location))
    case .noSubtype(let type):
      throw DiagnosticError(
        .error("\(store.name) notifications have no subtype: write '\(type)'", at: node.location))
    }
  }

  /// A notification name of an expectation about the whole subscriber: one that any of
  /// `sources` sends.
  static func decodeNotificationName(_ node: YAMLNode, anyOf sources: [ScenarioSource])
    throws(DiagnosticError)
    -> String
  {
    var first: DiagnosticError?
    for source in sources {
      do {
        return try decodeNotificationName(node, store: source.store, channel: source.channel)
      } catch {
        first = first ?? error
      }
    }
    guard sources.count > 1, let text = node.scalarText else {
      if let first { throw first }
      return try node.decodeText(expected: "a notification name such as DID_RENEW or SUBSCRIPTION_ON_HOLD")
    }
    let list = sources.map { "\($0.name): \($0.channel == .direct ? $0.store.name : "revenuecat")" }
    throw DiagnosticError(
      .error(
        "'\(YAMLNode.clipped(text))' is not a notification any source sends (\(list.joined(separator: ", "))); "
          + "add 'source:' for one source's own message",
        at: node.location))
  }
}
