/// JUnit XML, the format CI systems read: one `<testsuite>` per scenario, one `<testcase>` per
/// expectation and invariant, a `<failure message=…>` for each that failed.
public enum ScenarioJUnitReport {
  public static func render(_ results: [ScenarioResult]) -> String {
    var cases = 0
    var failures = 0
    var suites = ""
    for r in results {
      var body = ""
      var suiteFailures = 0
      func testcase(_ name: String, failure: String?) {
        body +=
          "    <testcase classname=\"\(XMLText.escapeAttribute(r.scenario.path))\" name=\"\(XMLText.escapeAttribute(name))\""
        if let failure {
          suiteFailures += 1
          body += ">\n      <failure message=\"\(XMLText.escapeAttribute(failure))\"/>\n    </testcase>\n"
        } else {
          body += "/>\n"
        }
      }
      var count = 0
      for run in r.runs {
        // A family member's cases are named after the member.
        let prefix = run.member > 0 ? "family member \(run.member): " : ""
        // An expectation that was never reached fails with its entry error; other entry errors
        // (timeline entries) are cases of their own.
        func entryError(of e: ExpectationResult) -> EntryError? {
          run.entryErrors.first { $0.line == e.expectation.line && $0.column == e.expectation.column }
        }
        let expectationErrors = run.expectations.compactMap(entryError)
        let timelineErrors = run.entryErrors.filter { !expectationErrors.contains($0) }
        for e in timelineErrors { testcase("\(prefix)line \(e.line)", failure: e.message) }
        for e in run.expectations {
          let failed = e.checks.filter { !$0.passed }.map {
            "\($0.key): expected \($0.expected), got \($0.actual)"
          }
          let message: String? =
            e.instant == nil
            ? (entryError(of: e)?.message ?? "never reached")
            : failed.isEmpty ? nil : failed.joined(separator: "; ")
          testcase("\(prefix)expect at \(e.expectation.at) (line \(e.expectation.line))", failure: message)
        }
        for v in run.invariants {
          var message: String?
          if !v.passed {
            message =
              v.expectedToFail
              ? "expected to be violated, but held"
              : v.violations.map { ScenarioTextReport.describe($0, start: r.scenario.start) }.joined(
                separator: "; ")
          }
          testcase(prefix + v.invariant.rawValue, failure: message)
        }
        count += timelineErrors.count + run.expectations.count + run.invariants.count
      }
      cases += count
      failures += suiteFailures
      suites +=
        "  <testsuite name=\"\(XMLText.escapeAttribute(r.scenario.name))\" tests=\"\(count)\" failures=\"\(suiteFailures)\" errors=\"0\">\n\(body)  </testsuite>\n"
    }
    return
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"simsub\" tests=\"\(cases)\" failures=\"\(failures)\" errors=\"0\">\n\(suites)</testsuites>\n"
  }
}
