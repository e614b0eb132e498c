import Foundation

/// `simsub gate`: the CI regression gate, run from the repository root.
enum GateCommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    let name = context.command.value("policy") ?? "reference"
    guard let entry = PolicyRegistry.entry(named: name) else {
      return context.fail(UnknownPolicyError(name: name).description)
    }
    return run(context, policy: entry.type)
  }

  static func run<P: EntitlementPolicy>(_ context: CommandContext, policy: P.Type) -> ExitStatus {
    let paths = Gate.Paths(root: context.resolver.baseDirectory ?? FileManager.default.currentDirectoryPath)
    if context.command.flag("update") {
      do {
        let changes = try Gate.update(policy, paths: paths)
        context.console.out(
          changes.isEmpty
            ? "Baseline unchanged.\n" : "Baseline updated:\n" + changes.map { "  \($0)\n" }.joined())
        return .success
      } catch {
        return context.fail(error.description)
      }
    }
    let began = Instant(secondsSinceEpoch: Int64(Date().timeIntervalSince1970))
    let result: Gate.Result
    do { result = try Gate.run(policy, paths: paths) } catch { return context.fail(error.description) }
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
        handle.seekToEndOfFile()
        handle.write(Data(GateReport.markdown(result).utf8))
        try? handle.close()
      }
    }
    return result.passed ? .success : .checkFailed
  }
}
