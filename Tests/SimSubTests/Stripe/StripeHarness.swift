import TestSupport
import Testing

@testable import SimSub

/// Builds Stripe models and engines for the store-model tests, and reads what they sent.
enum ST: StoreHarness {
  typealias Model = StripeModel

  /// A monthly product with Stripe's defaults unless told otherwise.
  static func product(
    _ id: ProductID = "premium.monthly", period: BillingPeriod = .oneMonth, price: Int64 = 9_990,
    grace: TimeSpan? = nil, hold: TimeSpan? = nil, trial: TimeSpan? = nil, group: Symbol = "default",
    end: RetriesEnd = .cancel
  ) -> Product {
    let window = hold ?? StripeModel.defaultHold(for: period)
    return Product(
      id: id, period: period, priceMilliunits: price,
      grace: grace ?? StripeModel.defaultGrace(window: window),
      hold: window, trial: trial, group: group, whenRetriesEnd: end)
  }

  static func model(_ products: [Product] = [product()], retrySchedule: [TimeSpan]? = nil) -> StripeModel {
    configured { () throws(StoreConfigurationError) in
      try StripeModel(products: products, retrySchedule: retrySchedule)
    }
  }
}

/// One Stripe event as sent, with its instant.
struct SentEvent {
  var instant: Instant
  var event: StripeEvent
  var type: String { event.type.rawValue }
  var subscription: StripeSubscription? { event.subscription }
  var invoice: StripeInvoice? { event.invoice }
}

extension TraceRecorder {
  /// Every Stripe event sent, with its instant.
  var stripeSent: [SentEvent] {
    entries.compactMap {
      if case .sent(.stripe(let e)) = $0.event { SentEvent(instant: $0.instant, event: e) } else { nil }
    }
  }

  /// The Stripe events sent at `instant`, by type.
  func stripeTypes(at instant: Instant) -> [String] {
    stripeSent.filter { $0.instant == instant }.map(\.type)
  }
}
