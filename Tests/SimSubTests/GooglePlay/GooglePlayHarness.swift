import TestSupport
import Testing

@testable import SimSub

/// Builds Google Play models and engines for the store-model tests, and reads what they sent.
enum GP: StoreHarness {
  typealias Model = GooglePlayModel

  /// A product with Google's defaults unless told otherwise.
  static func product(
    _ id: ProductID = "premium.monthly", period: BillingPeriod = .oneMonth, price: Int64 = 9_990,
    grace: TimeSpan? = nil, hold: TimeSpan? = nil, trial: TimeSpan? = nil, group: Symbol = "default"
  ) -> Product {
    let g = grace ?? GooglePlayModel.defaultGrace(for: period)
    let h = hold ?? GooglePlayModel.defaultHold(for: period, grace: g)
    return Product(
      id: id, period: period, priceMilliunits: price, grace: g, hold: h, trial: trial, group: group)
  }

  static func model(
    _ products: [Product] = [product()], retrySchedule: [TimeSpan]? = nil, silentGrace: TimeSpan? = nil
  ) -> GooglePlayModel {
    configured { () throws(StoreConfigurationError) in
      try GooglePlayModel(products: products, retrySchedule: retrySchedule, silentGrace: silentGrace)
    }
  }
}

/// One RTDN as sent, and as delivered (with the fetched resource).
struct SentRTDN {
  var instant: Instant
  var rtdn: GooglePlayNotification
  var name: String { rtdn.subscriptionNotification.notificationType.name }
  var token: PurchaseToken { rtdn.subscriptionNotification.purchaseToken }
  var resource: SubscriptionPurchaseV2? { rtdn.subscription }
}

extension TraceRecorder {
  /// Every Google notification sent, with its instant.
  var googleSent: [SentRTDN] {
    entries.compactMap {
      if case .sent(.googlePlay(let n)) = $0.event { SentRTDN(instant: $0.instant, rtdn: n) } else { nil }
    }
  }

  /// Every Google notification delivered, with the resource fetched at arrival.
  var googleDelivered: [SentRTDN] {
    entries.compactMap {
      if case .delivered(.googlePlay(let n), _) = $0.event {
        SentRTDN(instant: $0.instant, rtdn: n)
      } else {
        nil
      }
    }
  }

  /// The delivered notification named `name` (the last one, when several).
  func delivered(_ name: String) -> SentRTDN? {
    googleDelivered.last { $0.name == name }
  }

  /// Each change of truth as (instant, new truth).
  var truthSteps: [(Instant, StoreTruth)] { truthChanges.map { ($0.instant, $0.to) } }
}

/// Charges as scripted: purchases, upgrades and card updates go through; renewals are declined
/// from `declineRenewalsFrom` on; the `succeedOnRetry`-th retry goes through. Keeps every attempt.
/// With `forecasts`, it tells the store which retry succeeds when the episode begins, and keeps
/// the retry counts it was asked about.
struct ScriptedPayments: PaymentProcessor {
  var declineRenewalsFrom = Instant.distantPast
  var succeedOnRetry: Int32 = .max
  var cardUpdateWorks = true
  var forecasts = false
  var attempts: [(ChargeAttempt, Instant)] = []
  var forecastCounts: [Int32] = []

  mutating func forecastRetries(count: Int32, for record: SubscriptionRecord, at instant: Instant)
    -> RetryForecast
  {
    guard forecasts else { return .unknown }
    forecastCounts.append(count)
    return succeedOnRetry <= count ? .firstSucceeds(succeedOnRetry) : .noneSucceeds
  }

  mutating func charge(_ attempt: ChargeAttempt, for record: SubscriptionRecord, at instant: Instant) -> Bool
  {
    attempts.append((attempt, instant))
    switch attempt {
    case .purchase, .upgrade: return true
    case .renewal: return instant < declineRenewalsFrom
    case .retry(let n): return n == succeedOnRetry
    case .cardUpdated: return cardUpdateWorks
    }
  }

  var retryInstants: [Instant] {
    attempts.compactMap { if case .retry = $0.0 { $0.1 } else { nil } }
  }
}
