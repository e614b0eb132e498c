/// How the store's notifications reach the policy: the scenario's `delivery` faults.
///
/// The default delivers every notification once, the instant it is sent, in order. A fault
/// changes that from the instant it is set on; the store's own redelivery schedule
/// (`StoreModel.redeliveryDelay`) decides what happens to attempts that fail in an outage.
public struct DeliverySettings: Hashable, Sendable {
  /// Every notification arrives this much later than it was sent.
  public var delay: TimeSpan = .zero
  /// Every notification arrives twice.
  public var duplicate = false
  /// A window W: notifications sent in each span [origin + kW, origin + (k+1)W) are held and
  /// delivered together at its end, newest first. `.zero` is off.
  public var reorderWindow: TimeSpan = .zero
  /// Where the reorder windows are counted from (the scenario's start).
  public var reorderOrigin = Instant(secondsSinceEpoch: 0)
  /// Every delivery attempt in [outageStart, outageEnd) fails.
  public var outageStart = Instant.distantFuture
  public var outageEnd = Instant.distantFuture

  public init(
    delay: TimeSpan = .zero, duplicate: Bool = false, reorderWindow: TimeSpan = .zero,
    reorderOrigin: Instant = Instant(secondsSinceEpoch: 0), outageStart: Instant = .distantFuture,
    outageEnd: Instant = .distantFuture
  ) {
    self.delay = delay
    self.duplicate = duplicate
    self.reorderWindow = reorderWindow
    self.reorderOrigin = reorderOrigin
    self.outageStart = outageStart
    self.outageEnd = outageEnd
  }

  /// On time, once, in order.
  public static let onTime = DeliverySettings()

  /// When a notification sent at `sent` first reaches the server (before any outage).
  @inlinable public func arrival(ofNotificationSentAt sent: Instant) -> Instant {
    var at = sent + delay
    if reorderWindow.seconds > 0 {
      let offset = (at - reorderOrigin).seconds
      let w = reorderWindow.seconds
      let k = offset >= 0 ? offset / w : (offset - w + 1) / w
      at = reorderOrigin + TimeSpan(seconds: (k + 1) * w)
    }
    return at
  }

  /// Whether a delivery attempt at `instant` fails.
  @inlinable public func isOutage(at instant: Instant) -> Bool {
    instant >= outageStart && instant < outageEnd
  }
}
