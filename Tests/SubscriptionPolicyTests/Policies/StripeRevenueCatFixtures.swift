@testable import SubscriptionPolicy

/// Builds Stripe events shaped as simsub's Stripe model sends them.
enum Stripe {
  static let subscription = Symbol(number: 900)
  static let customer = Symbol(number: 1)

  /// The subscription object in `status`, its period from `periodStart`.
  static func subscriptionObject(
    _ status: StripeSubscriptionStatus, periodStart: Instant, cancelAtPeriodEnd: Bool = false
  ) -> StripeSubscription {
    StripeSubscription(
      id: subscription, customer: customer, status: status, created: start, startDate: start,
      billingCycleAnchor: start, cancelAtPeriodEnd: cancelAtPeriodEnd,
      item: StripeSubscriptionItem(
        id: subscription, currentPeriodStart: periodStart, currentPeriodEnd: periodStart + .days(30),
        price: StripePrice(
          id: Symbol(number: 1), product: Symbol(number: 1), lookupKey: "premium.monthly", unitAmount: 999,
          interval: .month)))
  }

  /// A subscription event; its id comes from `id`, or from the type, instant and status.
  static func subscription(
    _ type: StripeEventType, _ status: StripeSubscriptionStatus, at created: Instant,
    periodStart: Instant? = nil, cancelAtPeriodEnd: Bool = false, id: UInt64? = nil
  ) -> StoreNotification {
    .stripe(
      StripeEvent(
        id: Symbol(number: id ?? eventId(type.symbol, status.symbol, created)), type: type, created: created,
        object: .subscription(
          subscriptionObject(
            status, periodStart: periodStart ?? created, cancelAtPeriodEnd: cancelAtPeriodEnd))))
  }

  /// An invoice event for the subscription's invoice created at `created`.
  static func invoice(
    _ type: StripeEventType, created: Instant, at sent: Instant, attempt: Int32 = 1, next: Instant? = nil,
    subscription: Symbol? = Stripe.subscription
  ) -> StoreNotification {
    let paid = type == .invoicePaid
    return .stripe(
      StripeEvent(
        id: Symbol(number: eventId(type.symbol, Symbol(number: UInt64(attempt)), sent)), type: type,
        created: sent,
        object: .invoice(
          StripeInvoice(
            id: Symbol(number: 77), customer: customer, subscription: subscription,
            status: paid ? .paid : .open,
            billingReason: .subscriptionCycle, amountDue: 999, amountPaid: paid ? 999 : 0,
            amountRemaining: paid ? 0 : 999, attemptCount: attempt, attempted: true, nextPaymentAttempt: next,
            created: created, periodStart: created - .days(30), periodEnd: created, paidAt: paid ? sent : nil)
        )))
  }

  /// `charge.refunded`, whole or in part.
  static func refunded(at sent: Instant, whole: Bool = true) -> StoreNotification {
    .stripe(
      StripeEvent(
        id: Symbol(number: eventId("charge.refunded", Symbol(number: whole ? 1 : 0), sent)),
        type: .chargeRefunded,
        created: sent,
        object: .charge(
          StripeCharge(
            id: Symbol(number: 5), customer: customer, amount: 999, amountCaptured: 999,
            amountRefunded: whole ? 999 : 300, refunded: whole, created: start))))
  }

  /// An id made of the event's type, a discriminator and its instant: the same arguments give
  /// the same id (a duplicate), different ones a different id.
  static func eventId(_ a: Symbol, _ b: Symbol, _ at: Instant) -> UInt64 {
    fnv(a.text + "|" + b.text + "|" + String(at.secondsSinceEpoch)) % (1 << 62)
  }

  /// `customer.subscription.created`, active, at `start`.
  static let created = subscription(.subscriptionCreated, .active, at: start)
  /// The first renewal fails: `invoice.payment_failed` then `customer.subscription.updated`.
  static let failed = invoice(
    .invoicePaymentFailed, created: renewal1, at: renewal1, next: renewal1 + .days(1))
  static let pastDue = subscription(.subscriptionUpdated, .pastDue, at: renewal1)
}

/// Builds RevenueCat events shaped as simsub's RevenueCat channel sends them.
enum RC {
  static func event(
    _ type: RevenueCatEventType, at timestamp: Instant, reason: RevenueCatReason? = nil,
    grace: Instant? = nil,
    expiration: Instant? = nil, id: UInt64? = nil
  ) -> StoreNotification {
    let n = id ?? fnv("\(type.rawValue)|\(reason?.rawValue ?? "")|\(timestamp.secondsSinceEpoch)")
    return .revenueCat(
      RevenueCatEvent(
        type: type, id: Symbol(number: n % (1 << 62)), eventTimestamp: timestamp, appUserId: "u1",
        productId: "premium.monthly", purchasedAt: start, expirationAt: expiration ?? renewal1,
        gracePeriodExpirationAt: type == .billingIssue ? grace : nil, store: .appStore,
        cancelReason: type == .cancellation ? reason : nil,
        expirationReason: type == .expiration ? reason : nil))
  }

  static let purchase = event(.initialPurchase, at: start)
  static let graceEnd = renewal1 + .days(16)
  static let billingIssue = event(.billingIssue, at: renewal1, grace: graceEnd)
  static let billingError = event(.cancellation, at: renewal1, reason: .billingError)
}

/// Delivers `notifications` to a `Policy` built with `settings`, as `deliver` does, and returns
/// the policy and the last arrival.
func deliver<Policy: EntitlementPolicy>(
  _ notifications: [StoreNotification], settings: PolicySettings, to _: Policy.Type = ReferencePolicy.self
) -> (policy: Policy, lastArrival: Instant) {
  var policy = Policy(context: PolicyContext(settings: settings))
  var arrival = Instant.distantPast
  for n in notifications {
    arrival = max(n.sentDate + .minutes(1), arrival + .seconds(1))
    policy.receive(n, at: arrival)
  }
  return (policy, arrival)
}

/// 64-bit FNV-1a: a hash that is the same in every run.
func fnv(_ text: String) -> UInt64 {
  var h: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in text.utf8 {
    h = (h ^ UInt64(byte)) &* 0x100_0000_01b3
  }
  return h
}
