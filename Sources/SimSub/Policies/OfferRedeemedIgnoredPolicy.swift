import SubscriptionPolicy

/// Known bad: grants access on `SUBSCRIBED` and `DID_RENEW` and drops Apple's
/// `OFFER_REDEEMED`, so a subscriber who bought with an offer code or came back through a
/// win-back or promotional offer has no access until the first full-price renewal.
///
/// The mistake of a server whose handler switches on the purchase types it knows
/// (`SUBSCRIBED`, `DID_RENEW`, …) and ignores the rest: Apple announces a purchase made with a
/// subscription offer by `OFFER_REDEEMED` with subtype `INITIAL_BUY` ("the customer redeemed the
/// offer for a first-time purchase") or `RESUBSCRIBE` ("… to resubscribe to an inactive
/// subscription"), and a developer who started subscriptions with offer codes reports that
/// notification, then `DID_RENEW` at the conversion (Apple Developer Forums, thread 731832).
/// simsub's `no-lockout-in-grace` catches it: the store says `active`, the policy says no
/// access. Behind RevenueCat the purchase arrives as `INITIAL_PURCHASE` or `RENEWAL`, so the
/// mistake is Apple's alone.
///
/// Everything else is `ReferencePolicy`'s.
public struct OfferRedeemedIgnoredPolicy: EntitlementPolicy {
  public static let name = "offer-redeemed-ignored"
  public static let summary = "Known bad: ignores OFFER_REDEEMED, no access for offers"
  public static let decidesOnlyOnNotifications = true

  private var reference: ReferencePolicy

  public init(context: PolicyContext) { reference = ReferencePolicy(context: context) }

  @discardableResult
  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    if case .appStore(let n) = notification, n.notificationType == .offerRedeemed {
      // Acknowledged (Apple gets its 200) and dropped.
      return .accepted
    }
    return reference.receive(notification, at: arrival)
  }

  public func decision(at instant: Instant) -> Decision { reference.decision(at: instant) }

  public func nextDecisionChange(after instant: Instant) -> Instant? {
    reference.nextDecisionChange(after: instant)
  }
}
