/// One HTTP request as a store sends it to the app's server: method, path, headers and the
/// exact body text. What `simsub requests` prints and a team replays against its handler.
public struct WireRequest: Hashable, Sendable {
  public var method: String
  /// The path on the app's server (`/webhooks/app-store`): the store posts to whatever URL the
  /// app configured, so simsub names one per store.
  public var path: String
  /// In the order sent; names as the stores write them.
  public var headers: [Header]
  /// The body, byte for byte: what a signature is computed over.
  public var body: String

  public struct Header: Hashable, Sendable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  public init(method: String = "POST", path: String, headers: [Header], body: String) {
    self.method = method
    self.path = path
    self.headers = headers
    self.body = body
  }

  /// The value of header `name` (compared without case, as HTTP does).
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// The paths simsub posts each store's requests to.
  public static let appStorePath = "/webhooks/app-store"
  public static let googlePlayPath = "/webhooks/google-play"
  public static let stripePath = "/webhooks/stripe"
  public static let revenueCatPath = "/webhooks/revenuecat"
}
