import SubscriptionPolicy

/// What a replay does with one subscriber's story: told of each notification at the instant
/// it was received, and of each sample, with whether the store entitles the subscriber there.
protocol ReplaySubscriberPlay {
  associatedtype Result
  /// `logged`: the entry it was read from, when ``deliversLoggedRequests``.
  mutating func deliver(_ notification: StoreNotification, logged: ReplayEntry?, at instant: Instant)
  mutating func sample(at instant: Instant, entitled: Bool?)
  /// `count` samples from `instant` on, every step, across which neither the policy's answer
  /// nor the store's truth changes: evaluated once, at `instant`, counted `count` times.
  mutating func samples(at instant: Instant, count: Int, entitled: Bool?)
  /// Whether the answers change only when a notification arrives (every policy played
  /// `decidesOnlyOnNotifications`): then samples between changes of the truth are runs.
  var decidesOnlyOnNotifications: Bool { get }
  /// Whether a policy played needs each notification's logged entry (``ReplayedPolicy``).
  static var deliversLoggedRequests: Bool { get }
  /// Told once the subscriber's story is over, after the last sample.
  func finished()
  func result(subscriber: Int) -> Result
}

/// One subscriber's story walked a notification at a time, in received order, so a log is
/// played as it is read: each notification taken into the store's truth and delivered, the
/// policy sampled at it and at every `step` after it up to the next (after the last, up to the
/// log's last instant). Holds one subscriber's state, never their notifications.
struct ReplayWalk<Play: ReplaySubscriberPlay> {
  var play: Play
  var truth = ReplayTruth()
  var last: Instant?
  let step: TimeSpan
  let settings: PolicySettings

  init(_ play: Play, step: TimeSpan, settings: PolicySettings) {
    self.play = play
    self.step = step
    self.settings = settings
  }

  /// The samples between the last notification and `next`, then `notification` at `received`.
  mutating func next(_ notification: StoreNotification, logged: ReplayEntry? = nil, received: Instant) {
    samples(until: received)
    truth.receive(notification, settings: settings)
    play.deliver(notification, logged: logged, at: received)
    play.sample(at: received, entitled: truth.isEntitled(at: received))
    last = received
  }

  /// The samples after the last notification, up to `end` (the log's last instant) included.
  mutating func finish(end: Instant) {
    samples(until: end + .seconds(1))
    play.finished()
  }

  private mutating func samples(until next: Instant) {
    guard let last else { return }
    let first = last + step
    guard play.decidesOnlyOnNotifications else {
      var t = first
      while t < next {
        play.sample(at: t, entitled: truth.isEntitled(at: t))
        t = t + step
      }
      return
    }
    // The answers hold still between notifications and the truth between its own changes:
    // one evaluation per run of steps between two changes, at the run's first step, which is
    // where a sample at every step would first see what the run holds.
    let stride = step.seconds
    func grid(_ instant: Instant) -> Instant {
      // The first step at or after `instant`.
      guard instant > first else { return first }
      let k = ((instant - first).seconds + stride - 1) / stride
      return first + .seconds(k * stride)
    }
    var start = first
    func run(to change: Instant) {
      let end = min(grid(change), grid(next))
      guard end > start else { return }
      play.samples(
        at: start, count: Int((end - start).seconds / stride), entitled: truth.isEntitled(at: start))
      start = end
    }
    for change in truth.changes(after: first, before: next) { run(to: change) }
    run(to: next)
  }
}

/// A play under one policy: the first violation of each invariant.
struct ReplayPolicyPlay<Policy: ReplayedPolicy>: ReplaySubscriberPlay {
  var policy: Policy
  var violations: [(Invariant, Instant, Decision)] = []
  var seen: Set<Invariant> = []
  var delivered = 0
  var samples = 0
  var knownSamples = 0

  init(_ policy: Policy) { self.policy = policy }

  mutating func deliver(_ notification: StoreNotification, logged: ReplayEntry?, at instant: Instant) {
    policy.receive(notification, logged: logged, at: instant)
    delivered += 1
  }

  mutating func sample(at instant: Instant, entitled: Bool?) {
    samples += 1
    guard let entitled else { return }
    knownSamples += 1
    let decision = policy.decision(at: instant)
    let broken: Invariant? =
      entitled && !decision.access ? .noLockoutInGrace : !entitled && decision.access ? .noFreeAccess : nil
    guard let broken, seen.insert(broken).inserted else { return }
    violations.append((broken, instant, decision))
  }

  mutating func samples(at instant: Instant, count: Int, entitled: Bool?) {
    sample(at: instant, entitled: entitled)
    samples += count - 1
    if entitled != nil { knownSamples += count - 1 }
  }

  var decidesOnlyOnNotifications: Bool { policy.decidesOnlyOnNotifications }
  static var deliversLoggedRequests: Bool { Policy.deliversLoggedRequests }
  func finished() { policy.finished() }

  func result(subscriber: Int) -> ReplayPlayer.Outcome {
    ReplayPlayer.Outcome(
      violations: violations.map {
        ReplayPlayer.Violation(invariant: $0.0, subscriber: subscriber, at: $0.1, decision: $0.2)
      }, delivered: delivered, samples: samples, knownSamples: knownSamples)
  }
}

/// Two policies side by side: the first sample at which they answer differently, worst kind
/// first.
struct ReplayComparePlay<Old: ReplayedPolicy, New: ReplayedPolicy>: ReplaySubscriberPlay {
  var old: Old
  var new: New
  var first: (at: Instant, old: Decision, new: Decision, kind: ReplayPlayer.Difference.Kind)?

  init(_ old: Old, _ new: New) {
    self.old = old
    self.new = new
  }

  mutating func deliver(_ notification: StoreNotification, logged: ReplayEntry?, at instant: Instant) {
    old.receive(notification, logged: logged, at: instant)
    new.receive(notification, logged: logged, at: instant)
  }

  mutating func sample(at instant: Instant, entitled: Bool?) {
    let a = old.decision(at: instant)
    let b = new.decision(at: instant)
    guard a != b else { return }
    let kind: ReplayPlayer.Difference.Kind =
      entitled == true && a.access && !b.access
      ? .newLockout
      : entitled == false && !a.access && b.access
        ? .newFreeAccess : a.access == b.access && a.prompt != b.prompt ? .promptChange : .other
    if let current = first, current.kind.rank <= kind.rank { return }
    first = (instant, a, b, kind)
  }

  mutating func samples(at instant: Instant, count: Int, entitled: Bool?) {
    sample(at: instant, entitled: entitled)
  }

  var decidesOnlyOnNotifications: Bool { old.decidesOnlyOnNotifications && new.decidesOnlyOnNotifications }
  static var deliversLoggedRequests: Bool { Old.deliversLoggedRequests || New.deliversLoggedRequests }
  func finished() {
    old.finished()
    new.finished()
  }

  func result(subscriber: Int) -> ReplayPlayer.Difference? {
    first.map {
      ReplayPlayer.Difference(subscriber: subscriber, at: $0.at, old: $0.old, new: $0.new, kind: $0.kind)
    }
  }
}

extension ReplayPlayer.Difference.Kind {
  /// The worst first.
  var rank: Int { Self.allCases.firstIndex(of: self)! }
}
