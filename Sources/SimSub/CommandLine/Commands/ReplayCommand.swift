import Foundation
import SubscriptionPolicy

/// `simsub replay LOG...`: a production notification log played through a built-in policy.
enum ReplayCommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    let command = context.command
    let began = Instant(secondsSinceEpoch: Int64(Date().timeIntervalSince1970))
    let name = command.value("policy") ?? "reference"
    guard let entry = PolicyRegistry.entry(named: name) else {
      return context.fail(UnknownPolicyError(name: name).description)
    }
    var newEntry: PolicyRegistry.Entry?
    if let other = command.value("compare") {
      guard let found = PolicyRegistry.entry(named: other) else {
        return context.fail(UnknownPolicyError(name: other).description)
      }
      newEntry = found
    }
    var player = ReplayPlayer()
    if let text = command.value("step") {
      guard case .success(let step) = DurationSyntax.parse(text), step.seconds > 0 else {
        return context.usage(
          command.invalidValue(text, for: "step", reason: "expected a positive duration such as 1h"))
      }
      player.step = step
    }
    let logs = command.argument("log")
    guard !logs.isEmpty else {
      return context.usage(.invalid("Missing expected argument '<log> ...'", commandPath: command.path))
    }
    if let refused = context.checkOutputs(inputs: logs.filter { $0 != "-" }) { return refused }
    let reader: ReplayLogReader
    do { reader = try ReplayLogs(logs, resolver: context.resolver).read() } catch {
      return context.fail("\(error.file): \(error.message)")
    }
    let strict = command.flag("strict")
    for problem in reader.problems {
      let line = problem.description
      context.console.error(
        strict ? line + "\n" : line.replacingOccurrences(of: ": error: ", with: ": warning: ") + "\n")
    }
    if strict, !reader.problems.isEmpty { return .badInput }
    let subscribers = ReplaySubscribers(reader.entries)
    let outcome = ReplayDispatch.play(
      entry.type, player: player, entries: reader.entries, subscribers: subscribers)
    var report = ReplayReport(
      files: logs.count, entries: reader.entries, subscribers: subscribers, problems: reader.problems,
      policy: name, outcome: outcome)
    if let newEntry {
      report.compared = newEntry.name
      report.differences = ReplayDispatch.compare(
        entry.type, newEntry.type, player: player, entries: reader.entries, subscribers: subscribers)
    }
    if let directory = command.value("counterexamples") {
      do {
        (report.counterexamples, report.missingCounterexamples) = try ReplayCounterexampleWriter.write(
          report, player: player, logs: logs,
          directory: directory.hasPrefix("/")
            ? directory
            : ((context.resolver.baseDirectory ?? ".") as NSString).appendingPathComponent(directory),
          shownAs: directory)
      } catch {
        return context.fail(error.description)
      }
    }
    let text: String
    switch command.value("format") ?? "text" {
    case "json": text = report.json.serialized(.pretty) + "\n"
    case "markdown": text = report.markdown
    case "junit":
      text = report.junit(
        run: ScenarioJUnitReport.Run(
          timestamp: began, hostname: ProcessInfo.processInfo.hostName,
          seconds: [Date().timeIntervalSince1970 - Double(began.secondsSinceEpoch)]))
    case "html": text = report.html
    default: text = report.text
    }
    if let status = context.emit(text) { return status }
    return report.passed ? .success : .checkFailed
  }
}
