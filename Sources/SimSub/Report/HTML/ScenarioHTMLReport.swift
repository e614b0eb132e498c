/// `--format html` for `run` and `check`: one self-contained page with a summary, a table of
/// the scenarios and, for each, its facts, timeline chart (with its zoomed panels, in the same
/// figure) and tables (expectations, invariants, timeline).
///
/// `run` opens every scenario; `check` opens only the failed ones, so a page of the whole
/// library leads with what needs attention.
public enum ScenarioHTMLReport {
  /// - Parameter command: `run` or `check`, named in the title.
  /// - Parameter refused: files that could not be played: counted as failed, and listed with
  ///   their errors in a section of their own after the summary table.
  public static func render(
    _ results: [ScenarioResult], refused: [RefusedScenario] = [], skipped: [SkippedScenario] = [],
    command: String
  ) -> String {
    let passed = results.filter(\.passed).count
    let failed = results.count + refused.count - passed
    let title =
      results.count == 1 && refused.isEmpty && command == "run"
      ? "simsub run: \(results[0].scenario.name)"
      : "simsub \(command): \(passed) of \(Plural.count(results.count + refused.count, "scenario")) passed"
    let runs = results.flatMap(\.runs)
    let expectations = runs.flatMap(\.expectations)
    // Violations a scenario's `expect-violations` asks for are counted apart: a page of a
    // passing library says they were expected, not that invariants broke.
    let verdicts = runs.flatMap(\.invariants)
    let expected = verdicts.filter(\.expectedToFail).reduce(0) { $0 + $1.violations.count }
    let unexpected = verdicts.filter { !$0.expectedToFail }.reduce(0) { $0 + $1.violations.count }
    var violationFigures: [HTMLPage.Figure] = []
    if unexpected > 0 || expected == 0 {
      violationFigures.append(
        .init(
          String(unexpected),
          (expected > 0 ? "unexpected " : "") + Plural.noun(unexpected, "invariant violation"),
          passed: nil))
    }
    if expected > 0 {
      violationFigures.append(
        .init(
          String(expected),
          unexpected == 0
            ? Plural.noun(expected, "invariant violation") + (expected == 1 ? ", expected" : ", all expected")
            : Plural.noun(expected, "expected invariant violation", plural: "expected invariant violations")))
    }
    var page = HTMLPage(
      title: title,
      subtitle: ["simsub \(simsubVersion)", Plural.count(results.count + refused.count, "scenario")],
      passed: results.isEmpty && refused.isEmpty ? nil : failed == 0,
      figures: [
        .init(String(results.count + refused.count), "scenarios"),
        .init(String(passed), "passed", passed: failed == 0 ? true : nil),
        .init(String(failed), "failed", passed: failed == 0 ? nil : false),
        .init("\(expectations.filter(\.passed).count) of \(expectations.count)", "expectations met"),
      ] + violationFigures)
    page.sections.append(
      HTMLPage.Section(id: "scenarios", heading: "Scenarios", body: summaryTable(results).fragment))
    if !refused.isEmpty {
      var table = HTMLTable(columns: ["", "file", "problem"], columnClasses: [nil, "mono", "mono"])
      for r in refused {
        table.append(
          [.init(.mark(false)), .init(r.path), .init(r.errors.joined(separator: "\n"))], cls: "fail")
      }
      page.sections.append(
        HTMLPage.Section(id: "refused", heading: "Files that could not be played", body: table.fragment))
    }
    if !skipped.isEmpty {
      var table = HTMLTable(columns: ["file", "why"], columnClasses: ["mono", nil])
      for s in skipped { table.append([.init(s.path), .init(s.reason)]) }
      page.sections.append(
        HTMLPage.Section(
          id: "skipped", heading: "Scenarios not played (\(skipped.count) skipped)", body: table.fragment))
    }
    for (i, r) in results.enumerated() {
      page.sections.append(
        HTMLPage.Section(
          id: "scenario-\(i + 1)",
          heading: .lines([
            .badge(r.passed ? "PASS" : "FAIL", passed: r.passed), .text(" " + r.scenario.name),
          ]),
          body: scenario(r), foldable: true, open: command == "run" || !r.passed))
    }
    return page.render()
  }

  static func summaryTable(_ results: [ScenarioResult]) -> HTMLTable {
    var table = HTMLTable(
      columns: ["", "scenario", "file", "store", "policy", "expectations", "invariants"],
      columnClasses: [nil, nil, "mono", nil, nil, "num", nil])
    for (i, r) in results.enumerated() {
      let all = r.runs.flatMap(\.expectations)
      let invariants = Describe.invariants(of: r)
      table.append(
        [
          .init(.mark(r.passed)),
          .init(.element("a", [("href", "#scenario-\(i + 1)")], text: r.scenario.name)),
          .init(r.scenario.path), .init(r.scenario.storeNames), .init(r.policy),
          .init("\(all.filter(\.passed).count)/\(all.count)"), .init(invariants),
        ], cls: r.passed ? nil : "fail")
    }
    return table
  }

  static func scenario(_ r: ScenarioResult) -> HTMLFragment {
    let s = r.scenario
    var facts: [(String, String)] = [("file", s.path)]
    if !s.hasSources {
      facts.append(("store", s.store.name))
      for (i, p) in s.products.enumerated() { facts.append((i == 0 ? "product" : "", Describe.product(p))) }
    } else {
      for (i, source) in s.subscriptions.enumerated() {
        let channel = source.channel == .direct ? "" : " via \(source.channel.name)"
        for (j, p) in source.products.enumerated() {
          facts.append(
            (
              i == 0 && j == 0 ? "sources" : "",
              (j == 0 ? "\(source.name) (\(source.store.name)\(channel)): " : "") + Describe.product(p)
            ))
        }
      }
    }
    facts += [
      ("policy", r.policy), ("time", "\(RFC3339.format(s.start)) → \(RFC3339.format(r.end)), step \(r.step)"),
      ("delivery", Describe.deliveryFaults(s.delivery.settings(from: s.start, start: s.start))),
    ]
    if s.familyMembers > 0 {
      facts.append(("family", "\(Plural.count(s.familyMembers, "member")) (Family Sharing)"))
    }
    if !s.expectedViolations.isEmpty {
      facts.append(("expects violations", s.expectedViolations.map(\.rawValue).joined(separator: ", ")))
    }
    var parts: [HTMLFragment] = [
      .element(
        "dl", [("class", "facts")],
        facts.flatMap { [.element("dt", text: $0.0), .element("dd", text: $0.1)] })
    ]
    if s.familyMembers > 0 { parts.append(.element("h3", text: "Purchaser")) }
    parts += run(r)
    for member in r.members {
      parts.append(.element("h3", text: "Family member \(member.member)"))
      parts += run(member)
    }
    return .lines(parts)
  }

  /// One run's chart and tables (expectations, invariants, timeline).
  static func run(_ r: ScenarioResult) -> [HTMLFragment] {
    let s = r.scenario
    var parts: [HTMLFragment] = [.chart(TimelineChart.draw(TimelineChartData(r)))]
    if !r.entryErrors.isEmpty {
      var table = HTMLTable(columns: ["", "where", "problem"], columnClasses: [nil, "mono", nil])
      for e in r.entryErrors {
        table.append(
          [.init(.mark(false)), .init("\(s.path):\(e.line):\(e.column)"), .init(e.message)], cls: "fail")
      }
      parts += [.element("h3", text: "Entries that could not be placed"), table.fragment]
    }
    let refused = r.refusedDeliveries
    if !refused.isEmpty {
      var table = HTMLTable(columns: ["", "delivery"], columnClasses: [nil, nil])
      for d in refused {
        table.append([.init(.mark(!d.isFailure)), .init(d.summary)], cls: d.isFailure ? "fail" : nil)
      }
      parts += [.element("h3", text: "Deliveries refused by the policy"), table.fragment]
    }
    if !r.contractBreaches.isEmpty {
      var table = HTMLTable(columns: ["", "instant", "problem"], columnClasses: [nil, "mono", nil])
      for b in r.contractBreaches {
        table.append([.init(.mark(false)), .init(RFC3339.format(b.instant)), .init(b.message)], cls: "fail")
      }
      parts += [.element("h3", text: "Policy contract"), table.fragment]
    }
    if !r.expectations.isEmpty {
      var table = HTMLTable(
        columns: ["", "at", "instant", "day", "check", "expected", "actual"],
        columnClasses: [nil, nil, "mono", "num", nil, "mono", "mono"])
      for e in r.expectations {
        let instant = e.instant.map(RFC3339.format) ?? "never reached"
        let day = e.instant.map { Describe.day($0, from: s.start) } ?? ""
        if e.checks.isEmpty {
          table.append(
            [
              .init(.mark(e.passed)), .init(e.expectation.at.description), .init(instant), .init(day),
              .init(""), .init(""), .init(""),
            ], cls: e.passed ? nil : "fail")
        }
        for (k, c) in e.checks.enumerated() {
          let first = k == 0
          table.append(
            [
              .init(.mark(c.passed && e.instant != nil)), .init(first ? e.expectation.at.description : ""),
              .init(first ? instant : ""), .init(first ? day : ""), .init(c.key), .init(c.expected),
              .init(c.actual),
            ], cls: c.passed && e.instant != nil ? nil : "fail")
        }
      }
      parts += [.element("h3", text: "Expectations"), table.fragment]
    }
    var invariants = HTMLTable(
      columns: ["", "invariant", "level", "verdict"], columnClasses: [nil, "mono", nil, nil])
    for v in r.invariants {
      var verdict: String
      if v.expectedToFail {
        verdict = ScenarioTextReport.expectedViolationVerdict(v)
      } else {
        verdict = v.violations.isEmpty ? "held" : "violated"
      }
      if v.level == .off { verdict = "not checked" }
      invariants.append(
        [
          .init(v.expectedToFail && v.passed && !v.violations.isEmpty ? .expectedMark : .mark(v.passed)),
          .init(v.invariant.rawValue), .init(v.level.rawValue), .init(verdict),
        ],
        cls: v.passed ? nil : "fail")
      for violation in v.violations {
        invariants.append(
          [
            .init(""), .init(""), .init(""),
            .init(ScenarioTextReport.describe(violation, start: s.start), cls: "note"),
          ], cls: v.passed ? nil : "fail")
      }
    }
    parts += [.element("h3", text: "Invariants"), invariants.fragment]
    var timeline = HTMLTable(
      columns: ["instant", "day", "event", "sent", "store", "policy", "access", "prompt"],
      columnClasses: ["mono", "num", nil, "mono", nil, nil, nil, nil])
    for row in r.rows {
      timeline.append([
        .init(RFC3339.format(row.instant)), .init(Describe.day(row.instant, from: s.start)),
        .init(Describe.event(of: row, in: s)), .init(row.sent.joined(separator: ", ")),
        .init(row.truth.name), .init(row.decision.state.name), .init(row.decision.access ? "yes" : "no"),
        .init(row.decision.prompt.name),
      ])
    }
    parts += [.element("h3", text: "Timeline"), timeline.fragment]
    return parts
  }
}
