/// Apple's `JWSTransactionDecodedPayload`: one transaction (a purchase or a renewal).
public struct JWSTransactionDecodedPayload: Hashable, Sendable {
  public var originalTransactionId: TransactionID
  public var transactionId: TransactionID
  public var webOrderLineItemId: TransactionID?
  public var bundleId: Symbol
  public var productId: ProductID
  public var subscriptionGroupIdentifier: Symbol?
  public var purchaseDate: Instant
  public var originalPurchaseDate: Instant
  /// The end of the period this transaction paid for.
  public var expiresDate: Instant?
  public var quantity: Int32
  /// `Auto-Renewable Subscription` for everything simsub plays.
  public var type: AppStoreProductType
  /// `PURCHASED`, or `FAMILY_SHARED` for a family member's copy.
  public var inAppOwnershipType: AppStoreOwnershipType
  public var signedDate: Instant
  /// Set when Apple refunded or revoked the transaction.
  public var revocationDate: Instant?
  /// `0` other, `1` an issue in the app.
  public var revocationReason: Int32?
  /// `1` introductory offer, `2` promotional, `3` offer code, `4` win-back.
  public var offerType: Int32?
  public var environment: AppStoreEnvironment
  /// `PURCHASE` or `RENEWAL`.
  public var transactionReason: Symbol?
  public var storefront: Symbol?
  /// Price in milliunits of `currency` (9990 for 9.99).
  public var price: Int64?
  public var currency: Symbol?
  public var isUpgraded: Bool?

  @inlinable public init(
    originalTransactionId: TransactionID, transactionId: TransactionID,
    webOrderLineItemId: TransactionID? = nil, bundleId: Symbol, productId: ProductID,
    subscriptionGroupIdentifier: Symbol? = nil, purchaseDate: Instant,
    originalPurchaseDate: Instant, expiresDate: Instant? = nil, quantity: Int32 = 1,
    type: AppStoreProductType = .autoRenewable,
    inAppOwnershipType: AppStoreOwnershipType = .purchased, signedDate: Instant,
    revocationDate: Instant? = nil, revocationReason: Int32? = nil, offerType: Int32? = nil,
    environment: AppStoreEnvironment = .sandbox, transactionReason: Symbol? = nil,
    storefront: Symbol? = nil, price: Int64? = nil, currency: Symbol? = nil,
    isUpgraded: Bool? = nil
  ) {
    self.originalTransactionId = originalTransactionId
    self.transactionId = transactionId
    self.webOrderLineItemId = webOrderLineItemId
    self.bundleId = bundleId
    self.productId = productId
    self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
    self.purchaseDate = purchaseDate
    self.originalPurchaseDate = originalPurchaseDate
    self.expiresDate = expiresDate
    self.quantity = quantity
    self.type = type
    self.inAppOwnershipType = inAppOwnershipType
    self.signedDate = signedDate
    self.revocationDate = revocationDate
    self.revocationReason = revocationReason
    self.offerType = offerType
    self.environment = environment
    self.transactionReason = transactionReason
    self.storefront = storefront
    self.price = price
    self.currency = currency
    self.isUpgraded = isUpgraded
  }
}

extension JWSTransactionDecodedPayload {
  /// What `AppStoreNotificationData` holds in place of an absent transaction.
  @usableFromInline static let absent = JWSTransactionDecodedPayload(
    originalTransactionId: Symbol(number: 0), transactionId: Symbol(number: 0), bundleId: Symbol(number: 0),
    productId: Symbol(number: 0), purchaseDate: Instant(secondsSinceEpoch: 0),
    originalPurchaseDate: Instant(secondsSinceEpoch: 0), signedDate: Instant(secondsSinceEpoch: 0))
}

/// Apple's `type` of an in-app purchase.
public struct AppStoreProductType: StoreString {
  public let symbol: Symbol
  public init(symbol: Symbol) { self.symbol = symbol }
  public static let autoRenewable = Self(symbol: Symbol(wellKnown: .autoRenewableSubscription))
  public static let nonRenewing = Self(symbol: Symbol(wellKnown: .nonRenewingSubscription))
}

/// Apple's `inAppOwnershipType`.
public struct AppStoreOwnershipType: StoreString {
  public let symbol: Symbol
  public init(symbol: Symbol) { self.symbol = symbol }
  public static let purchased = Self(symbol: Symbol(wellKnown: .purchased))
  public static let familyShared = Self(symbol: Symbol(wellKnown: .familyShared))
}
