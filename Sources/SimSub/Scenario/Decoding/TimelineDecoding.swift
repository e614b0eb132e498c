/// A scenario's `timeline:`: what the subscriber does, and when.
extension ScenarioDecoder {
  static func decodeTimeline(_ node: YAMLNode, _ context: Context) throws(DiagnosticError) -> [TimelineEntry]
  {
    var diagnostics: [Diagnostic] = []
    var entries: [TimelineEntry] = []
    for item in try node.decodeList(expected: "a list of timeline entries") {
      // The action decides which keys the entry may have; read it first.
      let doText = item.mappingEntries?.first(where: { $0.key.text == "do" })?.value.scalarText
      let action = doText.flatMap(TimelineActionName.init(rawValue:))
      var reader = MappingReader(
        item, knownKeys: (item.mappingEntries ?? []).map(\.key.text),
        expected: "a timeline entry (a mapping with 'at' and 'do')")
      let sourceKey = context.isMulti ? ["source"] : []
      let allowed = action.map { ["at", "do"] + sourceKey + $0.keys } ?? timelineKeys + sourceKey
      // `source` first: it decides which store's actions and products the entry may use.
      let source: Int? =
        context.isMulti ? reader.required("source") { n in try context.decodeSource(n) } ?? nil : 0
      let context = context.focused(on: source)
      for entry in reader.entries where !allowed.contains(entry.key.text) {
        if entry.key.text == "source" {
          reader.report(
            .error(
              "'source' names one of the scenario's 'sources'; this scenario has one subscription",
              at: entry.key.location))
          continue
        }
        if let action, timelineKeys.contains(entry.key.text) {
          reader.report(
            .error(
              "key '\(entry.key.text)' does not go with 'do: \(action.name)': expected \(Spelling.list(allowed))",
              at: entry.key.location))
        } else {
          reader.report(MappingReader.unknownKey(entry.key, knownKeys: allowed))
        }
      }
      let at = reader.required("at") { n in try decodeAt(n, start: context.start) }
      let name = reader.required("do") { (n) -> TimelineActionName in
        let name = TimelineActionName(rawValue: try n.decodeChoice(from: actions, what: "action"))!
        let owners = name.owners
        if !owners.isEmpty, let store = context.store, !owners.contains(store) {
          let verb = owners.count == 1 ? "has" : "have"
          throw DiagnosticError(
            .error("\(name.ownersPhrase) \(verb) \(name.name); \(store.name) does not", at: n.location))
        }
        if name == .stopSharing, context.familyMembers == 0 {
          throw DiagnosticError(
            .error(
              "stop-sharing needs family members to stop sharing with: add 'family-members: 1' or more",
              at: n.location))
        }
        return name
      }
      let keys = timelineKeyReaders(context, item: item)
      let decoded: TimelineAction?
      if let name {
        decoded = name.decode(&reader, with: keys)
      } else {
        keys.readEveryKey(&reader)
        decoded = nil
      }
      diagnostics += reader.diagnostics
      if let at, let decoded, let source, reader.diagnostics.isEmpty {
        let location = reader["at"]?.location ?? item.location
        entries.append(
          TimelineEntry(at: at, action: decoded, source: source, line: location.line, column: location.column)
        )
      }
    }
    if !diagnostics.isEmpty { throw DiagnosticError(diagnostics) }
    return entries
  }
}
