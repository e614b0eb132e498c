/// A scenario's `invariants:`: each invariant's level.
extension ScenarioDecoder {
  static func decodeInvariantLevels(_ node: YAMLNode) throws(DiagnosticError) -> [Invariant: InvariantLevel] {
    var reader = MappingReader(
      node, knownKeys: Invariant.allCases.map(\.rawValue),
      expected: "a mapping of invariant levels such as {no-free-access: warn}")
    var levels: [Invariant: InvariantLevel] = [:]
    for invariant in Invariant.allCases {
      if let level = reader.optional(
        invariant.rawValue,
        { n in
          InvariantLevel(
            rawValue: try n.decodeChoice(from: InvariantLevel.allCases.map(\.rawValue), what: "level"))!
        })
      {
        levels[invariant] = level
      }
    }
    try reader.finish()
    return levels
  }
}
