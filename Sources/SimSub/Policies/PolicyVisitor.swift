import SubscriptionPolicy

/// Generic code to run with a policy type chosen at run time, by name or from a list.
///
/// The simulator is generic over its policy, so that the engine's loop runs specialised, with
/// no existential box around each `receive` and `decision(at:)`. A policy named on the command
/// line is only known as `any EntitlementPolicy.Type`; a visitor opens that existential once, and
/// everything inside `visit` sees the concrete type:
///
/// ```swift
/// struct FinalDecision: PolicyVisitor {
///   var notifications: [(StoreNotification, Instant)]
///   func visit<Policy: EntitlementPolicy>(_ type: Policy.Type) -> Decision {
///     var policy = Policy(context: .default)
///     for (n, arrival) in notifications { policy.receive(n, at: arrival) }
///     return policy.decision(at: notifications.last?.1 ?? .distantPast)
///   }
/// }
/// let decision = try PolicyRegistry.withPolicy(named: "reference", FinalDecision(notifications: log))
/// ```
public protocol PolicyVisitor {
  /// What the visit returns.
  associatedtype Result
  /// Runs with the chosen policy type as a generic parameter.
  func visit<Policy: EntitlementPolicy>(_ type: Policy.Type) -> Result
}
