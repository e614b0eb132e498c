import Foundation

/// An App Store Server Notification V2, decoded: Apple's `responseBodyV2DecodedPayload`.
///
/// Field names are Apple's. `data.transactionInfo` and `data.renewalInfo` hold the decoded
/// `signedTransactionInfo` and `signedRenewalInfo`.
public struct AppStoreServerNotification: Hashable, Sendable {
  public var notificationType: AppStoreNotificationType
  public var subtype: AppStoreNotificationSubtype?
  public var notificationUUID: UUID
  /// Apple's `version`, `"2.0"`.
  public var version: Symbol
  /// When Apple signed (sent) the notification.
  public var signedDate: Instant
  public var data: AppStoreNotificationData

  @inlinable public init(
    notificationType: AppStoreNotificationType, subtype: AppStoreNotificationSubtype? = nil,
    notificationUUID: UUID, version: Symbol = "2.0", signedDate: Instant,
    data: AppStoreNotificationData
  ) {
    self.notificationType = notificationType
    self.subtype = subtype
    self.notificationUUID = notificationUUID
    self.version = version
    self.signedDate = signedDate
    self.data = data
  }
}

/// The `data` object of a V2 notification.
public struct AppStoreNotificationData: Hashable, Sendable {
  public var appAppleId: Int64?
  public var bundleId: Symbol
  public var bundleVersion: Symbol?
  public var environment: AppStoreEnvironment
  /// The subscription's status after the event (`1` active … `5` revoked).
  public var status: AppStoreSubscriptionStatus?
  /// Decoded `signedTransactionInfo`.
  public var transactionInfo: JWSTransactionDecodedPayload?
  /// Decoded `signedRenewalInfo`.
  public var renewalInfo: JWSRenewalInfoDecodedPayload?

  @inlinable public init(
    appAppleId: Int64? = nil, bundleId: Symbol, bundleVersion: Symbol? = nil,
    environment: AppStoreEnvironment = .sandbox, status: AppStoreSubscriptionStatus? = nil,
    transactionInfo: JWSTransactionDecodedPayload? = nil,
    renewalInfo: JWSRenewalInfoDecodedPayload? = nil
  ) {
    self.appAppleId = appAppleId
    self.bundleId = bundleId
    self.bundleVersion = bundleVersion
    self.environment = environment
    self.status = status
    self.transactionInfo = transactionInfo
    self.renewalInfo = renewalInfo
  }
}

/// Apple's `notificationType`.
public struct AppStoreNotificationType: StoreString {
  public let symbol: Symbol
  public init(symbol: Symbol) { self.symbol = symbol }

  public static let subscribed: Self = "SUBSCRIBED"
  public static let didRenew: Self = "DID_RENEW"
  public static let didFailToRenew: Self = "DID_FAIL_TO_RENEW"
  public static let gracePeriodExpired: Self = "GRACE_PERIOD_EXPIRED"
  public static let expired: Self = "EXPIRED"
  public static let didChangeRenewalStatus: Self = "DID_CHANGE_RENEWAL_STATUS"
  public static let didChangeRenewalPref: Self = "DID_CHANGE_RENEWAL_PREF"
  public static let offerRedeemed: Self = "OFFER_REDEEMED"
  public static let priceIncrease: Self = "PRICE_INCREASE"
  public static let refund: Self = "REFUND"
  public static let refundDeclined: Self = "REFUND_DECLINED"
  public static let refundReversed: Self = "REFUND_REVERSED"
  public static let consumptionRequest: Self = "CONSUMPTION_REQUEST"
  public static let renewalExtended: Self = "RENEWAL_EXTENDED"
  public static let renewalExtension: Self = "RENEWAL_EXTENSION"
  public static let revoke: Self = "REVOKE"
  public static let test: Self = "TEST"
  public static let externalPurchaseToken: Self = "EXTERNAL_PURCHASE_TOKEN"
  public static let oneTimeCharge: Self = "ONE_TIME_CHARGE"

  /// Every type Apple documents as of November 2026.
  public static let documented: [Self] = [
    .subscribed, .didRenew, .didFailToRenew, .gracePeriodExpired, .expired,
    .didChangeRenewalStatus, .didChangeRenewalPref, .offerRedeemed, .priceIncrease, .refund,
    .refundDeclined, .refundReversed, .consumptionRequest, .renewalExtended, .renewalExtension,
    .revoke, .test, .externalPurchaseToken, .oneTimeCharge,
  ]
}

/// Apple's `subtype`.
public struct AppStoreNotificationSubtype: StoreString {
  public let symbol: Symbol
  public init(symbol: Symbol) { self.symbol = symbol }

  public static let initialBuy: Self = "INITIAL_BUY"
  public static let resubscribe: Self = "RESUBSCRIBE"
  public static let downgrade: Self = "DOWNGRADE"
  public static let upgrade: Self = "UPGRADE"
  public static let autoRenewEnabled: Self = "AUTO_RENEW_ENABLED"
  public static let autoRenewDisabled: Self = "AUTO_RENEW_DISABLED"
  public static let voluntary: Self = "VOLUNTARY"
  public static let billingRetry: Self = "BILLING_RETRY"
  public static let priceIncrease: Self = "PRICE_INCREASE"
  public static let gracePeriod: Self = "GRACE_PERIOD"
  public static let productNotForSale: Self = "PRODUCT_NOT_FOR_SALE"
  public static let billingRecovery: Self = "BILLING_RECOVERY"
  public static let pending: Self = "PENDING"
  public static let accepted: Self = "ACCEPTED"
  public static let summary: Self = "SUMMARY"
  public static let failure: Self = "FAILURE"
  public static let unreported: Self = "UNREPORTED"
}

/// Apple's `environment`.
public struct AppStoreEnvironment: StoreString {
  public let symbol: Symbol
  public init(symbol: Symbol) { self.symbol = symbol }

  public static let sandbox: Self = "Sandbox"
  public static let production: Self = "Production"
  public static let xcode: Self = "Xcode"
  public static let localTesting: Self = "LocalTesting"
}

/// Apple's subscription `status`: 1 active, 2 expired, 3 billing retry, 4 billing grace
/// period, 5 revoked.
public struct AppStoreSubscriptionStatus: RawRepresentable, Hashable, Sendable, Codable {
  public var rawValue: Int32
  public init(rawValue: Int32) { self.rawValue = rawValue }

  public static let active = Self(rawValue: 1)
  public static let expired = Self(rawValue: 2)
  public static let billingRetry = Self(rawValue: 3)
  public static let billingGracePeriod = Self(rawValue: 4)
  public static let revoked = Self(rawValue: 5)
}
