import SubscriptionPolicy

/// Known bad: a pending price increase ends access, so a subscriber who has not yet answered
/// Apple's consent request, or Google's opt-in price increase, is locked out of the period they
/// already paid for.
///
/// The mistake of a server that reads `PRICE_INCREASE` with subtype `PENDING` as a cancellation:
/// the customer "hasn't yet responded", and the subscription stays active to the end of the
/// billing cycle whatever they answer ("Managing Price Increases for Auto-Renewable
/// Subscriptions": "If the customer doesn't consent, the auto-renewable subscription expires at
/// the end of the billing cycle"). The server marks the account ended and clears the mark only
/// when it hears the subscription go on: `PRICE_INCREASE/ACCEPTED`, a renewal or a new purchase.
/// At Google the same server reads `SUBSCRIPTION_PRICE_CHANGE_UPDATED` whose resource shows the
/// line item's `priceChangeDetails.priceChangeState` `OUTSTANDING` ("Waiting for the user to
/// agree for the price change") as the end, though a user who does not accept is unsubscribed
/// only "before they need to renew at the higher price" (lifecycle guide, price changes); it
/// clears the mark on `SUBSCRIPTION_PRICE_CHANGE_CONFIRMED`, a 19 showing `CONFIRMED`, a renewal,
/// a recovery or a purchase.
/// simsub's `no-lockout-in-grace` catches it from the notice on: the store says `active`, the
/// policy says expired.
///
/// Everything else is `ReferencePolicy`'s: the same reading of every notification, the same
/// ordering and deduplication; only the answer while the mark is set differs.
public struct PriceIncreaseIsEndPolicy: EntitlementPolicy {
  public static let name = "price-increase-is-end"
  public static let summary = "Known bad: a pending price increase ends access"
  public static let decidesOnlyOnNotifications = true

  private var reference: ReferencePolicy
  /// Set by a pending price increase; cleared by its acceptance, a renewal or a purchase.
  private var ended = false

  public init(context: PolicyContext) { reference = ReferencePolicy(context: context) }

  @discardableResult
  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    switch notification {
    case .appStore(let n):
      switch n.notificationType {
      case .priceIncrease: ended = n.subtype == .pending
      case .didRenew, .subscribed: ended = false
      default: break
      }
    case .googlePlay(let n):
      switch n.subscriptionNotification.notificationType {
      case .subscriptionPriceChangeUpdated:
        ended = n.subscription?.lineItem.priceChangeDetails?.priceChangeState == .outstanding
      case .subscriptionPriceChangeConfirmed, .subscriptionRenewed, .subscriptionRecovered,
        .subscriptionPurchased:
        ended = false
      default: break
      }
    default: break
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
