/// The HTML page's invariants section: one row per policy and invariant, with the verdict (or,
/// for a compared policy, the finding), the first subscriber, and the counterexample file as a
/// link.
enum MonteCarloInvariantTable {
  /// - Parameter outputDirectory: where the page is written (`--output`'s directory), so the
  ///   links are relative to it; `nil` when the page goes to standard output, and the links
  ///   are the paths as written.
  static func render(_ result: MonteCarloResult, outputDirectory: String?) -> HTMLFragment {
    var table = HTMLTable(
      columns: ["", "policy", "invariant", "verdict", "first subscriber", "counterexample"],
      columnClasses: [nil, nil, "mono", nil, "num", "mono"])
    for (p, policy) in result.setup.policies.enumerated() {
      let role = p == 0 ? policy : "\(policy) (compared)"
      for invariant in [Invariant.noLockoutInGrace, .noFreeAccess] {
        guard let subscriber = result.firstViolations[p].subscriber(for: invariant) else {
          table.append([
            .init(.mark(true)), .init(role), .init(invariant.rawValue), .init("held"), .init(""), .init(""),
          ])
          continue
        }
        let counter: Counter = invariant == .noLockoutInGrace ? .lockedOut : .hadFreeAccess
        let affected = result.all.sum(counter, policy: p)
        let who = Plural.count(affected, as: Format.grouped(affected), "subscriber")
        let verdict =
          p == 0
          ? "violated: \(who)"
          : "finding: \(who); not the verdict, which is \(result.setup.policies[0])'s"
        var file = HTMLFragment.text("")
        if let written = result.counterexamples.first(where: {
          $0.policy == policy && $0.invariant == invariant
        }) {
          let href =
            outputDirectory.map { ReplayCounterexampleWriter.relativePath(from: $0, to: written.path) }
            ?? written.path
          file = .element("a", [("href", href)], text: written.path)
        }
        table.append(
          [
            .init(p == 0 ? .mark(false) : .text("⚠")), .init(role), .init(invariant.rawValue), .init(verdict),
            .init(String(subscriber)), .init(file),
          ], cls: p == 0 ? "fail" : nil)
      }
    }
    return table.fragment
  }
}
