import SubscriptionPolicy

extension ScenarioPlayer {
  /// Plays `scenario` with the policy file's policy behind `connection` in `Slot`: first with
  /// the reference policy, for the subscriptions the store APIs and snapshots answer from
  /// (``ExternalPolicyScope``), then with the policy itself, every delivery the exact request
  /// of `settings`' identity and every question asked of the process or server. The policy
  /// is told to forget each of the scenario's subscribers at the end.
  ///
  /// A failure of the policy (``ExternalPolicyConnection/failure``) leaves the result's
  /// answers after it as ``Decision/never``: the caller reports the failure instead.
  package static func play<Slot: ExternalPolicySlot>(
    _ scenario: Scenario, connection: ExternalPolicyConnection, slot: Slot.Type, settings: WireSettings,
    step: TimeSpan? = nil
  ) throws(Failure) -> ScenarioResult {
    let reference = try play(scenario, policy: ReferencePolicy.self, step: step)
    let subscriptions = SimulatedSubscription.all(in: reference, settings: settings)
    connection.host.add(subscriptions, for: scenario.path)
    defer { connection.host.remove(scenario.path) }
    let scope = ExternalPolicyScope(
      connection: connection, scenario: scenario, settings: settings, subscriptions: subscriptions)
    let outcome: Result<ScenarioResult, Failure> = Slot.binding.with(scope) {
      do throws(Failure) {
        return .success(try play(scenario, policy: ExternalPolicy<Slot>.self, step: step))
      } catch {
        return .failure(error)
      }
    }
    for member in 0...scenario.familyMembers {
      connection.forget(subscriber: scope.subscriberId(UInt64(member) + 1))
    }
    var result = try outcome.get()
    Self.name(connection.takeRefusals(), in: &result, subscriberId: scope.subscriberId)
    return result
  }

  /// Puts the policy's own answer (`status 400: …`) on each refused attempt of `result` and its
  /// family members' runs, matched by subscriber and instant in the order refused.
  static func name(
    _ refusals: [(subscriber: String, instant: Instant, answer: String)], in result: inout ScenarioResult,
    subscriberId: (UInt64) -> String
  ) {
    guard !refusals.isEmpty else { return }
    var used = [Bool](repeating: false, count: refusals.count)
    func fill(_ run: inout ScenarioResult) {
      let id = subscriberId(UInt64(run.member) + 1)
      for a in run.attempts.indices where run.attempts[a].refusal != nil {
        let instant = run.attempts[a].instant
        if let r = refusals.indices.first(where: {
          !used[$0] && refusals[$0].subscriber == id && refusals[$0].instant == instant
        }) {
          used[r] = true
          run.attempts[a].refusal = refusals[r].answer
        }
      }
    }
    fill(&result)
    for m in result.members.indices { fill(&result.members[m]) }
  }
}
