import Foundation

/// Builds App Store Server Notifications V2 from a subscription record, as Apple signs them at
/// the moment of the event: `data.status` from the store's truth, the latest transaction as
/// `transactionInfo`, and `renewalInfo`.
///
/// Identifiers are deterministic: `originalTransactionId` is
/// `2000000000000000 + subscriber × 1000000`, the n-th transaction's `transactionId` is that plus
/// n − 1 (so the first equals the original, as in production), and `notificationUUID` holds the
/// subscriber in its first eight bytes, `0xA5` and the notification count in the rest.
///
/// A builder for a Family Sharing member (`familyMember` N, from 1) shapes the member's own
/// copies: Apple gives "each family member … their own unique receipts and transactions"
/// ("Supporting Family Sharing in your app"), so the member's ids are the purchaser's plus
/// N × 100000 (`AppStoreDefaults.familyMemberTransactionIdOffset`; the purchaser's transactions
/// stay far below 100000), the notification UUID's ninth byte is `0xA5 + N`, and the transaction's
/// `inAppOwnershipType` is `FAMILY_SHARED` (the purchaser's is `PURCHASED`).
///
/// Building allocates nothing: every field is a number, an `Instant` or a `Symbol`.
public struct AppStoreNotificationBuilder: Sendable {
  public var bundleId: Symbol
  public var environment: AppStoreEnvironment
  /// `0` for the purchaser; `N` for the N-th Family Sharing member's copies.
  public var familyMember: UInt8

  public init(
    bundleId: Symbol = AppStoreDefaults.bundleId, environment: AppStoreEnvironment = .production,
    familyMember: UInt8 = 0
  ) {
    self.bundleId = bundleId
    self.environment = environment
    self.familyMember = familyMember
  }

  // Interned once, and kept in the builder: a string literal in the hot path would be looked
  // up in the symbol table on every notification, and a static is checked for initialisation
  // on every use.
  let version: Symbol = "2.0"
  let purchaseReason: Symbol = "PURCHASE"
  let renewalReason: Symbol = "RENEWAL"
  let currency: Symbol = "USD"
  let storefront: Symbol = "USA"

  /// `originalTransactionId` of a subscriber's subscription, or of family member `member`'s
  /// copy of it.
  @inlinable public static func originalTransactionId(subscriber: UInt64, member: UInt8 = 0) -> UInt64 {
    AppStoreDefaults.transactionIdBase &+ subscriber &* AppStoreDefaults.transactionIdsPerSubscriber
      &+ UInt64(member) &* AppStoreDefaults.familyMemberTransactionIdOffset
  }

  /// `transactionId` of the subscriber's `n`-th transaction (1-based), or of family member
  /// `member`'s copy of it.
  @inlinable public static func transactionId(subscriber: UInt64, transaction n: Int64, member: UInt8 = 0)
    -> UInt64
  {
    originalTransactionId(subscriber: subscriber, member: member) &+ UInt64(max(n - 1, 0))
  }

  /// The deterministic `notificationUUID` of a subscriber's `n`-th notification, or of the one
  /// family member `member` receives beside it.
  public static func notificationUUID(subscriber: UInt64, notification n: Int64, member: UInt8 = 0) -> UUID {
    // Two words in memory order, bit-cast: `UUID(uuid:)` is an opaque call that cost more than
    // the rest of building a notification's identifiers.
    let count = UInt64(bitPattern: n) & 0x00FF_FFFF_FFFF_FFFF
    let low = UInt64(0xA5 &+ member) << 56 | count
    return unsafeBitCast((subscriber.bigEndian, low.bigEndian), to: UUID.self)
  }

  /// Apple's `status` for a store truth: 1 active (also with auto-renew off), 2 expired,
  /// 3 billing retry, 4 billing grace period, 5 revoked.
  @inlinable @inline(__always)
  public static func status(for truth: StoreTruth) -> AppStoreSubscriptionStatus? {
    switch truth {
    case .active, .canceled: .active
    case .grace: .billingGracePeriod
    case .hold: .billingRetry
    case .expired: .expired
    case .revoked: .revoked
    case .never, .paused: nil
    }
  }

  /// Apple's `expirationIntent` for the record: `1` after a voluntary expiry, `2` while a
  /// billing issue is open or after one ended the subscription.
  @inlinable static func expirationIntent(_ record: SubscriptionRecord) -> Int32? {
    switch record.truth {
    case .grace, .hold: 2
    case .expired: record.autoRenew ? 2 : 1
    default: nil
    }
  }

  /// The notification `make` built for `record`, amended for a price increase, a product taken
  /// off sale or a subscription offer: the offer's `offerType` and `price` on its transaction
  /// and renewal info's `offerType` while it applies to the next renewal, the transaction's
  /// `price` once the raised price applies, renewal info's
  /// `priceIncreaseStatus` (0 waiting for consent, 1 consented or notified) while an increase
  /// waits for the next renewal of a live subscription, and `expirationIntent` 3 (a price increase
  /// not consented to) or 4 (the product not for sale) after the expiry they cause. Out of line:
  /// `make` is inlined at every notification, and these fields are rare.
  @inline(never) @usableFromInline
  static func amend(_ notification: StoreNotification, record: SubscriptionRecord, products: [Product])
    -> StoreNotification
  {
    guard case .appStore(var n) = notification else { return notification }
    let product = products[Int(record.product)]
    let offer = record.offer == .none ? nil : product.offer
    if var t = n.data.transactionInfo {
      if let offer, record.offer == .current {
        t.offerType = Int32(offer.type.rawValue)
        t.price = offer.priceMilliunits
      } else if !record.inTrial {
        t.price = product.price(at: record.priceIncrease)
      }
      n.data.transactionInfo = t
    }
    if var r = n.data.renewalInfo {
      let live = record.truth == .active || record.truth == .canceled
      // The offer applies to the next renewal: redeemed for it, or a pay-as-you-go offer's
      // later period. Renewal info describes that renewal ("the product that will renew at the
      // next billing period", `autoRenewProductId`), so its `offerType` is the offer's: simsub's
      // reading, as Apple does not say when renewal info's `offerType` is set.
      if let offer, live, record.offer == .pending || record.offerPeriodsLeft > 0,
        record.pendingProduct == nil
      {
        r.offerType = Int32(offer.type.rawValue)
      }
      r.priceIncreaseStatus = live ? record.priceIncrease.priceIncreaseStatus : nil
      if record.truth == .expired, record.autoRenew {
        r.expirationIntent =
          record.productOffSale ? 4 : record.priceIncrease == .pending ? 3 : r.expirationIntent
      }
      n.data.renewalInfo = r
    }
    return .appStore(n)
  }

  /// Whether a notification `make` builds for `record` needs ``amend(_:record:products:)``.
  @inlinable @inline(__always) static func needsAmending(_ record: SubscriptionRecord) -> Bool {
    record.priceIncrease != .none || record.productOffSale || record.offer != .none
  }

  /// `make`, amended when the record needs it: for the places off the engine's path (the store
  /// API's answers, a family member's `REVOKE`).
  @usableFromInline func makeAmended(
    _ type: AppStoreNotificationType, _ subtype: AppStoreNotificationSubtype?,
    record: inout SubscriptionRecord, products: [Product], at now: Instant
  ) -> StoreNotification {
    let n = make(type, subtype, record: &record, products: products, at: now)
    return Self.needsAmending(record) ? Self.amend(n, record: record, products: products) : n
  }

  /// Counts one notification on the record and builds it, describing the record as it stands.
  ///
  /// One expression, always inlined: built where the caller puts it (the effects' buffer),
  /// rather than in parts copied into one another and then into place.
  @inline(__always)
  public func make(
    _ type: AppStoreNotificationType, _ subtype: AppStoreNotificationSubtype?,
    record: inout SubscriptionRecord, products: [Product], at now: Instant
  ) -> StoreNotification {
    record.notificationCount += 1
    let original = TransactionID(
      number: Self.originalTransactionId(subscriber: record.subscriber, member: familyMember))
    let product = products[Int(record.product)]
    let renewingProduct = record.pendingProduct.map { products[Int($0)] } ?? product
    let periodStarted = record.periodStart
    let inBillingIssue = record.truth == .grace || record.truth == .hold
    return .appStore(
      AppStoreServerNotification(
        notificationType: type, subtype: subtype,
        notificationUUID: Self.notificationUUID(
          subscriber: record.subscriber, notification: record.notificationCount, member: familyMember),
        version: version, signedDate: now,
        data: AppStoreNotificationData(
          bundleId: bundleId, environment: environment, status: Self.status(for: record.truth),
          transactionInfo: JWSTransactionDecodedPayload(
            originalTransactionId: original,
            transactionId: TransactionID(
              number: Self.transactionId(
                subscriber: record.subscriber, transaction: record.transactionCount, member: familyMember)),
            bundleId: bundleId, productId: product.id, subscriptionGroupIdentifier: product.group,
            purchaseDate: periodStarted, originalPurchaseDate: record.originalPurchaseDate ?? periodStarted,
            expiresDate: record.periodEnd,
            type: .autoRenewable, inAppOwnershipType: familyMember == 0 ? .purchased : .familyShared,
            signedDate: now,
            revocationDate: record.truth == .revoked ? record.revocationDate : nil,
            revocationReason: record.truth == .revoked ? 0 : nil,
            offerType: record.inTrial ? 1 : nil, environment: environment,
            transactionReason: record.latestTransactionIsRenewal ? renewalReason : purchaseReason,
            storefront: storefront, price: record.inTrial ? 0 : product.priceMilliunits,
            currency: currency),
          renewalInfo: JWSRenewalInfoDecodedPayload(
            originalTransactionId: original, autoRenewProductId: renewingProduct.id, productId: product.id,
            autoRenewStatus: record.autoRenew ? 1 : 0, expirationIntent: Self.expirationIntent(record),
            gracePeriodExpiresDate: inBillingIssue ? record.gracePeriodExpiresDate : nil,
            isInBillingRetryPeriod: inBillingIssue ? true : (record.truth == .expired ? false : nil),
            signedDate: now, environment: environment, renewalDate: record.periodEnd))))
  }
}
