/// Apple's `JWSTransactionDecodedPayload`: one transaction (a purchase or a renewal).
public struct JWSTransactionDecodedPayload: Hashable, Sendable {
  public var originalTransactionId: TransactionID
  public var transactionId: TransactionID
  public var bundleId: Symbol
  public var productId: ProductID
  public var purchaseDate: Instant
  public var originalPurchaseDate: Instant
  /// `Auto-Renewable Subscription` for everything simsub plays.
  public var type: AppStoreProductType
  /// `PURCHASED`, or `FAMILY_SHARED` for a family member's copy.
  public var inAppOwnershipType: AppStoreOwnershipType
  public var signedDate: Instant
  public var environment: AppStoreEnvironment
  // The optional dates and identifiers, stored in 8 bytes each rather than 16 (see
  // `OptionalSeconds`); the small fields after them, where they pack together.
  @usableFromInline var storedWebOrderLineItemId: OptionalSymbol
  @usableFromInline var storedSubscriptionGroupIdentifier: OptionalSymbol
  @usableFromInline var storedExpiresDate: OptionalSeconds
  @usableFromInline var storedRevocationDate: OptionalSeconds
  @usableFromInline var storedTransactionReason: OptionalSymbol
  @usableFromInline var storedStorefront: OptionalSymbol
  @usableFromInline var storedCurrency: OptionalSymbol
  /// Price in milliunits of `currency` (9990 for 9.99).
  public var price: Int64?
  public var quantity: Int32
  /// `0` other, `1` an issue in the app.
  public var revocationReason: Int32?
  /// `1` introductory offer, `2` promotional, `3` offer code, `4` win-back.
  public var offerType: Int32?
  public var isUpgraded: Bool?

  public var webOrderLineItemId: TransactionID? {
    @inlinable get { storedWebOrderLineItemId.value }
    @inlinable set { storedWebOrderLineItemId = OptionalSymbol(newValue) }
  }
  public var subscriptionGroupIdentifier: Symbol? {
    @inlinable get { storedSubscriptionGroupIdentifier.value }
    @inlinable set { storedSubscriptionGroupIdentifier = OptionalSymbol(newValue) }
  }
  /// The end of the period this transaction paid for.
  public var expiresDate: Instant? {
    @inlinable get { storedExpiresDate.instant }
    @inlinable set { storedExpiresDate = OptionalSeconds(newValue) }
  }
  /// Set when Apple refunded or revoked the transaction.
  public var revocationDate: Instant? {
    @inlinable get { storedRevocationDate.instant }
    @inlinable set { storedRevocationDate = OptionalSeconds(newValue) }
  }
  /// `PURCHASE` or `RENEWAL`.
  public var transactionReason: Symbol? {
    @inlinable get { storedTransactionReason.value }
    @inlinable set { storedTransactionReason = OptionalSymbol(newValue) }
  }
  public var storefront: Symbol? {
    @inlinable get { storedStorefront.value }
    @inlinable set { storedStorefront = OptionalSymbol(newValue) }
  }
  public var currency: Symbol? {
    @inlinable get { storedCurrency.value }
    @inlinable set { storedCurrency = OptionalSymbol(newValue) }
  }

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
    self.storedWebOrderLineItemId = OptionalSymbol(webOrderLineItemId)
    self.bundleId = bundleId
    self.productId = productId
    self.storedSubscriptionGroupIdentifier = OptionalSymbol(subscriptionGroupIdentifier)
    self.purchaseDate = purchaseDate
    self.originalPurchaseDate = originalPurchaseDate
    self.storedExpiresDate = OptionalSeconds(expiresDate)
    self.quantity = quantity
    self.type = type
    self.inAppOwnershipType = inAppOwnershipType
    self.signedDate = signedDate
    self.storedRevocationDate = OptionalSeconds(revocationDate)
    self.revocationReason = revocationReason
    self.offerType = offerType
    self.environment = environment
    self.storedTransactionReason = OptionalSymbol(transactionReason)
    self.storedStorefront = OptionalSymbol(storefront)
    self.price = price
    self.storedCurrency = OptionalSymbol(currency)
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
  @inlinable public init(symbol: Symbol) { self.symbol = symbol }
  @inlinable public static var autoRenewable: Self {
    Self(symbol: Symbol(wellKnown: .autoRenewableSubscription))
  }
  @inlinable public static var nonRenewing: Self { Self(symbol: Symbol(wellKnown: .nonRenewingSubscription)) }
}

/// Apple's `inAppOwnershipType`.
public struct AppStoreOwnershipType: StoreString {
  public let symbol: Symbol
  @inlinable public init(symbol: Symbol) { self.symbol = symbol }
  @inlinable public static var purchased: Self { Self(symbol: Symbol(wellKnown: .purchased)) }
  @inlinable public static var familyShared: Self { Self(symbol: Symbol(wellKnown: .familyShared)) }
}
