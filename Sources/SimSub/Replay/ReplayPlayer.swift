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
    let end = entries.map(\.received).max() ?? Instant(secondsSinceEpoch: 0)
    for (g, group) in subscribers.groups.enumerated() {
      var policy = Policy(settings: settings)
      var truth = ReplayTruth()
      var seen: Set<Invariant> = []
      func sample(at instant: Instant) {
        outcome.samples += 1
        guard let entitled = truth.isEntitled(at: instant) else { return }
        outcome.knownSamples += 1
        let decision = policy.decision(at: instant)
        let broken: Invariant? =
          entitled && !decision.access
          ? .noLockoutInGrace : !entitled && decision.access ? .noFreeAccess : nil
        guard let broken, seen.insert(broken).inserted else { return }
        outcome.violations.append(
          Violation(invariant: broken, subscriber: g, at: instant, decision: decision))
      }
      let played = group.entries.filter { entries[$0].notification != nil }
      for (k, index) in played.enumerated() {
        let entry = entries[index]
        guard let notification = entry.notification else { continue }
        truth.receive(notification, settings: settings)
        policy.receive(notification, at: entry.received)
        outcome.delivered += 1
        sample(at: entry.received)
        let next = k + 1 < played.count ? entries[played[k + 1]].received : end + .seconds(1)
        var t = entry.received + step
        while t < next {
          sample(at: t)
          t = t + step
        }
      }
    }
    return outcome
  }
}
