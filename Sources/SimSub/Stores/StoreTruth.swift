/// What the store believes about a subscription: the truth a policy is checked against.
///
/// `never` → `active` ⇄ `canceled` → `expired`; `active` → `grace` → `hold` → `active` on
/// recovery or `expired` when retries end; `paused` (Google, and Stripe after a trial without a
/// payment method); `revoked` (refunded or family
/// sharing withdrawn).
public enum StoreTruth: UInt8, CaseIterable, Hashable, Sendable {
  case never
  /// Paid through and renewing.
  case active
  /// Auto-renew off, still paid through.
  case canceled
  /// A renewal failed; the store keeps access while it retries.
  case grace
  /// A renewal failed and grace is over or off; no access; the store still retries (Apple's
  /// billing retry, Google's account hold).
  case hold
  /// Google: renewals paused; Stripe: a trial ended without a payment method and the
  /// subscription paused; no access.
  case paused
  case expired
  case revoked

  /// Whether the store entitles the subscriber to access: `active`, `canceled`, `grace`.
  @inlinable public var isEntitled: Bool {
    switch self {
    case .active, .canceled, .grace: true
    default: false
    }
  }

  public var name: String {
    switch self {
    case .never: "never"
    case .active: "active"
    case .canceled: "canceled"
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

extension StoreTruth {
  /// How well a subscriber stands in this state, best first: paid through (renewing, then not),
  /// then grace, then a hold the subscriber can still save, then a pause, then the ends.
  public var standing: Int {
    switch self {
    case .active: 0
    case .canceled: 1
    case .grace: 2
    case .hold: 3
    case .paused: 4
    case .revoked: 5
    case .expired: 6
    case .never: 7
    }
  }

  /// The truth of a subscriber with several sources: the best standing of any, so the
  /// subscriber is entitled if any source entitles them.
  public static func bestStanding(_ truths: [StoreTruth]) -> StoreTruth {
    truths.min { $0.standing < $1.standing } ?? .never
  }
}
