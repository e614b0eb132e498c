/// The stores simsub models.
public enum StoreKind: UInt8, CaseIterable, Hashable, Sendable {
  case apple
  case google
  case stripe

  /// The scenario spelling (`store: apple`).
  public var name: String {
    switch self {
    case .apple: "apple"
    case .google: "google"
    case .stripe: "stripe"
    }
  }

  public init?(name: String) {
    guard let s = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = s
  }
}
