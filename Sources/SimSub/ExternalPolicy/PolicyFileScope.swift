import SubscriptionPolicy

/// What a policy file's policy (``ExternalPolicy``) hears through: its connection, and how one
/// subscriber's deliveries and questions become requests: the wire identity they carry and
/// what the store APIs and snapshots answer from.
///
/// Two kinds: a scenario's (``ExternalPolicyScope``: the subscriptions of the scenario's
/// reference play) and a Monte Carlo worker's (``MonteCarloPolicyScope``: the subscriber being
/// played, as the engine plays them).
package protocol PolicyFileScope: AnyObject, Sendable {
  var connection: ExternalPolicyConnection { get }

  /// Delivers `notification` to the policy for subscriber `number` at `arrival`.
  func deliver(_ notification: StoreNotification, at arrival: Instant, subscriber number: UInt64)
    -> DeliveryOutcome

  /// The policy's answer for subscriber `number` at `instant`.
  func decide(at instant: Instant, subscriber number: UInt64) -> Decision
}
