import Dispatch
import Foundation

/// `simsub montecarlo FILE.pop`: plays a population and reports the estimates.
///
/// Every option is checked before anything runs (a bad one is a usage error, status 2). The
/// report is written only once the whole population has played, atomically with `--output`;
/// Ctrl-C stops the workers and leaves nothing written. Exit status 0 when no policy played
/// locked out a subscriber the store entitled or gave free access, 1 when one did.
enum MonteCarloCommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    guard let path = context.command.argument("file").first else { return .badInput }
    if path.lowercased().hasSuffix(".scn") {
      return context.fail("'\(path)' is a scenario file, not a population: play it with 'simsub run \(path)'")
    }
    let options: Options
    do {
      options = try Options(context.command)
    } catch {
      return context.usage(error)
    }
    if !context.command.values("sweep").isEmpty || context.command.value("sweep-metric") != nil {
      return MonteCarloSweepCommand.run(context, path: path, options: options)
    }
    let pictures = MonteCarloOutput.pictures(context.command)
    if let refused = context.checkOutputs(inputs: [path], also: pictures) { return refused }
    var population: Population
    do {
      population = try PopulationLoader.load(path: try context.resolver.resolve(path))
    } catch let error as PopulationLoader.Failure {
      context.console.error(error.rendered + "\n")
      return .badInput
    } catch let error as PathResolutionError {
      return context.fail(error.description)
    } catch {
      return context.fail("\(error)")
    }
    population.path = path
    if let users = options.users { population.users = users }
    if let seed = options.seed { population.seed = seed }
    if let horizon = options.horizon { population.horizon = horizon }
    var policies: [PolicySelection] = []
    do {
      if let policy = options.policy {
        population.policy = policy
        policies.append(try PolicySelection.resolve(policy, relativeTo: context.resolver.baseDirectory))
      } else {
        // The file's own `policy:`, a built-in name or a path already joined to its directory.
        policies.append(try PolicySelection.resolve(population.policy))
      }
      if let compare = options.compare {
        policies.append(try PolicySelection.resolve(compare, relativeTo: context.resolver.baseDirectory))
      }
    } catch {
      if case .file = error {
        context.console.error(
          error.description.hasSuffix("\n") ? error.description : error.description + "\n")
        return .badInput
      }
      return context.fail(error.description)
    }
    if policies.count == 2, policies[0].name == policies[1].name {
      return context.usage(
        .invalid(
          "--compare names the policy already played ('\(policies[1].name)'); name another one",
          commandPath: context.command.path))
    }
    // A cohort group of a store a policy file takes no notifications of is not played: the
    // others' shares are scaled up to fill the population, and the note says so.
    for case .file(let file) in policies {
      let (kept, skipped) = population.cohort.reduce(into: ([CohortGroup](), [(CohortGroup, String)]())) {
        groups, group in
        let webhook = group.channel.webhookName(of: group.store)
        if file.servedWebhooks.contains(webhook) {
          groups.0.append(group)
        } else {
          groups.1.append((group, "the policy takes no \(webhook) notifications"))
        }
      }
      guard !skipped.isEmpty else { continue }
      for (group, reason) in skipped {
        context.console.error(
          "note: cohort group \(group.store.name) \(group.product.id) (\(Format.percent(group.share)) of subscribers) skipped: \(reason)\n"
        )
      }
      guard !kept.isEmpty else {
        return context.fail(
          "\(path): every cohort group is of a store \(file.name) takes no notifications of")
      }
      let total = kept.reduce(0) { $0 + $1.share }
      population.cohort = kept.map { group in
        var group = group
        group.share /= total
        return group
      }
    }
    let plan: PopulationPlan
    do {
      plan = try PopulationPlan(population)
    } catch {
      return context.fail("\(path): \(error.message)")
    }

    let stop = MonteCarloStop()
    let interrupt = Interrupt(stop: stop)
    let progress = context.facts.showsProgress ? Progress(console: context.console) : nil
    var onProgress: (@Sendable (UInt64, UInt64) -> Void)?
    if let progress { onProgress = { done, total in progress.show(done, of: total) } }
    let runOptions = MonteCarloRunner.Options(
      threads: options.threads, shard: options.shard, stop: stop, progress: onProgress)
    let began = DispatchTime.now().uptimeNanoseconds
    let played: MonteCarloResult?
    let files = Set(
      policies.compactMap { selection -> String? in
        if case .file(let file) = selection { return file.name }
        return nil
      })
    if files.isEmpty {
      do {
        played = try MonteCarloRunner.run(plan, policies: policies.map(\.name), options: runOptions)
      } catch {
        interrupt.end()
        return context.fail(error.description)
      }
    } else {
      // Through the file's process (one per thread) or server; its failure ends the run.
      switch MonteCarloPolicyFileRun.run(
        plan, policies: policies, options: runOptions, console: context.console)
      {
      case .played(let result): played = result
      case .stopped: played = nil
      case .failed(let failure):
        progress?.clear()
        interrupt.end()
        context.console.error("Error: \(failure)\n")
        return failure.exitStatus
      }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
    progress?.clear()
    interrupt.end()
    guard var result = played else {
      context.console.error("simsub: interrupted; nothing written\n")
      interrupt.reraise()
      return .badInput
    }
    let slice = options.shard.subscribers(of: population.users)
    context.console.error(
      throughput(subscribers: slice.count, setup: result.setup, seconds: seconds, threads: options.threads))
    if result.firstViolations.contains(where: { $0.lockout != nil || $0.freeAccess != nil }) {
      do {
        let written = try CounterexampleWriter.write(
          result, plan: plan, directory: options.counterexamples ?? CounterexampleWriter.defaultDirectory,
          policyFiles: files)
        result = written.result
        for line in written.missing {
          context.console.error("simsub: warning: no counterexample for \(line)\n")
        }
      } catch {
        return context.fail(error.description)
      }
    }
    return MonteCarloOutput.emit(result, context: context)
  }

  /// `played 1,000,000 subscribers × 365d in 0.84 s on 2 threads: 1.19 million subscriber-years/s`.
  static func throughput(subscribers: Int, setup: RunSetup, seconds: Double, threads: Int) -> String {
    let years =
      Double(subscribers) * Double(setup.horizon.seconds) / (365 * 86_400) * Double(setup.policies.count)
    let rate = seconds > 0 ? years / seconds : 0
    let rateText =
      rate >= 1e6 ? "\(Format.fixed(rate / 1e6, decimals: 2)) million" : Format.fixed(rate, decimals: 0)
    let plays = setup.policies.count == 2 ? " under 2 policies" : ""
    return
      "simsub: played \(Plural.count(subscribers, as: Format.grouped(Int64(subscribers)), "subscriber")) × \(setup.horizon)\(plays) in \(Format.fixed(seconds, decimals: 2)) s on \(Plural.count(threads, "thread")): \(rateText) subscriber-years/s\n"
  }

  /// The command's options, converted and checked.
  struct Options {
    var users: Int?
    var seed: UInt64?
    var horizon: TimeSpan?
    var policy: String?
    var compare: String?
    var threads: Int
    var shard: Shard
    var counterexamples: String?

    init(_ command: ParsedCommand) throws(UsageError) {
      users = try command.value(
        "users", as: { Int($0).flatMap { (1...PopulationDecoder.maximumUsers).contains($0) ? $0 : nil } },
        reason: "expected a whole number from 1 to \(PopulationDecoder.maximumUsers)")
      seed = try command.value(
        "seed", as: PopulationDecoder.parseSeed, reason: "expected a whole number from 0 to \(UInt64.max)")
      horizon = try command.value(
        "horizon",
        as: { text in
          guard let span = try? DurationSyntax.parse(text).get(), span.seconds > 0,
            span <= PopulationDecoder.maximumHorizon
          else { return nil }
          return span
        },
        reason: "expected a duration such as '365d', at most \(PopulationDecoder.maximumHorizon.wholeDays)d")
      policy = try command.policyName("policy")
      compare = try command.policyName("compare")
      threads =
        try command.value(
          "threads", as: { Int($0).flatMap { (1...1024).contains($0) ? $0 : nil } },
          reason: "expected a whole number from 1 to 1024")
        ?? ProcessInfo.processInfo.activeProcessorCount
      shard =
        try command.value(
          "shard", as: Shard.init(parsing:),
          reason: "expected k/n with 1 ≤ k ≤ n, such as 1/4 (shards count from 1)")
        ?? .whole
      counterexamples = command.value("counterexamples")
    }
  }

  /// The progress line on standard error, redrawn in place.
  final class Progress: @unchecked Sendable {
    let console: any Console
    init(console: any Console) { self.console = console }

    func show(_ done: UInt64, of total: UInt64) {
      let percent = total == 0 ? 100 : done * 100 / total
      console.error(
        "\r\u{1B}[2K  \(percent)% (\(Format.grouped(done)) of \(Plural.count(total, as: Format.grouped(total), "subscriber")))"
      )
    }

    func clear() { console.error("\r\u{1B}[2K") }
  }

  /// Ctrl-C: while a run lasts, SIGINT asks the workers to stop instead of ending the process,
  /// so nothing half-written is left; afterwards it ends the program again. Only where the
  /// executable handles the signals (``TerminationSignals``); run in-process, the host's own
  /// handling of SIGINT applies.
  final class Interrupt: Sendable {
    init(stop: MonteCarloStop) {
      TerminationSignals.setInterruptHandler { stop.stop() }
    }

    func end() { TerminationSignals.setInterruptHandler(nil) }

    /// Ends the process by SIGINT, as the shell expects of a program the user interrupted
    /// (status 130 in a shell).
    func reraise() {
      if TerminationSignals.isInstalled { TerminationSignals.end(by: SIGINT) }
    }
  }
}

/// Rendering a result in the chosen format, writing it, and the exit status, shared by
/// `montecarlo` and `merge`.
enum MonteCarloOutput {
  /// The file ``emit(_:context:)`` writes besides `--output` and `--svg`: a Markdown report's
  /// picture.
  static func pictures(_ command: ParsedCommand) -> [(option: String, path: String)] {
    guard command.value("format") == "markdown", let output = command.value("output") else { return [] }
    return [
      (option: "the picture of --output", path: MonteCarloMarkdownReport.picturePath(forReport: output))
    ]
  }

  static func emit(_ result: MonteCarloResult, context: CommandContext) -> ExitStatus {
    emit(
      Report(
        json: { MonteCarloResultJSON.render(result) },
        html: { MonteCarloHTMLReport.render(result, outputDirectory: $0) },
        markdown: { MonteCarloMarkdownReport.render(result, picture: $0) },
        text: { MonteCarloTextReport(colour: $0).render(result) }, svg: { MonteCarloCharts.svg(result) },
        passed: result.passed),
      context: context)
  }

  /// One run's report in every format: a plain run's or a sweep's.
  struct Report {
    var json: () -> String
    /// Given the directory the page is written to, for links to counterexample files.
    var html: (String?) -> String
    /// Given the file name of the picture beside the report, when it is written to a file.
    var markdown: (String?) -> String
    /// Given whether to colour the text.
    var text: (Bool) -> String
    /// The picture of `--svg` and of a Markdown report written to a file.
    var svg: () -> String
    var passed: Bool
  }

  /// Writes `report` in the command's `--format` to `--output` (or standard output), and the
  /// pictures beside it; the exit status is the run's verdict.
  static func emit(_ report: Report, context: CommandContext) -> ExitStatus {
    let text: String
    switch context.command.value("format") ?? "text" {
    case "json": text = report.json()
    case "html":
      // Links to counterexample files are relative to where the page is written.
      let directory = context.command.value("output").map { ($0 as NSString).deletingLastPathComponent }
      text = report.html(directory.map { $0.isEmpty ? "." : $0 })
    case "markdown":
      // Written to a file, a Markdown report gets its picture beside it.
      guard let output = context.command.value("output") else {
        text = report.markdown(nil)
        break
      }
      let picture = MonteCarloMarkdownReport.picturePath(forReport: output)
      do {
        try AtomicFile.write(report.svg(), to: picture)
      } catch {
        return context.fail(error.description)
      }
      text = report.markdown((picture as NSString).lastPathComponent)
    default:
      text = report.text(context.command.value("output") == nil && context.facts.style == .colour)
    }
    if let svg = context.command.value("svg") {
      do { try AtomicFile.write(report.svg(), to: svg) } catch {
        return context.fail(error.description)
      }
    }
    if let failure = context.emit(text) { return failure }
    return report.passed ? .success : .checkFailed
  }
}
