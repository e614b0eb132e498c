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
    var shard = ReplayShard.whole
    if let text = command.value("shard") {
      guard let parsed = ReplayShard(text) else {
        return context.usage(
          command.invalidValue(text, for: "shard", reason: "expected k/n with 1 ≤ k ≤ n, such as 2/8"))
      }
      shard = parsed
    }
    var stream: ReplayStream
    do { stream = ReplayStream(logs: try ReplayLogs(logs, resolver: context.resolver)) } catch {
      return context.fail("\(error.file): \(error.message)")
    }
    stream.step = player.step
    stream.settings = player.settings
    stream.shard = shard
    let strict = command.flag("strict")
    let console = context.console
    // The unreadable records are told once, as the first pass finds them.
    final class Told { var told = false }
    let told = Told()
    stream.refuse = { index in
      if !told.told {
        told.told = true
        for problem in index.problems {
          let line = problem.description
          console.error(
            strict ? line + "\n" : line.replacingOccurrences(of: ": error: ", with: ": warning: ") + "\n")
        }
      }
      return strict && !index.problems.isEmpty
    }
    let progress = context.facts.showsProgress ? MonteCarloCommand.Progress(console: console) : nil
    if let progress { stream.progress = { done, total in progress.show(UInt64(done), of: UInt64(total)) } }
    defer { progress?.clear() }
    let index: ReplayStream.Index
    let outcome: ReplayPlayer.Outcome
    switch ReplayDispatch.play(entry.type, stream: stream) {
    case .success(let done): (index, outcome) = done
    case .failure(let error): return context.fail("\(error.file): \(error.message)")
    }
    if strict, !index.problems.isEmpty { return .badInput }
    var report = ReplayReport(files: logs.count, index: index, policy: name, outcome: outcome)
    if let newEntry {
      report.compared = newEntry.name
      switch ReplayDispatch.compare(entry.type, newEntry.type, stream: stream) {
      case .success(let done): report.differences = done.result
      case .failure(let error): return context.fail("\(error.file): \(error.message)")
      }
    }
    if let directory = command.value("counterexamples") {
      do {
        let stories = try stream.entries(of: ReplayCounterexampleWriter.wanted(report))
        (report.counterexamples, report.missingCounterexamples) = try ReplayCounterexampleWriter.write(
          report, stories: stories, player: player, logs: logs,
          directory: directory.hasPrefix("/")
            ? directory
            : ((context.resolver.baseDirectory ?? ".") as NSString).appendingPathComponent(directory),
          shownAs: directory)
      } catch let error as ReplayLogReader.FileError {
        return context.fail("\(error.file): \(error.message)")
      } catch {
        return context.fail("\(error)")
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
