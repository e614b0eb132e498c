import SubscriptionPolicy

/// Plays each subscriber of a log through a policy: their notifications delivered at the
/// instants they were received, the policy sampled at each and at every `step` after it up to
/// the next (after the last, up to the log's last instant), and the invariants checked wherever
/// ``ReplayTruth`` knows the store's truth.
struct ReplayPlayer {
  /// One subscriber's first violation of an invariant.
  struct Violation: Hashable, Sendable {
    var invariant: Invariant
    /// The group's index in ``ReplaySubscribers/groups``.
    var subscriber: Int
    /// When it began.
    var at: Instant
    var decision: Decision
  }

  /// What a play found.
  struct Outcome: Sendable {
    /// The first violation of each invariant per subscriber, in subscriber order.
    var violations: [Violation] = []
    /// Notifications delivered to the policy.
    var delivered = 0
    /// Samples taken, and those at which the truth was known.
    var samples = 0
    var knownSamples = 0
  }

  var step: TimeSpan = .hours(1)
  var settings = PolicySettings.default

  /// Plays `subscribers` of `entries` under the built-in policy `Policy`.
  func play<Policy: EntitlementPolicy>(
    _ policy: Policy.Type, entries: [ReplayEntry], subscribers: ReplaySubscribers
  ) -> Outcome {
    var outcome = Outcome()
    walk(
      entries: entries, subscribers: subscribers,
      { _ in ReplayPolicyPlay(BuiltInReplayedPolicy<Policy>(settings: settings)) }
    ) {
      outcome.add($0)
    }
    return outcome
  }

  /// How two policies' answers differ for one subscriber, first from `at`.
  struct Difference: Hashable, Sendable {
    enum Kind: String, CaseIterable, Sendable {
      /// The store entitles the subscriber; the old policy gave access, the new one does not.
      case newLockout = "new lockout"
      /// The store does not entitle the subscriber; the old policy denied access, the new one
      /// gives it.
      case newFreeAccess = "new free access"
      /// The same access, another prompt.
      case promptChange = "prompt change"
      /// Anything else: the state alone, or access where the log cannot tell the truth.
      case other
    }

    var subscriber: Int
    var at: Instant
    var old: Decision
    var new: Decision
    var kind: Kind
  }

  /// Plays `subscribers` under two built-in policies side by side and returns, per subscriber,
  /// the first sample at which their answers differ, worst kind first: a new lockout or new free
  /// access anywhere in the story is reported over an earlier prompt change.
  func compare<Old: EntitlementPolicy, New: EntitlementPolicy>(
    _ old: Old.Type, _ new: New.Type, entries: [ReplayEntry], subscribers: ReplaySubscribers
  ) -> [Difference] {
    var differences: [Difference] = []
    walk(
      entries: entries, subscribers: subscribers,
      { _ in
        ReplayComparePlay(
          BuiltInReplayedPolicy<Old>(settings: settings), BuiltInReplayedPolicy<New>(settings: settings))
      }
    ) {
      if let d = $0 { differences.append(d) }
    }
    return differences
  }

  /// Walks every subscriber's story in memory (``ReplayWalk``), each with a fresh `make(group)`,
  /// and hands each result to `take`, in subscriber order.
  private func walk<Play: ReplaySubscriberPlay>(
    entries: [ReplayEntry], subscribers: ReplaySubscribers, _ make: (ReplaySubscribers.Group) -> Play,
    take: (Play.Result) -> Void
  ) {
    let end = entries.map(\.received).max() ?? Instant(secondsSinceEpoch: 0)
    for (g, group) in subscribers.groups.enumerated() {
      var walk = ReplayWalk(make(group), step: step, settings: settings)
      for index in group.entries {
        guard let notification = entries[index].notification else { continue }
        walk.next(
          notification, logged: Play.deliversLoggedRequests ? entries[index] : nil,
          received: entries[index].received)
      }
      walk.finish(end: end)
      take(walk.play.result(subscriber: g))
    }
  }
}

extension ReplayPlayer.Outcome {
  /// Adds one subscriber's play (or a shard's).
  mutating func add(_ other: ReplayPlayer.Outcome) {
    violations += other.violations
    delivered += other.delivered
    samples += other.samples
    knownSamples += other.knownSamples
  }
}
