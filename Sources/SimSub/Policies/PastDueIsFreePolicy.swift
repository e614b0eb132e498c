import SubscriptionPolicy

/// Known bad: takes Stripe's `past_due` as the end of access, so a web subscriber is locked out
/// the moment a renewal's payment fails, while Stripe is still retrying it and the app has
/// promised grace.
///
/// The mistake of reading `past_due` like a lapsed subscription: `past_due` only says the
/// latest invoice is unpaid. Stripe keeps retrying for up to its retry window (by default 8
/// tries in 2 weeks, Smart Retries) and most of those subscribers pay; an App Store subscriber
/// in the same trouble keeps access through billing grace. simsub's `no-lockout-in-grace`
/// invariant catches it on the first failed renewal of a Stripe subscription whose product
/// promises grace.
///
/// Everything else is `ReferencePolicy`'s: the same reading of every notification (including
/// the `past_due` state and its soft prompt), the same ordering and deduplication; only
/// `access` while `past_due` differs.
public struct PastDueIsFreePolicy: EntitlementPolicy {
  public static let name = "past-due-is-free"
  public static let summary = "Known bad: Stripe past_due ends access at once"
  public static let decidesOnlyOnNotifications = true

  private var reference: ReferencePolicy

  public init(context: PolicyContext) { reference = ReferencePolicy(context: context) }

  @discardableResult
  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    reference.receive(notification, at: arrival)
  }

  public func decision(at instant: Instant) -> Decision {
    let reading = reference.reading(at: instant)
    var decision = ReferenceRules.decision(for: reading, at: instant)
    // A reading whose grace is the app's own promise is a Stripe `past_due`.
    if reading.appGraceEnds != nil { decision.access = false }
    return decision
  }

  public func nextDecisionChange(after instant: Instant) -> Instant? {
    reference.nextDecisionChange(after: instant)
  }
}
