/// The first step of every invocation: it answers help, version and usage errors itself and
/// hands back a parsed command for everything else. The executable does not call it directly;
/// `main.swift` calls ``SimSubMain/run(arguments:console:facts:baseDirectory:)`` (and a team's
/// own gate executable ``SimSubMain/gate(policy:arguments:console:facts:baseDirectory:)``), which
/// respond with it and then dispatch the command:
///
///     let responder = CommandLineResponder(table: .simsub, width: facts.helpWidth)
///     switch responder.respond(to: arguments, console: console) {
///     case .finished(let status): return status
///     case .execute(let command): ...   // dispatch on command.name
///     }
///
/// Help and version go to standard output with status 0; usage errors go to standard error with
/// status 2, so `simsub run --help | less` works and a typo never pollutes a piped report.
public struct CommandLineResponder: Sendable {
  /// What the executable does next.
  public enum Response: Sendable, Equatable {
    /// Run this command; its implementation decides the exit status.
    case execute(ParsedCommand)
    /// Everything has been printed; exit with this status.
    case finished(ExitStatus)
  }

  /// The interface being answered.
  public var table: CommandTable
  /// The width help is wrapped at.
  public var width: Int

  public init(table: CommandTable = .simsub, width: Int = 80) {
    self.table = table
    self.width = width
  }

  private var renderer: HelpRenderer { HelpRenderer(table: table, width: width) }

  /// Parses `arguments` (without the program's name), printing help, the version or a usage
  /// error on `console` when that is the whole answer.
  public func respond(to arguments: some Collection<String>, console: some Console) -> Response {
    switch CommandParser(table: table).parse(arguments) {
    case .run(let command):
      return .execute(command)
    case .help(let path):
      console.write(renderer.help(for: path), to: .standardOutput)
      return .finished(.success)
    case .version:
      console.write((table.version ?? "") + "\n", to: .standardOutput)
      return .finished(.success)
    case .usageError(let error):
      return .finished(report(error, console: console))
    }
  }

  /// Prints a usage error the way parse errors are printed (with the usage line and the pointer
  /// to `--help`) and returns the status to exit with. For commands whose own checks of their
  /// values fail, e.g. `--shard 3/2`.
  public func report(_ error: UsageError, console: some Console) -> ExitStatus {
    console.write(renderer.errorText(for: error), to: .standardError)
    return .badInput
  }
}
