/// What the store believes about a subscription: the truth a policy is checked against.
///
/// `never` → `active` ⇄ `canceled` → `expired`; `active` → `grace` → `hold` → `active` on
/// recovery or `expired` when retries end; `paused` (Google); `revoked` (refunded or family
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
  /// Google: renewals paused; no access.
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
