/// Everything a scenario run found: the timeline, each expectation and invariant, and whether
/// the scenario passed.
///
/// A scenario with Apple Family Sharing (`family-members`) is played once for the purchaser
/// (this result) and once for each family member (`members`, each a result of its own with its
/// timeline, expectations and invariants); the scenario passes only when every one of them does.
public struct ScenarioResult: Hashable, Sendable {
  public var scenario: Scenario
  /// Whose run this is: `0` the purchaser (or the one subscriber of a scenario without family),
  /// `N` family member N.
  public var member: Int
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
  /// Every delivery attempt the store made, failed ones and duplicates included, in time order
  /// (with several sources, each named); a family member's are in its own run (`members`).
  public var attempts: [DeliveryAttempt]
  /// The store's record after each event, per source (one, unnamed, for a scenario of one
  /// subscription): what the store APIs and snapshots answer from at an instant.
  package var records: [RecordHistory] = []
  /// Where the policy broke its sampling contract: an answer the engine kept (the policy
  /// decides only on notifications) that disagreed with a fresh one, the first per source. A
  /// breach fails the run: its expectations and invariants were judged on a stale answer.
  public var contractBreaches: [ContractBreach] = []
  /// How many deliveries the policy did not accept.
  public var deliveriesNotAccepted = 0
  /// The family members' runs of the same timeline, in member order; empty without family.
  public var members: [ScenarioResult]
  /// The invariants some run of the family violated (this one, the purchaser's or another
  /// member's): `expect-violations` is met by the family together. Empty without family.
  public var violatedInFamily: [Invariant]

  public init(
    scenario: Scenario, member: Int = 0, policy: String, step: TimeSpan, end: Instant, rows: [TimelineRow],
    expectations: [ExpectationResult], violations: [InvariantChecker.Violation], entryErrors: [EntryError],
    deliveries: [Delivery], attempts: [DeliveryAttempt] = [], members: [ScenarioResult] = [],
    violatedInFamily: [Invariant] = []
  ) {
    self.scenario = scenario
    self.member = member
    self.policy = policy
    self.step = step
    self.end = end
    self.rows = rows
    self.expectations = expectations
    self.violations = violations
    self.entryErrors = entryErrors
    self.deliveries = deliveries
    self.attempts = attempts
    self.members = members
    self.violatedInFamily = violatedInFamily
  }

  /// This run and the family members' runs, purchaser first.
  public var runs: [ScenarioResult] { [self] + members }

  /// `purchaser` or `family member N`; `nil` for a scenario without family.
  public var runName: String? {
    member > 0 ? "family member \(member)" : scenario.familyMembers > 0 ? "purchaser" : nil
  }

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
    /// Whether some run of the family (this one or another) violated it: `expect-violations` is
    /// met by the family together.
    public var violatedInFamily = false
    /// Holds as the scenario asks: not violated, or violated (here or, in a family, by another
    /// run) when `expect-violations` says it must be, or at level `warn`/`off`.
    public var passed: Bool {
      if expectedToFail { return !violations.isEmpty || violatedInFamily }
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
        violations: level == .off ? [] : violations.filter { $0.invariant == invariant },
        violatedInFamily: level != .off && violatedInFamily.contains(invariant))
    }
  }

  /// Every expectation met, every invariant as asked, every entry resolved, every notification
  /// the policy refused accepted in the end (``RefusedDelivery``): in this run and in every
  /// family member's.
  public var passed: Bool {
    entryErrors.isEmpty && contractBreaches.isEmpty && expectations.allSatisfy(\.passed)
      && invariants.allSatisfy(\.passed) && !refusedDeliveries.contains(where: \.isFailure)
      && members.allSatisfy(\.passed)
  }
}

/// One expectation's checks.
public struct ExpectationResult: Hashable, Sendable {
  public var expectation: Expectation
  /// The keys of a `reference-only` expectation not checked because another policy played
  /// (`access`, `prompt`): the reports say so.
  public var notChecked: [String] = []
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
