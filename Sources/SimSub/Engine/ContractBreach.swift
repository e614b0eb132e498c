/// A policy's answer kept by the engine that disagreed with a fresh one: the policy said it
/// decides only on notifications (`decidesOnlyOnNotifications`), yet its answer changed at an
/// instant `nextDecisionChange(after:)` did not name. Usually a wrapper that does not forward
/// its inner policy's `nextDecisionChange`.
public struct ContractBreach: Hashable, Sendable {
  /// Where the two answers disagreed first.
  public var instant: Instant
  /// The answer the engine kept since the last notification.
  public var kept: Decision
  /// The policy's answer when asked again.
  public var fresh: Decision

  public init(at instant: Instant, kept: Decision, fresh: Decision) {
    self.instant = instant
    self.kept = kept
    self.fresh = fresh
  }

  /// What every report says of it, after the instant.
  public var message: String {
    "the answer kept since the last notification (access \(kept.access ? "yes" : "no"), \(kept.state.name)) "
      + "differs from a fresh one (access \(fresh.access ? "yes" : "no"), \(fresh.state.name)): the policy says "
      + "it decides only on notifications but its nextDecisionChange(after:) did not name this instant"
  }
}
