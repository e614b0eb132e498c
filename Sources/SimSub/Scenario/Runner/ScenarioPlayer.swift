/// Plays a loaded scenario: builds its store model and hands it, with the policy type, to the
/// generic `ScenarioRunner`, so the run is specialised for that pair.
public enum ScenarioPlayer {
  /// Why a scenario could not be played.
  public enum Failure: Error, Hashable, Sendable {
    case unknownPolicy(UnknownPolicyError)
    case store(path: String, StoreConfigurationError)

    public var rendered: String {
      switch self {
      case .unknownPolicy(let e): "Error: \(e.description)"
      case .store(let path, let e): "\(path): error: \(e.message)"
      }
    }
  }

  /// Plays `scenario` with the built-in policy `policy` (the scenario's own when `nil`).
  public static func play(_ scenario: Scenario, policy: String? = nil, step: TimeSpan? = nil) throws(Failure)
    -> ScenarioResult
  {
    let name = policy ?? scenario.policy
    guard let entry = PolicyRegistry.entry(named: name) else { throw .unknownPolicy(UnknownPolicyError(name: name)) }
    // The existential metatype is opened here, once (SE-0352); the run is specialised.
    return try play(scenario, policy: entry.type, step: step)
  }

  /// Plays `scenario` with any policy type: a built-in one, or an app's own.
  public static func play<Policy: EntitlementPolicy>(
    _ scenario: Scenario, policy: Policy.Type, step: TimeSpan? = nil
  ) throws(Failure) -> ScenarioResult {
    do {
      switch scenario.store {
      case .apple:
        let model = try AppStoreModel(products: scenario.products)
        return ScenarioRunner.run(scenario, store: model, policy: policy, step: step)
      case .google:
        let model = try GooglePlayModel(products: scenario.products)
        return ScenarioRunner.run(scenario, store: model, policy: policy, step: step)
      }
    } catch {
      throw .store(path: scenario.path, error)
    }
  }
}
