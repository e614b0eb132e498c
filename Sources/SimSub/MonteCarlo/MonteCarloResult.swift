/// Everything a Monte Carlo run (or a merge of shard runs) found: what was played, the exact
/// tallies per store, and the first subscribers that saw each violation. Estimates and reports
/// are pure functions of it.
public struct MonteCarloResult: Hashable, Sendable {
  public var setup: RunSetup
  /// The slice played, or `nil` for the whole population (a single run, or merged shards).
  public var shard: Shard?
  public var apple: StoreTally
  public var google: StoreTally
  /// The Stripe subscribers' tally; `nil` when the population has no Stripe group, so reports
  /// of App Store and Google Play populations keep their columns.
  public var stripe: StoreTally?
  /// Per policy (in `setup.policies` order), the first subscriber of each violation.
  public var firstViolations: [FirstViolations]
  /// The counterexample scenarios written for them.
  public var counterexamples: [CounterexampleFile]

  public init(
    setup: RunSetup, shard: Shard?, apple: StoreTally, google: StoreTally, stripe: StoreTally? = nil,
    firstViolations: [FirstViolations], counterexamples: [CounterexampleFile] = []
  ) {
    self.setup = setup
    self.shard = shard
    self.apple = apple
    self.google = google
    self.stripe = stripe
    self.firstViolations = firstViolations
    self.counterexamples = counterexamples
  }

  /// The whole population: every store's tally added.
  public var all: StoreTally { stripe.map { apple + google + $0 } ?? apple + google }

  /// The groups reports show: everyone, apple, google, and stripe when the population has it.
  public var groups: [SubscriberGroup] { stripe == nil ? [.all, .apple, .google] : SubscriberGroup.allCases }

  /// The tally of a group of subscribers (an empty one for stripe without Stripe groups).
  public func tally(_ group: SubscriberGroup) -> StoreTally {
    switch group {
    case .all: all
    case .apple: apple
    case .google: google
    case .stripe: stripe ?? StoreTally(policies: setup.policies.count)
    }
  }

  /// Whether policy `p` ever locked out a subscriber the store entitled, or gave free access.
  public func sawViolation(policy p: Int) -> Bool {
    firstViolations[p].lockout != nil || firstViolations[p].freeAccess != nil
  }

  /// The run's verdict, behind its exit status and every report's PASS or FAIL: whether the
  /// policy under test, the first, broke no invariant. A policy given with `--compare` is there
  /// to be measured against: its violations are findings the reports list, never the verdict
  /// (a comparison with a known-bad policy passes when the policy under test is right).
  public var passed: Bool { !sawViolation(policy: 0) }
}

/// The subscribers an estimate is about.
public enum SubscriberGroup: String, CaseIterable, Hashable, Sendable {
  case all
  case apple
  case google
  case stripe
}

/// The lowest-numbered subscribers who saw a wrongful lockout and free access, if any.
public struct FirstViolations: Hashable, Sendable {
  public var lockout: UInt64?
  public var freeAccess: UInt64?

  public init(lockout: UInt64? = nil, freeAccess: UInt64? = nil) {
    self.lockout = lockout
    self.freeAccess = freeAccess
  }

  /// The earlier of each, so merging is independent of order.
  public mutating func merge(_ other: FirstViolations) {
    lockout = Self.min(lockout, other.lockout)
    freeAccess = Self.min(freeAccess, other.freeAccess)
  }

  static func min(_ a: UInt64?, _ b: UInt64?) -> UInt64? {
    switch (a, b) {
    case (nil, _): b
    case (_, nil): a
    case (let x?, let y?): Swift.min(x, y)
    }
  }

  public func subscriber(for invariant: Invariant) -> UInt64? {
    switch invariant {
    case .noLockoutInGrace: lockout
    case .noFreeAccess: freeAccess
    case .promptMatches: nil
    }
  }
}

/// A counterexample scenario written for one violation.
public struct CounterexampleFile: Hashable, Sendable {
  public var policy: String
  public var invariant: Invariant
  /// The subscriber's 0-based index in the population.
  public var subscriber: UInt64
  public var path: String
  /// Timeline entries in the subscriber's story, and in the shortened scenario.
  public var storyEntries: Int
  public var entries: Int

  public init(
    policy: String, invariant: Invariant, subscriber: UInt64, path: String, storyEntries: Int, entries: Int
  ) {
    self.policy = policy
    self.invariant = invariant
    self.subscriber = subscriber
    self.path = path
    self.storyEntries = storyEntries
    self.entries = entries
  }
}
