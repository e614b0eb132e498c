/// The options that set the run's wire identity (``WireSettings``): the app's identifiers,
/// Apple's environment and the salt of every identifier, shared by `requests` and
/// `serve-store-api` so that both speak of the same subscriptions.
enum WireSettingsOptions {
  static let identity: [OptionSpec] = [
    .option(
      "apple-environment", value: "name", help: "The environment Apple's payloads name.",
      default: .value("LocalTesting"), allowed: WireSettings.appleEnvironments),
    .option(
      "salt", value: "text", help: "Derive every identifier from <text>, to reproduce a run byte for byte.",
      default: .described("random")),
    .option("bundle-id", value: "id", help: "Apple's bundleId, in place of the scenario's 'app:'."),
    .option("app-apple-id", value: "n", help: "Apple's appAppleId, in place of the scenario's 'app:'."),
    .option("package-name", value: "name", help: "Google's packageName, in place of the scenario's 'app:'."),
  ]

  /// The settings the command's options give; `--stripe-secret` and
  /// `--revenuecat-authorization` too where the command has them.
  static func settings(_ command: ParsedCommand) throws(UsageError) -> WireSettings {
    var settings = WireSettings()
    if let name = command.value("apple-environment") {
      settings.appleEnvironment = AppStoreEnvironment(symbol: Symbol(name))
    }
    for (option, label) in [
      ("stripe-secret", "a secret"), ("revenuecat-authorization", "a value"), ("salt", "a text"),
    ] {
      if let value = command.value(option), value.isEmpty {
        throw command.invalidValue(value, for: option, reason: "expected \(label), found nothing")
      }
    }
    if let secret = command.value("stripe-secret") { settings.stripeSecret = secret }
    if let value = command.value("revenuecat-authorization") { settings.revenueCatAuthorization = value }
    if let salt = command.value("salt") { settings.salt = salt }
    for option in ["bundle-id", "package-name"] {
      guard let value = command.value(option) else { continue }
      guard AppIdentity.isIdentifier(value) else {
        throw command.invalidValue(value, for: option, reason: "expected letters, digits, '.', '_' and '-'")
      }
      if option == "bundle-id" { settings.bundleId = value } else { settings.packageName = value }
    }
    settings.appAppleId = try command.value(
      "app-apple-id", as: { Int64($0).flatMap { (1...99_999_999_999).contains($0) ? $0 : nil } },
      reason: "expected a whole number from 1 to 99999999999")
    return settings
  }
}
