/// JUnit XML, the format CI systems read: one `<testsuite>` per scenario, one `<testcase>` per
/// expectation and invariant, a `<failure type=… message=…>` for each that failed. Valid
/// against both the Ant and the Jenkins JUnit schemas (see ``JUnitDocument``).
///
/// A suite's `package` and its cases' `classname` are the file's dotted name
/// (`Scenarios.card-expired`), its properties the file, the store and the policy; its `time` is
/// the wall-clock time of loading and playing the scenario. A case is a check made during that
/// one play, so its own `time` is 0.
public enum ScenarioJUnitReport {
  /// What the report says of the run as a whole, besides the results: gathered by the command
  /// that played them, fixed in tests so the output is the same every time.
  public struct Run: Hashable, Sendable {
    /// When the run began.
    public var timestamp: Instant
    /// The machine it ran on.
    public var hostname: String
    /// Seconds each result took, in the order of the results; missing ones are 0.
    public var seconds: [Double]

    public init(
      timestamp: Instant = Instant(secondsSinceEpoch: 0), hostname: String = "localhost",
      seconds: [Double] = []
    ) {
      self.timestamp = timestamp
      self.hostname = hostname
      self.seconds = seconds
    }
  }

  /// - Parameter refused: files that could not be played: a suite each, named after the file,
  ///   whose one case fails with type `input`, the first error as its message and every
  ///   diagnostic (with the source line and caret) as its text.
  /// - Parameter skipped: scenarios not played: a suite each whose one case is
  ///   `<skipped message="…">` with the reason.
  public static func render(
    _ results: [ScenarioResult], refused: [RefusedScenario] = [], skipped: [SkippedScenario] = [],
    run: Run = Run()
  ) -> String {
    document(results, refused: refused, skipped: skipped, run: run).render()
  }

  static func document(
    _ results: [ScenarioResult], refused: [RefusedScenario] = [], skipped: [SkippedScenario] = [], run: Run
  ) -> JUnitDocument {
    var document = JUnitDocument(timestamp: run.timestamp, hostname: run.hostname)
    for (index, r) in results.enumerated() {
      var suite = JUnitDocument.Suite(
        name: r.scenario.name, classname: JUnitDocument.classname(forPath: r.scenario.path),
        properties: [
          .init(name: "file", value: r.scenario.path), .init(name: "store", value: r.scenario.storeNames),
          .init(name: "policy", value: r.policy),
        ],
        seconds: run.seconds.indices.contains(index) ? run.seconds[index] : 0)
      suite.cases = cases(r)
      document.suites.append(suite)
    }
    for r in refused {
      var suite = JUnitDocument.Suite(
        name: r.path, classname: JUnitDocument.classname(forPath: r.path),
        properties: [.init(name: "file", value: r.path)])
      suite.cases.append(
        .init(
          name: "load and play",
          failure: .init(type: "input", message: r.errors.first ?? "", detail: r.rendered)))
      document.suites.append(suite)
    }
    for s in skipped {
      var suite = JUnitDocument.Suite(
        name: s.path, classname: JUnitDocument.classname(forPath: s.path),
        properties: [.init(name: "file", value: s.path)])
      suite.cases.append(.init(name: "play", skipped: s.reason))
      document.suites.append(suite)
    }
    return document
  }

  /// The cases of one scenario: for each run (the purchaser's, then each family member's), its
  /// unplaced timeline entries, its expectations and its invariants.
  static func cases(_ r: ScenarioResult) -> [JUnitDocument.Case] {
    var cases: [JUnitDocument.Case] = []
    func testcase(_ name: String, _ type: String, failure: String?) {
      cases.append(.init(name: name, failure: failure.map { .init(type: type, message: $0) }))
    }
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
      for e in timelineErrors { testcase("\(prefix)line \(e.line)", "entry", failure: e.message) }
      let refused = run.refusedDeliveries
      if !refused.isEmpty {
        let failing = refused.filter(\.isFailure).map(\.summary)
        testcase(
          "\(prefix)deliveries", "delivery-refused",
          failure: failing.isEmpty ? nil : failing.joined(separator: "; "))
      }
      for b in run.contractBreaches {
        testcase(
          "\(prefix)policy contract", "contract-breach", failure: "\(RFC3339.format(b.instant)): \(b.message)"
        )
      }
      for e in run.expectations {
        let failed = e.checks.filter { !$0.passed }.map {
          "\($0.key): expected \($0.expected), got \($0.actual)"
        }
        let message: String? =
          e.instant == nil
          ? (entryError(of: e)?.message ?? "never reached")
          : failed.isEmpty ? nil : failed.joined(separator: "; ")
        testcase(
          "\(prefix)expect at \(e.expectation.at) (line \(e.expectation.line))", "expectation",
          failure: message)
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
        testcase(
          prefix + v.invariant.rawValue, v.expectedToFail ? "expected-violation" : "invariant",
          failure: message)
      }
    }
    return cases
  }
}
