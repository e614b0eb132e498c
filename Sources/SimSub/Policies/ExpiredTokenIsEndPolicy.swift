import SubscriptionPolicy

/// Known bad: Google's `SUBSCRIPTION_EXPIRED` ends access whichever purchase token it names, so
/// a subscriber who just changed plans is locked out when the replaced token expires.
///
/// The mistake of a server that handles `SUBSCRIPTION_EXPIRED` (13) by revoking the
/// subscriber's access without asking whether the token is still the subscriber's current one.
/// Every plan change on Google Play is a new purchase: a new token whose `linkedPurchaseToken`
/// names the old one, and the old token expires at the change with
/// `canceledStateContext.replacementCancellation` (the "Subscription lifecycle" guide, as
/// `GooglePlayModel.changeProduct` plays it); a server must follow the link ("How to use
/// Real-time Developer Notifications (RTDN) and `purchases.subscriptionsv2` API to safely revoke
/// old access and grant new access", Google's codelab on subscription replacements; RevenueCat's
/// Play Billing guide: "If you only tracked entitlements by purchase token and ignored the
/// connection between old and new tokens, you might accidentally … lose track of their
/// subscription entirely"). In the store's
/// order the new token's `SUBSCRIPTION_PURCHASED` comes first, then the old token's
/// `SUBSCRIPTION_EXPIRED`, so the server ends access the subscriber has just bought, until it
/// hears the new token renew. simsub's `no-lockout-in-grace` catches it from the change on: the
/// store says `active`, the policy says expired.
///
/// Everything else is `ReferencePolicy`'s: the same reading of every notification; only the
/// answer while the mark is set differs.
public struct ExpiredTokenIsEndPolicy: EntitlementPolicy {
  public static let name = "expired-token-is-end"
  public static let summary = "Known bad: any token's SUBSCRIPTION_EXPIRED ends access"
  public static let decidesOnlyOnNotifications = true

  private var reference: ReferencePolicy
  /// Set by `SUBSCRIPTION_EXPIRED`; cleared by a later purchase, renewal, recovery or restart.
  private var ended = false

  public init(context: PolicyContext) { reference = ReferencePolicy(context: context) }

  @discardableResult
  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    if case .googlePlay(let n) = notification {
      switch n.subscriptionNotification.notificationType {
      case .subscriptionExpired: ended = true
      case .subscriptionPurchased, .subscriptionRenewed, .subscriptionRecovered, .subscriptionRestarted:
        ended = false
      default: break
      }
    }
    return reference.receive(notification, at: arrival)
  }

  public func decision(at instant: Instant) -> Decision {
    ended ? Decision(state: .expired, access: false) : reference.decision(at: instant)
  }

  public func nextDecisionChange(after instant: Instant) -> Instant? {
    reference.nextDecisionChange(after: instant)
  }
}
