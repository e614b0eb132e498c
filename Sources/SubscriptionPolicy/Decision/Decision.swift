/// A policy's answer for one subscriber at one instant.
public struct Decision: Hashable, Sendable {
  /// What the policy believes the subscription is.
  public var state: EntitlementState
  /// Whether the app unlocks premium.
  public var access: Bool
  /// What the app should ask of the subscriber.
  public var prompt: RecoveryPrompt
  /// Until when the store said grace lasts (`gracePeriodExpiresDate`, Google's `expiryTime` in
  /// grace), when the policy knows it. Informational: the reference policy never ends access on
  /// this clock.
  public var gracePeriodExpiresDate: Instant?
  /// Whether the policy said ``state`` and ``prompt``: always for a Swift policy; a policy in
  /// another process may leave either out of its answer, and what it left out is not checked.
  @usableFromInline package var saysState = true
  @usableFromInline package var saysPrompt = true

  @inlinable public init(
    state: EntitlementState, access: Bool, prompt: RecoveryPrompt = .none,
    gracePeriodExpiresDate: Instant? = nil
  ) {
    self.state = state
    self.access = access
    self.prompt = prompt
    self.gracePeriodExpiresDate = gracePeriodExpiresDate
  }

  /// The answer before any notification: never subscribed, no access.
  public static let never = Decision(state: .never, access: false)
}
