/// What a store model asks of the engine after applying a rule: timers to set and
/// notifications to send. Returned, never performed, in the manner of a reducer's effects.
///
/// The engine owns one buffer and empties it before each rule, so the per-event path allocates
/// nothing once the buffer has grown to its working size. The notifications are a list whose
/// spare slots past its count are overwritten in place, so emptying it is setting its count, and
/// a rule's `send` is a uniqueness check and a write (an array's append read and wrote its count
/// on the heap too). The first four timers, as many as a rule sets, are kept in the value
/// itself: setting one writes into the engine's own effects, with nothing shared to check.
public struct StoreEffects: Sendable {
  public struct Scheduled: Hashable, Sendable {
    public var instant: Instant
    public var timer: StoreTimer
    public var epoch: UInt32
  }

  /// The first timers set; `moreTimers` the fifth and later.
  @usableFromInline var firstTimers: (Scheduled, Scheduled, Scheduled, Scheduled)
  @usableFromInline var moreTimers: [Scheduled] = []
  public private(set) var timerCount = 0
  /// The notifications sent.
  @usableFromInline private(set) var notificationSlots = SlotBuffer<StoreNotification>(capacity: 8)

  public init() {
    let unset = Scheduled(instant: .distantPast, timer: .renewal, epoch: 0)
    firstTimers = (unset, unset, unset, unset)
  }

  public var notificationCount: Int { notificationSlots.count }

  /// The timers set during the current rule, in order.
  public var timers: ArraySlice<Scheduled> { ArraySlice((0..<timerCount).map(timer(at:))) }

  /// The `index`-th timer set during the current rule.
  @inline(__always)
  func timer(at index: Int) -> Scheduled {
    precondition(index >= 0 && index < timerCount, "index out of range")
    switch index {
    case 0: return firstTimers.0
    case 1: return firstTimers.1
    case 2: return firstTimers.2
    case 3: return firstTimers.3
    default: return moreTimers[index - 4]
    }
  }

  /// The notifications sent during the current rule, in order.
  public var notifications: ArraySlice<StoreNotification> {
    notificationSlots.withUnsafeBufferPointer { ArraySlice($0) }
  }

  /// Sets `timer` for `instant`; it fires only while `record.epoch` is unchanged.
  @inline(__always)
  public mutating func schedule(_ timer: StoreTimer, at instant: Instant, for record: SubscriptionRecord) {
    let scheduled = Scheduled(instant: instant, timer: timer, epoch: record.epoch)
    switch timerCount {
    case 0: firstTimers.0 = scheduled
    case 1: firstTimers.1 = scheduled
    case 2: firstTimers.2 = scheduled
    case 3: firstTimers.3 = scheduled
    default: moreTimers.append(scheduled)
    }
    timerCount += 1
  }

  /// Sends a notification now.
  @inline(__always)
  public mutating func send(_ notification: StoreNotification) {
    notificationSlots.append(notification)
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
    notificationSlots.removeLast(notificationCount - to)
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
  /// exactly the notifications sent, and the effects hold no notification (the old contents of
  /// `buffer` become spares).
  mutating func exchangeNotifications(with buffer: inout SlotBuffer<StoreNotification>) {
    swap(&notificationSlots, &buffer)
    notificationSlots.removeAll()
  }

  /// Empties both lists, keeping their storage and their slots.
  @inline(__always)
  public mutating func removeAll() {
    if timerCount > 4 { moreTimers.removeAll(keepingCapacity: true) }
    timerCount = 0
    notificationSlots.removeAll()
  }
}
