import Foundation
import TestSupport
import Testing

@testable import SimSub

/// Helpers for the App Store model's tests: every test plays its story through the engine.

/// A payment processor that logs every attempt; it declines while the card is broken, or,
/// when `worksFrom` is set, before that instant whatever the card says.
struct LoggedPayments: PaymentProcessor {
  struct Attempt: Hashable, Sendable {
    var kind: ChargeAttempt
    var instant: Instant
    var succeeded: Bool
  }

  var worksFrom: Instant?
  var attempts: [Attempt] = []

  init(worksFrom: Instant? = nil) { self.worksFrom = worksFrom }

  mutating func charge(_ attempt: ChargeAttempt, for record: SubscriptionRecord, at instant: Instant) -> Bool
  {
    let ok = worksFrom.map { instant >= $0 } ?? record.cardWorks
    attempts.append(Attempt(kind: attempt, instant: instant, succeeded: ok))
    return ok
  }
}

typealias AppleEngine = Engine<AppStoreModel, CountingPolicy, LoggedPayments, TraceRecorder>

/// `premium.monthly` at 9.99 with Apple's defaults unless told otherwise.
func appleProduct(
  _ id: String = "premium.monthly", period: BillingPeriod = .oneMonth, price: Int64 = 9_990,
  grace: TimeSpan? = nil, hold: TimeSpan? = nil, trial: TimeSpan? = nil, group: Symbol = "premium"
) -> Product {
  let g = grace ?? AppStoreModel.defaultGrace(for: period)
  return Product(
    id: Symbol(id), period: period, priceMilliunits: price, grace: g,
    hold: hold ?? AppStoreModel.defaultHold(for: period, grace: g), trial: trial, group: group)
}

/// An engine over an App Store model selling `products` (one monthly product by default).
func appleEngine(
  _ products: [Product] = [appleProduct()], retrySchedule: [TimeSpan]? = nil,
  payments: LoggedPayments = LoggedPayments(), start: Instant = testStart, subscriber: UInt64 = 1,
  delivery: DeliverySettings = .onTime
) throws -> AppleEngine {
  Engine(
    store: try AppStoreModel(products: products, retrySchedule: retrySchedule),
    payments: payments, observer: TraceRecorder(), subscriber: subscriber, start: start,
    delivery: delivery)
}

/// An instant from its RFC 3339 text.
func at(_ text: String) -> Instant {
  guard let i = RFC3339.parse(text) else { fatalError("bad instant \(text)") }
  return i
}

extension StoreNotification {
  /// The App Store payload, or a failed expectation.
  var apple: AppStoreServerNotification {
    guard case .appStore(let n) = self else {
      Issue.record("not an App Store notification: \(self)")
      return AppStoreServerNotification(
        notificationType: .test, notificationUUID: UUID(), signedDate: .distantPast,
        data: AppStoreNotificationData(bundleId: "none"))
    }
    return n
  }
  var status: Int32? { apple.data.status?.rawValue }
  var transaction: JWSTransactionDecodedPayload? { apple.data.transactionInfo }
  var renewal: JWSRenewalInfoDecodedPayload? { apple.data.renewalInfo }
}

extension TraceRecorder {
  /// Every notification sent, with its instant.
  var sentAt: [(instant: Instant, notification: StoreNotification)] {
    entries.compactMap { if case .sent(let n) = $0.event { ($0.instant, n) } else { nil } }
  }

  /// The last notification sent with this name, if any.
  func last(_ name: String) -> StoreNotification? {
    sent.last { $0.name == name }
  }

  /// The instants the truth changed to `truth`.
  func instants(becoming truth: StoreTruth) -> [Instant] {
    truthChanges.filter { $0.to == truth }.map(\.instant)
  }
}

extension AppleEngine {
  /// Schedules actions and runs to `limit`.
  mutating func play(_ actions: [(SubscriberAction, Instant)], until limit: Instant) {
    for (action, instant) in actions { schedule(action, at: instant) }
    _ = run(until: limit)
  }
}

let subscribe = SubscriberAction.subscribe(product: 0, trial: false)
let subscribeWithTrial = SubscriberAction.subscribe(product: 0, trial: true)
