/// Wraps a policy so the engine samples it at every step, as it must for a policy that may
/// change its answer on its own clock. The benchmark uses it to measure the worst case of a
/// long scenario with hourly steps; the answers are the wrapped policy's own.
public struct ClockSampled<Wrapped: EntitlementPolicy>: EntitlementPolicy {
  public static var name: String { Wrapped.name }
  public static var summary: String { Wrapped.summary }
  public static var decidesOnlyOnNotifications: Bool { false }

  public var wrapped: Wrapped
  /// The wrapped policy with `context`, as the engine's callers build every policy.
  public init(context: PolicyContext) { wrapped = Wrapped(context: context) }

  @inlinable public mutating func receive(_ notification: StoreNotification, at arrival: Instant)
    -> DeliveryOutcome
  {
    wrapped.receive(notification, at: arrival)
  }
  @inlinable public func decision(at instant: Instant) -> Decision { wrapped.decision(at: instant) }
  /// Sampled at every step, so the engine never asks; the wrapped policy's, forwarded all the same.
  @inlinable public func nextDecisionChange(after instant: Instant) -> Instant? {
    wrapped.nextDecisionChange(after: instant)
  }
}
