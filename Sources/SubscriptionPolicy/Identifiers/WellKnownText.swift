/// Texts interned before any other, at fixed indices (their order here), so that a store's
/// known values are constants: `AppStoreNotificationType.didRenew` is `Symbol(wellKnown:
/// .didRenew)`, an inlinable computed constant.
///
/// As `static let`s interned from literals at first use, every read of one (each
/// `switch notification.notificationType`, each notification built) went through an
/// initialisation check, `swift_once`: about 1% of a Monte Carlo run's instructions. Even as
/// `static let`s of a constant, each read from another module (the store models in `SimSub`)
/// was a call to the global's accessor: another 1.2%. Decoding `"DID_RENEW"` from JSON finds
/// the same index, so a decoded value equals the constant.
@usableFromInline
enum WellKnownText: UInt8, CaseIterable, Sendable {
  case subscribed
  case didRenew
  case didFailToRenew
  case gracePeriodExpired
  case expired
  case didChangeRenewalStatus
  case didChangeRenewalPref
  case offerRedeemed
  case priceIncrease
  case refund
  case refundDeclined
  case refundReversed
  case consumptionRequest
  case renewalExtended
  case renewalExtension
  case revoke
  case test
  case externalPurchaseToken
  case oneTimeCharge
  case initialBuy
  case resubscribe
  case downgrade
  case upgrade
  case autoRenewEnabled
  case autoRenewDisabled
  case voluntary
  case billingRetry
  case gracePeriod
  case productNotForSale
  case billingRecovery
  case pending
  case accepted
  case summary
  case failure
  case unreported
  case sandbox
  case production
  case xcode
  case localtesting
  case autoRenewableSubscription
  case nonRenewingSubscription
  case purchased
  case familyShared
  case subscriptionStateUnspecified
  case subscriptionStatePending
  case subscriptionStateActive
  case subscriptionStatePaused
  case subscriptionStateInGracePeriod
  case subscriptionStateOnHold
  case subscriptionStateCanceled
  case subscriptionStateExpired
  case subscriptionStatePendingPurchaseCanceled

  /// The text, as the store spells it.
  var text: String {
    switch self {
    case .subscribed: "SUBSCRIBED"
    case .didRenew: "DID_RENEW"
    case .didFailToRenew: "DID_FAIL_TO_RENEW"
    case .gracePeriodExpired: "GRACE_PERIOD_EXPIRED"
    case .expired: "EXPIRED"
    case .didChangeRenewalStatus: "DID_CHANGE_RENEWAL_STATUS"
    case .didChangeRenewalPref: "DID_CHANGE_RENEWAL_PREF"
    case .offerRedeemed: "OFFER_REDEEMED"
    case .priceIncrease: "PRICE_INCREASE"
    case .refund: "REFUND"
    case .refundDeclined: "REFUND_DECLINED"
    case .refundReversed: "REFUND_REVERSED"
    case .consumptionRequest: "CONSUMPTION_REQUEST"
    case .renewalExtended: "RENEWAL_EXTENDED"
    case .renewalExtension: "RENEWAL_EXTENSION"
    case .revoke: "REVOKE"
    case .test: "TEST"
    case .externalPurchaseToken: "EXTERNAL_PURCHASE_TOKEN"
    case .oneTimeCharge: "ONE_TIME_CHARGE"
    case .initialBuy: "INITIAL_BUY"
    case .resubscribe: "RESUBSCRIBE"
    case .downgrade: "DOWNGRADE"
    case .upgrade: "UPGRADE"
    case .autoRenewEnabled: "AUTO_RENEW_ENABLED"
    case .autoRenewDisabled: "AUTO_RENEW_DISABLED"
    case .voluntary: "VOLUNTARY"
    case .billingRetry: "BILLING_RETRY"
    case .gracePeriod: "GRACE_PERIOD"
    case .productNotForSale: "PRODUCT_NOT_FOR_SALE"
    case .billingRecovery: "BILLING_RECOVERY"
    case .pending: "PENDING"
    case .accepted: "ACCEPTED"
    case .summary: "SUMMARY"
    case .failure: "FAILURE"
    case .unreported: "UNREPORTED"
    case .sandbox: "Sandbox"
    case .production: "Production"
    case .xcode: "Xcode"
    case .localtesting: "LocalTesting"
    case .autoRenewableSubscription: "Auto-Renewable Subscription"
    case .nonRenewingSubscription: "Non-Renewing Subscription"
    case .purchased: "PURCHASED"
    case .familyShared: "FAMILY_SHARED"
    case .subscriptionStateUnspecified: "SUBSCRIPTION_STATE_UNSPECIFIED"
    case .subscriptionStatePending: "SUBSCRIPTION_STATE_PENDING"
    case .subscriptionStateActive: "SUBSCRIPTION_STATE_ACTIVE"
    case .subscriptionStatePaused: "SUBSCRIPTION_STATE_PAUSED"
    case .subscriptionStateInGracePeriod: "SUBSCRIPTION_STATE_IN_GRACE_PERIOD"
    case .subscriptionStateOnHold: "SUBSCRIPTION_STATE_ON_HOLD"
    case .subscriptionStateCanceled: "SUBSCRIPTION_STATE_CANCELED"
    case .subscriptionStateExpired: "SUBSCRIPTION_STATE_EXPIRED"
    case .subscriptionStatePendingPurchaseCanceled: "SUBSCRIPTION_STATE_PENDING_PURCHASE_CANCELED"
    }
  }
}

extension Symbol {
  /// The symbol of a well-known text: a constant, with no lookup.
  @inlinable init(wellKnown text: WellKnownText) {
    bits = Symbol.internedFlag | UInt64(text.rawValue)
  }
}
