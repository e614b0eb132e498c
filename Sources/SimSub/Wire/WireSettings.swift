import Foundation

/// How simsub puts notifications on the wire: what a team's handler is configured with in its
/// tests (the Stripe endpoint secret, the RevenueCat authorization, Apple's environment), the
/// salt behind every identifier, and the clock Stripe's signature is stamped with.
public struct WireSettings: Sendable {
  /// The environment Apple's payloads name (`data.environment`, the transaction's and renewal
  /// info's). `LocalTesting` by default: the environment in which Apple's App Store Server
  /// Libraries skip signature verification (as for `Xcode`), the only way a request simsub
  /// signs without Apple's key is accepted. A verifier built for `Sandbox` or `Production`
  /// rejects it, as it must.
  public var appleEnvironment: AppStoreEnvironment
  /// The endpoint's signing secret (`whsec_…`) the `Stripe-Signature` is computed with.
  public var stripeSecret: String
  /// The `Authorization` header value RevenueCat sends, as configured in its dashboard.
  public var revenueCatAuthorization: String
  /// The salt every identifier is derived from (see ``WireIdentifiers``).
  public var salt: String
  /// Overrides of the scenario's `app:` identity, field by field (the command line's).
  public var bundleId: String?
  public var appAppleId: Int64?
  public var packageName: String?
  /// Unix seconds now: the `t` of `Stripe-Signature`, which Stripe's libraries check against
  /// their own clock (5 minutes' tolerance). The wall clock by default; a test fixes it.
  public var wallClock: @Sendable () -> Int64

  public init(
    appleEnvironment: AppStoreEnvironment = .localTesting,
    stripeSecret: String = WireSettings.defaultStripeSecret,
    revenueCatAuthorization: String = WireSettings.defaultRevenueCatAuthorization,
    salt: String = WireIdentifiers.randomSalt(), bundleId: String? = nil, appAppleId: Int64? = nil,
    packageName: String? = nil,
    wallClock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }
  ) {
    self.appleEnvironment = appleEnvironment
    self.stripeSecret = stripeSecret
    self.revenueCatAuthorization = revenueCatAuthorization
    self.salt = salt
    self.bundleId = bundleId
    self.appAppleId = appAppleId
    self.packageName = packageName
    self.wallClock = wallClock
  }

  /// A test-mode-looking secret; set the endpoint's own with `--stripe-secret`.
  public static let defaultStripeSecret = "whsec_simsubLocalTestingSecret0000000000"
  public static let defaultRevenueCatAuthorization = "Bearer simsub-local-testing"
  /// The environments `--apple-environment` takes, in Apple's spelling.
  public static let appleEnvironments = ["LocalTesting", "Sandbox", "Production", "Xcode"]

  /// The app's identity: the scenario's `app`, with the overrides applied.
  public func identity(_ app: AppIdentity) -> AppIdentity {
    var app = app
    if let bundleId { app.bundleId = bundleId }
    if let appAppleId { app.appAppleId = appAppleId }
    if let packageName { app.packageName = packageName }
    return app
  }
}
