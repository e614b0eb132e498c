import Foundation

/// The whole command-line program as a function: arguments, a console and the terminal's
/// facts in, an exit status out. The `simsub` executable only gathers those and exits; tests
/// call this in-process.
public enum SimSubMain {
  /// `version` is what `--version` prints: ``simsubVersion``, and the commit when the executable
  /// knows the one it was built from.
  public static func run(
    arguments: some Collection<String>, console: some Console, facts: TerminalFacts,
    baseDirectory: String? = nil, version: String = simsubVersion
  ) -> ExitStatus {
    let table = CommandTable(root: SimSubCommands.root, version: version)
    let responder = CommandLineResponder(table: table, width: facts.helpWidth)
    switch responder.respond(to: arguments, console: console) {
    case .finished(let status):
      return status
    case .execute(let command):
      let context = CommandContext(
        command: command, console: console, facts: facts, responder: responder,
        resolver: PathResolver(baseDirectory: baseDirectory))
      switch command.name {
      case "run": return ScenarioCommands.run(context)
      case "check": return ScenarioCommands.check(context)
      case "requests": return RequestsCommand.run(context)
      case "serve-store-api": return ServeStoreAPICommand.run(context)
      case "policies": return PoliciesCommand.run(context)
      case "benchmark": return BenchmarkCommand.run(context)
      case "policy-table": return PolicyTableCommand.run(context)
      case "gate": return GateCommand.run(context)
      case "montecarlo": return MonteCarloCommand.run(context)
      case "merge": return MergeCommand.run(context)
      case "decode": return DecodeCommand.run(context)
      case "replay": return ReplayCommand.run(context)
      default:
        console.error(
          "Error: 'simsub \(command.path.joined(separator: " "))' is not available in this version.\n")
        return .badInput
      }
    }
  }
}

extension SimSubMain {
  /// `simsub gate` for an app's own policy type: what a team's own executable calls, so its
  /// CI can gate its policy exactly as simsub gates the reference one.
  ///
  /// ```swift
  /// // Sources/gate/main.swift in the app's package
  /// import Foundation
  /// import SimSub
  /// TerminationSignals.install()
  /// let status = SimSubMain.gate(
  ///   policy: MyAppPolicy.self, arguments: CommandLine.arguments.dropFirst(),
  ///   console: StandardConsole(), facts: TerminalFacts.current())
  /// exit(status.rawValue)
  /// ```
  ///
  /// The arguments are `simsub gate`'s (`--update`, `--format`, `--output`), read from the
  /// current directory or `baseDirectory`.
  public static func gate<P: EntitlementPolicy>(
    policy: P.Type, arguments: some Collection<String>, console: some Console, facts: TerminalFacts,
    baseDirectory: String? = nil
  ) -> ExitStatus {
    let responder = CommandLineResponder(table: .simsub, width: facts.helpWidth)
    switch responder.respond(to: ["gate"] + Array(arguments), console: console) {
    case .finished(let status):
      return status
    case .execute(let command):
      let context = CommandContext(
        command: command, console: console, facts: facts, responder: responder,
        resolver: PathResolver(baseDirectory: baseDirectory))
      guard command.name == "gate" else { return context.fail("expected the gate's options") }
      if command.value("policy") != nil {
        return context.fail("--policy names a built-in policy; this gate runs \(P.name)")
      }
      return GateCommand.run(context, policy: policy)
    }
  }
}

/// What a command needs from its surroundings.
struct CommandContext {
  var command: ParsedCommand
  var console: any Console
  var facts: TerminalFacts
  var responder: CommandLineResponder
  var resolver: PathResolver

  /// Reports a usage error the way the parser does, and returns its status.
  func usage(_ error: UsageError) -> ExitStatus { responder.report(error, console: console) }

  /// Prints `Error: message` on standard error and returns `.badInput`.
  func fail(_ message: String) -> ExitStatus {
    console.error("Error: \(message)\n")
    return .badInput
  }

  /// The policy `argument` names, a built-in name or a policy file's path (relative to the
  /// working directory), or `nil` once the reason is reported: a policy file's mistakes as its
  /// `path:line:col` diagnostics, anything else as one error line; the command then exits with
  /// status 2.
  func policySelection(_ argument: String) -> PolicySelection? {
    do throws(PolicySelection.Failure) {
      return try PolicySelection.resolve(argument, relativeTo: resolver.baseDirectory)
    } catch {
      if case .file = error {
        console.error(error.description.hasSuffix("\n") ? error.description : error.description + "\n")
      } else {
        _ = fail(error.description)
      }
      return nil
    }
  }

  /// Refuses, with status 2, outputs that cannot be written or would replace an input or each
  /// other: `--output` and `--svg` when given, and `also` (files a format writes beside them).
  /// Called before any work.
  func checkOutputs(inputs: [String], also: [(option: String, path: String)] = []) -> ExitStatus? {
    let outputs = ["output", "svg"].compactMap { name in
      command.value(name).map { (option: "--\(name)", path: $0) }
    }
    let targets = OutputTargets(
      outputs: outputs + also, inputs: inputs,
      baseDirectory: resolver.baseDirectory ?? FileManager.default.currentDirectoryPath)
    return targets.problem().map { fail($0) }
  }

  /// Writes a report to `--output` atomically, or to standard output.
  func emit(_ text: String) -> ExitStatus? {
    guard let output = command.value("output") else {
      console.out(text)
      return nil
    }
    do {
      try AtomicFile.write(text, to: output)
      return nil
    } catch {
      return fail(error.description)
    }
  }
}
