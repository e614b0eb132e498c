/// What a store model asks of the engine after applying a rule: timers to set and
/// notifications to send. Returned, never performed, in the manner of a reducer's effects.
///
/// The engine owns one buffer and empties it before each rule, so the per-event path allocates
/// nothing once the buffer has grown to its working size. The effects are the first
/// `timerCount` timer slots and the first `notificationCount` notification slots; slots past
/// them are spares left by earlier rules, overwritten in place, so emptying the buffer is
/// setting the two counts (removing the entries one by one cost a uniqueness check and a
/// decrement each, before every store step).
public struct StoreEffects: Sendable {
  public struct Scheduled: Hashable, Sendable {
    public var instant: Instant
    public var timer: StoreTimer
    public var epoch: UInt32
  }

  /// The timers set: `timerSlots[0 ..< timerCount]`.
  @usableFromInline private(set) var timerSlots: [Scheduled] = []
  public private(set) var timerCount = 0
  /// The notifications sent: `notificationSlots[0 ..< notificationCount]`.
  @usableFromInline private(set) var notificationSlots: [StoreNotification] = []
  public private(set) var notificationCount = 0

  public init() {
    timerSlots.reserveCapacity(8)
    notificationSlots.reserveCapacity(8)
  }

  /// The timers set during the current rule, in order.
  public var timers: ArraySlice<Scheduled> { timerSlots[0..<timerCount] }

  /// The notifications sent during the current rule, in order.
  public var notifications: ArraySlice<StoreNotification> { notificationSlots[0..<notificationCount] }

  /// Sets `timer` for `instant`; it fires only while `record.epoch` is unchanged.
  @inline(__always)
  public mutating func schedule(_ timer: StoreTimer, at instant: Instant, for record: SubscriptionRecord) {
    let scheduled = Scheduled(instant: instant, timer: timer, epoch: record.epoch)
    if timerCount == timerSlots.count {
      timerSlots.append(scheduled)
    } else {
      timerSlots[timerCount] = scheduled
    }
    timerCount += 1
  }

  /// Sends a notification now.
  @inline(__always)
  public mutating func send(_ notification: StoreNotification) {
    if notificationCount == notificationSlots.count {
      notificationSlots.append(notification)
    } else {
      notificationSlots[notificationCount] = notification
    }
    notificationCount += 1
  }

  /// Removes the notifications in `range`, keeping the others in order: for a channel that
  /// replaces the store's notifications with its own (RevenueCat). Allocates nothing.
  public mutating func removeNotifications(in range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= notificationCount)
    var to = range.lowerBound
    var from = range.upperBound
    while from < notificationCount {
      notificationSlots[to] = notificationSlots[from]
      to += 1
      from += 1
    }
    notificationCount = to
  }

  /// Replaces the notification at `index` (sent during the current rule): for a view that
  /// changes how a notification reads to its recipient (a family member's `REVOKE` for the
  /// purchaser's `REFUND`). Allocates nothing.
  public mutating func replaceNotification(at index: Int, with notification: StoreNotification) {
    precondition(index >= 0 && index < notificationCount)
    notificationSlots[index] = notification
  }

  /// Exchanges the notifications sent during the rule with `buffer`'s contents, so the engine
  /// takes them as its in-flight notifications without copying one. `buffer` comes back holding
  /// exactly the notifications sent (the spares past them dropped, keeping the storage), and the
  /// effects hold no notification (the old contents of `buffer` become spares).
  mutating func exchangeNotifications(with buffer: inout [StoreNotification]) {
    swap(&notificationSlots, &buffer)
    while buffer.count > notificationCount { buffer.removeLast() }
    notificationCount = 0
  }

  /// Empties both lists, keeping their storage and their slots.
  @inline(__always)
  public mutating func removeAll() {
    timerCount = 0
    notificationCount = 0
  }
}
