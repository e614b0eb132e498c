/// What a policy believes about a subscriber, normalised across stores.
///
/// The first five are the states published implementation guides settle on; `paused` and
/// `revoked` are kept apart because they change a decision (no "fix your card" prompt for a
/// paused or refunded subscriber).
public enum EntitlementState: UInt8, CaseIterable, Hashable, Sendable {
  /// Never subscribed, as far as the policy knows.
  case never
  /// Paid through; renewing or not.
  case active
  /// A renewal failed and the store keeps the subscriber entitled while it retries.
  case grace
  /// A renewal failed, grace is over (or off) and the store is still retrying without access:
  /// Apple's billing retry, Google's account hold, Stripe `past_due` after the app's grace.
  case hold
  /// Google: the subscriber paused renewals; no access until it resumes.
  case paused
  /// The subscription ended.
  case expired
  /// Refunded or withdrawn (Apple `REFUND`/`REVOKE`, Google `SUBSCRIPTION_REVOKED`).
  case revoked

  /// The spelling used in scenarios and reports.
  public var name: String {
    switch self {
    case .never: "never"
    case .active: "active"
    case .grace: "grace"
    case .hold: "hold"
    case .paused: "paused"
    case .expired: "expired"
    case .revoked: "revoked"
    }
  }

  public init?(name: String) {
    guard let s = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = s
  }
}

/// The recovery prompt a policy asks the app to show.
public enum RecoveryPrompt: UInt8, CaseIterable, Hashable, Sendable {
  /// Nothing to fix.
  case none
  /// A dismissible "update your payment method" banner: the subscriber still has access.
  case soft
  /// A blocking "your subscription is on hold" screen: access is gone until payment is fixed.
  case hard

  public var name: String {
    switch self {
    case .none: "none"
    case .soft: "soft"
    case .hard: "hard"
    }
  }

  public init?(name: String) {
    guard let s = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = s
  }
}
