/// One attempt of the store to deliver a notification to the app's server, as a scenario run
/// played it: the first try, each redelivery after an outage, each duplicate.
///
/// What `simsub requests` turns into wire requests. Kept by the scenario runner only (one value
/// per attempt, beside the timeline's rows); the Monte Carlo loop keeps none.
public struct DeliveryAttempt: Hashable, Sendable {
  /// When the attempt was made.
  public var instant: Instant
  /// When the store sent the notification (the first attempt's origin).
  public var sentAt: Instant
  /// The notification as the server received it: for Google Play with the `subscriptionsv2`
  /// resource fetched at this attempt; as sent when the attempt failed (nothing was fetched).
  public var notification: StoreNotification
  /// 1 for the first attempt at this notification, 2 for the next (a redelivery or a
  /// duplicate), and so on.
  public var attempt: Int32
  /// Whether the server took it; `false` in an outage and when the policy refused it.
  public var delivered: Bool
  /// Why the policy refused it, when it did (not an outage): the server's answer
  /// (`status 400: …`), or `refused` for a policy in process.
  public var refusal: String?
  /// With several sources, the source's name; with family members, whose run it was; `nil` for
  /// the one subscription of a plain scenario.
  public var source: String?

  public init(
    instant: Instant, sentAt: Instant, notification: StoreNotification, attempt: Int32, delivered: Bool,
    source: String? = nil
  ) {
    self.instant = instant
    self.sentAt = sentAt
    self.notification = notification
    self.attempt = attempt
    self.delivered = delivered
    self.source = source
  }
}

extension StoreNotification {
  /// The notification as the store sent it, without what the server fetched on receiving it
  /// (Google Play's `subscriptionsv2` resource): the same value for every attempt at it.
  var asSent: StoreNotification {
    guard case .googlePlay(var n) = self, n.subscription != nil else { return self }
    n.subscription = nil
    return .googlePlay(n)
  }
}
