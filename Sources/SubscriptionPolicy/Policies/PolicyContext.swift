/// What a policy is built with: the app's promises and the subscriber it is for.
///
/// ```swift
/// let policy = ReferencePolicy(context: PolicyContext(settings: PolicySettings(stripeGracePeriod: .days(7))))
/// ```
public struct PolicyContext: Hashable, Sendable {
  /// The app's promises (a Stripe grace period, say).
  public var settings: PolicySettings
  /// Who the subscriber is.
  public var subscriber: SubscriberIdentity

  @inlinable
  public init(settings: PolicySettings = .default, subscriber: SubscriberIdentity = .first) {
    self.settings = settings
    self.subscriber = subscriber
  }

  /// The default settings, subscriber 1.
  public static let `default` = PolicyContext()
}
