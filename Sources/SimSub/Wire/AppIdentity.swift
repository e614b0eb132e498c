/// Who the app is, as each store names it on the wire: Apple's `bundleId` and `appAppleId`,
/// Google Play's `packageName`, RevenueCat's `app_id`.
///
/// A handler checks these before it trusts a request (Apple's `SignedDataVerifier` is built with
/// the bundle id, and in `Production` the app's Apple id), so a team sets them to its own
/// app's: in a scenario (`app: {bundle-id: com.example.news, app-apple-id: 1234567890}`) or on
/// the command line (`simsub requests --bundle-id …`), the command line winning. The typed
/// notifications the engine passes keep the models' placeholder ids; these are written in at
/// the edge, where the wire request is built.
public struct AppIdentity: Hashable, Sendable {
  /// Apple's `bundleId` (`data.bundleId`, and the transaction's).
  public var bundleId: String
  /// Apple's `appAppleId`: the app's id in the App Store, a number (`data.appAppleId`).
  public var appAppleId: Int64
  /// Google Play's `packageName`.
  public var packageName: String
  /// RevenueCat's `app_id`, the project's app identifier (`app1a2b3c4d5e`).
  public var revenueCatAppId: String

  public init(
    bundleId: String = AppIdentity.defaultBundleId, appAppleId: Int64 = AppIdentity.defaultAppAppleId,
    packageName: String = AppIdentity.defaultPackageName,
    revenueCatAppId: String = AppIdentity.defaultRevenueCatAppId
  ) {
    self.bundleId = bundleId
    self.appAppleId = appAppleId
    self.packageName = packageName
    self.revenueCatAppId = revenueCatAppId
  }

  /// The store models' own placeholder, so an unset identity reads as the engine's values.
  public static let defaultBundleId = "com.example.app"
  /// A number shaped like an App Store app id (ten digits).
  public static let defaultAppAppleId: Int64 = 1_234_567_890
  public static let defaultPackageName = "com.example.app"
  /// Shaped like the ids in RevenueCat's sample events.
  public static let defaultRevenueCatAppId = "app1a2b3c4d5e"

  /// The keys of a scenario's `app:` mapping.
  static let scenarioKeys = ["bundle-id", "app-apple-id", "package-name", "revenuecat-app-id"]
}

extension AppIdentity {
  /// Whether `text` can stand as a bundle id, package name or app id: 1 to 255 ASCII letters,
  /// digits, `.`, `_` and `-` (what Apple and Google allow in theirs, and nothing that needs
  /// escaping in a path or a header).
  public static func isIdentifier(_ text: String) -> Bool {
    let utf8 = text.utf8
    guard !utf8.isEmpty, utf8.count <= 255 else { return false }
    return utf8.allSatisfy { c in
      (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2E
        || c == 0x5F || c == 0x2D
    }
  }
}
