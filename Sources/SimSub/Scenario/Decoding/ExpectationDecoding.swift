/// A scenario's `expect:`: what must hold at an instant.
extension ScenarioDecoder {
  static func decodeExpectations(_ node: YAMLNode, _ context: Context) throws(DiagnosticError)
    -> [Expectation]
  {
    var diagnostics: [Diagnostic] = []
    var result: [Expectation] = []
    for item in try node.decodeList(expected: "a list of expectations") {
      var reader = MappingReader(
        item, knownKeys: expectKeys + (context.isMulti ? ["source"] : []),
        expected: "an expectation (a mapping with 'at')")
      let at = reader.required("at") { n in try decodeAt(n, start: context.start) }
      // `nil` for the subscriber as a whole (or when `source` itself is wrong).
      let source =
        context.isMulti ? reader.optional("source") { n in try context.decodeSource(n) } ?? nil : nil
      let whole = context.isMulti && reader["source"] == nil
      let sources = context.sources
      let context = whole ? context.focused(on: nil) : context.focused(on: source)
      let store = reader.optional("store") { n in
        StoreTruth(name: try n.decodeChoice(from: StoreTruth.allCases.map(\.name), what: "store state"))!
      }
      let entitlement = reader.optional("entitlement") { n in
        EntitlementState(
          name: try n.decodeChoice(from: EntitlementState.allCases.map(\.name), what: "entitlement"))!
      }
      let access = reader.optional("access") { n in try decodeBool(n, what: "access") }
      let prompt = reader.optional("prompt") { n in
        RecoveryPrompt(name: try n.decodeChoice(from: RecoveryPrompt.allCases.map(\.name), what: "prompt"))!
      }
      func names(_ n: YAMLNode) throws(DiagnosticError) -> [String] {
        let items: [YAMLNode]
        if case .sequence(let list) = n.kind {
          guard !list.isEmpty else {
            throw DiagnosticError(
              .error("expected at least one notification name, found an empty list", at: n.location))
          }
          items = list
        } else {
          items = [n]
        }
        var problems: [Diagnostic] = []
        var names: [String] = []
        for i in items {
          do {
            names.append(
              whole
                ? try decodeNotificationName(i, anyOf: sources ?? [])
                : try decodeNotificationName(
                  i, store: context.store, channel: context.channel))
          } catch {
            problems += error.diagnostics
          }
        }
        if !problems.isEmpty { throw DiagnosticError(problems) }
        return names
      }
      let sent = reader.optional("sent", default: []) { n in try names(n) }
      let notSent = reader.optional("not-sent", default: []) { n in try names(n) }
      let charges = reader.optional("charges") { n in Int32(try n.decodeInteger(in: 0...1_000_000)) }
      let referenceOnly = reader.optional("reference-only", default: false) { n in
        try decodeBool(n, what: "reference-only")
      }
      let member = reader.optional("member", default: 0) { n in
        try decodeMember(n, familyMembers: context.familyMembers)
      }
      // `since: previous` narrows `sent` and `not-sent` to what was sent after the previous
      // expectation of the same run (the index of the one before it in `result`).
      var sincePrevious: Int?
      if let since = reader["since"] {
        _ = reader.optional("since") { n in try n.decodeChoice(from: ["previous"], what: "since") }
        let previous = result.lastIndex { $0.member == member }
        if reader["sent"] == nil && reader["not-sent"] == nil {
          reader.report(
            .error("'since' narrows 'sent' and 'not-sent'; this expectation has neither", at: since.location))
        } else if context.isMulti {
          reader.report(
            .error(
              "'since: previous' is played in a scenario of one source; with 'sources' it is not",
              at: since.location))
        } else if let previous {
          sincePrevious = previous
        } else {
          reader.report(
            .error(
              "'since: previous' needs an expectation before this one"
                + (member == 0 ? "" : " for member \(member)"), at: since.location))
        }
      }
      if reader.isMapping, reader["at"] != nil,
        reader.entries.allSatisfy({
          ["at", "member", "source", "since", "reference-only"].contains($0.key.text)
        })
      {
        reader.report(
          .error("an expectation needs at least one of \(Spelling.list(expectChecks))", at: item.location))
      }
      diagnostics += reader.diagnostics
      if let at, reader.diagnostics.isEmpty {
        let location = reader["at"]?.location ?? item.location
        var expectation = Expectation(
          at: at, store: store, entitlement: entitlement, access: access, prompt: prompt, sent: sent,
          notSent: notSent, sincePrevious: sincePrevious, charges: charges, member: member, source: source,
          line: location.line, column: location.column)
        expectation.referenceOnly = referenceOnly
        result.append(expectation)
      }
    }
    if !diagnostics.isEmpty { throw DiagnosticError(diagnostics) }
    return result
  }
}
