import SubscriptionPolicy

/// Known bad: applies each notification as it arrives, so one delivered late overrides the
/// newer state already applied.
///
/// The mistake of a webhook handler that writes whatever the last request said. Stores do not
/// promise delivery order: a notification can wait out an outage on the store's retry schedule,
/// or a queue can hand over a batch newest first. After `DID_FAIL_TO_RENEW` and
/// `DID_RENEW/BILLING_RECOVERY` arrive in the wrong order, this policy puts a paying subscriber
/// on hold; after `DID_RENEW` arrives behind `REFUND`, it gives a refunded one access. (A Google
/// server that fetches the subscription on every RTDN is shielded: the fetched resource is as of
/// arrival, whatever order the RTDNs come in. The mistake shows with Apple, and with bare RTDNs.)
///
/// For a subscriber with one source, everything else is `ReferencePolicy`'s, including
/// ignoring a replaced Google purchase and skipping a repeat of one of the last four
/// notifications applied, so its only mistake is the order. It keeps one reading for all
/// sources, so with several the source heard last decides, as in ``LatestSourceWinsPolicy``.
public struct ArrivalOrderPolicy: EntitlementPolicy {
  public static let name = "arrival-order"
  public static let summary = "Known bad: arrival order, a late notification wins"
  public static let decidesOnlyOnNotifications = true

  private var reading = EntitlementReading.never
  private var order = ArrivalOrder()
  private var replacement = ReplacedPurchase()
  private let settings: PolicySettings

  public init(context: PolicyContext) { settings = context.settings }

  @discardableResult
  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    guard !replacement.isAboutReplacedPurchase(notification),
      let next = ReferenceRules.reading(of: notification, after: reading.state, settings: settings),
      order.admit(NotificationIdentity(notification))
    else { return .accepted }
    reading = next
    return .accepted
  }

  public func decision(at instant: Instant) -> Decision {
    ReferenceRules.decision(for: reading, at: instant)
  }

  public func nextDecisionChange(after instant: Instant) -> Instant? {
    reading.nextChange(after: instant)
  }
}
