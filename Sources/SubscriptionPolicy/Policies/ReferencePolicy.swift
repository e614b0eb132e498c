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
/// - **Merges a subscriber's sources.** A subscriber may pay through several sources at once
///   (an App Store subscription and a Stripe one, say). Each source keeps its own reading
///   (``SourceReadings``), ordering and deduplication (``SentDateOrder``); access is granted if any source grants it, and
///   the answer (state, prompt, `gracePeriodExpiresDate`) is the one of the source the
///   subscriber stands best through: paid-through before grace, grace before hold, hold before
///   pause, pause before the end; among equals, the source paid through the later date. So a
///   failed App Store renewal does not nag a subscriber whose web subscription pays, and a
///   Stripe `customer.subscription.deleted` for an old web subscription does not lock out an
///   App Store subscriber. With one source, the answer is that source's.
///
/// A note on Google: the resource a server fetches reflects the subscription at *arrival*, so an
/// old RTDN delivered late carries a fresher resource than its event time suggests. The policy
/// still ignores it. Any change that resource could reveal comes with its own, newer RTDN, which
/// the policy applies on arrival; until then it answers from the newest RTDN it has, exactly as
/// it does for Apple. One rule for both stores keeps duplicates and reordering harmless.
///
/// `receive` and `decision(at:)` do not allocate; the value is 584 bytes (per source: the
/// reading, its paid-through date, the newest signed second and four two-word identities; one
/// replaced Google token; the reading answers come from; and the settings) with no references,
/// whatever the history's length.
public struct ReferencePolicy: EntitlementPolicy {
  public static let name = "reference"
  public static let summary = "Recommended: grace keeps access, store order, idempotent"
  public static let decidesOnlyOnNotifications = true

  /// What each source said: the answer is read from here alone.
  @usableFromInline var readings = SourceReadings()
  /// Each source's ordering and deduplication: the stores' clocks are not one clock, and a
  /// Stripe event signed a second before an App Store notification says nothing about it.
  @usableFromInline var appStore = SentDateOrder<SameSecondIdentity>()
  @usableFromInline var googlePlay = SentDateOrder<SameSecondIdentity>()
  @usableFromInline var stripe = SentDateOrder<SameSecondIdentity>()
  @usableFromInline var revenueCat = SentDateOrder<SameSecondIdentity>()
  /// The Google Play purchase a product change replaced (only Google replaces purchases).
  @usableFromInline var replacement = ReplacedPurchase()
  /// The app's promises.
  public let settings: PolicySettings

  // Inlinable, with every stored property usable from inline: the engine makes one policy per
  // subscriber, and an initialiser it could not see built the value aside and copied it.

  @inlinable public init(context: PolicyContext) { settings = context.settings }

  /// `init(context: .default)`: the default settings.
  @inlinable public init() { settings = .default }

  /// A policy with `settings` for subscriber 1, as an app server builds one.
  @inlinable public init(settings: PolicySettings) { self.settings = settings }

  @discardableResult
  public mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    // One pass over the notification: each `switch` over it copies the whole value.
    let facts = NotificationFacts(notification, after: { readings.reading(of: $0).state }, settings: settings)
    // A notification applies when it is about the current purchase, says something about the
    // state, and is neither stale nor a duplicate on its source's clock.
    // Every notification read is accepted (answered 2xx), the ones it ignores too.
    guard !replacement.isAboutReplacedPurchase(facts.purchase), let reading = facts.reading else {
      return .accepted
    }
    let admitted =
      switch facts.source {
      case .appStore: appStore.admit(facts.identity, sentDate: facts.sentDate)
      case .googlePlay: googlePlay.admit(facts.identity, sentDate: facts.sentDate)
      case .stripe: stripe.admit(facts.identity, sentDate: facts.sentDate)
      case .revenueCat: revenueCat.admit(facts.identity, sentDate: facts.sentDate)
      }
    guard admitted else { return .accepted }
    readings.apply(reading, paidThrough: facts.paidThrough, of: facts.source)
    return .accepted
  }

  // The protocol's questions are inlinable and read `readings` alone: the engine, specialised
  // for this policy, copied the whole policy (over 800 bytes) for each question otherwise.

  @inlinable @inline(__always)
  public func decision(at instant: Instant) -> Decision {
    ReferenceRules.decision(for: readings.reading(at: instant), at: instant)
  }

  @inlinable @inline(__always)
  public func nextDecisionChange(after instant: Instant) -> Instant? {
    readings.nextChange(after: instant)
  }

  /// Both from one reading: asked separately, the merging of several sources was set up twice,
  /// and the engine, specialised for this policy, read every source's fields after every
  /// notification for it, one source or not.
  @inlinable @inline(__always)
  public func decisionAndNextChange(at instant: Instant) -> (decision: Decision, nextChange: Instant?) {
    let (reading, next) = readings.readingAndNextChange(at: instant)
    return (ReferenceRules.decision(for: reading, at: instant), next)
  }

  // The readings are for SimSub's known-bad policies built on this one (`package`), inlinable
  // as their questions were inlined beside them before they moved there.

  /// The reading the answer at `instant` comes from: the one source's, or with several, the
  /// one of the source the subscriber stands best through.
  @inlinable package func reading(at instant: Instant) -> EntitlementReading {
    readings.reading(at: instant)
  }

  /// The reading of one source alone.
  @inlinable package func reading(of source: SubscriptionSource) -> EntitlementReading {
    readings.reading(of: source)
  }
}
