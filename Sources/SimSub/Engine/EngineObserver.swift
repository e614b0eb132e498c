/// What the engine tells whoever watches a run: the scenario runner's checks and trace, Monte
/// Carlo's metrics. Every requirement has an empty default, so an observer implements only
/// what it needs; the engine is generic over it, so unused calls compile away.
public protocol EngineObserver: Sendable {
  /// The subscriber did something.
  mutating func engineDidApply(_ action: SubscriberAction, at instant: Instant, record: SubscriptionRecord)
  /// One of the store's timers fired.
  mutating func engineDidFire(_ timer: StoreTimer, at instant: Instant, record: SubscriptionRecord)
  /// The store's truth changed.
  mutating func engineTruthChanged(
    from old: StoreTruth, to new: StoreTruth, at instant: Instant, record: SubscriptionRecord)
  /// The store sent a notification.
  mutating func engineDidSend(_ notification: StoreNotification, at instant: Instant)
  /// A notification reached the policy (`sentAt` is when the store sent it).
  mutating func engineDidDeliver(_ notification: StoreNotification, sentAt: Instant, at instant: Instant)
  /// A delivery attempt failed (an outage); `retryAt` is the store's next attempt, or `nil`
  /// when the store gives up and the notification is lost.
  mutating func engineDeliveryFailed(
    _ notification: StoreNotification, attempt: Int32, retryAt: Instant?, at instant: Instant)
  /// The delivery faults changed.
  mutating func engineDeliveryChanged(_ settings: DeliverySettings, at instant: Instant)
  /// The policy did not accept `notification`, delivered at `instant` (its server would not
  /// have answered 2xx): failed attempt `attempt`; `retryAt` is the store's next attempt, or
  /// `nil` when the store gives up.
  mutating func engineDeliveryNotAccepted(
    _ notification: StoreNotification, attempt: Int32, retryAt: Instant?, at instant: Instant)
  /// The policy's answer beside the store's truth, after an event or at a step.
  mutating func engineSample(_ sample: EngineSample)
  /// Whether `Engine.runWhileObserverContinues()` should return before playing the work at
  /// `next`, every earlier instant having been played; by default, never.
  func wantsToStop(before next: Instant) -> Bool
  /// In `Engine.runWhileObserverContinues()`, once every event of `instant` has been played and
  /// before asking `wantsToStop(before:)`: something the subscriber does at a later instant,
  /// which the engine queues as `Engine.schedule(_:at:)` would (asked again until `nil`); by
  /// default, nothing.
  mutating func engineFinishedInstant(_ instant: Instant, record: SubscriptionRecord) -> ScheduledAction?
}

/// A subscriber's action at an instant, as an observer asks the engine to queue it.
public struct ScheduledAction: Hashable, Sendable {
  public var action: SubscriberAction
  public var instant: Instant

  public init(_ action: SubscriberAction, at instant: Instant) {
    self.action = action
    self.instant = instant
  }
}

extension EngineObserver {
  public mutating func engineDidApply(
    _ action: SubscriberAction, at instant: Instant, record: SubscriptionRecord
  ) {}
  public mutating func engineDidFire(_ timer: StoreTimer, at instant: Instant, record: SubscriptionRecord) {}
  public mutating func engineTruthChanged(
    from old: StoreTruth, to new: StoreTruth, at instant: Instant, record: SubscriptionRecord
  ) {}
  public mutating func engineDidSend(_ notification: StoreNotification, at instant: Instant) {}
  public mutating func engineDidDeliver(
    _ notification: StoreNotification, sentAt: Instant, at instant: Instant
  ) {}
  public mutating func engineDeliveryFailed(
    _ notification: StoreNotification, attempt: Int32, retryAt: Instant?, at instant: Instant
  ) {}
  public mutating func engineDeliveryChanged(_ settings: DeliverySettings, at instant: Instant) {}
  public mutating func engineDeliveryNotAccepted(
    _ notification: StoreNotification, attempt: Int32, retryAt: Instant?, at instant: Instant
  ) {}
  public mutating func engineSample(_ sample: EngineSample) {}
  public func wantsToStop(before next: Instant) -> Bool { false }
  public mutating func engineFinishedInstant(
    _ instant: Instant, record: SubscriptionRecord
  ) -> ScheduledAction? { nil }
}

/// The store's truth and the policy's answer at one instant, with what the invariants need to
/// excuse a mismatch.
public struct EngineSample: Hashable, Sendable {
  public var instant: Instant
  public var truth: StoreTruth
  public var decision: Decision
  /// Whether this sample follows an event (`false`: a step between events).
  public var afterEvent: Bool
  /// Notifications sent at or before `instant` that have not reached the policy yet: the
  /// delivery delay that excuses `no-free-access` and `prompt-matches`.
  public var undelivered: Int32
  /// The store moved the subscriber into a state with access, or took a step that keeps it (a
  /// renewal, the start of grace), and the notification of that step has not reached the
  /// policy yet: an excuse of `no-lockout-in-grace` (in the stores' own timing, a renewal's
  /// notice reaches the server before the expiry it knows passes). A notification the policy
  /// refused excuses nothing: it heard it.
  public var awaitingGainNotice: Bool
  /// A notification is still to reach the policy at this very instant: a store's step and the
  /// notices it sends at once are one instant (a renewal at a period's end is not a lockout
  /// before its own `DID_RENEW` arrives, as the stores charge a renewal before the period ends:
  /// docs/STORE-MODELS.md, "A renewal and its notice"). It keeps a lockout from beginning at
  /// this sample, but does not end one that began before this instant.
  public var deliveriesDueNow: Bool = false
}

/// An observer that ignores everything.
public struct NoObserver: EngineObserver {
  public init() {}
}
