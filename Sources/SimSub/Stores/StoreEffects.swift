/// What a store model asks of the engine after applying a rule: timers to set and
/// notifications to send. Returned, never performed, in the manner of a reducer's effects.
///
/// The engine owns one buffer and clears it (keeping its capacity) before each rule, so the
/// per-event path allocates nothing once the buffer has grown to its working size.
public struct StoreEffects: Sendable {
  public struct Scheduled: Hashable, Sendable {
    public var instant: Instant
    public var timer: StoreTimer
    public var epoch: UInt32
  }

  public private(set) var timers: [Scheduled] = []
  public private(set) var notifications: [StoreNotification] = []

  public init() {
    timers.reserveCapacity(8)
    notifications.reserveCapacity(8)
  }

  /// Sets `timer` for `instant`; it fires only while `record.epoch` is unchanged.
  @inline(__always)
  public mutating func schedule(_ timer: StoreTimer, at instant: Instant, for record: SubscriptionRecord) {
    timers.append(Scheduled(instant: instant, timer: timer, epoch: record.epoch))
  }

  /// Sends a notification now.
  @inline(__always)
  public mutating func send(_ notification: StoreNotification) {
    notifications.append(notification)
  }

  /// Removes the notifications in `range`, keeping the others in order: for a channel that
  /// replaces the store's notifications with its own (RevenueCat). Allocates nothing.
  public mutating func removeNotifications(in range: Range<Int>) {
    notifications.removeSubrange(range)
  }

  /// Replaces the notification at `index` (sent during the current rule): for a view that
  /// changes how a notification reads to its recipient (a family member's `REVOKE` for the
  /// purchaser's `REFUND`). Allocates nothing.
  public mutating func replaceNotification(at index: Int, with notification: StoreNotification) {
    notifications[index] = notification
  }

  /// Completes the notification at `index` for its arrival now, where it lies
  /// (`StoreModel.prepareDelivery`), and hands it from there to the policy and the observer:
  /// for the engine, which delivers from here what arrives at once. Through the buffer, because
  /// reading `notifications[index]` copied the 449-byte notification into each call: one copy
  /// (76 instructions) per App Store delivery, two per Google one.
  @inline(__always)
  mutating func deliverNotification<
    Store: StoreModel, Policy: EntitlementPolicy, Observer: EngineObserver
  >(
    at index: Int, for store: Store, record: SubscriptionRecord, to policy: inout Policy,
    observer: inout Observer, at arrival: Instant
  ) {
    notifications.withUnsafeMutableBufferPointer { buffer in
      store.prepareDelivery(&buffer[index], record: record, at: arrival)
      policy.receive(buffer[index], at: arrival)
      observer.engineDidDeliver(buffer[index], sentAt: arrival, at: arrival)
    }
  }

  /// Exchanges the notifications sent during the rule with `buffer`'s contents, so the engine
  /// takes them as its in-flight notifications without copying one.
  mutating func exchangeNotifications(with buffer: inout [StoreNotification]) {
    swap(&notifications, &buffer)
  }

  /// Empties both lists, keeping their storage. Inlined: the engine calls it before each store
  /// step, and the call cost about as much as emptying one or two entries.
  @inline(__always)
  public mutating func removeAll() {
    timers.removeAllKeepingCapacity()
    notifications.removeAllKeepingCapacity()
  }
}
