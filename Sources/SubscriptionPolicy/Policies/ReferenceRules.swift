/// What a notification says the subscription now is, as a policy reads it: a state, and grace's
/// end while in grace.
@usableFromInline
package struct EntitlementReading: Hashable, Sendable {
  @usableFromInline package var state: EntitlementState
  /// Apple's `gracePeriodExpiresDate`, Google's `expiryTime` in grace, RevenueCat's
  /// `grace_period_expiration_at_ms`, the end of the app's promise for Stripe; `nil` outside
  /// grace.
  @usableFromInline var gracePeriodExpiresDate: Instant?
  /// When grace is the app's own promise (Stripe `past_due`, for which Stripe has no grace and
  /// sends nothing when the promise runs out): the instant it ends, from which the reading
  /// stands for `hold`. `nil` when the store itself says when grace ends.
  @usableFromInline package var appGraceEnds: Instant?
  /// Apple Family Sharing: the subscription is a family member's copy (`inAppOwnershipType`
  /// `FAMILY_SHARED`). The card on file is the purchaser's, so the member is never asked to fix
  /// it.
  @usableFromInline var familyShared: Bool

  @inlinable package init(
    _ state: EntitlementState, gracePeriodExpiresDate: Instant? = nil, appGraceEnds: Instant? = nil,
    familyShared: Bool = false
  ) {
    self.state = state
    self.gracePeriodExpiresDate = state == .grace ? gracePeriodExpiresDate : nil
    self.appGraceEnds = state == .grace ? appGraceEnds : nil
    self.familyShared = familyShared
  }

  /// The state at `instant`: `hold` once the app's own grace has run out, the state otherwise.
  @inlinable func state(at instant: Instant) -> EntitlementState {
    if let end = appGraceEnds, instant >= end { return .hold }
    return state
  }

  /// When the reading changes on its own after `instant`: the end of the app's grace, if still
  /// ahead.
  @inlinable package func nextChange(after instant: Instant) -> Instant? {
    guard let end = appGraceEnds, end > instant else { return nil }
    return end
  }

  /// Before any notification. Computed, not a stored static: the engine's question reads it
  /// for a subscriber not heard from yet, and a stored one paid a `swift_once` each time.
  @inlinable package static var never: EntitlementReading { EntitlementReading(.never) }
}

/// How the reference policy reads one notification, and what it answers for a state.
///
/// Shared by ``ReferencePolicy`` and SimSub's known-bad policies that differ from it in one
/// respect only (`ActiveOnlyPolicy`, `ArrivalOrderPolicy`, `PastDueIsFreePolicy`,
/// `BillingErrorIsEndPolicy`, `LatestSourceWinsPolicy`), so that each of those shows exactly
/// one mistake: hence `package`. Pure functions of plain values; none allocates.
@usableFromInline
package enum ReferenceRules {
  /// The reference answer for a reading at `instant`: grace keeps access with a soft prompt and
  /// reports when grace ends; hold denies access with a hard prompt; an active subscriber
  /// (renewing or not) has access and no prompt; paused, expired, revoked and never have
  /// neither. A grace that is the app's own promise (Stripe) is hold from its end on. A Family
  /// Sharing member gets the same state and access, and never a prompt: the card that failed is
  /// the purchaser's, not theirs.
  ///
  /// Inlinable: the engine asks after each delivery, and the call cost more than the answer.
  @inlinable package static func decision(for reading: EntitlementReading, at instant: Instant) -> Decision {
    switch reading.state(at: instant) {
    case .active:
      Decision(state: .active, access: true)
    case .grace:
      Decision(
        state: .grace, access: true, prompt: reading.familyShared ? .none : .soft,
        gracePeriodExpiresDate: reading.gracePeriodExpiresDate)
    case .hold:
      Decision(state: .hold, access: false, prompt: reading.familyShared ? .none : .hard)
    case .never, .paused, .expired, .revoked:
      Decision(state: reading.state, access: false)
    }
  }

  /// What `notification` says, read after `current`; `nil` when it says nothing about the
  /// subscription's state (a type the policy does not know, a `TEST`, a summary), in which case
  /// the policy keeps its answer.
  package static func reading(
    of notification: StoreNotification, after current: EntitlementState, settings: PolicySettings
  ) -> EntitlementReading? {
    switch notification {
    case .appStore(let n): reading(of: n)
    case .googlePlay(let n): reading(of: n, after: current)
    case .stripe(let e): reading(of: e, after: current, settings: settings)
    case .revenueCat(let e): reading(of: e, after: current)
    }
  }

  // MARK: App Store

  /// An App Store notification's reading.
  ///
  /// `data.status` is the subscription's status as of `signedDate`, so it decides whenever it is
  /// present and known (1 active, 2 expired, 3 billing retry → hold, 4 grace, 5 revoked): that
  /// is what keeps `DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED` sent *during grace* in grace,
  /// and an auto-renew-off subscriber active. Without a status, the type and subtype decide where
  /// they alone fix the state:
  ///
  /// | type | state |
  /// |---|---|
  /// | `SUBSCRIBED`, `DID_RENEW` (any subtype, `BILLING_RECOVERY` included) | active |
  /// | `DID_FAIL_TO_RENEW/GRACE_PERIOD` | grace |
  /// | `DID_FAIL_TO_RENEW` (no subtype) | hold |
  /// | `GRACE_PERIOD_EXPIRED` | hold |
  /// | `EXPIRED` | expired |
  /// | `REFUND`, `REVOKE` | revoked |
  ///
  /// `DID_CHANGE_RENEWAL_STATUS`, `DID_CHANGE_RENEWAL_PREF`, `OFFER_REDEEMED`,
  /// `PRICE_INCREASE`, `REFUND_DECLINED`, `REFUND_REVERSED` and `RENEWAL_EXTENDED` mean a state
  /// only through their status. `TEST`, `CONSUMPTION_REQUEST`, `RENEWAL_EXTENSION` (a summary),
  /// `EXTERNAL_PURCHASE_TOKEN`, `ONE_TIME_CHARGE` and types Apple adds later are not about one
  /// subscription's state and read as nothing, whatever status they carry.
  ///
  /// A transaction whose `inAppOwnershipType` is `FAMILY_SHARED` is a Family Sharing member's
  /// copy: the reading says so, and the decision then never prompts (`REVOKE` reads as revoked
  /// like `REFUND`: sharing was withdrawn, or the purchaser was refunded).
  @inline(__always)
  static func reading(of n: AppStoreServerNotification) -> EntitlementReading? {
    readingAndExpiresDate(of: n).reading
  }

  /// The reading, and the transaction's `expiresDate` (the date the notification says the
  /// subscription is paid through): the transaction is unwrapped once for both, since each
  /// unwrap copies it.
  @inline(__always)
  static func readingAndExpiresDate(
    of n: AppStoreServerNotification
  ) -> (reading: EntitlementReading?, expiresDate: Instant?) {
    let familyShared: Bool
    let expiresDate: Instant?
    if let transaction = n.data.transactionInfo {
      familyShared = transaction.inAppOwnershipType == AppStoreOwnershipType.familyShared
      expiresDate = transaction.expiresDate
    } else {
      familyShared = false
      expiresDate = nil
    }
    let reading = reading(
      of: n.notificationType, n.subtype, status: n.data.status,
      gracePeriodExpiresDate: n.data.renewalInfo?.gracePeriodExpiresDate, familyShared: familyShared)
    return (reading, expiresDate)
  }

  /// An App Store notification's reading from the parts it reads: its type, subtype and
  /// status, the renewal info's `gracePeriodExpiresDate`, and whether the transaction is a
  /// Family Sharing member's.
  @inline(__always)
  private static func reading(
    of type: AppStoreNotificationType, _ subtype: AppStoreNotificationSubtype?,
    status: AppStoreSubscriptionStatus?, gracePeriodExpiresDate: Instant?, familyShared: Bool
  ) -> EntitlementReading? {
    let byType: EntitlementState?
    // The common types first: each case of the switch below compares with a lazily made
    // static, and the compiler checks them all before it compares any.
    if type == .didRenew || type == .subscribed {
      byType = .active
    } else {
      switch typeReading(type, subtype) {
      case .notAboutState: return nil
      case .onlyThroughStatus: byType = nil
      case .state(let state): byType = state
      }
    }
    guard let state = status.flatMap(state(for:)) ?? byType else { return nil }
    return EntitlementReading(
      state, gracePeriodExpiresDate: gracePeriodExpiresDate, familyShared: familyShared)
  }

  /// What an App Store notification's type and subtype say on their own.
  private enum TypeReading {
    /// Not about one subscription's state, whatever its status.
    case notAboutState
    /// A state only through the status.
    case onlyThroughStatus
    case state(EntitlementState)
  }

  @inline(never)
  private static func typeReading(
    _ type: AppStoreNotificationType, _ subtype: AppStoreNotificationSubtype?
  ) -> TypeReading {
    switch type {
    case .subscribed, .didRenew:
      .state(.active)
    case .didFailToRenew:
      .state(subtype == .gracePeriod ? .grace : .hold)
    case .gracePeriodExpired:
      .state(.hold)
    case .expired:
      .state(.expired)
    case .refund, .revoke:
      .state(.revoked)
    case .didChangeRenewalStatus, .didChangeRenewalPref, .offerRedeemed, .priceIncrease,
      .refundDeclined, .refundReversed, .renewalExtended:
      .onlyThroughStatus
    default:
      .notAboutState
    }
  }

  /// The state an App Store `status` stands for; `nil` for a code Apple has not documented.
  static func state(for status: AppStoreSubscriptionStatus) -> EntitlementState? {
    switch status {
    case .active: .active
    case .expired: .expired
    case .billingRetry: .hold
    case .billingGracePeriod: .grace
    case .revoked: .revoked
    default: nil
    }
  }

  // MARK: Google Play

  /// A Google Play notification's reading.
  ///
  /// The RTDN only says that something changed; the fetched `subscriptionsv2` resource says what
  /// the subscription is, so `subscriptionState` decides whenever it is present and known (what
  /// Google tells servers to do): `ACTIVE` and `CANCELED` (auto-renew off, still paid through)
  /// → active, `IN_GRACE_PERIOD` → grace until the line item's `expiryTime`, `ON_HOLD` → hold,
  /// `PAUSED` → paused, `EXPIRED` → expired, or revoked when the RTDN is
  /// `SUBSCRIPTION_REVOKED` (12) or the subscription was already revoked (Google reports a
  /// revoked purchase as expired).
  ///
  /// Without a resource (a bare RTDN from a log), or with a state that says nothing
  /// (`PENDING`, `UNSPECIFIED`, one Google adds later), the code decides: `RECOVERED` (1),
  /// `RENEWED` (2), `CANCELED` (3), `PURCHASED` (4), `RESTARTED` (7) → active; `ON_HOLD` (5) →
  /// hold; `IN_GRACE_PERIOD` (6) → grace (end unknown); `PAUSED` (10) → paused; `REVOKED` (12)
  /// → revoked; `EXPIRED` (13) → expired (revoked stays revoked). `PAUSE_SCHEDULE_CHANGED` (11)
  /// and the price and deferral codes change nothing by themselves (with its resource,
  /// `SUBSCRIPTION_DEFERRED` (9) reads as the state it fetches: `ACTIVE`, `expiryTime` the
  /// deferred date). A code Google has not
  /// documented reads as nothing, resource or not.
  static func reading(
    of n: GooglePlayNotification, after current: EntitlementState
  ) -> EntitlementReading? {
    let code = n.subscriptionNotification.notificationType
    if let subscription = n.subscription {
      return reading(
        of: code, fetched: subscription.subscriptionState, expiryTime: subscription.lineItem.expiryTime,
        after: current)
    }
    return reading(of: code, fetched: nil, expiryTime: nil, after: current)
  }

  /// A Google Play notification's reading from the parts it reads: the RTDN's code, and the
  /// fetched resource's `subscriptionState` and line item `expiryTime` (`nil` without a
  /// resource). For a caller that has unwrapped the resource already: each unwrap copies it.
  @inline(__always)
  static func reading(
    of code: GooglePlayNotificationType, fetched state: SubscriptionState?, expiryTime: Instant?,
    after current: EntitlementState
  ) -> EntitlementReading? {
    guard isDocumented(code) else { return nil }
    let revokedNow = code == .subscriptionRevoked || current == .revoked
    if let state {
      // Compared in the order of a `switch` over the states; each is a constant
      // (`WellKnownText`), so a comparison is one of two words.
      if state == .active || state == .canceled { return EntitlementReading(.active) }
      if state == .inGracePeriod {
        return EntitlementReading(.grace, gracePeriodExpiresDate: expiryTime)
      }
      if state == .onHold { return EntitlementReading(.hold) }
      if state == .paused { return EntitlementReading(.paused) }
      if state == .expired { return EntitlementReading(revokedNow ? .revoked : .expired) }
    }
    switch code {
    case .subscriptionRecovered, .subscriptionRenewed, .subscriptionCanceled,
      .subscriptionPurchased, .subscriptionRestarted:
      return EntitlementReading(.active)
    case .subscriptionOnHold:
      return EntitlementReading(.hold)
    case .subscriptionInGracePeriod:
      return EntitlementReading(.grace)
    case .subscriptionPaused:
      return EntitlementReading(.paused)
    case .subscriptionRevoked:
      return EntitlementReading(.revoked)
    case .subscriptionExpired:
      return EntitlementReading(revokedNow ? .revoked : .expired)
    default:
      return nil
    }
  }

  /// Whether Google documents `code` (1–13, 17–20, 22). A switch, not a search of
  /// `GooglePlayNotificationType.documented`, to stay free of allocation and reference counting.
  static func isDocumented(_ code: GooglePlayNotificationType) -> Bool {
    switch code.rawValue {
    case 1...13, 17...20, 22: true
    default: false
    }
  }

  // MARK: Stripe

  /// A Stripe event's reading.
  ///
  /// A subscription event (`customer.subscription.created`, `.updated`, `.deleted`, `.paused`,
  /// `.resumed`, `.trial_will_end`) is read by the subscription's `status`, which is the state
  /// after the event:
  ///
  /// | `status` | state |
  /// |---|---|
  /// | `trialing`, `active` (with `cancel_at_period_end` or not) | active |
  /// | `past_due` | grace for the app's promise from `current_period_start`, then hold |
  /// | `unpaid`, `incomplete` | hold |
  /// | `canceled`, `incomplete_expired` | expired (revoked stays revoked) |
  /// | `paused` | paused |
  /// | unknown | nothing |
  ///
  /// An invoice event counts only for a subscription's invoice: `invoice.paid` and
  /// `invoice.payment_succeeded` → active; `invoice.payment_failed` → `past_due` as above, from
  /// the invoice's `created`, but only while the subscription is active or in grace (a failed
  /// attempt does not bring back a grace that has been replaced by `unpaid` or an end).
  /// `charge.refunded` with the whole charge refunded → revoked. Other events read as nothing.
  ///
  /// Stripe has no grace period of its own: `past_due` lasts as long as Stripe retries, and the
  /// app decides how long a `past_due` subscriber keeps access (`PolicySettings`). Stripe sends
  /// nothing when that promise runs out, so the reading ends grace on the policy's own clock, at
  /// the renewal that failed plus the promise; `nextDecisionChange` tells the engine when.
  static func reading(
    of e: StripeEvent, after current: EntitlementState, settings: PolicySettings
  ) -> EntitlementReading? {
    switch e.object {
    case .subscription(let s):
      switch e.type {
      case .subscriptionCreated, .subscriptionUpdated, .subscriptionDeleted, .subscriptionPaused,
        .subscriptionResumed, .subscriptionTrialWillEnd:
        break
      default:
        return nil
      }
      switch s.status {
      case .trialing, .active: return EntitlementReading(.active)
      case .pastDue: return pastDue(since: s.currentPeriodStart, settings: settings)
      // `incomplete`: the first invoice is unpaid, and the customer must pay or authenticate it
      // within 23 hours (Subscription object, `status`): no access, a hard prompt, as `unpaid`.
      case .unpaid, .incomplete: return EntitlementReading(.hold)
      case .canceled, .incompleteExpired: return EntitlementReading(current == .revoked ? .revoked : .expired)
      case .paused: return EntitlementReading(.paused)
      default: return nil
      }
    case .invoice(let invoice):
      guard invoice.subscription != nil else { return nil }
      switch e.type {
      case .invoicePaid, .invoicePaymentSucceeded:
        return EntitlementReading(.active)
      case .invoicePaymentFailed:
        guard current == .active || current == .grace else { return nil }
        return pastDue(since: invoice.created, settings: settings)
      default:
        return nil
      }
    case .charge(let charge):
      guard e.type == .chargeRefunded, charge.refunded else { return nil }
      return EntitlementReading(.revoked)
    case .other:
      return nil
    }
  }

  /// `past_due` since the renewal at `failed`: grace until the app's promise ends, or hold when
  /// it promises none.
  static func pastDue(since failed: Instant, settings: PolicySettings) -> EntitlementReading {
    guard settings.stripeGracePeriod > .zero else { return EntitlementReading(.hold) }
    let end = failed + settings.stripeGracePeriod
    return EntitlementReading(.grace, gracePeriodExpiresDate: end, appGraceEnds: end)
  }

  // MARK: RevenueCat

  /// A RevenueCat event's reading.
  ///
  /// | event | state |
  /// |---|---|
  /// | `INITIAL_PURCHASE`, `RENEWAL` (also a recovery), `UNCANCELLATION` | active |
  /// | `BILLING_ISSUE` with `grace_period_expiration_at_ms` after the event | grace until then |
  /// | `BILLING_ISSUE` without grace, or with grace already over | hold |
  /// | `CANCELLATION` `CUSTOMER_SUPPORT` (a refund) with `expiration_at_ms` not after the event | revoked |
  /// | any other `CANCELLATION`, `BILLING_ERROR` included | nothing |
  /// | `EXPIRATION` `BILLING_ERROR` | hold: grace ran out and the store may still recover it |
  /// | `EXPIRATION` `SUBSCRIPTION_PAUSED` | paused |
  /// | `REFUND_REVERSED`, `SUBSCRIPTION_EXTENDED` with `expiration_at_ms` after the event / not after it | active / expired |
  /// | `EXPIRATION` `CUSTOMER_SUPPORT` | revoked |
  /// | any other `EXPIRATION` | expired (revoked stays revoked) |
  /// | `PRODUCT_CHANGE`, `SUBSCRIPTION_PAUSED`, `TEST`, `TRANSFER`, other types | nothing |
  ///
  /// A `CANCELLATION` means auto-renew is off: access lasts until `EXPIRATION`. That holds for
  /// `BILLING_ERROR` too, which RevenueCat sends beside `BILLING_ISSUE`, in either order, as soon
  /// as a renewal fails; the subscriber keeps access through the store's grace, and RevenueCat
  /// sends `EXPIRATION` only if grace ends unpaid. So the reading needs no clock: grace is
  /// reported until its end, and access ends on the `EXPIRATION`. Likewise `SUBSCRIPTION_PAUSED`
  /// only announces a pause ("You should not revoke access when receiving a
  /// `SUBSCRIPTION_PAUSED` event").
  static func reading(of e: RevenueCatEvent, after current: EntitlementState) -> EntitlementReading? {
    switch e.type {
    case .initialPurchase, .renewal, .uncancellation:
      return EntitlementReading(.active)
    case .billingIssue:
      if let end = e.gracePeriodExpirationAt, end > e.eventTimestamp {
        return EntitlementReading(.grace, gracePeriodExpiresDate: end)
      }
      return EntitlementReading(.hold)
    case .cancellation:
      guard e.cancelReason == .customerSupport, let end = e.expirationAt, end <= e.eventTimestamp else {
        return nil
      }
      return EntitlementReading(.revoked)
    case .refundReversed, .subscriptionExtended:
      // The refund is taken back, or the period extended: access is due to `expiration_at_ms`.
      guard let end = e.expirationAt else { return nil }
      return EntitlementReading(end > e.eventTimestamp ? .active : .expired)
    case .expiration:
      switch e.expirationReason ?? .unknown {
      case .billingError: return EntitlementReading(.hold)
      case .subscriptionPaused: return EntitlementReading(.paused)
      case .customerSupport: return EntitlementReading(.revoked)
      default: return EntitlementReading(current == .revoked ? .revoked : .expired)
      }
    default:
      return nil
    }
  }
}

/// What one notification says of its subscription, as the reference rules read it: for
/// `simsub replay`, which knows the store only through the payloads a log kept.
package struct StoreReading: Hashable, Sendable {
  package var state: EntitlementState
  /// The end of grace the store gives (Apple's `gracePeriodExpiresDate`, Google's `expiryTime`
  /// in grace); `nil` outside grace or when the payload does not say.
  package var gracePeriodExpiresDate: Instant?
  /// For a grace that is the app's own promise (Stripe `past_due`): its end, from which the
  /// state is `hold` with nothing more sent.
  package var appGraceEnds: Instant?
  /// The date the payload says the subscription is paid through, when it says one.
  package var paidThrough: Instant?

  /// The reading of `notification`, received after a reading of `current`; `nil` when it says
  /// nothing about the subscription's state.
  package init?(_ notification: StoreNotification, after current: EntitlementState, settings: PolicySettings)
  {
    let facts = NotificationFacts(notification, after: { _ in current }, settings: settings)
    guard let reading = facts.reading else { return nil }
    state = reading.state
    gracePeriodExpiresDate = reading.gracePeriodExpiresDate
    appGraceEnds = reading.appGraceEnds
    paidThrough = facts.paidThrough
  }
}
