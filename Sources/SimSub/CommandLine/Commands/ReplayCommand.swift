import Foundation
import SubscriptionPolicy

/// `simsub replay LOG...`: a production notification log played through a built-in policy.
enum ReplayCommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    let command = context.command
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
    var reader = ReplayLogReader()
    for log in logs {
      let onDisk: String
      do { onDisk = log == "-" ? log : try context.resolver.location(of: log) } catch {
        return context.fail("\(log): \(error.description)")
      }
      do {
        try reader.read(file: onDisk, named: log)
      } catch {
        return context.fail("\(log): \(error.message)")
      }
    }
    let strict = command.flag("strict")
    for problem in reader.problems {
      let line = problem.description
      context.console.error(
        strict ? line + "\n" : line.replacingOccurrences(of: ": error: ", with: ": warning: ") + "\n")
    }
    if strict, !reader.problems.isEmpty { return .badInput }
    let subscribers = ReplaySubscribers(reader.entries)
    let outcome = BuiltInPolicyDispatch.open(
      entry.type, with: Visit(player: player, entries: reader.entries, subscribers: subscribers))
    var report = ReplayReport(
      files: logs.count, entries: reader.entries, subscribers: subscribers, problems: reader.problems,
      policy: name, outcome: outcome)
    if let newEntry {
      report.compared = newEntry.name
      report.differences = BuiltInPolicyDispatch.open(
        entry.type,
        with: CompareOld(
          player: player, entries: reader.entries, subscribers: subscribers, new: newEntry.type))
    }
    let text = command.value("format") == "json" ? report.json.serialized(.pretty) + "\n" : report.text
    if let status = context.emit(text) { return status }
    return report.passed ? .success : .checkFailed
  }

  private struct CompareOld: PolicyVisitor {
    let player: ReplayPlayer
    let entries: [ReplayEntry]
    let subscribers: ReplaySubscribers
    let new: any EntitlementPolicy.Type
    func visit<Old: EntitlementPolicy>(_ type: Old.Type) -> [ReplayPlayer.Difference] {
      BuiltInPolicyDispatch.open(
        new, with: CompareNew<Old>(player: player, entries: entries, subscribers: subscribers))
    }
  }

  private struct CompareNew<Old: EntitlementPolicy>: PolicyVisitor {
    let player: ReplayPlayer
    let entries: [ReplayEntry]
    let subscribers: ReplaySubscribers
    func visit<New: EntitlementPolicy>(_ type: New.Type) -> [ReplayPlayer.Difference] {
      player.compare(Old.self, type, entries: entries, subscribers: subscribers)
    }
  }

  private struct Visit: PolicyVisitor {
    let player: ReplayPlayer
    let entries: [ReplayEntry]
    let subscribers: ReplaySubscribers
    func visit<Policy: EntitlementPolicy>(_ type: Policy.Type) -> ReplayPlayer.Outcome {
      player.play(type, entries: entries, subscribers: subscribers)
    }
  }
}
