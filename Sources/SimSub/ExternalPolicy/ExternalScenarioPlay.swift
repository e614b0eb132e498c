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
    return try outcome.get()
  }
}
