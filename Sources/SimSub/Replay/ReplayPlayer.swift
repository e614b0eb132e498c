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
    var policy = Policy(settings: settings)
    var seen: Set<Invariant> = []
    walk(
      entries: entries, subscribers: subscribers,
      begin: { _ in
        policy = Policy(settings: settings)
        seen = []
      },
      deliver: { notification, at in
        policy.receive(notification, at: at)
        outcome.delivered += 1
      },
      sample: { g, instant, entitled in
        outcome.samples += 1
        guard let entitled else { return }
        outcome.knownSamples += 1
        let decision = policy.decision(at: instant)
        let broken: Invariant? =
          entitled && !decision.access
          ? .noLockoutInGrace : !entitled && decision.access ? .noFreeAccess : nil
        guard let broken, seen.insert(broken).inserted else { return }
        outcome.violations.append(
          Violation(invariant: broken, subscriber: g, at: instant, decision: decision))
      })
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
    var oldPolicy = Old(settings: settings)
    var newPolicy = New(settings: settings)
    var first: Difference?
    func close() {
      if let first { differences.append(first) }
      first = nil
    }
    walk(
      entries: entries, subscribers: subscribers,
      begin: { _ in
        close()
        oldPolicy = Old(settings: settings)
        newPolicy = New(settings: settings)
      },
      deliver: { notification, at in
        oldPolicy.receive(notification, at: at)
        newPolicy.receive(notification, at: at)
      },
      sample: { g, instant, entitled in
        let a = oldPolicy.decision(at: instant)
        let b = newPolicy.decision(at: instant)
        guard a != b else { return }
        let kind: Difference.Kind =
          entitled == true && a.access && !b.access
          ? .newLockout
          : entitled == false && !a.access && b.access
            ? .newFreeAccess : a.access == b.access && a.prompt != b.prompt ? .promptChange : .other
        let rank: (Difference.Kind) -> Int = {
          [.newLockout, .newFreeAccess, .promptChange, .other].firstIndex(of: $0)!
        }
        if let current = first, rank(current.kind) <= rank(kind) { return }
        first = Difference(subscriber: g, at: instant, old: a, new: b, kind: kind)
      })
    close()
    return differences
  }

  /// Walks every subscriber's story: `begin` at each subscriber, `deliver` for each notification
  /// at the instant it was received, `sample` after it and at every `step` up to the next (after
  /// the last, up to the log's last instant), with whether the store entitles the subscriber
  /// there (`nil`: the log cannot tell).
  private func walk(
    entries: [ReplayEntry], subscribers: ReplaySubscribers, begin: (Int) -> Void,
    deliver: (StoreNotification, Instant) -> Void, sample: (Int, Instant, Bool?) -> Void
  ) {
    let end = entries.map(\.received).max() ?? Instant(secondsSinceEpoch: 0)
    for (g, group) in subscribers.groups.enumerated() {
      begin(g)
      var truth = ReplayTruth()
      let played = group.entries.filter { entries[$0].notification != nil }
      for (k, index) in played.enumerated() {
        let entry = entries[index]
        guard let notification = entry.notification else { continue }
        truth.receive(notification, settings: settings)
        deliver(notification, entry.received)
        sample(g, entry.received, truth.isEntitled(at: entry.received))
        let next = k + 1 < played.count ? entries[played[k + 1]].received : end + .seconds(1)
        var t = entry.received + step
        while t < next {
          sample(g, t, truth.isEntitled(at: t))
          t = t + step
        }
      }
    }
  }
}
