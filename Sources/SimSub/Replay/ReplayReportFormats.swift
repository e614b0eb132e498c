import SubscriptionPolicy

/// `simsub replay --format markdown|junit|html`: the report in the shapes the scenario and gate
/// reports take (``ScenarioMarkdownReport``, ``JUnitDocument``, ``HTMLPage``), subscribers named
/// by store ids only.
extension ReplayReport {
  /// The subscriber as the reports name them: their first two ids.
  func name(_ subscriber: Int) -> String {
    subscribers.groups[subscriber].ids.prefix(2).joined(separator: ", ")
  }

  /// `policy: state, access` of one violation.
  func line(for v: ReplayPlayer.Violation) -> String {
    "\(name(v.subscriber)): from \(RFC3339.format(v.at)) (\(policy): \(describe(v.decision)))"
  }

  /// What each check found, one line each (with the violator's timeline, where it was made):
  /// the invariants, then the comparison's kinds.
  private var checks: [(check: String, passed: Bool, found: [(line: String, timeline: [String])])] {
    var rows: [(String, Bool, [(String, [String])])] = []
    for invariant in [Invariant.noLockoutInGrace, .noFreeAccess] {
      let found = violations(of: invariant)
      rows.append((invariant.rawValue, found.isEmpty, found.map { (line(for: $0), timeline(of: $0)) }))
    }
    if compared != nil {
      for kind in ReplayPlayer.Difference.Kind.allCases {
        let found = differences(kind)
        let serious = kind == .newLockout || kind == .newFreeAccess
        rows.append((kind.rawValue, !serious || found.isEmpty, found.map { (line(for: $0), []) }))
      }
    }
    return rows
  }

  private var summary: String {
    let stores = perStore.map { "\($0.store) \(Format.grouped(Int64($0.count)))" }.joined(separator: ", ")
    return
      "\(Plural.count(notifications, as: Format.grouped(Int64(notifications)), "notification")) (\(stores.isEmpty ? "none" : stores)) of \(Plural.count(subscriberCount, as: Format.grouped(Int64(subscriberCount)), "subscriber")) in \(Plural.count(files, "log")); \(Plural.count(problems.count, "unreadable record"))"
  }

  /// A summary for a CI job or a pull-request comment: each check's count, then the first
  /// ``listed`` subscribers of each that failed.
  var markdown: String {
    var out =
      "### simsub replay: \(passed ? "✅ passed" : "❌ failed") (policy `\(policy)`\(compared.map { ", compared with `\($0)`" } ?? ""))\n\n"
    out += ScenarioMarkdownReport.cell(summary) + "\n\n"
    out += "| | check | subscribers |\n|---|---|---|\n"
    for c in checks {
      out += "| \(c.passed ? "✅" : "❌") | \(c.check) | \(c.found.count) |\n"
    }
    let failed = checks.filter { !$0.passed }
    if !failed.isEmpty {
      out += "\n#### Failures\n\n"
      for c in failed {
        for found in c.found.prefix(Self.listed) {
          out += "- \(c.check): \(ScenarioMarkdownReport.cell(found.line))\n"
          for row in found.timeline { out += "  - \(ScenarioMarkdownReport.cell(row))\n" }
        }
        if c.found.count > Self.listed {
          out += "- \(c.check): … and \(c.found.count - Self.listed) more (--format json lists all)\n"
        }
      }
    }
    return out
  }

  /// JUnit XML: one suite for the replay, one test case per subscriber, failed when the
  /// subscriber broke an invariant or, with `--compare`, met a new lockout or new free access.
  func junit(run: ScenarioJUnitReport.Run = .init()) -> String {
    var suite = JUnitDocument.Suite(
      name: "simsub replay (\(policy))", classname: "simsub.replay",
      properties: [.init(name: "policy", value: policy)]
        + (compared.map { [.init(name: "compared", value: $0)] } ?? [])
        + [.init(name: "notifications", value: String(notifications))],
      seconds: run.seconds.first ?? 0)
    var failures: [Int: [(type: String, line: String, rows: [String])]] = [:]
    for v in outcome.violations {
      failures[v.subscriber, default: []].append((v.invariant.rawValue, line(for: v), timeline(of: v)))
    }
    for d in differences where d.kind == .newLockout || d.kind == .newFreeAccess {
      failures[d.subscriber, default: []].append((d.kind.rawValue, line(for: d), []))
    }
    for g in subscribers.groups.indices {
      let found = failures[g] ?? []
      suite.cases.append(
        .init(
          name: name(g),
          failure: found.first.map { first in
            .init(
              type: first.type, message: "\(first.type): \(first.line)",
              detail: found.map {
                (["\($0.type): \($0.line)"] + $0.rows.map { "  " + $0 }).joined(separator: "\n")
              }
              .joined(separator: "\n"))
          }))
    }
    // A log with no subscriber still says it was played: one case for the log itself.
    if suite.cases.isEmpty { suite.cases.append(.init(name: "log")) }
    var document = JUnitDocument(timestamp: run.timestamp, hostname: run.hostname)
    document.suites.append(suite)
    return document.render()
  }

  /// One page: the figures, each check with its subscribers, and the unreadable records.
  var html: String {
    var page = HTMLPage(
      title: "simsub replay: \(passed ? "passed" : "failed") (policy \(policy))",
      subtitle: ["simsub \(simsubVersion)", "policy \(policy)"]
        + (compared.map { ["compared with \($0)"] } ?? []),
      passed: passed,
      figures: [
        .init(Format.grouped(Int64(notifications)), "notifications"),
        .init(Format.grouped(Int64(subscriberCount)), "subscribers"),
        .init(String(outcome.violations.count), "violations", passed: outcome.violations.isEmpty),
        .init(String(problems.count), "unreadable records"),
      ])
    var table = HTMLTable(columns: ["", "check", "subscribers"], columnClasses: [nil, nil, "num"])
    for c in checks {
      table.append(
        [.init(.mark(c.passed)), .init(c.check), .init(String(c.found.count))], cls: c.passed ? nil : "fail")
    }
    page.sections.append(
      HTMLPage.Section(
        id: "checks", heading: "Checks", body: .lines([.element("p", text: summary), table.fragment])))
    for c in checks where !c.found.isEmpty {
      page.sections.append(
        HTMLPage.Section(
          id: c.check.replacingAll(" ", with: "-"), heading: c.check,
          body: .lines(
            c.found.flatMap { found in
              [.element("div", text: found.line)]
                + found.timeline.map { .element("div", [], [.element("code", text: $0)]) }
            }), foldable: true, open: !c.passed))
    }
    if !problems.isEmpty {
      page.sections.append(
        HTMLPage.Section(
          id: "unreadable", heading: "Unreadable records",
          body: .lines(problems.map { .element("div", text: $0.description) }), foldable: true, open: false))
    }
    return page.render()
  }
}
