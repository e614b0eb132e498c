/// What the app promises its subscribers that no store notification carries: the configuration
/// an app gives its entitlement policy.
///
/// Today one promise: Stripe has no grace period of its own. When a renewal's payment fails,
/// Stripe marks the subscription `past_due` and retries for days (Smart Retries), and it is the
/// app that decides how long a `past_due` subscriber keeps access. That length lives in the
/// app's code, so the policy is given it:
///
/// ```swift
/// var policy = ReferencePolicy(settings: PolicySettings(stripeGracePeriod: .days(7)))
/// ```
///
/// simsub builds each scenario's policy with the scenario's promise (the Stripe product's
/// `grace`), handed over in its ``PolicyContext``.
public struct PolicySettings: Hashable, Sendable {
  /// How long a Stripe subscriber keeps access while a renewal is `past_due`, counted from the
  /// renewal whose payment failed (the subscription's `current_period_start`, the invoice's
  /// `created`). `.zero`: no access once the payment fails.
  public var stripeGracePeriod: TimeSpan

  public init(stripeGracePeriod: TimeSpan = PolicySettings.defaultStripeGracePeriod) {
    self.stripeGracePeriod = stripeGracePeriod
  }

  /// Two weeks: Stripe's recommended retry window ("8 tries within 2 weeks"), so by default a
  /// `past_due` subscriber keeps access for as long as Stripe retries.
  public static let defaultStripeGracePeriod = TimeSpan.days(14)

  /// The settings of ``PolicyContext/default``.
  public static let `default` = PolicySettings()
}
