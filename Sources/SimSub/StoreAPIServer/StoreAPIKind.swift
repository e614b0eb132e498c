/// The four store APIs simsub serves on loopback, each on a port of its own, at the root of its
/// base URL, as the real API is at the root of its host: so every official client can be pointed
/// at it by the base URL, root URL or host and port it already lets one set.
package enum StoreAPIKind: String, CaseIterable, Sendable {
  case google
  case apple
  case stripe
  case revenuecat

  /// The API's own name.
  package var title: String {
    switch self {
    case .google: "Google Play Developer API"
    case .apple: "App Store Server API"
    case .stripe: "Stripe API"
    case .revenuecat: "RevenueCat REST API"
    }
  }

  /// The environment variable a started server or process finds the base URL in.
  package var environmentName: String { "SIMSUB_\(rawValue.uppercased())_API" }

  /// The `Content-Type` of the API's JSON answers, as the API writes it.
  var contentType: String {
    switch self {
    case .google: "application/json; charset=UTF-8"
    case .apple, .stripe, .revenuecat: "application/json"
    }
  }

  /// The answer of ``StoreAPI`` for a `GET` of `path` at `instant` among `subscriptions`.
  func answer(_ path: String, at instant: Instant, among subscriptions: [SimulatedSubscription])
    -> WireResponse
  {
    switch self {
    case .google: StoreAPI.googlePlay(path, at: instant, among: subscriptions)
    case .apple: StoreAPI.appStore(path, at: instant, among: subscriptions)
    case .stripe: StoreAPI.stripe(path, at: instant, among: subscriptions)
    case .revenuecat: StoreAPI.revenueCat(path, at: instant, among: subscriptions)
    }
  }

  /// The paths ``StoreAPI`` serves for this API, as its 404 for another path names them.
  var paths: [String] {
    switch self {
    case .google: StoreAPI.googlePlayPaths
    case .apple: StoreAPI.appStorePaths
    case .stripe: StoreAPI.stripePaths
    case .revenuecat: StoreAPI.revenueCatPaths
    }
  }
}
