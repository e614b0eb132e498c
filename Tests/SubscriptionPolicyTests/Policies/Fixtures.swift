import Foundation

@testable import SubscriptionPolicy

/// 2026-01-31T09:00:00Z: the subscriber's first purchase in every test.
let start = Instant(secondsSinceEpoch: 1_769_850_000)
/// One 30-day period after `start`: the first renewal.
let renewal1 = start + .days(30)

/// Builds App Store notifications shaped as simsub's Apple model sends them.
enum Apple {
  static let productId: ProductID = "premium.monthly"
  static let originalTransactionId = TransactionID(number: 2_000_000_000_001_000)

  /// A notification of `type`/`subtype` signed at `signed`, with `data.status` `status` (none
  /// when `nil`), about a transaction of `ownership` (a family member's: `FAMILY_SHARED`). Its UUID comes from `id` when given, otherwise from the signed date, type and
  /// subtype, so two calls with the same arguments build the same notification (a duplicate).
  static func notification(
    _ type: AppStoreNotificationType, _ subtype: AppStoreNotificationSubtype? = nil,
    status: AppStoreSubscriptionStatus?, signed: Instant, id: UInt64? = nil,
    gracePeriodExpiresDate: Instant? = nil, autoRenew: Bool = true, expires: Instant? = nil,
    ownership: AppStoreOwnershipType = .purchased
  ) -> StoreNotification {
    let uuid = uuid(
      signed: signed,
      discriminator: id ?? (type.symbol.bits &* 31 &+ (subtype?.symbol.bits ?? 0)))
    let renewalInfo = JWSRenewalInfoDecodedPayload(
      originalTransactionId: originalTransactionId, autoRenewProductId: productId,
      productId: productId, autoRenewStatus: autoRenew ? 1 : 0,
      gracePeriodExpiresDate: gracePeriodExpiresDate,
      isInBillingRetryPeriod: status == .billingRetry || status == .billingGracePeriod,
      signedDate: signed, renewalDate: expires)
    let transactionInfo = JWSTransactionDecodedPayload(
      originalTransactionId: originalTransactionId,
      transactionId: TransactionID(number: 2_000_000_000_001_000 + UInt64(signed.secondsSinceEpoch % 1000)),
      bundleId: "com.example.app", productId: productId, purchaseDate: start,
      originalPurchaseDate: start, expiresDate: expires, inAppOwnershipType: ownership, signedDate: signed,
      revocationDate: status == .revoked ? signed : nil)
    return .appStore(
      AppStoreServerNotification(
        notificationType: type, subtype: subtype, notificationUUID: uuid, signedDate: signed,
        data: AppStoreNotificationData(
          bundleId: "com.example.app", status: status, transactionInfo: transactionInfo,
          renewalInfo: renewalInfo)))
  }

  static func uuid(signed: Instant, discriminator: UInt64) -> UUID {
    let a = UInt64(bitPattern: signed.secondsSinceEpoch).bigEndian
    let b = discriminator.bigEndian
    var uuid = UUID().uuid
    withUnsafeMutableBytes(of: &uuid) { raw in
      raw.storeBytes(of: a, toByteOffset: 0, as: UInt64.self)
      raw.storeBytes(of: b, toByteOffset: 8, as: UInt64.self)
    }
    return UUID(uuid: uuid)
  }

  /// `SUBSCRIBED/INITIAL_BUY`, status 1, at `start`.
  static let subscribed = notification(.subscribed, .initialBuy, status: .active, signed: start)
}

/// Builds Google Play RTDNs, with the fetched `subscriptionsv2` resource when `state` is given.
enum Google {
  static let token = PurchaseToken(number: 900_000_001)
  static let productId: ProductID = "premium.monthly"

  /// An RTDN with code `code` for `token`, at `event`; with a resource in `state` (none when
  /// `nil`) whose line item expires at `expiry` (`renewal1` unless given).
  static func notification(
    _ code: GooglePlayNotificationType, state: SubscriptionState?, event: Instant,
    expiry: Instant? = nil, autoRenew: Bool = true, token: PurchaseToken = token
  ) -> StoreNotification {
    let subscription = state.map {
      SubscriptionPurchaseV2(
        startTime: start, subscriptionState: $0,
        lineItem: SubscriptionPurchaseLineItem(
          productId: productId, expiryTime: expiry ?? renewal1, autoRenewEnabled: autoRenew,
          basePlanId: "monthly"))
    }
    return .googlePlay(
      GooglePlayNotification(
        packageName: "com.example.app", eventTime: event,
        subscriptionNotification: SubscriptionNotification(
          notificationType: code, purchaseToken: token),
        subscription: subscription))
  }

  /// `SUBSCRIPTION_PURCHASED` (4), resource `ACTIVE`, at `start`.
  static let purchased = notification(.subscriptionPurchased, state: .active, event: start)
}

/// Delivers `notifications` to a fresh `Policy` in the order given, each arriving one minute
/// after it was sent or one second after the previous arrival, whichever is later, and returns
/// the policy.
func deliver<Policy: EntitlementPolicy>(
  _ notifications: [StoreNotification], to _: Policy.Type = ReferencePolicy.self
) -> (policy: Policy, lastArrival: Instant) {
  var policy = Policy(context: .default)
  var arrival = Instant.distantPast
  for n in notifications {
    arrival = max(n.sentDate + .minutes(1), arrival + .seconds(1))
    policy.receive(n, at: arrival)
  }
  return (policy, arrival)
}

/// The decision of a fresh `Policy` after `notifications`, asked at the last arrival.
func decision<Policy: EntitlementPolicy>(
  after notifications: [StoreNotification], _ type: Policy.Type = ReferencePolicy.self
) -> Decision {
  let (policy, lastArrival) = deliver(notifications, to: type)
  return policy.decision(at: lastArrival)
}

extension Decision {
  static let active = Decision(state: .active, access: true)
  static func grace(until end: Instant?) -> Decision {
    Decision(state: .grace, access: true, prompt: .soft, gracePeriodExpiresDate: end)
  }
  static let hold = Decision(state: .hold, access: false, prompt: .hard)
  static let paused = Decision(state: .paused, access: false)
  static let expired = Decision(state: .expired, access: false)
  static let revoked = Decision(state: .revoked, access: false)
}
