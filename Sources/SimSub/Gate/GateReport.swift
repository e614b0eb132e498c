/// The gate's verdict in each output format, plus the GitHub Actions annotations.
public enum GateReport {
  public static func text(_ r: Gate.Result) -> String {
    var out = "simsub gate — policy \(r.policy)\n"
    out += "  scenarios     \(r.scenariosLine)\n"
    if r.notPlayed.isEmpty {
      out +=
        "  policy table  \(r.tableDiff.isEmpty ? "unchanged" : "\(Plural.count(r.tableDiff.changes.count, "row")) changed") (\(Plural.count(r.table.rows.count, "row")))\n"
    }
    for line in r.notPlayed { out += "  not played    \(line)\n" }
    if let mc = r.montecarlo {
      out += "  monte carlo   \(monteCarloLine(mc))\n"
      for line in figureLines(r) { out += "                \(line)\n" }
    }
    if let replay = r.replay { out += "  replay        \(GateReplay.line(replay))\n" }
    if !r.failures.isEmpty {
      out += "\n"
      for f in r.failures {
        out += "✗ \(f.summary)\n"
        for line in f.detail { out += "    \(line)\n" }
      }
    }
    out +=
      "\n" + (r.passed ? "PASS" : "FAIL: \(Plural.count(r.failures.count, "problem"))")
      + "\n"
    return out
  }

  public static func markdown(_ r: Gate.Result) -> String {
    var out = "### simsub gate: \(r.passed ? "✅ passed" : "❌ failed") (policy `\(r.policy)`)\n\n"
    out += "| check | result |\n|---|---|\n"
    out += "| scenarios | \(ScenarioMarkdownReport.cell(r.scenariosLine)) |\n"
    if r.notPlayed.isEmpty {
      out +=
        "| policy table | \(r.tableDiff.isEmpty ? "unchanged" : "\(Plural.count(r.tableDiff.changes.count, "row")) changed") |\n"
    }
    for line in r.notPlayed { out += "| not played | \(ScenarioMarkdownReport.cell(line)) |\n" }
    if let mc = r.montecarlo {
      out += "| Monte Carlo | \(ScenarioMarkdownReport.cell(monteCarloLine(mc))) |\n"
      for line in figureLines(r) { out += "| | \(ScenarioMarkdownReport.cell(line)) |\n" }
    }
    if let replay = r.replay {
      out += "| replay | \(ScenarioMarkdownReport.cell(GateReplay.line(replay))) |\n"
    }
    if !r.failures.isEmpty {
      out += "\n#### Failures\n\n"
      for f in r.failures {
        out += "- **\(ScenarioMarkdownReport.cell(f.summary))**\n"
        for line in f.detail { out += "  - \(ScenarioMarkdownReport.cell(line))\n" }
      }
    }
    return out
  }

  /// JUnit: the scenario suites, then one suite for the gate's own checks (a case that passes
  /// when there are none to report).
  public static func junit(_ r: Gate.Result, run: ScenarioJUnitReport.Run = .init()) -> String {
    var document = ScenarioJUnitReport.document(r.scenarios, run: run)
    let own = r.failures.filter { $0.kind != .scenario }
    var suite = JUnitDocument.Suite(
      name: "simsub gate", classname: "simsub.gate", properties: [.init(name: "policy", value: r.policy)])
    if own.isEmpty { suite.cases.append(.init(name: "policy table and baseline")) }
    for f in own {
      suite.cases.append(
        .init(
          name: f.kind.rawValue,
          failure: .init(type: f.kind.rawValue, message: f.summary, detail: f.detail.joined(separator: "\n")))
      )
    }
    document.suites.append(suite)
    return document.render()
  }

  static func skippedJSON(_ skipped: [SkippedScenario]) -> JSONValue {
    .array(
      skipped.map { s -> JSONValue in
        .object([("path", .string(s.path)), ("reason", .string(s.reason))])
      })
  }

  public static func json(_ r: Gate.Result) -> String {
    let passedCount = JSONValue.int(Int64(r.scenarios.filter(\.passed).count))
    let skipped = skippedJSON(r.skipped)
    let value: JSONValue = .object([
      ("tool", "simsub"), ("command", "gate"), ("policy", .string(r.policy)), ("passed", .bool(r.passed)),
      (
        "failures",
        .array(
          r.failures.map { f in
            .object([
              ("kind", .string(f.kind.rawValue)), ("summary", .string(f.summary)),
              ("detail", .array(f.detail.map { .string($0) })), ("file", f.file.map { .string($0) } ?? .null),
              ("line", f.line.map { .int(Int64($0)) } ?? .null),
            ])
          })
      ),
      ("scenarios", .int(Int64(r.scenarios.count))),
      ("scenarios-passed", passedCount),
      ("scenarios-skipped", skipped),
      ("policy-table-changes", .array(r.tableDiff.changes.map { .string($0.description) })),
      ("not-played", .array(r.notPlayed.map { .string($0) })),
      (
        "montecarlo",
        r.montecarlo.map { mc in
          .object([
            ("subscribers", .int(mc.result.all.sum(.subscribers, policy: 0))),
            ("wrongfully-locked-out", .int(mc.lockedOut)), ("free-access", .int(mc.freeAccess)),
            (
              "metrics",
              .object(
                r.figures.map { w, now in
                  (
                    w.metric.key,
                    JSONValue.object([
                      ("baseline", .double(w.value)), ("now", .double(now.value)), ("low", .double(now.low)),
                      ("high", .double(now.high)), ("tolerance", .double(w.tolerance)),
                    ])
                  )
                })
            ),
          ])
        } ?? .null
      ),
      ("replay", r.replay.map { $0.report.json } ?? .null),
    ])
    return value.serialized(.pretty) + "\n"
  }

  static func monteCarloLine(_ mc: GateMonteCarlo.Outcome) -> String {
    let n = mc.result.all.sum(.subscribers, policy: 0)
    return "\(Plural.count(n, "subscriber")) of \(mc.result.setup.name), seed \(mc.result.setup.seed): "
      + "\(mc.lockedOut) wrongfully locked out, \(mc.freeAccess) given free access"
  }

  static func figureLines(_ r: Gate.Result) -> [String] {
    r.figures.map { w, now in
      "\(w.metric.label): \(w.format(now.value)) (baseline \(w.format(w.value)), may \(w.higherIsBetter ? "fall" : "rise") \(w.formatDifference(w.tolerance).dropFirst()))"
    }
  }

  /// `::error file=…,line=…::message` lines for GitHub Actions, one per failure.
  public static func githubAnnotations(_ r: Gate.Result) -> String {
    r.failures.map { f in
      var properties: [String] = []
      if let file = f.file { properties.append("file=\(escapeProperty(file))") }
      if let line = f.line { properties.append("line=\(line)") }
      properties.append("title=\(escapeProperty("simsub gate: \(f.kind.rawValue)"))")
      let message = ([f.summary] + f.detail.prefix(5)).joined(separator: "\n")
      return "::error \(properties.joined(separator: ","))::\(escapeData(message))\n"
    }.joined()
  }

  /// GitHub's workflow-command escaping for the message.
  static func escapeData(_ s: String) -> String {
    s.replacingAll("%", with: "%25").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
  }

  /// The same for property values, which also escape `:` and `,`.
  static func escapeProperty(_ s: String) -> String {
    escapeData(s).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
  }
}

extension GateReport {
  /// `simsub gate --format html`: the verdict, each failure with its detail, the changed
  /// policy-table rows, and the scenarios' summary table (the same page skeleton as `run`).
  public static func html(_ r: Gate.Result) -> String {
    var page = HTMLPage(
      title: "simsub gate: \(r.passed ? "passed" : "failed") (policy \(r.policy))",
      subtitle: ["simsub \(simsubVersion)", "policy \(r.policy)"], passed: r.passed,
      figures: [
        .init(String(r.scenarios.count), "scenarios"),
        .init(
          String(r.scenarios.filter { !$0.passed }.count), "scenarios failed",
          passed: r.scenarios.allSatisfy(\.passed)),
        .init(String(r.tableDiff.changes.count), "policy-table rows changed", passed: r.tableDiff.isEmpty),
        .init(String(r.failures.count), "problems", passed: r.passed),
      ])
    if let mc = r.montecarlo {
      var table = HTMLTable(
        columns: ["figure", "now", "95% interval", "baseline", "tolerance"],
        columnClasses: [nil, "num", "num", "num", "num"])
      for (w, now) in r.figures {
        table.append([
          .init(w.metric.label), .init(w.format(now.value)),
          .init("\(w.format(now.low))–\(w.format(now.high))"),
          .init(w.format(w.value)), .init(String(w.formatDifference(w.tolerance).dropFirst())),
        ])
      }
      page.sections.append(
        HTMLPage.Section(
          id: "montecarlo", heading: "Monte Carlo",
          body: .lines([.element("p", text: monteCarloLine(mc)), table.fragment])))
    }
    if let replay = r.replay {
      page.sections.append(
        HTMLPage.Section(
          id: "replay", heading: "Replay", body: .lines([.element("p", text: GateReplay.line(replay))])))
    }
    if !r.notPlayed.isEmpty {
      page.sections.append(
        HTMLPage.Section(
          id: "not-played", heading: "Not played", body: .lines(r.notPlayed.map { .element("p", text: $0) })))
    }
    if !r.failures.isEmpty {
      var table = HTMLTable(columns: ["kind", "problem", "detail"], columnClasses: [nil, nil, nil])
      for f in r.failures {
        table.append(
          [
            .init(f.kind.rawValue), .init(f.summary),
            .init(.lines(f.detail.map { .element("div", text: $0) })),
          ], cls: "fail")
      }
      page.sections.append(HTMLPage.Section(id: "failures", heading: "Failures", body: table.fragment))
    }
    if !r.tableDiff.isEmpty {
      var table = HTMLTable(
        columns: ["source", "prior", "notification", "before", "after"],
        columnClasses: [nil, nil, "mono", nil, nil])
      for c in r.tableDiff.changes {
        table.append([
          .init(c.store), .init(c.prior), .init(c.notification), .init(c.before ?? "—"),
          .init(c.after ?? "—"),
        ])
      }
      page.sections.append(
        HTMLPage.Section(id: "policy-table", heading: "Policy table changes", body: table.fragment))
    }
    page.sections.append(
      HTMLPage.Section(
        id: "scenarios", heading: "Scenarios", body: ScenarioHTMLReport.summaryTable(r.scenarios).fragment,
        foldable: true, open: !r.scenarios.allSatisfy(\.passed)))
    return page.render()
  }
}
