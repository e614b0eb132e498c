import Foundation

/// `simsub requests PATH...`: every delivery attempt of the scenarios as the store's HTTP
/// request, as JSON lines or a directory of files.
enum RequestsCommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    let command = context.command
    let settings: WireSettings
    do { settings = try WireSettingsOptions.settings(command) } catch { return context.usage(error) }
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
    if command.flag("log-lines") {
      guard command.value("output") == nil else {
        return context.usage(
          .invalid(
            "--log-lines prints to standard output; it does not go with --output", commandPath: command.path))
      }
      context.console.out(RequestRecord.logLines(records))
      return .success
    }
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
