/// Wraps a policy so the engine samples it at every step, as it must for a policy that may
/// change its answer on its own clock. The benchmark uses it to measure the worst case of a
/// long scenario with hourly steps; the answers are the wrapped policy's own.
public struct ClockSampled<Wrapped: EntitlementPolicy>: EntitlementPolicy {
  public static var name: String { Wrapped.name }
  public static var summary: String { Wrapped.summary }
  public static var decidesOnlyOnNotifications: Bool { false }

  public var wrapped: Wrapped
  public init() { wrapped = Wrapped() }
  /// The wrapped policy with `settings`, as the engine's callers build every policy.
  public init(settings: PolicySettings) { wrapped = Wrapped(settings: settings) }

  @inlinable public mutating func receive(_ notification: StoreNotification, at arrival: Instant) {
    wrapped.receive(notification, at: arrival)
  }
  @inlinable public func decision(at instant: Instant) -> Decision { wrapped.decision(at: instant) }
}
