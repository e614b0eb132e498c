/// Google's `SubscriptionPurchaseV2` resource (`purchases.subscriptionsv2.get`), with the one
/// line item of an auto-renewing base plan.
public struct SubscriptionPurchaseV2: Hashable, Sendable {
  public var regionCode: Symbol
  public var startTime: Instant?
  public var subscriptionState: SubscriptionState
  public var latestOrderId: OrderID?
  public var linkedPurchaseToken: PurchaseToken?
  /// `pausedStateContext.autoResumeTime`, while paused or a pause is scheduled.
  public var autoResumeTime: Instant?
  /// `canceledStateContext`: who canceled, while canceled or expired after a cancel.
  public var canceledStateContext: CanceledStateContext?
  public var acknowledgementState: Symbol
  /// `lineItems[0]`.
  public var lineItem: SubscriptionPurchaseLineItem

  @inlinable public init(
    regionCode: Symbol = "US", startTime: Instant? = nil, subscriptionState: SubscriptionState,
    latestOrderId: OrderID? = nil, linkedPurchaseToken: PurchaseToken? = nil,
    autoResumeTime: Instant? = nil, canceledStateContext: CanceledStateContext? = nil,
    acknowledgementState: Symbol = "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED",
    lineItem: SubscriptionPurchaseLineItem
  ) {
    self.regionCode = regionCode
    self.startTime = startTime
    self.subscriptionState = subscriptionState
    self.latestOrderId = latestOrderId
    self.linkedPurchaseToken = linkedPurchaseToken
    self.autoResumeTime = autoResumeTime
    self.canceledStateContext = canceledStateContext
    self.acknowledgementState = acknowledgementState
    self.lineItem = lineItem
  }
}

extension SubscriptionPurchaseV2 {
  /// What `GooglePlayNotification` holds in place of an absent resource. Built where it is
  /// needed (every notification Google sends), not copied from a stored constant.
  @inlinable static var absent: SubscriptionPurchaseV2 {
    SubscriptionPurchaseV2(
      regionCode: Symbol(number: 0), subscriptionState: .unspecified, acknowledgementState: Symbol(number: 0),
      lineItem: SubscriptionPurchaseLineItem(
        productId: Symbol(number: 0), expiryTime: Instant(secondsSinceEpoch: 0), autoRenewEnabled: false,
        basePlanId: Symbol(number: 0)))
  }
}

/// `SubscriptionPurchaseV2.subscriptionState`.
public struct SubscriptionState: StoreString {
  public let symbol: Symbol
  @inlinable public init(symbol: Symbol) { self.symbol = symbol }

  @inlinable public static var unspecified: Self {
    Self(symbol: Symbol(wellKnown: .subscriptionStateUnspecified))
  }
  @inlinable public static var pending: Self { Self(symbol: Symbol(wellKnown: .subscriptionStatePending)) }
  @inlinable public static var active: Self { Self(symbol: Symbol(wellKnown: .subscriptionStateActive)) }
  @inlinable public static var paused: Self { Self(symbol: Symbol(wellKnown: .subscriptionStatePaused)) }
  @inlinable public static var inGracePeriod: Self {
    Self(symbol: Symbol(wellKnown: .subscriptionStateInGracePeriod))
  }
  @inlinable public static var onHold: Self { Self(symbol: Symbol(wellKnown: .subscriptionStateOnHold)) }
  @inlinable public static var canceled: Self { Self(symbol: Symbol(wellKnown: .subscriptionStateCanceled)) }
  @inlinable public static var expired: Self { Self(symbol: Symbol(wellKnown: .subscriptionStateExpired)) }
  @inlinable public static var pendingPurchaseCanceled: Self {
    Self(symbol: Symbol(wellKnown: .subscriptionStatePendingPurchaseCanceled))
  }
}

/// Which member of `canceledStateContext` is set.
public enum CanceledStateContext: UInt8, Hashable, Sendable {
  case userInitiatedCancellation
  case systemInitiatedCancellation
  case developerInitiatedCancellation
  case replacementCancellation
}

/// One `lineItems[]` entry.
public struct SubscriptionPurchaseLineItem: Hashable, Sendable {
  public var productId: ProductID
  /// When access ends unless renewed: the period's end, or grace's end while in grace.
  public var expiryTime: Instant
  /// `autoRenewingPlan.autoRenewEnabled`.
  public var autoRenewEnabled: Bool
  /// `offerDetails.basePlanId`.
  public var basePlanId: Symbol
  /// `offerDetails.offerId`, e.g. a free-trial offer.
  public var offerId: Symbol?
  public var latestSuccessfulOrderId: OrderID?
  /// `autoRenewingPlan.priceChangeDetails`, while the developer's change of the line item's
  /// price waits for the renewal that charges it.
  public var priceChangeDetails: SubscriptionItemPriceChangeDetails?

  @inlinable public init(
    productId: ProductID, expiryTime: Instant, autoRenewEnabled: Bool, basePlanId: Symbol,
    offerId: Symbol? = nil, latestSuccessfulOrderId: OrderID? = nil,
    priceChangeDetails: SubscriptionItemPriceChangeDetails? = nil
  ) {
    self.productId = productId
    self.expiryTime = expiryTime
    self.autoRenewEnabled = autoRenewEnabled
    self.basePlanId = basePlanId
    self.offerId = offerId
    self.latestSuccessfulOrderId = latestSuccessfulOrderId
    self.priceChangeDetails = priceChangeDetails
  }
}
