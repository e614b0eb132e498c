import Foundation

/// An App Store Server Notification V2, decoded: Apple's `responseBodyV2DecodedPayload`.
///
/// Field names are Apple's. `data.transactionInfo` and `data.renewalInfo` hold the decoded
/// `signedTransactionInfo` and `signedRenewalInfo`.
public struct AppStoreServerNotification: Hashable, Sendable {
  public var notificationType: AppStoreNotificationType
  public var notificationUUID: UUID
  /// Apple's `version`, `"2.0"`.
  public var version: Symbol
  /// When Apple signed (sent) the notification.
  public var signedDate: Instant
  public var data: AppStoreNotificationData
  // The optional dates and identifiers, stored in 8 bytes each rather than 16 (see
  // `OptionalSeconds`); the small fields after them, where they pack together.
  @usableFromInline var storedSubtype: OptionalSymbol

  public var subtype: AppStoreNotificationSubtype? {
    @inlinable get { storedSubtype.value.map(AppStoreNotificationSubtype.init(symbol:)) }
    @inlinable set { storedSubtype = OptionalSymbol(newValue?.symbol) }
  }

  @inlinable public init(
    notificationType: AppStoreNotificationType, subtype: AppStoreNotificationSubtype? = nil,
    notificationUUID: UUID, version: Symbol = "2.0", signedDate: Instant,
    data: AppStoreNotificationData
  ) {
    self.notificationType = notificationType
    self.storedSubtype = OptionalSymbol(subtype?.symbol)
    self.notificationUUID = notificationUUID
    self.version = version
    self.signedDate = signedDate
    self.data = data
  }
}

/// The `data` object of a V2 notification.
public struct AppStoreNotificationData: Hashable, Sendable {
  public var bundleId: Symbol
  public var bundleVersion: Symbol? {
    @inlinable get { storedBundleVersion.value }
    @inlinable set { storedBundleVersion = OptionalSymbol(newValue) }
  }
  public var environment: AppStoreEnvironment
  /// Decoded `signedTransactionInfo`.
  public var transactionInfo: JWSTransactionDecodedPayload? {
    @inlinable get { hasTransactionInfo ? storedTransactionInfo : nil }
    @inlinable set {
      // Not `newValue != nil`, which compares the payload field by field with `==`.
      if let newValue {
        hasTransactionInfo = true
        storedTransactionInfo = newValue
      } else {
        hasTransactionInfo = false
        storedTransactionInfo = .absent
      }
    }
  }
  /// Decoded `signedRenewalInfo`.
  public var renewalInfo: JWSRenewalInfoDecodedPayload? {
    @inlinable get { hasRenewalInfo ? storedRenewalInfo : nil }
    @inlinable set {
      // Not `newValue != nil`, which compares the payload field by field with `==`.
      if let newValue {
        hasRenewalInfo = true
        storedRenewalInfo = newValue
      } else {
        hasRenewalInfo = false
        storedRenewalInfo = .absent
      }
    }
  }

  // The payloads are stored unwrapped, each with a flag (an absent one holds `.absent`, so
  // equal data compare equal). Wrapped in optionals, a built notification was assembled in a
  // temporary and copied into place, payload by payload: two copies of about 220 bytes for
  // every App Store notification.
  @usableFromInline var storedBundleVersion: OptionalSymbol
  @usableFromInline var storedTransactionInfo: JWSTransactionDecodedPayload
  @usableFromInline var storedRenewalInfo: JWSRenewalInfoDecodedPayload
  // The small fields last, where they pack together.
  public var appAppleId: Int64?
  /// The subscription's status after the event (`1` active … `5` revoked).
  public var status: AppStoreSubscriptionStatus?
  @usableFromInline var hasTransactionInfo: Bool
  @usableFromInline var hasRenewalInfo: Bool

  @inlinable public init(
    appAppleId: Int64? = nil, bundleId: Symbol, bundleVersion: Symbol? = nil,
    environment: AppStoreEnvironment = .sandbox, status: AppStoreSubscriptionStatus? = nil,
    transactionInfo: JWSTransactionDecodedPayload? = nil,
    renewalInfo: JWSRenewalInfoDecodedPayload? = nil
  ) {
    self.appAppleId = appAppleId
    self.bundleId = bundleId
    self.storedBundleVersion = OptionalSymbol(bundleVersion)
    self.environment = environment
    self.status = status
    if let transactionInfo {
      self.hasTransactionInfo = true
      self.storedTransactionInfo = transactionInfo
    } else {
      self.hasTransactionInfo = false
      self.storedTransactionInfo = .absent
    }
    if let renewalInfo {
      self.hasRenewalInfo = true
      self.storedRenewalInfo = renewalInfo
    } else {
      self.hasRenewalInfo = false
      self.storedRenewalInfo = .absent
    }
  }
}

/// Apple's `notificationType`.
public struct AppStoreNotificationType: StoreString {
  public let symbol: Symbol
  @inlinable public init(symbol: Symbol) { self.symbol = symbol }

  @inlinable public static var subscribed: Self { Self(symbol: Symbol(wellKnown: .subscribed)) }
  @inlinable public static var didRenew: Self { Self(symbol: Symbol(wellKnown: .didRenew)) }
  @inlinable public static var didFailToRenew: Self { Self(symbol: Symbol(wellKnown: .didFailToRenew)) }
  @inlinable public static var gracePeriodExpired: Self {
    Self(symbol: Symbol(wellKnown: .gracePeriodExpired))
  }
  @inlinable public static var expired: Self { Self(symbol: Symbol(wellKnown: .expired)) }
  @inlinable public static var didChangeRenewalStatus: Self {
    Self(symbol: Symbol(wellKnown: .didChangeRenewalStatus))
  }
  @inlinable public static var didChangeRenewalPref: Self {
    Self(symbol: Symbol(wellKnown: .didChangeRenewalPref))
  }
  @inlinable public static var offerRedeemed: Self { Self(symbol: Symbol(wellKnown: .offerRedeemed)) }
  @inlinable public static var priceIncrease: Self { Self(symbol: Symbol(wellKnown: .priceIncrease)) }
  @inlinable public static var refund: Self { Self(symbol: Symbol(wellKnown: .refund)) }
  @inlinable public static var refundDeclined: Self { Self(symbol: Symbol(wellKnown: .refundDeclined)) }
  @inlinable public static var refundReversed: Self { Self(symbol: Symbol(wellKnown: .refundReversed)) }
  @inlinable public static var consumptionRequest: Self {
    Self(symbol: Symbol(wellKnown: .consumptionRequest))
  }
  @inlinable public static var renewalExtended: Self { Self(symbol: Symbol(wellKnown: .renewalExtended)) }
  @inlinable public static var renewalExtension: Self { Self(symbol: Symbol(wellKnown: .renewalExtension)) }
  @inlinable public static var revoke: Self { Self(symbol: Symbol(wellKnown: .revoke)) }
  @inlinable public static var test: Self { Self(symbol: Symbol(wellKnown: .test)) }
  @inlinable public static var externalPurchaseToken: Self {
    Self(symbol: Symbol(wellKnown: .externalPurchaseToken))
  }
  @inlinable public static var oneTimeCharge: Self { Self(symbol: Symbol(wellKnown: .oneTimeCharge)) }

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
  @inlinable public init(symbol: Symbol) { self.symbol = symbol }

  @inlinable public static var initialBuy: Self { Self(symbol: Symbol(wellKnown: .initialBuy)) }
  @inlinable public static var resubscribe: Self { Self(symbol: Symbol(wellKnown: .resubscribe)) }
  @inlinable public static var downgrade: Self { Self(symbol: Symbol(wellKnown: .downgrade)) }
  @inlinable public static var upgrade: Self { Self(symbol: Symbol(wellKnown: .upgrade)) }
  @inlinable public static var autoRenewEnabled: Self { Self(symbol: Symbol(wellKnown: .autoRenewEnabled)) }
  @inlinable public static var autoRenewDisabled: Self { Self(symbol: Symbol(wellKnown: .autoRenewDisabled)) }
  @inlinable public static var voluntary: Self { Self(symbol: Symbol(wellKnown: .voluntary)) }
  @inlinable public static var billingRetry: Self { Self(symbol: Symbol(wellKnown: .billingRetry)) }
  @inlinable public static var priceIncrease: Self { Self(symbol: Symbol(wellKnown: .priceIncrease)) }
  @inlinable public static var gracePeriod: Self { Self(symbol: Symbol(wellKnown: .gracePeriod)) }
  @inlinable public static var productNotForSale: Self { Self(symbol: Symbol(wellKnown: .productNotForSale)) }
  @inlinable public static var billingRecovery: Self { Self(symbol: Symbol(wellKnown: .billingRecovery)) }
  @inlinable public static var pending: Self { Self(symbol: Symbol(wellKnown: .pending)) }
  @inlinable public static var accepted: Self { Self(symbol: Symbol(wellKnown: .accepted)) }
  @inlinable public static var summary: Self { Self(symbol: Symbol(wellKnown: .summary)) }
  @inlinable public static var failure: Self { Self(symbol: Symbol(wellKnown: .failure)) }
  @inlinable public static var unreported: Self { Self(symbol: Symbol(wellKnown: .unreported)) }
  /// `EXTERNAL_PURCHASE_TOKEN`'s subtypes (custom link tokens).
  public static let created: Self = "CREATED"
  public static let activeTokenReminder: Self = "ACTIVE_TOKEN_REMINDER"

  /// Every subtype Apple documents (`subtype`, App Store Server Notifications V2), as of
  /// November 2026.
  public static let documented: [Self] = [
    .initialBuy, .resubscribe, .downgrade, .upgrade, .autoRenewEnabled, .autoRenewDisabled,
    .voluntary, .billingRetry, .priceIncrease, .gracePeriod, .productNotForSale, .billingRecovery,
    .pending, .accepted, .summary, .failure, .unreported, .created, .activeTokenReminder,
  ]
}

/// Apple's `environment`.
public struct AppStoreEnvironment: StoreString {
  public let symbol: Symbol
  @inlinable public init(symbol: Symbol) { self.symbol = symbol }

  @inlinable public static var sandbox: Self { Self(symbol: Symbol(wellKnown: .sandbox)) }
  @inlinable public static var production: Self { Self(symbol: Symbol(wellKnown: .production)) }
  @inlinable public static var xcode: Self { Self(symbol: Symbol(wellKnown: .xcode)) }
  @inlinable public static var localTesting: Self { Self(symbol: Symbol(wellKnown: .localtesting)) }
}

/// Apple's subscription `status`: 1 active, 2 expired, 3 billing retry, 4 billing grace
/// period, 5 revoked.
public struct AppStoreSubscriptionStatus: RawRepresentable, Hashable, Sendable, Codable {
  public var rawValue: Int32
  @inlinable public init(rawValue: Int32) { self.rawValue = rawValue }

  @inlinable public static var active: Self { Self(rawValue: 1) }
  @inlinable public static var expired: Self { Self(rawValue: 2) }
  @inlinable public static var billingRetry: Self { Self(rawValue: 3) }
  @inlinable public static var billingGracePeriod: Self { Self(rawValue: 4) }
  @inlinable public static var revoked: Self { Self(rawValue: 5) }
}
