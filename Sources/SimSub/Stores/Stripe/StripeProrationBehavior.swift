/// Stripe: how an update that changes the price is prorated, the update's `proration_behavior`
/// ("Update a subscription"): "Determines how to handle prorations when the billing cycle changes
/// (e.g., when switching plans, resetting `billing_cycle_anchor=now`, or starting a trial), or if
/// an item's quantity changes. The default value is `create_prorations`."
public enum StripeProrationBehavior: UInt8, CaseIterable, Hashable, Sendable {
  /// `create_prorations`: "Will cause proration invoice items to be created when applicable.
  /// These proration items will only be invoiced immediately under certain conditions." The
  /// items wait for the next invoice: "positive prorations aren't immediately billed"
  /// ("Prorations").
  case createProrations
  /// `always_invoice`: "Always invoice immediately for prorations."
  case alwaysInvoice
  /// `none`: "Disable creating prorations in this request." (Not spelt `none`, which an optional
  /// of this type would read as its own.)
  case noProrations

  /// What Stripe does when the update names none: "The default value is `create_prorations`."
  public static let storeDefault = Self.createProrations

  /// The scenario spelling: Stripe's value with hyphens.
  public var name: String {
    switch self {
    case .createProrations: "create-prorations"
    case .alwaysInvoice: "always-invoice"
    case .noProrations: "none"
    }
  }

  /// Stripe's value, as the API takes it.
  public var apiValue: String {
    switch self {
    case .createProrations: "create_prorations"
    case .alwaysInvoice: "always_invoice"
    case .noProrations: "none"
    }
  }

  public init?(name: String) {
    guard let behavior = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = behavior
  }
}
