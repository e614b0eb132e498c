import SubscriptionPolicy

/// A violator's story as the reports show it: each notification the subscriber's policy was
/// delivered, when it was received, what the store's truth was then (from the payloads,
/// ``ReplayTruth``) and what the policy answered.
///
/// Made after the play, for the violators the reports list (the first ``ReplayReport/listed``
/// of each invariant), by playing their notifications again through the policy
/// (``ReplayTimelinePlay``): the play itself keeps no subscriber's notifications.
enum ReplayTimeline {
  struct Row: Hashable, Sendable {
    var at: Instant
    /// `apple DID_FAIL_TO_RENEW/GRACE_PERIOD`: the store and the notification's name.
    var notification: String
    /// Whether the store entitled the subscriber after it; `nil` where the log cannot tell.
    var entitled: Bool?
    var decision: Decision
  }

  /// The timelines of `stories`' subscribers under `policy`.
  static func play(
    _ stories: (entries: [ReplayEntry], groups: [Int: ReplaySubscribers.Group]), policy: ReplayPolicyChoice,
    step: TimeSpan, settings: PolicySettings
  ) -> [Int: [Row]] {
    policy.open(settings: settings, with: Visitor(stories: stories, step: step, settings: settings))
  }

  private struct Visitor: ReplayedPolicyVisitor {
    let stories: (entries: [ReplayEntry], groups: [Int: ReplaySubscribers.Group])
    let step: TimeSpan
    let settings: PolicySettings

    func visit<Policy: ReplayedPolicy>(_ make: @escaping (ReplaySubscribers.Group) -> Policy) -> [Int: [Row]]
    {
      var timelines: [Int: [Row]] = [:]
      for (g, group) in stories.groups.sorted(by: { $0.key < $1.key }) {
        var walk = ReplayWalk(ReplayTimelinePlay(make(group)), step: step, settings: settings)
        var last: Instant?
        for i in group.entries {
          let entry = stories.entries[i]
          guard let notification = entry.notification else { continue }
          walk.next(
            notification, logged: Policy.deliversLoggedRequests ? entry : nil, received: entry.received)
          last = entry.received
        }
        if let last { walk.finish(end: last) }
        timelines[g] = walk.play.rows
      }
      return timelines
    }
  }

  /// `2026-02-01T00:00:00Z  apple DID_FAIL_TO_RENEW/GRACE_PERIOD  store: entitled  policy: grace, no access`.
  static func line(_ row: Row, describe: (Decision) -> String) -> String {
    "\(RFC3339.format(row.at))  \(row.notification)  store: \(truth(row.entitled))  policy: \(describe(row.decision))"
  }

  static func truth(_ entitled: Bool?) -> String {
    switch entitled {
    case true?: "entitled"
    case false?: "not entitled"
    case nil: "unknown"
    }
  }
}

/// A play that records, at each notification delivered, the store's truth and the policy's
/// answer (``ReplayTimeline``).
struct ReplayTimelinePlay<Policy: ReplayedPolicy>: ReplaySubscriberPlay {
  var policy: Policy
  var rows: [ReplayTimeline.Row] = []
  /// The notification just delivered, which the sample at its instant completes.
  private var pending: (at: Instant, notification: String)?

  init(_ policy: Policy) { self.policy = policy }

  mutating func deliver(_ notification: StoreNotification, logged: ReplayEntry?, at instant: Instant) {
    policy.receive(notification, logged: logged, at: instant)
    pending = (instant, "\(WireRequestBuilder.storeTag(notification)) \(notification.name)")
  }

  mutating func sample(at instant: Instant, entitled: Bool?) {
    guard let pending, pending.at == instant else { return }
    rows.append(
      ReplayTimeline.Row(
        at: instant, notification: pending.notification, entitled: entitled,
        decision: policy.decision(at: instant)))
    self.pending = nil
  }

  mutating func samples(at instant: Instant, count: Int, entitled: Bool?) {
    sample(at: instant, entitled: entitled)
  }

  /// Only the answers at deliveries are recorded: the walk need not ask between them.
  var decidesOnlyOnNotifications: Bool { true }
  static var deliversLoggedRequests: Bool { Policy.deliversLoggedRequests }
  func finished() { policy.finished() }
  func result(subscriber: Int) -> [ReplayTimeline.Row] { rows }
}
