/// An observer that keeps everything that happened, in order: the raw material of a scenario's
/// timeline and of store-model tests. Recording allocates; Monte Carlo never uses it.
public struct TraceRecorder: EngineObserver {
  /// One thing that happened.
  public enum Event: Hashable, Sendable {
    case action(SubscriberAction)
    case timer(StoreTimer)
    case truth(from: StoreTruth, to: StoreTruth)
    case sent(StoreNotification)
    case delivered(StoreNotification, sentAt: Instant)
    case deliveryFailed(StoreNotification, attempt: Int32, retryAt: Instant?)
    case deliveryChanged(DeliverySettings)
  }

  public struct Entry: Hashable, Sendable {
    public var instant: Instant
    public var event: Event
    /// The store's record just after the event.
    public var record: SubscriptionRecord?
  }

  public private(set) var entries: [Entry] = []
  /// Every sample, when `keepsSamples` (a long run at hourly steps makes many).
  public private(set) var samples: [EngineSample] = []
  public var keepsSamples: Bool

  public init(keepsSamples: Bool = false) { self.keepsSamples = keepsSamples }

  /// Every notification the store sent, in order.
  public var sent: [StoreNotification] {
    entries.compactMap { if case .sent(let n) = $0.event { n } else { nil } }
  }

  /// The names of every notification sent (`DID_FAIL_TO_RENEW/GRACE_PERIOD`).
  public var sentNames: [String] { sent.map(\.name) }

  /// Every notification delivered to the policy, in arrival order.
  public var delivered: [StoreNotification] {
    entries.compactMap { if case .delivered(let n, _) = $0.event { n } else { nil } }
  }

  /// Every change of the store's truth, in order.
  public var truthChanges: [(instant: Instant, from: StoreTruth, to: StoreTruth)] {
    entries.compactMap {
      if case .truth(let a, let b) = $0.event { ($0.instant, a, b) } else { nil }
    }
  }

  public mutating func engineDidApply(
    _ action: SubscriberAction, at instant: Instant, record: SubscriptionRecord
  ) {
    entries.append(Entry(instant: instant, event: .action(action), record: record))
  }
  public mutating func engineDidFire(_ timer: StoreTimer, at instant: Instant, record: SubscriptionRecord) {
    entries.append(Entry(instant: instant, event: .timer(timer), record: record))
  }
  public mutating func engineTruthChanged(
    from old: StoreTruth, to new: StoreTruth, at instant: Instant, record: SubscriptionRecord
  ) {
    entries.append(Entry(instant: instant, event: .truth(from: old, to: new), record: record))
  }
  public mutating func engineDidSend(_ notification: StoreNotification, at instant: Instant) {
    entries.append(Entry(instant: instant, event: .sent(notification)))
  }
  public mutating func engineDidDeliver(
    _ notification: StoreNotification, sentAt: Instant, at instant: Instant
  ) {
    entries.append(Entry(instant: instant, event: .delivered(notification, sentAt: sentAt)))
  }
  public mutating func engineDeliveryFailed(
    _ notification: StoreNotification, attempt: Int32, retryAt: Instant?, at instant: Instant
  ) {
    entries.append(
      Entry(instant: instant, event: .deliveryFailed(notification, attempt: attempt, retryAt: retryAt)))
  }
  public mutating func engineDeliveryChanged(_ settings: DeliverySettings, at instant: Instant) {
    entries.append(Entry(instant: instant, event: .deliveryChanged(settings)))
  }
  public mutating func engineSample(_ sample: EngineSample) {
    if keepsSamples { samples.append(sample) }
  }
}
