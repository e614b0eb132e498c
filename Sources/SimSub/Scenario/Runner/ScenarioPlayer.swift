/// Plays a loaded scenario: builds its store model, opens the named policy once, and hands
/// both to the generic `ScenarioRunner`, so the run is specialised for that pair.
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

  /// Plays `scenario` with `policy` (the scenario's own when `nil`) and an optional step.
  public static func play(_ scenario: Scenario, policy: String? = nil, step: TimeSpan? = nil) throws(Failure)
    -> ScenarioResult
  {
    let name = policy ?? scenario.policy
    do {
      switch scenario.store {
      case .apple:
        return try play(scenario, AppStoreModel(products: scenario.products), policy: name, step: step)
      case .google:
        return try play(scenario, GooglePlayModel(products: scenario.products), policy: name, step: step)
      case .stripe:
        return try play(scenario, StripeModel(products: scenario.products), policy: name, step: step)
      }
    } catch let error as StoreConfigurationError {
      throw .store(path: scenario.path, error)
    } catch let error as Failure {
      throw error
    } catch {
      preconditionFailure("unexpected error \(error)")
    }
  }

  /// Plays `store` behind the scenario's channel.
  private static func play<Store: StoreModel>(
    _ scenario: Scenario, _ store: Store, policy name: String, step: TimeSpan?
  ) throws -> ScenarioResult {
    switch scenario.channel {
    case .direct:
      return try open(name, Visit(scenario: scenario, store: store, step: step))
    case .revenueCat(let order):
      let channel = try RevenueCatChannel(wrapping: store, billingIssueOrder: order)
      return try open(name, Visit(scenario: scenario, store: channel, step: step))
    }
  }

  private static func open<S>(_ name: String, _ visit: Visit<S>) throws(Failure) -> ScenarioResult {
    do {
      return try PolicyRegistry.withPolicy(named: name, visit)
    } catch {
      throw .unknownPolicy(error)
    }
  }

  private struct Visit<Store: StoreModel>: PolicyVisitor {
    let scenario: Scenario
    let store: Store
    let step: TimeSpan?
    func visit<Policy: EntitlementPolicy>(_ type: Policy.Type) -> ScenarioResult {
      ScenarioRunner.run(scenario, store: store, policy: type, step: step)
    }
  }
}
