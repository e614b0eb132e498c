/// The text a person reads at a terminal after `simsub run`: a header, the timeline, each
/// expectation and invariant with ✓ or ✗, and PASS or FAIL.
public struct ScenarioTextReport: Sendable {
  /// ANSI colour, only when the caller has decided the output is a terminal without `NO_COLOR`.
  public var colour: Bool

  public init(colour: Bool = false) { self.colour = colour }

  private var paint: TerminalPaint { TerminalPaint(colour: colour) }
  private func ok(_ passed: Bool) -> String { paint.mark(passed) }

  public func render(_ result: ScenarioResult) -> String {
    let s = result.scenario
    var out: [String] = []
    out.append(paint(s.name, TerminalPaint.bold))
    out.append("  file     \(s.path)")
    if !s.hasSources {
      out.append("  store    \(s.store.name)")
      for (i, p) in s.products.enumerated() {
        out.append("  \(i == 0 ? "product " : "         ") \(Describe.product(p))")
      }
    } else {
      for (i, source) in s.subscriptions.enumerated() {
        let channel = source.channel == .direct ? "" : " via \(source.channel.name)"
        let head = "\(i == 0 ? "sources " : "        ") \(source.name) (\(source.store.name)\(channel)): "
        for (j, p) in source.products.enumerated() {
          let lead = j == 0 ? head : String(repeating: " ", count: head.count)
          out.append("  \(lead)\(Describe.product(p))")
        }
      }
    }
    out.append("  policy   \(result.policy)")
    if s.familyMembers > 0 {
      let members = Plural.count(s.familyMembers, "member")
      out.append("  family   \(members) (Family Sharing), each played with its own policy")
    }
    out.append("  time     \(RFC3339.format(s.start)) → \(RFC3339.format(result.end)), step \(result.step)")
    out.append("")
    if s.familyMembers > 0 { out.append(paint("Purchaser", TerminalPaint.bold)) }
    run(result, into: &out)
    for member in result.members {
      out.append("")
      out.append(paint("Family member \(member.member)", TerminalPaint.bold))
      run(member, into: &out)
    }
    out.append("")
    out.append(result.passed ? paint("PASS", TerminalPaint.boldGreen) : paint("FAIL", TerminalPaint.boldRed))
    return out.joined(separator: "\n") + "\n"
  }

  /// One run's timeline, entries, expectations and invariants.
  private func run(_ result: ScenarioResult, into out: inout [String]) {
    let s = result.scenario
    let header = ["instant", "day", "event", "sent", "store", "policy", "access", "prompt"]
    var table: [[String]] = [header]
    for row in Self.collapsingRepeatedFailures(result.rows) {
      if case .deliveryFailed(let name, let attempt, let retryAt) = row.event, attempt < 0 {
        // A run of failed attempts folded into one row (see `collapsingRepeatedFailures`).
        table.append([
          "…", "",
          "\(-attempt) more failed attempts to deliver \(name), until \(retryAt.map(RFC3339.format) ?? "?")",
          "", row.truth.name, row.decision.state.name, row.decision.access ? "yes" : "no",
          row.decision.prompt.name,
        ])
        continue
      }
      table.append([
        RFC3339.format(row.instant), Describe.day(row.instant, from: s.start),
        Describe.event(of: row, in: s), row.sent.joined(separator: ", "),
        row.truth.name, row.decision.state.name, row.decision.access ? "yes" : "no", row.decision.prompt.name,
      ])
    }
    let widths = header.indices.map { c in table.map { $0[c].count }.max() ?? 0 }
    for (r, cells) in table.enumerated() {
      let line = cells.enumerated().map { c, cell in
        c == 1 ? cell.leftPadded(to: widths[c]) : cell.rightPadded(to: widths[c])
      }.joined(separator: "  ")
      let trimmed = "  " + line.trimmingTrailingSpaces()
      out.append(r == 0 ? paint(trimmed, TerminalPaint.dim) : trimmed)
    }

    if !result.entryErrors.isEmpty {
      out.append("")
      out.append("Entries")
      for e in result.entryErrors {
        out.append("  \(ok(false)) \(s.path):\(e.line):\(e.column): \(e.message)")
      }
    }

    if !result.contractBreaches.isEmpty {
      out.append("")
      out.append("Policy contract")
      for b in result.contractBreaches {
        out.append("  \(ok(false)) \(RFC3339.format(b.instant)): \(b.message)")
      }
    }
    let refused = result.refusedDeliveries
    if !refused.isEmpty {
      out.append("")
      out.append("Deliveries refused by the policy")
      for r in refused {
        out.append(r.isFailure ? "  \(ok(false)) \(r.summary)" : "  note: \(r.summary)")
      }
    }

    if !result.expectations.isEmpty {
      out.append("")
      out.append("Expectations")
      for e in result.expectations {
        let when =
          e.instant.map {
            "\(e.expectation.at) (\(RFC3339.format($0)), day \(Describe.day($0, from: s.start)))"
          }
          ?? "\(e.expectation.at) (never reached)"
        let keys = Describe.expected(e.expectation)
        let source = e.expectation.source.map { "\(s.subscriptions[$0].name), " } ?? ""
        out.append("  \(ok(e.passed)) \(source)\(when): \(keys)")
        if !e.notChecked.isEmpty {
          out.append(
            "      reference-only: \(e.notChecked.joined(separator: ", ")) not checked for \(result.policy) (the reference policy's own choice)"
          )
        }
        for check in e.checks where !check.passed {
          out.append(
            "      \(s.path):\(e.expectation.line):\(e.expectation.column): \(check.key): expected \(check.expected), got \(check.actual)"
          )
        }
        if !e.passed, !e.recentDeliveries.isEmpty {
          let recent = e.recentDeliveries.map { "\($0.name) at \(RFC3339.format($0.instant))" }
          out.append("      last notifications to reach the policy: \(recent.joined(separator: "; "))")
        }
      }
    }

    out.append("")
    out.append("Invariants")
    for verdict in result.invariants {
      var line = "  \(ok(verdict.passed)) \(verdict.invariant.rawValue)"
      if verdict.level != .error { line += " (\(verdict.level.rawValue))" }
      if verdict.expectedToFail {
        line += Self.expectedViolationNote(verdict)
      }
      out.append(line)
      for v in verdict.violations {
        out.append("      " + Self.describe(v, start: s.start))
      }
    }
  }

  /// How an invariant listed in `expect-violations` fared.
  static func expectedViolationNote(_ verdict: ScenarioResult.InvariantVerdict) -> String {
    " — " + expectedViolationVerdict(verdict)
  }

  /// The verdict on an invariant expected to be violated, without the dash that leads it in
  /// the text report.
  static func expectedViolationVerdict(_ verdict: ScenarioResult.InvariantVerdict) -> String {
    if !verdict.violations.isEmpty { return "violated, as expected" }
    return verdict.violatedInFamily
      ? "held here; violated elsewhere in the family, as expected" : "expected to be violated, but held"
  }

  /// Folds long runs of failed deliveries of one notification (Pub/Sub retries for days) into
  /// the first attempt, one summary row and the last attempt. The summary row is a
  /// `.deliveryFailed` with a negative attempt: the number of rows folded, and the last one's
  /// instant.
  static func collapsingRepeatedFailures(_ rows: [TimelineRow]) -> [TimelineRow] {
    var out: [TimelineRow] = []
    var i = 0
    while i < rows.count {
      guard case .deliveryFailed(let name, _, _) = rows[i].event else {
        out.append(rows[i])
        i += 1
        continue
      }
      var j = i + 1
      while j < rows.count, case .deliveryFailed(let other, _, _) = rows[j].event, other == name { j += 1 }
      let run = j - i
      if run > 4 {
        out.append(rows[i])
        var summary = rows[j - 2]
        summary.event = .deliveryFailed(name, attempt: -Int32(run - 2), retryAt: rows[j - 2].instant)
        out.append(summary)
        out.append(rows[j - 1])
      } else {
        out.append(contentsOf: rows[i..<j])
      }
      i = j
    }
    return out
  }

  /// One violation in a sentence: when it began, how long it lasted, the truth and the answer
  /// during it, and the notification that caused it.
  public static func describe(_ v: InvariantChecker.Violation, start: Instant) -> String {
    let what: String
    switch v.invariant {
    case .noLockoutInGrace: what = "locked out while the store says \(v.truth.name)"
    case .noFreeAccess: what = "access granted while the store says \(v.truth.name)"
    case .promptMatches: what = "prompt \(v.decision.prompt.name) while the store says \(v.truth.name)"
    }
    let cause: String
    switch (v.cause, v.causeArrival) {
    case (let n?, let arrival?): cause = "after \(n.name) arrived at \(RFC3339.format(arrival))"
    case (let n?, nil): cause = "after \(n.name)"
    case (nil, let changed?):
      cause = "its answer since \(RFC3339.format(changed)), on its own clock (no notification)"
    case (nil, nil): cause = "before any notification arrived"
    }
    let when =
      v.duration?.seconds == 0
      ? "at the instant \(RFC3339.format(v.start)) (day \(Describe.day(v.start, from: start))) only"
      : "from \(RFC3339.format(v.start)) (day \(Describe.day(v.start, from: start)))"
        + (v.duration.map { " for \($0)" } ?? "")
    return "\(what): \(when); policy said \(Describe.decision(v.decision)), \(cause)"
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var s = Substring(self)
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
