import TestSupport
import Testing

@testable import SimSub

/// Builds Stripe models and engines for the store-model tests, and reads what they sent.
enum ST {
  typealias TestEngine<Payments: PaymentProcessor> = Engine<
    StripeModel, CountingPolicy, Payments, TraceRecorder
  >

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
    do {
      return try StripeModel(products: products, retrySchedule: retrySchedule)
    } catch {
      Issue.record("unexpected configuration error: \(error)")
      fatalError("\(error)")
    }
  }

  static func engine(
    _ model: StripeModel, start: Instant = testStart, delivery: DeliverySettings = .onTime
  ) -> TestEngine<CardOnFile> {
    Engine(store: model, payments: CardOnFile(), observer: TraceRecorder(), start: start, delivery: delivery)
  }

  static func engine<Payments: PaymentProcessor>(
    _ model: StripeModel, payments: Payments, start: Instant = testStart
  ) -> TestEngine<Payments> {
    Engine(store: model, payments: payments, observer: TraceRecorder(), start: start)
  }

  /// A UTC instant.
  static func at(_ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64 = 0) -> Instant {
    CivilDate(year: year, month: month, day: day, hour: hour).instant
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
