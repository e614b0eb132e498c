/// A RevenueCat webhook event: the `event` object of the body RevenueCat posts, with the body's
/// `api_version`.
///
/// RevenueCat is a channel, not a store: it receives the App Store's and Google Play's
/// notifications and sends its own events about them. Field names are RevenueCat's ("Event
/// Types and Fields"); every field is a number, an `Instant`, a `Bool`, a `Symbol` or a
/// small store string, so an event is a plain value with no references. RevenueCat sends
/// `entitlement_ids` as a list; simsub plays one entitlement and keeps the first.
public struct RevenueCatEvent: Hashable, Sendable {
  /// The body's `api_version`, `"1.0"`.
  public var apiVersion: Symbol
  public var type: RevenueCatEventType
  /// RevenueCat's id for the event (a UUID in production; RevenueCat's own samples carry other
  /// text, so any string is kept); a retried webhook carries the same one.
  public var id: Symbol
  public var appId: Symbol?
  /// `event_timestamp_ms`: when RevenueCat generated the event, to the second.
  public var eventTimestamp: Instant
  public var appUserId: Symbol
  public var originalAppUserId: Symbol?
  public var productId: Symbol
  /// `PRODUCT_CHANGE` only: the product switched to.
  public var newProductId: Symbol?
  /// `entitlement_ids[0]`.
  public var entitlementId: Symbol?
  public var periodType: RevenueCatPeriodType
  public var purchasedAt: Instant?
  /// `expiration_at_ms`: when the entitlement runs out unless renewed.
  public var expirationAt: Instant?
  /// `BILLING_ISSUE` only: when the store's grace period ends; `nil` without grace.
  public var gracePeriodExpirationAt: Instant?
  /// `SUBSCRIPTION_PAUSED` only (Google): when the subscription resumes.
  public var autoResumeAt: Instant?
  public var store: RevenueCatStore
  public var environment: RevenueCatEnvironment
  /// `RENEWAL` only: whether the previous period was a free trial.
  public var isTrialConversion: Bool?
  /// `CANCELLATION` only.
  public var cancelReason: RevenueCatReason?
  /// `EXPIRATION` only.
  public var expirationReason: RevenueCatReason?
  public var transactionId: Symbol?
  public var originalTransactionId: Symbol?
  public var isFamilyShare: Bool?
  public var countryCode: Symbol?

  @inlinable public init(
    apiVersion: Symbol = RevenueCatEvent.apiVersion1, type: RevenueCatEventType, id: Symbol,
    appId: Symbol? = nil,
    eventTimestamp: Instant, appUserId: Symbol, originalAppUserId: Symbol? = nil, productId: Symbol,
    newProductId: Symbol? = nil, entitlementId: Symbol? = nil, periodType: RevenueCatPeriodType = .normal,
    purchasedAt: Instant? = nil, expirationAt: Instant? = nil, gracePeriodExpirationAt: Instant? = nil,
    autoResumeAt: Instant? = nil, store: RevenueCatStore, environment: RevenueCatEnvironment = .production,
    isTrialConversion: Bool? = nil, cancelReason: RevenueCatReason? = nil,
    expirationReason: RevenueCatReason? = nil, transactionId: Symbol? = nil,
    originalTransactionId: Symbol? = nil, isFamilyShare: Bool? = nil, countryCode: Symbol? = nil
  ) {
    self.apiVersion = apiVersion
    self.type = type
    self.id = id
    self.appId = appId
    self.eventTimestamp = eventTimestamp
    self.appUserId = appUserId
    self.originalAppUserId = originalAppUserId
    self.productId = productId
    self.newProductId = newProductId
    self.entitlementId = entitlementId
    self.periodType = periodType
    self.purchasedAt = purchasedAt
    self.expirationAt = expirationAt
    self.gracePeriodExpirationAt = gracePeriodExpirationAt
    self.autoResumeAt = autoResumeAt
    self.store = store
    self.environment = environment
    self.isTrialConversion = isTrialConversion
    self.cancelReason = cancelReason
    self.expirationReason = expirationReason
    self.transactionId = transactionId
    self.originalTransactionId = originalTransactionId
    self.isFamilyShare = isFamilyShare
    self.countryCode = countryCode
  }

  /// `"1.0"`, interned once, so building an event never looks text up.
  public static let apiVersion1: Symbol = "1.0"

  /// The reason a `CANCELLATION` or `EXPIRATION` carries, if any.
  public var reason: RevenueCatReason? {
    switch type {
    case .cancellation: cancelReason
    case .expiration: expirationReason
    default: nil
    }
  }
}

/// The event `type`.
public struct RevenueCatEventType: StoreString {
  public let symbol: Symbol
  public init(symbol: Symbol) { self.symbol = symbol }

  public static let test: Self = "TEST"
  public static let initialPurchase: Self = "INITIAL_PURCHASE"
  /// A renewal, a recovery from a billing issue, or a resubscription.
  public static let renewal: Self = "RENEWAL"
  public static let cancellation: Self = "CANCELLATION"
  public static let uncancellation: Self = "UNCANCELLATION"
  public static let nonRenewingPurchase: Self = "NON_RENEWING_PURCHASE"
  /// Google: a pause is scheduled for the end of the period; access stays until `EXPIRATION`.
  public static let subscriptionPaused: Self = "SUBSCRIPTION_PAUSED"
  public static let expiration: Self = "EXPIRATION"
  /// Once per billing-issue episode, with `grace_period_expiration_at_ms`.
  public static let billingIssue: Self = "BILLING_ISSUE"
  public static let productChange: Self = "PRODUCT_CHANGE"
  public static let transfer: Self = "TRANSFER"
  public static let subscriptionExtended: Self = "SUBSCRIPTION_EXTENDED"
  public static let temporaryEntitlementGrant: Self = "TEMPORARY_ENTITLEMENT_GRANT"
  public static let refundReversed: Self = "REFUND_REVERSED"
  /// Web Billing: an invoice was issued.
  public static let invoiceIssuance: Self = "INVOICE_ISSUANCE"
  /// Virtual currency granted or spent.
  public static let virtualCurrencyTransaction: Self = "VIRTUAL_CURRENCY_TRANSACTION"
  /// A customer was enrolled in an experiment; no purchase, no store.
  public static let experimentEnrollment: Self = "EXPERIMENT_ENROLLMENT"

  /// The types above, in that order: every event type RevenueCat documents ("Event Types and
  /// Fields", November 2026).
  public static let documented: [Self] = [
    .test, .initialPurchase, .renewal, .cancellation, .uncancellation, .nonRenewingPurchase,
    .subscriptionPaused, .expiration, .billingIssue, .productChange, .transfer, .subscriptionExtended,
    .temporaryEntitlementGrant, .refundReversed, .invoiceIssuance, .virtualCurrencyTransaction,
    .experimentEnrollment,
  ]
}

/// `cancel_reason` and `expiration_reason`.
public struct RevenueCatReason: StoreString {
  public let symbol: Symbol
  public init(symbol: Symbol) { self.symbol = symbol }

  public static let unsubscribe: Self = "UNSUBSCRIBE"
  /// The store could not charge: as a `cancel_reason` as soon as the billing issue is detected
  /// (access continues through grace); as an `expiration_reason` when grace ends unpaid.
  public static let billingError: Self = "BILLING_ERROR"
  public static let developerInitiated: Self = "DEVELOPER_INITIATED"
  public static let priceIncrease: Self = "PRICE_INCREASE"
  /// A refund.
  public static let customerSupport: Self = "CUSTOMER_SUPPORT"
  public static let unknown: Self = "UNKNOWN"
  /// `expiration_reason` only (Google): the subscription expired because it paused.
  public static let subscriptionPaused: Self = "SUBSCRIPTION_PAUSED"

  /// The reasons above, in that order.
  public static let documented: [Self] = [
    .unsubscribe, .billingError, .developerInitiated, .priceIncrease, .customerSupport, .unknown,
    .subscriptionPaused,
  ]
}

/// `period_type`.
public struct RevenueCatPeriodType: StoreString {
  public let symbol: Symbol
  public init(symbol: Symbol) { self.symbol = symbol }

  public static let trial: Self = "TRIAL"
  public static let intro: Self = "INTRO"
  public static let normal: Self = "NORMAL"
  public static let promotional: Self = "PROMOTIONAL"
  public static let prepaid: Self = "PREPAID"
}

/// `store`.
public struct RevenueCatStore: StoreString {
  public let symbol: Symbol
  public init(symbol: Symbol) { self.symbol = symbol }

  public static let appStore: Self = "APP_STORE"
  public static let playStore: Self = "PLAY_STORE"
  public static let stripe: Self = "STRIPE"
  public static let amazon: Self = "AMAZON"
  public static let macAppStore: Self = "MAC_APP_STORE"
  public static let rcBilling: Self = "RC_BILLING"
}

/// `environment`.
public struct RevenueCatEnvironment: StoreString {
  public let symbol: Symbol
  public init(symbol: Symbol) { self.symbol = symbol }

  public static let sandbox: Self = "SANDBOX"
  public static let production: Self = "PRODUCTION"
}
