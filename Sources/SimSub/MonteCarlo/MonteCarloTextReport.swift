/// The text a person reads after `simsub montecarlo`: what was played, every estimate with its
/// 95% interval for the whole population and per store, the paired differences when comparing,
/// the recovery curve, and the counterexamples written.
public struct MonteCarloTextReport: Sendable {
  /// ANSI colour, only when the caller has decided the output is a terminal without `NO_COLOR`.
  public var colour: Bool

  public init(colour: Bool = false) { self.colour = colour }

  private var paint: TerminalPaint { TerminalPaint(colour: colour) }

  public func render(_ result: MonteCarloResult) -> String {
    let setup = result.setup
    var out: [String] = []
    out.append(paint(setup.name, TerminalPaint.bold))
    out += MonteCarloReportText.header(result).map { "  " + $0 }
    out.append("")

    let groups = result.groups
    for (p, policy) in setup.policies.enumerated() {
      out.append(paint("Estimates with 95% intervals: \(policy)", TerminalPaint.bold))
      var table: [[String]] = [[""] + groups.map(\.rawValue)]
      table.append(
        ["subscribers"] + groups.map { Format.grouped(result.tally($0).sum(.subscribers, policy: p)) })
      table.append(
        ["billing-issue episodes"] + groups.map { Format.grouped(result.tally($0).sum(.episodes, policy: p)) }
      )
      for metric in Metric.allCases {
        table.append(
          [metric.label]
            + groups.map {
              MonteCarloReportText.cell(Estimator.estimate(metric, result.tally($0), policy: p), metric)
            })
        if let total = MonteCarloReportText.totalLabel(metric, currency: setup.currency) {
          table.append(
            [total] + groups.map { MonteCarloReportText.totalCell(metric, result.tally($0), policy: p) })
        }
      }
      out += MonteCarloReportText.layout(table, header: { paint($0, TerminalPaint.dim) })
      out.append("")
    }
    if setup.policies.count == 2 {
      out.append(
        paint(
          "Paired difference \(setup.policies[0]) − \(setup.policies[1]) (same draws), 95% intervals",
          TerminalPaint.bold))
      var table: [[String]] = [[""] + groups.map(\.rawValue)]
      for metric in Metric.allCases {
        table.append(
          [metric.label]
            + groups.map {
              MonteCarloReportText.differenceCell(Estimator.difference(metric, result.tally($0)), metric)
            })
      }
      out += MonteCarloReportText.layout(table, header: { paint($0, TerminalPaint.dim) })
      out.append("  " + paint(Metric.marksLegend, TerminalPaint.dim))
      out.append("")
    }
    for (p, policy) in setup.policies.enumerated() {
      out.append(
        paint(
          "Recovery curve: share of episodes recovered by day since the failure (\(policy))",
          TerminalPaint.bold))
      let curves = groups.map { Estimator.recoveryCurve(result.tally($0), policy: p) }
      var table: [[String]] = [["day"] + groups.map(\.rawValue)]
      for day in MonteCarloReportText.curveDays {
        table.append([String(day)] + curves.map { MonteCarloReportText.cell($0[day], .recoveryRate) })
      }
      out += MonteCarloReportText.layout(
        table, header: { paint($0, TerminalPaint.dim) }, rightAlignFirst: true)
      out.append("")
    }
    out += MonteCarloReportText.violationLines(result, mark: { paint.mark($0) }, finding: paint.finding)
    return out.joined(separator: "\n") + "\n"
  }
}

/// Pieces the text and Markdown reports share.
enum MonteCarloReportText {
  /// Days of the recovery curve shown in text (JSON has every day).
  static let curveDays = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 17, 21, 28, 30, 35, 42, 49, 53, 56, 60]

  static func header(_ result: MonteCarloResult) -> [String] {
    let s = result.setup
    var lines = ["file      \(s.file)"]
    var users = "users     \(Format.grouped(Int64(s.users)))"
    if let shard = result.shard {
      let range = shard.subscribers(of: s.users)
      users +=
        ", shard \(shard): subscribers \(Format.grouped(range.lowerBound))–\(Format.grouped(range.upperBound == 0 ? 0 : range.upperBound - 1)) (\(Format.grouped(UInt64(range.count))))"
    }
    lines.append(users)
    lines.append("seed      \(s.seed)")
    lines.append(
      "horizon   \(s.horizon) from each subscriber's start; subscribers start from \(RFC3339.format(s.start)) over one period"
    )
    lines.append(
      "policy    \(s.policies[0])" + (s.policies.count == 2 ? ", compared with \(s.policies[1])" : ""))
    for (i, line) in s.cohort.enumerated() {
      lines.append((i == 0 ? "cohort    " : "          ") + line)
    }
    lines.append("currency  \(s.currency): every price and revenue figure")
    return lines
  }

  /// `87.59% (87.33–87.84%)`, `91.23 (91.10–91.36)`.
  static func cell(_ e: Estimate, _ metric: Metric) -> String {
    guard e.isDefined else { return "—" }
    switch metric.unit {
    case .share:
      return
        "\(Format.percent(e.value)) (\(Format.fixed(e.low * 100, decimals: 2))–\(Format.percent(e.high)))"
    case .count, .days:
      return
        "\(Format.fixed(e.value, decimals: 3)) (\(Format.fixed(e.low, decimals: 3))–\(Format.fixed(e.high, decimals: 3)))"
    case .money:
      return
        "\(Format.fixed(e.value, decimals: 2)) (\(Format.fixed(e.low, decimals: 2))–\(Format.fixed(e.high, decimals: 2)))"
    }
  }

  /// The label of a row of totals under a per-subscriber metric: the subscriber-days, or the
  /// money in `currency`, of the whole group.
  static func totalLabel(_ metric: Metric, currency: String) -> String? {
    if metric.total != nil, metric.unit == .money { return "  in all, \(currency)" }
    switch metric {
    case .unpaidAccessDaysPerSubscriber: return "  subscriber-days in all"
    case .lockoutDaysPerSubscriber: return "  wrongful lockout, subscriber-days in all"
    case .freeAccessDaysPerSubscriber: return "  free access, subscriber-days in all"
    default: return nil
    }
  }

  /// The per-subscriber estimate times the subscribers: `1,234.5 (1,100.2–1,368.8)`.
  static func totalCell(_ metric: Metric, _ tally: StoreTally, policy p: Int) -> String {
    let e = Estimator.estimate(metric, tally, policy: p)
    guard e.isDefined else { return "—" }
    let n = Double(tally.sum(.subscribers, policy: p))
    let d = metric.unit == .money ? 2 : 1
    return
      "\(Format.fixed(e.value * n, decimals: d)) (\(Format.fixed(e.low * n, decimals: d))–\(Format.fixed(e.high * n, decimals: d)))"
  }

  /// `+1.25 pp (+1.10 to +1.40)`.
  static func differenceCell(_ e: Estimate, _ metric: Metric) -> String {
    guard e.isDefined else { return "—" }
    let marks = metric.marks(e)
    return marks.isEmpty ? interval(e, metric) : interval(e, metric) + " " + marks
  }

  /// The difference and its interval, signed.
  static func interval(_ e: Estimate, _ metric: Metric) -> String {
    func signed(_ v: Double, _ decimals: Int) -> String {
      let text = Format.fixed(v, decimals: decimals)
      return text.hasPrefix("-") ? text : "+" + text
    }
    switch metric.unit {
    case .share:
      return "\(signed(e.value * 100, 2)) pp (\(signed(e.low * 100, 2)) to \(signed(e.high * 100, 2)))"
    case .count, .days:
      return "\(signed(e.value, 3)) (\(signed(e.low, 3)) to \(signed(e.high, 3)))"
    case .money:
      return "\(signed(e.value, 2)) (\(signed(e.low, 2)) to \(signed(e.high, 2)))"
    }
  }

  /// Columns padded to their widest cell, two spaces apart, indented by two.
  static func layout(_ table: [[String]], header: (String) -> String, rightAlignFirst: Bool = false)
    -> [String]
  {
    let columns = table.map(\.count).max() ?? 0
    let widths = (0..<columns).map { c in table.map { c < $0.count ? $0[c].count : 0 }.max() ?? 0 }
    return table.enumerated().map { r, cells in
      let line = cells.enumerated().map { c, cell in
        c == 0 && rightAlignFirst ? cell.leftPadded(to: widths[c]) : cell.rightPadded(to: widths[c])
      }.joined(separator: "  ")
      let trimmed = "  " + line.trimmingTrailingSpaces()
      return r == 0 ? header(trimmed) : trimmed
    }
  }

  /// One line per policy and invariant: held, or violated with the first subscriber and the
  /// counterexample written. `mark` marks the policy under test's lines, held or failed; a
  /// compared policy's violation is marked `finding` instead, since only the policy under test
  /// decides the verdict (``MonteCarloResult/passed``).
  static func violationLines(
    _ result: MonteCarloResult, mark: (Bool) -> String, finding: String = Self.findingMark
  ) -> [String] {
    var out = ["Invariants"]
    for (p, policy) in result.setup.policies.enumerated() {
      let role = p == 0 ? policy : "\(policy), compared"
      for invariant in [Invariant.noLockoutInGrace, .noFreeAccess] {
        guard let subscriber = result.firstViolations[p].subscriber(for: invariant) else {
          out.append("  \(mark(true)) \(invariant.rawValue) (\(role))")
          continue
        }
        let counter: Counter = invariant == .noLockoutInGrace ? .lockedOut : .hadFreeAccess
        let affected = result.all.sum(counter, policy: p)
        let label = p == 0 ? mark(false) : finding
        var line =
          "  \(label) \(invariant.rawValue) (\(role)): \(Plural.count(affected, as: Format.grouped(affected), "subscriber")), first subscriber \(subscriber)"
        if p > 0 { line += "; a finding, not the verdict, which is \(result.setup.policies[0])'s" }
        if let file = result.counterexamples.first(where: { $0.policy == policy && $0.invariant == invariant }
        ) {
          line +=
            "\n      counterexample \(file.path) (\(file.entries) of \(file.storyEntries) timeline entries; 'simsub run' on it fails)"
        }
        out.append(line)
      }
    }
    return out
  }

  /// The mark of a compared policy's violation: reported, not failed.
  static let findingMark = "!"
}
