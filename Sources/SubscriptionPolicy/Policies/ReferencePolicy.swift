/// The entitlement policy simsub recommends: keep grace subscribers in, cut access only when the
/// store says so, and stay right whatever order and however often notifications arrive.
///
/// | state | access | prompt | reported |
/// |---|---|---|---|
/// | active (renewing, or auto-renew off and paid through) | yes | none | |
/// | grace | yes | soft | `gracePeriodExpiresDate` |
/// | hold | no | hard | |
/// | paused, expired, revoked, never | no | none | |
///
/// An Apple Family Sharing member (`inAppOwnershipType` `FAMILY_SHARED`) gets the same state and
/// access, and never a prompt: in grace and billing retry the card that failed is the
/// purchaser's. `REVOKE` (sharing withdrawn, or the purchaser refunded) ends the member's access.
///
/// What it does, and why:
///
/// - **Reads the store's state, not its event names.** Apple's `data.status` and Google's
///   fetched `subscriptionState` say what the subscription is after the event; the
///   notification type decides only when they are absent. ``ReferenceRules`` has the tables.
/// - **Ends access only on the store's word.** It never runs its own clock on
///   `gracePeriodExpiresDate` or `expiresDate` (a late notification must not become a lockout),
///   so its answer changes only when a notification arrives: `decidesOnlyOnNotifications`.
///   One exception, because the store never speaks there: Stripe has no grace period, and a
///   `past_due` subscriber keeps access for as long as the *app* promises
///   (`PolicySettings.stripeGracePeriod`, counted from the renewal that failed). Stripe sends
///   nothing when that promise runs out, so the policy ends it on its own clock and names the
///   instant in `nextDecisionChange(after:)`, where the engine samples it. The promise is counted
///   from the event's own data, never from arrival, so a late event cannot shorten it.
/// - **RevenueCat's `CANCELLATION` is not the end.** With reason `BILLING_ERROR` it comes beside
///   `BILLING_ISSUE` when a renewal fails, in either order; access lasts through grace until
///   RevenueCat's `EXPIRATION`.
/// - **Fails safe on the unknown.** A type it does not know neither grants nor revokes: the
///   answer stays what it was.
/// - **Follows a Google product change to the new purchase.** An upgrade or downgrade replaces
///   the purchase token, and Google sends `SUBSCRIPTION_EXPIRED` for the old one; a
///   notification about a replaced token (its resource says `replacementCancellation`, or it is
///   the newest `linkedPurchaseToken` seen) is ignored, so the change never locks the subscriber
///   out. ``ReplacedPurchase`` has the rule.
/// - **Is idempotent and ordered by the store's clock.** Duplicates change nothing, and a
///   notification signed before the newest one applied is ignored; ``SentDateOrder`` has the
///   rule and why it is exact with a few bytes of memory.
///
/// A note on Google: the resource a server fetches reflects the subscription at *arrival*, so an
/// old RTDN delivered late carries a fresher resource than its event time suggests. The policy
/// still ignores it. Any change that resource could reveal comes with its own, newer RTDN, which
/// the policy applies on arrival; until then it answers from the newest RTDN it has, exactly as
/// it does for Apple. One rule for both stores keeps duplicates and reordering harmless.
///
/// `receive` and `decision(at:)` do not allocate; the value is about 210 bytes (the reading, the
/// settings, one instant, four notification identities and one replaced token) with no
/// references, whatever the history's length.
public struct ReferencePolicy: EntitlementPolicy {
  public static let name = "reference"
  public static let summary = "Recommended: grace keeps access, store order, idempotent"
  public static let decidesOnlyOnNotifications = true

  private(set) var reading = EntitlementReading.never
  private var order = SentDateOrder()
  private var replacement = ReplacedPurchase()
  /// The app's promises.
  public let settings: PolicySettings

  public init() { settings = .default }

  public init(settings: PolicySettings) { self.settings = settings }

  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) {
    // One pass over the notification: each `switch` over it copies the whole value.
    let facts = NotificationFacts(notification, after: reading.state, settings: settings)
    guard !replacement.isAboutReplacedPurchase(facts.purchase), let next = facts.reading,
      order.admit(facts.identity, sentDate: facts.sentDate)
    else { return }
    reading = next
  }

  public func decision(at instant: Instant) -> Decision {
    ReferenceRules.decision(for: reading, at: instant)
  }

  public func nextDecisionChange(after instant: Instant) -> Instant? {
    reading.nextChange(after: instant)
  }
}
