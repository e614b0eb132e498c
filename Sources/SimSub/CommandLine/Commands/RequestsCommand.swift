import Foundation

/// `simsub requests PATH...`: every delivery attempt of the scenarios as the store's HTTP
/// request, as JSON lines or a directory of files.
enum RequestsCommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    let command = context.command
    var settings = WireSettings()
    if let name = command.value("apple-environment") {
      settings.appleEnvironment = AppStoreEnvironment(symbol: Symbol(name))
    }
    for (option, label) in [
      ("stripe-secret", "a secret"), ("revenuecat-authorization", "a value"), ("salt", "a text"),
    ] {
      if let value = command.value(option), value.isEmpty {
        return context.usage(
          command.invalidValue(value, for: option, reason: "expected \(label), found nothing"))
      }
    }
    if let secret = command.value("stripe-secret") { settings.stripeSecret = secret }
    if let value = command.value("revenuecat-authorization") { settings.revenueCatAuthorization = value }
    if let salt = command.value("salt") { settings.salt = salt }
    for option in ["bundle-id", "package-name"] {
      guard let value = command.value(option) else { continue }
      guard AppIdentity.isIdentifier(value) else {
        return context.usage(
          command.invalidValue(value, for: option, reason: "expected letters, digits, '.', '_' and '-'"))
      }
      if option == "bundle-id" { settings.bundleId = value } else { settings.packageName = value }
    }
    do {
      settings.appAppleId = try command.value(
        "app-apple-id", as: { Int64($0).flatMap { (1...99_999_999_999).contains($0) ? $0 : nil } },
        reason: "expected a whole number from 1 to 99999999999")
    } catch {
      return context.usage(error)
    }
    let paths = command.argument("path")
    guard !paths.isEmpty else {
      return context.usage(.invalid("Missing expected argument '<path> ...'", commandPath: command.path))
    }
    // `--output` names a folder here, not a file: the file checks of run and check do not apply.
    // A file that cannot be played refuses the whole command: no partial set of fixtures.
    guard let plays = ScenarioCommands.load(context, paths: paths, recursive: true, checksOutputs: false),
      plays.refused.isEmpty
    else {
      return .badInput
    }
    let records = plays.results.flatMap { RequestRecord.records(of: $0, settings: settings) }
    guard let directory = command.value("output") else {
      context.console.out(RequestRecord.jsonLines(records))
      return .success
    }
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      return context.fail("cannot create '\(directory)': \(error.localizedDescription)")
    }
    do {
      try AtomicFile.writeAll(RequestRecord.outputFiles(records, directory: directory))
    } catch {
      return context.fail(error.description)
    }
    return .success
  }
}
