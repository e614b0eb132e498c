import Foundation

/// `simsub benchmark`: the scenario layer's speed targets, measured and printed.
///
/// Two figures, each the best of several repetitions in this process (the first repetition
/// warms caches and the symbol table):
/// - the whole shipped library, loaded from disk and played, as `simsub check` does;
/// - a five-year scenario with hourly steps, played with the policy sampled at every hour (the
///   worst case: a policy on its own clock) and only at events (how built-in policies run).
public enum ScenarioBenchmark {
  public struct Figures: Sendable {
    public var libraryFiles: Int
    public var librarySeconds: Double
    public var fiveYearEventSampledSeconds: Double
    public var fiveYearStepSampledSeconds: Double
    public var fiveYearRows: Int
    public var fiveYearSamples: Int
  }

  /// The five-year story: a monthly Apple subscriber whose card fails at the 6th renewal of
  /// every year and is fixed 5 days into grace; 1,826 days at hourly steps.
  public static func fiveYearScenario() -> Scenario {
    let product = Product(
      id: "premium.monthly", period: .oneMonth, grace: .days(16),
      hold: AppStoreModel.defaultHold(for: .oneMonth, grace: .days(16)))
    var timeline: [TimelineEntry] = []
    for year in 0..<5 {
      let renewal = Int32(year * 12 + 6)
      timeline.append(
        TimelineEntry(at: .renewal(renewal, offset: -.days(2)), action: .subscriber(.cardFails(.expired))))
      timeline.append(
        TimelineEntry(at: .renewal(renewal, offset: .days(5)), action: .subscriber(.updateCard)))
    }
    return Scenario(
      path: "<five-year benchmark>", name: "Five years of monthly renewals with a failure each year",
      store: .apple, products: [product], start: Scenario.defaultStart, horizon: .days(1826), step: .hours(1),
      timeline: timeline)
  }

  public static func measure(libraryPaths: [String], repetitions: Int) throws -> Figures {
    func best(_ body: () throws -> Void) rethrows -> Double { try BestTime.seconds(of: repetitions, body) }
    let library = try best {
      for path in libraryPaths {
        let scenario = try ScenarioLoader.load(path: path)
        _ = try ScenarioPlayer.play(scenario)
      }
    }
    let scenario = fiveYearScenario()
    let model = try AppStoreModel(products: scenario.products)
    var rows = 0
    let eventSampled = best {
      rows = ScenarioRunner.run(scenario, store: model, policy: ReferencePolicy.self).rows.count
    }
    let stepSampled = best {
      _ = ScenarioRunner.run(scenario, store: model, policy: ClockSampled<ReferencePolicy>.self)
    }
    let samples = Int((scenario.horizon ?? .zero).seconds / scenario.step.seconds)
    return Figures(
      libraryFiles: libraryPaths.count, librarySeconds: library, fiveYearEventSampledSeconds: eventSampled,
      fiveYearStepSampledSeconds: stepSampled, fiveYearRows: rows, fiveYearSamples: samples)
  }
}
