/// Which failed renewals get a product's billing grace period (a product's `grace-renewals`).
///
/// Apple's setting, App Store Connect's Billing Grace Period "eligibility", `renewalType` in the
/// App Store Connect API (`SubscriptionGracePeriod`): `ALL_RENEWALS` or `PAID_TO_PAID_ONLY`.
/// With paid to paid only, a subscriber whose first charge after a free trial fails goes
/// straight into billing retry, without access; later renewals get the grace period.
public enum GraceRenewals: UInt8, CaseIterable, Hashable, Sendable {
  /// Every failed renewal, a free trial's conversion included (`ALL_RENEWALS`).
  case all
  /// Only a renewal from a paid period (`PAID_TO_PAID_ONLY`).
  case paidToPaid

  /// The scenario spelling: `all`, `paid-to-paid`.
  public var name: String {
    switch self {
    case .all: "all"
    case .paidToPaid: "paid-to-paid"
    }
  }

  public init?(name: String) {
    guard let value = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = value
  }
}
