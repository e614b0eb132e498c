/// Apple's `JWSRenewalInfoDecodedPayload`: what happens at the next renewal.
public struct JWSRenewalInfoDecodedPayload: Hashable, Sendable {
  public var originalTransactionId: TransactionID
  /// The product that renews next (differs from `productId` after a downgrade).
  public var autoRenewProductId: ProductID
  public var productId: ProductID
  public var signedDate: Instant
  public var environment: AppStoreEnvironment
  // The optional dates and identifiers, stored in 8 bytes each rather than 16 (see
  // `OptionalSeconds`); the small fields after them, where they pack together.
  @usableFromInline var storedGracePeriodExpiresDate: OptionalSeconds
  @usableFromInline var storedRecentSubscriptionStartDate: OptionalSeconds
  @usableFromInline var storedRenewalDate: OptionalSeconds
  /// `1` on, `0` off.
  public var autoRenewStatus: Int32
  /// Why it expired: `1` canceled, `2` billing error, `3` price increase declined,
  /// `4` product unavailable, `5` other.
  public var expirationIntent: Int32?
  /// Whether Apple is still trying to charge.
  public var isInBillingRetryPeriod: Bool?
  public var offerType: Int32?
  public var priceIncreaseStatus: Int32?

  /// When billing grace ends, while the subscriber is in it.
  public var gracePeriodExpiresDate: Instant? {
    @inlinable get { storedGracePeriodExpiresDate.instant }
    @inlinable set { storedGracePeriodExpiresDate = OptionalSeconds(newValue) }
  }
  public var recentSubscriptionStartDate: Instant? {
    @inlinable get { storedRecentSubscriptionStartDate.instant }
    @inlinable set { storedRecentSubscriptionStartDate = OptionalSeconds(newValue) }
  }
  /// When the subscription renews next (the end of the current period).
  public var renewalDate: Instant? {
    @inlinable get { storedRenewalDate.instant }
    @inlinable set { storedRenewalDate = OptionalSeconds(newValue) }
  }

  @inlinable public init(
    originalTransactionId: TransactionID, autoRenewProductId: ProductID, productId: ProductID,
    autoRenewStatus: Int32, expirationIntent: Int32? = nil, gracePeriodExpiresDate: Instant? = nil,
    isInBillingRetryPeriod: Bool? = nil, offerType: Int32? = nil,
    priceIncreaseStatus: Int32? = nil, signedDate: Instant,
    environment: AppStoreEnvironment = .sandbox, recentSubscriptionStartDate: Instant? = nil,
    renewalDate: Instant? = nil
  ) {
    self.originalTransactionId = originalTransactionId
    self.autoRenewProductId = autoRenewProductId
    self.productId = productId
    self.autoRenewStatus = autoRenewStatus
    self.expirationIntent = expirationIntent
    self.storedGracePeriodExpiresDate = OptionalSeconds(gracePeriodExpiresDate)
    self.isInBillingRetryPeriod = isInBillingRetryPeriod
    self.offerType = offerType
    self.priceIncreaseStatus = priceIncreaseStatus
    self.signedDate = signedDate
    self.environment = environment
    self.storedRecentSubscriptionStartDate = OptionalSeconds(recentSubscriptionStartDate)
    self.storedRenewalDate = OptionalSeconds(renewalDate)
  }
}

extension JWSRenewalInfoDecodedPayload {
  /// What `AppStoreNotificationData` holds in place of absent renewal information.
  @usableFromInline static let absent = JWSRenewalInfoDecodedPayload(
    originalTransactionId: Symbol(number: 0), autoRenewProductId: Symbol(number: 0),
    productId: Symbol(number: 0),
    autoRenewStatus: 0, signedDate: Instant(secondsSinceEpoch: 0))
}
