/// What a scenario's timeline chart shows, as plain values: the spans of the store's truth and
/// of the policy's answer, the notifications with when each was sent and delivered, the
/// subscriber's actions, the expectations and every invariant violation.
///
/// Built from a ``ScenarioResult`` by ``init(_:)``; tests may build one by hand.
public struct TimelineChartData: Hashable, Sendable {
  /// A value held from `start` until `end`.
  public struct Span<Value: Hashable & Sendable>: Hashable, Sendable {
    public var start: Instant
    public var end: Instant
    public var value: Value
    public init(start: Instant, end: Instant, value: Value) {
      self.start = start
      self.end = end
      self.value = value
    }
  }

  /// One notification the store sent: when, and each delivery and failed delivery attempt.
  public struct Notification: Hashable, Sendable {
    public var name: String
    public var sent: Instant
    public var deliveries: [Instant]
    public var failedAttempts: [Instant]
    public init(name: String, sent: Instant, deliveries: [Instant] = [], failedAttempts: [Instant] = []) {
      self.name = name
      self.sent = sent
      self.deliveries = deliveries
      self.failedAttempts = failedAttempts
    }
  }

  /// Something that happened at an instant, with the words for it.
  public struct Mark: Hashable, Sendable {
    public var instant: Instant
    public var label: String
    public init(instant: Instant, label: String) {
      self.instant = instant
      self.label = label
    }
  }

  /// An expectation, where it resolved.
  public struct Check: Hashable, Sendable {
    public var instant: Instant
    public var passed: Bool
    public var label: String
    public init(instant: Instant, passed: Bool, label: String) {
      self.instant = instant
      self.passed = passed
      self.label = label
    }
  }

  /// A span in which an invariant failed.
  public struct Violation: Hashable, Sendable {
    public var invariant: String
    public var start: Instant
    public var end: Instant
    /// The scenario's `expect-violations` asks for it (a negative test).
    public var expected: Bool
    /// The sentence the text report prints for it.
    public var detail: String
    public init(invariant: String, start: Instant, end: Instant, expected: Bool, detail: String) {
      self.invariant = invariant
      self.start = start
      self.end = end
      self.expected = expected
      self.detail = detail
    }
  }

  public var title: String
  /// Facts about the run, shown under the title.
  public var subtitle: [String]
  /// `PASS` or `FAIL`, when the chart is of a checked scenario.
  public var verdict: String?
  public var passed: Bool
  /// The stretch of time drawn.
  public var start: Instant
  public var end: Instant
  /// Day 0 of the day numbers: the scenario's start, also for a zoomed panel that draws a
  /// later stretch of the run.
  public var origin: Instant
  /// The store's truth, span by span, from `start` to `end`.
  public var truth: [Span<StoreTruth>]
  /// The policy's answer after each event, span by span, from `start` to `end`.
  public var policy: [Span<Decision>]
  /// The store's own clock: period ends, billing retries, grace ending.
  public var storeEvents: [Mark]
  public var notifications: [Notification]
  /// The subscriber's actions, delivery-fault changes and notes.
  public var actions: [Mark]
  public var checks: [Check]
  public var violations: [Violation]
  /// The invariants checked (for the line that says they all held).
  public var invariants: [String]

  public init(
    title: String, subtitle: [String] = [], verdict: String? = nil, passed: Bool = true, start: Instant,
    end: Instant, truth: [Span<StoreTruth>], policy: [Span<Decision>], storeEvents: [Mark] = [],
    notifications: [Notification] = [], actions: [Mark] = [], checks: [Check] = [],
    violations: [Violation] = [], invariants: [String] = Invariant.allCases.map(\.rawValue),
    origin: Instant? = nil
  ) {
    self.title = title
    self.subtitle = subtitle
    self.verdict = verdict
    self.passed = passed
    self.start = start
    self.end = end
    self.origin = origin ?? start
    self.truth = truth
    self.policy = policy
    self.storeEvents = storeEvents
    self.notifications = notifications
    self.actions = actions
    self.checks = checks
    self.violations = violations
    self.invariants = invariants
  }

  /// The chart of a scenario run. The policy's answer is the one after each event of the
  /// timeline; violations are the checker's spans, which are also measured between events.
  public init(_ result: ScenarioResult) {
    let s = result.scenario
    let start = s.start
    let end = max(result.end, start + .seconds(1))
    var truthChanges: [(Instant, StoreTruth)] = [(start, .never)]
    var policyChanges: [(Instant, Decision)] = [(start, .never)]
    var storeEvents: [Mark] = []
    var actions: [Mark] = []
    var notifications: [Notification] = []
    for row in result.rows {
      let at = min(max(row.instant, start), end)
      truthChanges.append((at, row.truth))
      var decision = row.decision
      decision.gracePeriodExpiresDate = nil  // not drawn: keep spans whole across it
      policyChanges.append((at, decision))
      for name in row.sent { notifications.append(Notification(name: name, sent: row.instant)) }
      switch row.event {
      case .action, .deliveryChanged, .note:
        actions.append(Mark(instant: row.instant, label: Describe.event(of: row, in: s)))
      case .timer(let timer):
        storeEvents.append(Mark(instant: row.instant, label: Describe.timer(timer)))
      case .delivered(let name, let sentAt):
        if let i = notifications.lastIndex(where: { $0.name == name && $0.sent == sentAt }) {
          notifications[i].deliveries.append(row.instant)
        } else {
          notifications.append(Notification(name: name, sent: sentAt, deliveries: [row.instant]))
        }
      case .deliveryFailed(let name, _, _):
        if let i = notifications.lastIndex(where: { $0.name == name && $0.sent <= row.instant }) {
          notifications[i].failedAttempts.append(row.instant)
        }
      }
    }
    var subtitle: [String]
    if !s.hasSources {
      subtitle = [s.store.name] + s.products.map(Describe.product)
    } else {
      subtitle = s.subscriptions.map {
        "\($0.name): \($0.store.name) \($0.products.map(\.id.text).joined(separator: ", "))"
      }
    }
    subtitle.append("policy \(result.policy)")
    subtitle.append("\(RFC3339.format(s.start)) → \(RFC3339.format(result.end))")
    if s.delivery != DeliveryFaults() {
      subtitle.append(Describe.delivery(s.delivery.settings(from: s.start, start: s.start)))
    }
    var violations: [Violation] = []
    for verdict in result.invariants where verdict.level != .off {
      for v in verdict.violations {
        violations.append(
          Violation(
            invariant: verdict.invariant.rawValue, start: v.start, end: v.end ?? result.end,
            expected: verdict.expectedToFail, detail: ScenarioTextReport.describe(v, start: s.start)))
      }
    }
    let checks = result.expectations.compactMap { e -> Check? in
      guard let instant = e.instant else { return nil }
      let keys = e.checks.map { c in
        c.passed ? "\(c.key) \(c.expected)" : "\(c.key) \(c.expected) (got \(c.actual))"
      }
      return Check(
        instant: instant, passed: e.passed, label: "\(e.expectation.at): \(keys.joined(separator: ", "))")
    }
    self.init(
      title: result.runName.map { "\(s.name) — \($0)" } ?? s.name, subtitle: subtitle,
      verdict: result.passed ? "PASS" : "FAIL", passed: result.passed,
      start: start, end: end, truth: Self.spans(truthChanges, end: end),
      policy: Self.spans(policyChanges, end: end), storeEvents: storeEvents, notifications: notifications,
      actions: actions, checks: checks, violations: violations,
      invariants: Invariant.allCases.filter { s.level(of: $0) != .off }.map(\.rawValue))
  }

  /// Spans from a list of changes in time order: the last change at an instant wins, and
  /// neighbours with the same value merge.
  static func spans<Value>(_ changes: [(Instant, Value)], end: Instant) -> [Span<Value>] {
    var spans: [Span<Value>] = []
    for (i, (at, value)) in changes.enumerated() {
      let until = i + 1 < changes.count ? changes[i + 1].0 : end
      guard until > at else { continue }
      if let last = spans.last, last.value == value, last.end == at {
        spans[spans.count - 1].end = until
      } else {
        spans.append(Span(start: at, end: until, value: value))
      }
    }
    return spans
  }
}
