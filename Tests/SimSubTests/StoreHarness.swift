import TestSupport
import Testing

@testable import SimSub

/// What the store-model test harnesses (`GP`, `ST`) share: engines with a counting policy and a
/// trace recorder, models built without a configuration error, and UTC instants.
protocol StoreHarness {
  associatedtype Model: StoreModel
}

extension StoreHarness {
  typealias TestEngine<Payments: PaymentProcessor> = Engine<Model, CountingPolicy, Payments, TraceRecorder>

  static func engine(
    _ model: Model, start: Instant = testStart, delivery: DeliverySettings = .onTime
  ) -> TestEngine<CardOnFile> {
    Engine(store: model, payments: CardOnFile(), observer: TraceRecorder(), start: start, delivery: delivery)
  }

  static func engine<Payments: PaymentProcessor>(
    _ model: Model, payments: Payments, start: Instant = testStart
  ) -> TestEngine<Payments> {
    Engine(store: model, payments: payments, observer: TraceRecorder(), start: start)
  }

  /// The model `build` makes; a configuration error fails the test.
  static func configured(_ build: () throws(StoreConfigurationError) -> Model) -> Model {
    do {
      return try build()
    } catch {
      Issue.record("unexpected configuration error: \(error)")
      fatalError("\(error)")
    }
  }

  /// A UTC instant.
  static func at(_ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64 = 0) -> Instant {
    CivilDate(year: year, month: month, day: day, hour: hour).instant
  }
}
