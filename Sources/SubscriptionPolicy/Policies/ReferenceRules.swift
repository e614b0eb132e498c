/// What a notification says the subscription now is, as a policy reads it: a state, and grace's
/// end while in grace.
struct EntitlementReading: Hashable, Sendable {
  var state: EntitlementState
  /// Apple's `gracePeriodExpiresDate`, Google's `expiryTime` in grace; `nil` outside grace.
  var gracePeriodExpiresDate: Instant?

  init(_ state: EntitlementState, gracePeriodExpiresDate: Instant? = nil) {
    self.state = state
    self.gracePeriodExpiresDate = state == .grace ? gracePeriodExpiresDate : nil
  }

  /// Before any notification.
  static let never = EntitlementReading(.never)
}

/// How the reference policy reads one notification, and what it answers for a state.
///
/// Shared by ``ReferencePolicy`` and the known-bad policies that differ from it in one respect
/// only (``ActiveOnlyPolicy``, ``ArrivalOrderPolicy``), so that each of those shows exactly one
/// mistake. Pure functions of plain values; none allocates.
enum ReferenceRules {
  /// The reference answer for a reading: grace keeps access with a soft prompt and reports when
  /// grace ends; hold denies access with a hard prompt; an active subscriber (renewing or not)
  /// has access and no prompt; paused, expired, revoked and never have neither.
  static func decision(for reading: EntitlementReading) -> Decision {
    switch reading.state {
    case .active:
      Decision(state: .active, access: true)
    case .grace:
      Decision(
        state: .grace, access: true, prompt: .soft,
        gracePeriodExpiresDate: reading.gracePeriodExpiresDate)
    case .hold:
      Decision(state: .hold, access: false, prompt: .hard)
    case .never, .paused, .expired, .revoked:
      Decision(state: reading.state, access: false)
    }
  }

  /// What `notification` says, read after `current`; `nil` when it says nothing about the
  /// subscription's state (a type the policy does not know, a `TEST`, a summary), in which case
  /// the policy keeps its answer.
  static func reading(
    of notification: StoreNotification, after current: EntitlementState
  ) -> EntitlementReading? {
    switch notification {
    case .appStore(let n): reading(of: n)
    case .googlePlay(let n): reading(of: n, after: current)
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
  static func reading(of n: AppStoreServerNotification) -> EntitlementReading? {
    let byType: EntitlementState?
    switch n.notificationType {
    case .subscribed, .didRenew:
      byType = .active
    case .didFailToRenew:
      byType = n.subtype == .gracePeriod ? .grace : .hold
    case .gracePeriodExpired:
      byType = .hold
    case .expired:
      byType = .expired
    case .refund, .revoke:
      byType = .revoked
    case .didChangeRenewalStatus, .didChangeRenewalPref, .offerRedeemed, .priceIncrease,
      .refundDeclined, .refundReversed, .renewalExtended:
      byType = nil
    default:
      return nil
    }
    guard let state = n.data.status.flatMap(state(for:)) ?? byType else { return nil }
    return EntitlementReading(state, gracePeriodExpiresDate: n.data.renewalInfo?.gracePeriodExpiresDate)
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
  /// and the price and deferral codes change nothing by themselves. A code Google has not
  /// documented reads as nothing, resource or not.
  static func reading(
    of n: GooglePlayNotification, after current: EntitlementState
  ) -> EntitlementReading? {
    let code = n.subscriptionNotification.notificationType
    guard isDocumented(code) else { return nil }
    let revokedNow = code == .subscriptionRevoked || current == .revoked
    if let subscription = n.subscription {
      switch subscription.subscriptionState {
      case .active, .canceled:
        return EntitlementReading(.active)
      case .inGracePeriod:
        return EntitlementReading(
          .grace, gracePeriodExpiresDate: subscription.lineItem.expiryTime)
      case .onHold:
        return EntitlementReading(.hold)
      case .paused:
        return EntitlementReading(.paused)
      case .expired:
        return EntitlementReading(revokedNow ? .revoked : .expired)
      default:
        break
      }
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

  /// Whether Google documents `code` (1–13, 19, 20). A switch, not a search of
  /// `GooglePlayNotificationType.documented`, to stay free of allocation and reference counting.
  static func isDocumented(_ code: GooglePlayNotificationType) -> Bool {
    switch code.rawValue {
    case 1...13, 19, 20: true
    default: false
    }
  }
}
