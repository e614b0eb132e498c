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
  // `OptionalInstant`); the small fields after them, where they pack together.
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
  public init(symbol: Symbol) { self.symbol = symbol }

  public static let subscribed = Self(symbol: Symbol(wellKnown: .subscribed))
  public static let didRenew = Self(symbol: Symbol(wellKnown: .didRenew))
  public static let didFailToRenew = Self(symbol: Symbol(wellKnown: .didFailToRenew))
  public static let gracePeriodExpired = Self(symbol: Symbol(wellKnown: .gracePeriodExpired))
  public static let expired = Self(symbol: Symbol(wellKnown: .expired))
  public static let didChangeRenewalStatus = Self(symbol: Symbol(wellKnown: .didChangeRenewalStatus))
  public static let didChangeRenewalPref = Self(symbol: Symbol(wellKnown: .didChangeRenewalPref))
  public static let offerRedeemed = Self(symbol: Symbol(wellKnown: .offerRedeemed))
  public static let priceIncrease = Self(symbol: Symbol(wellKnown: .priceIncrease))
  public static let refund = Self(symbol: Symbol(wellKnown: .refund))
  public static let refundDeclined = Self(symbol: Symbol(wellKnown: .refundDeclined))
  public static let refundReversed = Self(symbol: Symbol(wellKnown: .refundReversed))
  public static let consumptionRequest = Self(symbol: Symbol(wellKnown: .consumptionRequest))
  public static let renewalExtended = Self(symbol: Symbol(wellKnown: .renewalExtended))
  public static let renewalExtension = Self(symbol: Symbol(wellKnown: .renewalExtension))
  public static let revoke = Self(symbol: Symbol(wellKnown: .revoke))
  public static let test = Self(symbol: Symbol(wellKnown: .test))
  public static let externalPurchaseToken = Self(symbol: Symbol(wellKnown: .externalPurchaseToken))
  public static let oneTimeCharge = Self(symbol: Symbol(wellKnown: .oneTimeCharge))

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

  public static let initialBuy = Self(symbol: Symbol(wellKnown: .initialBuy))
  public static let resubscribe = Self(symbol: Symbol(wellKnown: .resubscribe))
  public static let downgrade = Self(symbol: Symbol(wellKnown: .downgrade))
  public static let upgrade = Self(symbol: Symbol(wellKnown: .upgrade))
  public static let autoRenewEnabled = Self(symbol: Symbol(wellKnown: .autoRenewEnabled))
  public static let autoRenewDisabled = Self(symbol: Symbol(wellKnown: .autoRenewDisabled))
  public static let voluntary = Self(symbol: Symbol(wellKnown: .voluntary))
  public static let billingRetry = Self(symbol: Symbol(wellKnown: .billingRetry))
  public static let priceIncrease = Self(symbol: Symbol(wellKnown: .priceIncrease))
  public static let gracePeriod = Self(symbol: Symbol(wellKnown: .gracePeriod))
  public static let productNotForSale = Self(symbol: Symbol(wellKnown: .productNotForSale))
  public static let billingRecovery = Self(symbol: Symbol(wellKnown: .billingRecovery))
  public static let pending = Self(symbol: Symbol(wellKnown: .pending))
  public static let accepted = Self(symbol: Symbol(wellKnown: .accepted))
  public static let summary = Self(symbol: Symbol(wellKnown: .summary))
  public static let failure = Self(symbol: Symbol(wellKnown: .failure))
  public static let unreported = Self(symbol: Symbol(wellKnown: .unreported))
}

/// Apple's `environment`.
public struct AppStoreEnvironment: StoreString {
  public let symbol: Symbol
  public init(symbol: Symbol) { self.symbol = symbol }

  public static let sandbox = Self(symbol: Symbol(wellKnown: .sandbox))
  public static let production = Self(symbol: Symbol(wellKnown: .production))
  public static let xcode = Self(symbol: Symbol(wellKnown: .xcode))
  public static let localTesting = Self(symbol: Symbol(wellKnown: .localtesting))
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
