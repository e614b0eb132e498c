import Foundation
import SubscriptionPolicy

/// `simsub replay LOG...`: a production notification log played through a policy, built in or
/// a policy file's.
enum ReplayCommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    let command = context.command
    let began = Instant(secondsSinceEpoch: Int64(Date().timeIntervalSince1970))
    let name = command.value("policy") ?? "reference"
    guard let policy = context.policySelection(name) else { return .badInput }
    var compared: PolicySelection?
    if let other = command.value("compare") {
      guard let found = context.policySelection(other) else { return .badInput }
      compared = found
      // The policy is played twice, alone and beside the other: a server simsub does not start
      // would hear every story twice.
      if case .file(let file) = policy, case .server(let server) = file.mode, server.start == nil {
        return context.fail(
          "\(name) is a server simsub does not start, which hears each subscriber once: replay it with --compare only (--policy BUILT-IN --compare \(name)), or give its policy file a 'start:'"
        )
      }
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
    switch played(
      policy, context: context, settings: stream.settings, { ReplayDispatch.play($0, stream: stream) })
    {
    case .played(.success(let done)): (index, outcome) = done
    case .played(.failure(let error)): return context.fail("\(error.file): \(error.message)")
    case .failed(let status): return status
    }
    if strict, !index.problems.isEmpty { return .badInput }
    var report = ReplayReport(files: logs.count, index: index, policy: policy.name, outcome: outcome)
    if let compared {
      report.compared = compared.name
      let differences = played(policy, compared, context: context, settings: stream.settings) {
        ReplayDispatch.compare($0, $1, stream: stream)
      }
      switch differences {
      case .played(.success(let done)): report.differences = done.result
      case .played(.failure(let error)): return context.fail("\(error.file): \(error.message)")
      case .failed(let status): return status
      }
    }
    // The listed violators' timelines and, with --counterexamples, their scenarios: their
    // notifications read again and played again through the policy, a policy file's started
    // afresh. A server simsub does not start has heard every story already: no timelines.
    let wanted = ReplayCounterexampleWriter.wanted(report)
    let directory = command.value("counterexamples")
    if !wanted.isEmpty {
      let stories: (entries: [ReplayEntry], groups: [Int: ReplaySubscribers.Group])
      do { stories = try stream.entries(of: wanted) } catch {
        return context.fail("\(error.file): \(error.message)")
      }
      var heardOnce = false
      if case .file(let file) = policy, case .server(let server) = file.mode {
        heardOnce = server.start == nil
      }
      let absolute = directory.map {
        $0.hasPrefix("/")
          ? $0 : ((context.resolver.baseDirectory ?? ".") as NSString).appendingPathComponent($0)
      }
      let after = played(policy, context: context, settings: stream.settings) { choice in
        if !heardOnce {
          report.timelines = ReplayTimeline.play(
            stories, policy: choice, step: player.step, settings: stream.settings)
        }
        guard let directory, let absolute else {
          return Result<Void, CounterexampleWriter.Failure>.success(())
        }
        let through: (file: PolicyFile, connection: ExternalPolicyConnection)? =
          switch (policy, choice) {
          case (.file(let file), .file(let connection)): (file, connection)
          default: nil
          }
        return Result { () throws(CounterexampleWriter.Failure) in
          (report.counterexamples, report.missingCounterexamples) = try ReplayCounterexampleWriter.write(
            report, stories: stories, player: player, logs: logs, directory: absolute, shownAs: directory,
            through: through)
        }
      }
      switch after {
      case .played(.success): break
      case .played(.failure(let error)): return context.fail("\(error)")
      case .failed(let status): return status
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

  /// What `play` gave, or the exit status once the reason is reported when a policy file's
  /// policy could not start or failed during the play.
  private enum Played<T> {
    case played(T)
    /// 1 (the policy failed), or 2 when simsub refused to start its server
    /// (``ExternalPolicyFailure/exitStatus``).
    case failed(ExitStatus)
  }

  /// `play` with `selections` opened (``ReplayPolicyChoice/opening(_:settings:console:)``) and
  /// closed after, or the exit status once the reason is reported when a policy file's policy
  /// could not start or failed during the play.
  private static func played<T>(
    _ selections: PolicySelection..., context: CommandContext, settings: PolicySettings,
    _ play: ([ReplayPolicyChoice]) -> T
  ) -> Played<T> {
    var opened: [(choice: ReplayPolicyChoice, close: () -> Void)] = []
    defer { for o in opened.reversed() { o.close() } }
    do throws(ExternalPolicyFailure) {
      for selection in selections {
        opened.append(try ReplayPolicyChoice.opening(selection, settings: settings, console: context.console))
      }
    } catch {
      context.console.error("Error: \(error)\n")
      return .failed(error.exitStatus)
    }
    let result = play(opened.map(\.choice))
    if let failure = opened.lazy.compactMap(\.choice.failure).first {
      context.console.error("Error: \(failure)\n")
      return .failed(failure.exitStatus)
    }
    return .played(result)
  }

  private static func played<T>(
    _ selection: PolicySelection, context: CommandContext, settings: PolicySettings,
    _ play: (ReplayPolicyChoice) -> T
  ) -> Played<T> {
    played(selection, context: context, settings: settings) { play($0[0]) }
  }

  private static func played<T>(
    _ old: PolicySelection, _ new: PolicySelection, context: CommandContext, settings: PolicySettings,
    _ play: (ReplayPolicyChoice, ReplayPolicyChoice) -> T
  ) -> Played<T> {
    played(old, new, context: context, settings: settings) { play($0[0], $0[1]) }
  }
}
