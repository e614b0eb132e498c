/// Everything a scenario run found: the timeline, each expectation and invariant, and whether
/// the scenario passed.
public struct ScenarioResult: Hashable, Sendable {
  public var scenario: Scenario
  /// The policy that ran (the file's, or `--policy`'s).
  public var policy: String
  /// The step the policy was sampled at (the file's, or `--step`'s).
  public var step: TimeSpan
  /// The instant the run ended.
  public var end: Instant
  public var rows: [TimelineRow]
  public var expectations: [ExpectationResult]
  public var violations: [InvariantChecker.Violation]
  /// Entries whose instant could not be resolved (an anchor the run never reached, or one that
  /// resolves before the moment it became known).
  public var entryErrors: [EntryError]
  /// Notifications that reached the policy, in arrival order (for failure reports).
  public var deliveries: [Delivery]

  public struct Delivery: Hashable, Sendable {
    public var instant: Instant
    public var name: String
  }

  /// One invariant's verdict.
  public struct InvariantVerdict: Hashable, Sendable {
    public var invariant: Invariant
    public var level: InvariantLevel
    public var expectedToFail: Bool
    public var violations: [InvariantChecker.Violation]
    /// Holds as the scenario asks: not violated, or violated when `expect-violations` says it
    /// must be, or at level `warn`/`off`.
    public var passed: Bool {
      if expectedToFail { return !violations.isEmpty }
      return level != .error || violations.isEmpty
    }
  }

  /// Each invariant's verdict, in the order of `Invariant.allCases`. An invariant at level
  /// `off` is not checked, so it has no violations to report.
  public var invariants: [InvariantVerdict] {
    Invariant.allCases.map { invariant in
      let level = scenario.level(of: invariant)
      return InvariantVerdict(
        invariant: invariant, level: level,
        expectedToFail: scenario.expectedViolations.contains(invariant),
        violations: level == .off ? [] : violations.filter { $0.invariant == invariant })
    }
  }

  /// Every expectation met, every invariant as asked, every entry resolved.
  public var passed: Bool {
    entryErrors.isEmpty && expectations.allSatisfy(\.passed) && invariants.allSatisfy(\.passed)
  }
}

/// One expectation's checks.
public struct ExpectationResult: Hashable, Sendable {
  public var expectation: Expectation
  /// Where `at` resolved; `nil` when it never did.
  public var instant: Instant?
  public var checks: [Check]
  /// The last notifications that reached the policy by then, newest last.
  public var recentDeliveries: [ScenarioResult.Delivery]

  public struct Check: Hashable, Sendable {
    /// The key: `store`, `entitlement`, `access`, `prompt`, `sent`, `charges`.
    public var key: String
    public var expected: String
    public var actual: String
    public var passed: Bool
  }

  public var passed: Bool { instant != nil && checks.allSatisfy(\.passed) }
}

/// A timeline entry or expectation whose instant could not be resolved.
public struct EntryError: Hashable, Sendable {
  public var line: Int
  public var column: Int
  public var message: String
}
