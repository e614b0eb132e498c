import SubscriptionPolicy

/// Known bad: lets the source that spoke last decide, so one subscription's trouble or end
/// overrides another that still pays.
///
/// The mistake of a server that keeps one subscription status per user and writes every
/// webhook into it, whichever store sent it: a subscriber who pays on the web (Stripe) and in
/// the app (App Store) is locked out when the App Store subscription they let lapse sends
/// `EXPIRED`, and nagged to fix a card when its renewal fails, although the web subscription
/// pays. simsub's `no-lockout-in-grace` and `prompt-matches` invariants catch it on a
/// subscriber with two sources, one failing while the other pays.
///
/// Everything else is `ReferencePolicy`'s: the same reading of every source's notifications,
/// the same ordering and deduplication within a source; only which source answers differs.
/// With one source it is the reference policy exactly.
public struct LatestSourceWinsPolicy: EntitlementPolicy {
  public static let name = "latest-source-wins"
  public static let summary = "Known bad: the source heard last decides, paid or not"
  public static let decidesOnlyOnNotifications = true

  private var reference: ReferencePolicy
  private var latest: SubscriptionSource?

  public init(context: PolicyContext) { reference = ReferencePolicy(context: context) }

  @discardableResult
  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    let outcome = reference.receive(notification, at: arrival)
    let source = SubscriptionSource(notification)
    // The source whose notification was last written, even when it changed nothing.
    if reference.reading(of: source) != .never { latest = source }
    return outcome
  }

  public func decision(at instant: Instant) -> Decision {
    guard let latest else { return reference.decision(at: instant) }
    return ReferenceRules.decision(for: reference.reading(of: latest), at: instant)
  }

  public func nextDecisionChange(after instant: Instant) -> Instant? {
    reference.nextDecisionChange(after: instant)
  }
}
