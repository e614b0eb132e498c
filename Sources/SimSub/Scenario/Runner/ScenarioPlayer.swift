/// Plays a loaded scenario: builds its store model (behind its channel) and hands it, with the
/// policy type, to the generic `ScenarioRunner`, so the run is specialised for that pair.
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
    guard let entry = PolicyRegistry.entry(named: name) else {
      throw .unknownPolicy(UnknownPolicyError(name: name))
    }
    // The existential metatype is opened here, once (SE-0352); the run is specialised.
    return try play(scenario, policy: entry.type, step: step)
  }

  /// Plays `scenario` with any policy type: a built-in one, or an app's own.
  public static func play<Policy: EntitlementPolicy>(
    _ scenario: Scenario, policy: Policy.Type, step: TimeSpan? = nil
  ) throws(Failure) -> ScenarioResult {
    if scenario.hasSources { return try playSources(scenario, policy: policy, step: step) }
    do {
      // Family Sharing plays the App Store model itself (the decoder allows it only with the
      // direct channel); every other scenario opens its store behind its channel.
      if scenario.store == .apple, scenario.familyMembers > 0 {
        return try playFamily(
          scenario, AppStoreModel(products: scenario.products), policy: policy, step: step)
      }
      let subscription = scenario.subscriptions[0]
      return try StoreLanes.open(
        subscription.lane, selling: subscription.products, RunOne<Policy>(scenario: scenario, step: step))
    } catch {
      throw .store(path: scenario.path, error)
    }
  }

  /// Apple Family Sharing: the purchaser's run, then each family member's run of the same
  /// timeline through `AppStoreFamilyMember`, each with its own policy. A timeline entry that
  /// cannot be placed is reported once, in the purchaser's run (every run places entries alike).
  private static func playFamily<Policy: EntitlementPolicy>(
    _ scenario: Scenario, _ purchaser: AppStoreModel, policy: Policy.Type, step: TimeSpan?
  ) -> ScenarioResult {
    var result = ScenarioRunner.run(scenario, store: purchaser, policy: policy, step: step)
    for m in 1...scenario.familyMembers {
      let view = AppStoreFamilyMember(sharing: purchaser, member: UInt8(m))
      var member = ScenarioRunner.run(scenario, store: view, policy: policy, step: step, member: m)
      member.entryErrors.removeAll { result.entryErrors.contains($0) }
      result.members.append(member)
    }
    let violated = Invariant.allCases.filter { invariant in
      result.runs.contains { run in run.violations.contains { $0.invariant == invariant } }
    }
    result.violatedInFamily = violated
    for i in result.members.indices { result.members[i].violatedInFamily = violated }
    return result
  }

  /// A subscriber with several sources: one engine for each, in lockstep, with one policy.
  private static func playSources<Policy: EntitlementPolicy>(
    _ scenario: Scenario, policy: Policy.Type, step: TimeSpan?
  ) throws(Failure) -> ScenarioResult {
    let step = step ?? scenario.step
    var plays: [any SourcePlay<Policy>] = []
    for index in scenario.subscriptions.indices {
      let source = scenario.subscriptions[index]
      let play = PlayOneOfSeveral<Policy>(
        name: source.name, scenario: scenario.projected(onSource: index), step: step)
      do {
        plays.append(try StoreLanes.open(source.lane, selling: source.products, play))
      } catch {
        throw .store(path: scenario.path, error)
      }
    }
    return MultiSourceRunner.run(scenario, plays: plays, step: step)
  }

  /// Plays a scenario of one subscription with the store model it is handed.
  private struct RunOne<Policy: EntitlementPolicy>: StoreModelVisitor {
    let scenario: Scenario
    let step: TimeSpan?
    func visit<Store: StoreModel>(_ store: Store) -> ScenarioResult {
      ScenarioRunner.run(scenario, store: store, policy: Policy.self, step: step)
    }
  }

  /// Sets up one source of several with the store model it is handed.
  private struct PlayOneOfSeveral<Policy: EntitlementPolicy>: StoreModelVisitor {
    let name: String
    /// The source's own scenario (``Scenario/projected(onSource:)``).
    let scenario: Scenario
    let step: TimeSpan
    func visit<Store: StoreModel>(_ store: Store) -> any SourcePlay<Policy> {
      StoreSourcePlay(
        name: name, scenario: scenario, store: store, policy: Policy(context: .default), step: step)
    }
  }
}
