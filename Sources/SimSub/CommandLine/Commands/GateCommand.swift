import Foundation

/// `simsub gate`: the CI regression gate, run from the repository root.
enum GateCommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    let name = context.command.value("policy") ?? "reference"
    guard let selection = context.policySelection(name) else { return .badInput }
    switch selection {
    case .builtIn(let name):
      guard let entry = PolicyRegistry.entry(named: name) else {
        return context.fail(UnknownPolicyError(name: name).description)
      }
      return run(context, policy: entry.type)
    case .file(let file):
      return run(context, file: file)
    }
  }

  /// The gate for a policy file: its scenarios, and with `--replay` the production logs,
  /// through the file's process or server; the baseline is kept with a built-in policy
  /// (`--update` needs one).
  static func run(_ context: CommandContext, file: PolicyFile) -> ExitStatus {
    if context.command.flag("update") {
      return context.fail(
        "'gate --update' records the policy table and Monte Carlo figures, which simsub cannot play through a policy file yet: update the baseline with a built-in policy ('simsub gate --update')"
      )
    }
    let paths = Gate.Paths(root: context.resolver.baseDirectory ?? FileManager.default.currentDirectoryPath)
    let logs = context.command.values("replay")
    let inputs = [paths.absolute(paths.baseline)] + logs.filter { $0 != "-" }.map(paths.absolute)
    if let refused = context.checkOutputs(inputs: inputs) { return refused }
    var replay: GateReplay?
    if !logs.isEmpty {
      do { replay = GateReplay(logs: try ReplayLogs(logs, resolver: context.resolver)) } catch {
        return context.fail("\(error.file): \(error.message)")
      }
    }
    let began = Instant(secondsSinceEpoch: Int64(Date().timeIntervalSince1970))
    let result: Gate.Result
    do { result = try Gate.run(file: file, paths: paths, replay: replay, console: context.console) } catch {
      return fail(context, error)
    }
    for warning in result.replay?.warnings ?? [] { context.console.error(warning + "\n") }
    return report(context, result, began: began)
  }

  static func run<P: EntitlementPolicy>(_ context: CommandContext, policy: P.Type) -> ExitStatus {
    let paths = Gate.Paths(root: context.resolver.baseDirectory ?? FileManager.default.currentDirectoryPath)
    let logs = context.command.values("replay")
    let inputs =
      [paths.absolute(paths.baseline), paths.absolute(GateBaseline().policyTable)]
      + logs.filter { $0 != "-" }.map(paths.absolute)
    if let refused = context.checkOutputs(inputs: inputs) { return refused }
    var replay: GateReplay?
    if !logs.isEmpty {
      guard !context.command.flag("update") else {
        return context.fail("--replay is not recorded in the baseline: run 'simsub gate --update' without it")
      }
      do {
        replay = GateReplay(logs: try ReplayLogs(logs, resolver: context.resolver))
      } catch {
        return context.fail("\(error.file): \(error.message)")
      }
    }
    if context.command.flag("update") {
      // A first update in a repository without Reports/ creates it (the gate itself tells the
      // user to run the update); a failed update removes it again.
      let folders = inputs.map { ($0 as NSString).deletingLastPathComponent }
      let created = Set(folders).sorted().filter { folder in
        !FileManager.default.fileExists(atPath: folder)
          && (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true))
            != nil
      }
      do throws(GateError) {
        let changes: [String]
        do throws(GateError) {
          changes = try Gate.update(policy, paths: paths)
        } catch {
          for folder in created.reversed() { rmdir(folder) }
          throw error
        }
        context.console.out(
          changes.isEmpty
            ? "Baseline unchanged.\n" : "Baseline updated:\n" + changes.map { "  \($0)\n" }.joined())
        return .success
      } catch {
        return fail(context, error)
      }
    }
    let began = Instant(secondsSinceEpoch: Int64(Date().timeIntervalSince1970))
    let result: Gate.Result
    do { result = try Gate.run(policy, paths: paths, replay: replay) } catch { return fail(context, error) }
    for warning in result.replay?.warnings ?? [] { context.console.error(warning + "\n") }
    return report(context, result, began: began)
  }

  /// Prints `result` in the chosen format (and the GitHub Actions annotations and summary when
  /// run there); exit status 1 when the gate failed.
  static func report(_ context: CommandContext, _ result: Gate.Result, began: Instant) -> ExitStatus {
    let text: String
    switch context.command.value("format") ?? "text" {
    case "json": text = GateReport.json(result)
    case "markdown": text = GateReport.markdown(result)
    case "junit":
      text = GateReport.junit(
        result,
        run: ScenarioJUnitReport.Run(
          timestamp: began, hostname: ProcessInfo.processInfo.hostName))
    case "html": text = GateReport.html(result)
    default: text = GateReport.text(result)
    }
    if let failure = context.emit(text) { return failure }
    let environment = context.facts.environment
    if environment["GITHUB_ACTIONS"] == "true" {
      // Annotations go to standard error, which the runner reads for workflow commands too, so
      // that a JSON, JUnit or HTML report on standard output stays one well-formed document.
      context.console.error(GateReport.githubAnnotations(result))
      if let summary = environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty,
        let handle = FileHandle(forWritingAtPath: summary)
      {
        // A summary that cannot be written is the runner's concern, not the gate's verdict.
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data(GateReport.markdown(result).utf8))
        try? handle.close()
      }
    }
    return result.passed ? .success : .checkFailed
  }

  static func fail(_ context: CommandContext, _ error: GateError) -> ExitStatus {
    guard error.isLocated else { return context.fail(error.description) }
    context.console.error(error.description)
    return .badInput
  }
}
