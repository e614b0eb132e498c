/// `simsub check`'s text: one line a scenario, then the failures in detail and a summary.
public struct ScenarioCheckReport: Sendable {
  public var colour: Bool
  public init(colour: Bool = false) { self.colour = colour }

  public func render(_ results: [ScenarioResult]) -> String {
    func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    let width = results.map(\.scenario.path.count).max() ?? 0
    var out = ""
    for r in results {
      let mark = r.passed ? paint("✓", "32") : paint("✗", "31")
      let note =
        r.scenario.expectedViolations.isEmpty
        ? "" : "  (expects \(r.scenario.expectedViolations.map(\.rawValue).joined(separator: ", ")))"
      out += "\(mark) \(r.scenario.path.rightPadded(to: width))  \(r.policy)\(note)\n"
      if !r.passed {
        for line in ScenarioFailures.lines(r) { out += "    \(line)\n" }
      }
    }
    let failed = results.filter { !$0.passed }.count
    out += "\n\(results.count - failed) passed, \(failed) failed\n"
    return out
  }
}
