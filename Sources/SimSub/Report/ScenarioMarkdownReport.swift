/// A summary table of scenario results, fit for a CI job summary or a pull-request comment.
public enum ScenarioMarkdownReport {
  /// - Parameter refused: files that could not be played: a failed row each, and their errors
  ///   among the failures.
  /// - Parameter skipped: scenarios not played: a row each with the reason, counted apart in
  ///   the heading.
  public static func render(
    _ results: [ScenarioResult], refused: [RefusedScenario] = [], skipped: [SkippedScenario] = []
  ) -> String {
    let passed = results.filter(\.passed).count
    var out = "### simsub: \(passed) of \(Plural.count(results.count + refused.count, "scenario")) passed"
    out += skipped.isEmpty ? "\n\n" : " (\(SkippedScenario.summary(skipped)))\n\n"
    out += "| | scenario | store | policy | expectations | invariants |\n"
    out += "|---|---|---|---|---|---|\n"
    for r in results {
      let all = r.runs.flatMap(\.expectations)
      let expectations = "\(all.filter(\.passed).count)/\(all.count)"
      let invariants = Describe.invariants(of: r) { "`\($0)`" }
      out +=
        "| \(r.passed ? "✅" : "❌") | \(cell(r.scenario.name)) (`\(r.scenario.path)`) | \(r.scenario.storeNames) | \(r.policy) | \(expectations) | \(invariants) |\n"
    }
    for r in refused {
      out += "| ❌ | could not be played (`\(r.path)`) | | | | |\n"
    }
    for s in skipped {
      out += "| ⏭️ | skipped: \(cell(s.reason)) (`\(s.path)`) | | | | |\n"
    }
    let failures = results.filter { !$0.passed }
    if !failures.isEmpty || !refused.isEmpty {
      out += "\n#### Failures\n\n"
      for r in failures {
        for line in ScenarioFailures.lines(r) { out += "- `\(r.scenario.path)`: \(cell(line))\n" }
      }
      for r in refused {
        for line in r.errors { out += "- `\(r.path)`: \(cell(line))\n" }
      }
    }
    return out
  }

  static func cell(_ text: String) -> String {
    text.replacingAll("|", with: "\\|").replacingAll("\n", with: " ")
  }
}

/// One line per failed check of a result, for the Markdown report, the `check` summary and the
/// gate's scenario failures (JUnit makes a test case of each check instead); a family member's
/// lines begin with `family member N: `.
public enum ScenarioFailures {
  public static func lines(_ r: ScenarioResult) -> [String] {
    var lines = ownLines(r)
    for member in r.members {
      lines += ownLines(member).map { "family member \(member.member): " + $0 }
    }
    return lines
  }

  /// The failures of one run, without its family members'.
  static func ownLines(_ r: ScenarioResult) -> [String] {
    var lines: [String] = []
    for e in r.entryErrors { lines.append("line \(e.line): \(e.message)") }
    for d in r.refusedDeliveries where d.isFailure { lines.append("delivery refused: \(d.summary)") }
    for b in r.contractBreaches {
      lines.append("policy contract at \(RFC3339.format(b.instant)): \(b.message)")
    }
    // An expectation never reached has its entry error above.
    for e in r.expectations where !e.passed {
      for c in e.checks where !c.passed {
        lines.append(
          "line \(e.expectation.line): at \(e.expectation.at) (\(e.instant.map(RFC3339.format) ?? "?")) \(c.key): expected \(c.expected), got \(c.actual)"
        )
      }
    }
    for v in r.invariants where !v.passed {
      if v.expectedToFail {
        lines.append("\(v.invariant.rawValue) was expected to be violated, but held")
      }
      for violation in v.violations {
        lines.append(
          "\(v.invariant.rawValue): " + ScenarioTextReport.describe(violation, start: r.scenario.start))
      }
    }
    return lines
  }
}

extension String {
  func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: Substring(target), omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
