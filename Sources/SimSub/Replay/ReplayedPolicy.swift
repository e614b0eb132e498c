import SubscriptionPolicy

/// A policy as a replay plays it: told each notification at the instant it was received, with
/// the entry it was read from when it asks for the request as logged (a process or a server,
/// ``ReplayExternalPolicy``), and asked for its answer at each sample.
protocol ReplayedPolicy {
  /// `logged`: the entry `notification` was read from; given only when the type
  /// ``deliversLoggedRequests``.
  mutating func receive(_ notification: StoreNotification, logged: ReplayEntry?, at instant: Instant)
  func decision(at instant: Instant) -> Decision
  /// Told once the subscriber's story is over.
  func finished()
  /// Whether the answers change only when a notification arrives.
  var decidesOnlyOnNotifications: Bool { get }
  /// Whether ``receive(_:logged:at:)`` needs the entry: then the replay reads the logs again
  /// for the play rather than keep only the decoded notifications.
  static var deliversLoggedRequests: Bool { get }
}

/// A policy compiled into simsub (a built-in or an app's own Swift type), played specialised.
struct BuiltInReplayedPolicy<Policy: EntitlementPolicy>: ReplayedPolicy {
  var policy: Policy

  init(settings: PolicySettings) { policy = Policy(context: PolicyContext(settings: settings)) }

  @inline(__always)
  mutating func receive(_ notification: StoreNotification, logged: ReplayEntry?, at instant: Instant) {
    policy.receive(notification, at: instant)
  }

  @inline(__always)
  func decision(at instant: Instant) -> Decision { policy.decision(at: instant) }

  func finished() {}

  var decidesOnlyOnNotifications: Bool { Policy.decidesOnlyOnNotifications }

  static var deliversLoggedRequests: Bool { false }
}
