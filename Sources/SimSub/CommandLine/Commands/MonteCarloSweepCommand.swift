import Dispatch
import Foundation

/// `simsub montecarlo FILE.pop --sweep KEY=V1,V2,... [--sweep KEY2=...] [--compare POLICY]`:
/// plays the population at each value of one setting (or each point of a grid of two) on the
/// same random draws (``MonteCarloSweepRunner``) and reports every estimate per value with its
/// paired difference from the first; with `--compare`, the compared policy at every value too,
/// paired with the primary.
///
/// Everything is checked before anything runs: the keys (a misspelt one named with the nearest
/// known key), every value (decoded as the file would hold it), and the options a sweep does
/// not take (`--shard`, a policy file, a third `--sweep`); each is a usage error, status 2. Only
/// the primary policy at the first value decides the exit status.
enum MonteCarloSweepCommand {
  static func run(_ context: CommandContext, path: String, options: MonteCarloCommand.Options) -> ExitStatus {
    let command = context.command
    func refuse(_ message: String) -> ExitStatus {
      context.usage(.invalid(message, commandPath: command.path))
    }
    let texts = command.values("sweep")
    guard !texts.isEmpty else {
      return refuse("--sweep-metric is for a sweep: give --sweep KEY=V1,V2,...")
    }
    if options.shard != .whole {
      return refuse("--shard and --sweep together are not supported: a sweep plays the whole population")
    }
    let sweep: SweepGrid
    do {
      var axes: [PopulationSweep] = []
      for text in texts { axes.append(try PopulationSweep(parsing: text)) }
      sweep = try SweepGrid(axes)
    } catch {
      return refuse(error.message)
    }
    var metric = MonteCarloSweepResult.defaultMetric
    if let name = command.value("sweep-metric") {
      guard let found = Metric.allCases.first(where: { $0.key == name }) else {
        var message = "unknown --sweep-metric '\(name)'"
        if let near = Spelling.suggestion(for: name, among: Metric.allCases.map(\.key)) {
          message += ". Did you mean '\(near)'?"
        }
        message += " The metrics are: \(Metric.allCases.map(\.key).joined(separator: ", "))"
        return refuse(message)
      }
      metric = found
    }
    let pictures = pictures(command)
    if let refused = context.checkOutputs(inputs: [path], also: pictures) { return refused }
    let loaded: (root: YAMLNode, population: Population)
    do {
      loaded = try PopulationLoader.loadDocument(path: try context.resolver.resolve(path))
    } catch let error as PopulationLoader.Failure {
      context.console.error(error.rendered + "\n")
      return .badInput
    } catch let error as PathResolutionError {
      return context.fail(error.description)
    } catch {
      return context.fail("\(error)")
    }
    var populations: [Population]
    do {
      populations = try sweep.populations(loaded.root, path: loaded.population.path)
    } catch {
      return refuse(error.message)
    }
    let policyName = options.policy ?? loaded.population.policy
    var entries: [PolicyRegistry.Entry] = []
    for (name, base) in [(policyName, options.policy == nil ? nil : context.resolver.baseDirectory)]
      + (options.compare.map { [($0, context.resolver.baseDirectory)] } ?? [])
    {
      let selection: PolicySelection
      do {
        selection = try PolicySelection.resolve(name, relativeTo: base)
      } catch {
        return context.fail(error.description)
      }
      guard case .builtIn(let builtIn) = selection, let entry = PolicyRegistry.entry(named: builtIn) else {
        return refuse(
          "--sweep plays built-in policies; a policy file ('\(selection.name)') is not supported yet")
      }
      entries.append(entry)
    }
    if entries.count == 2, entries[0].name == entries[1].name {
      return refuse("--compare names the policy already played ('\(entries[1].name)'); name another one")
    }
    let name = entries[0].name
    for i in populations.indices {
      populations[i].path = path
      populations[i].policy = name
      if let users = options.users { populations[i].users = users }
      if let seed = options.seed { populations[i].seed = seed }
      if let horizon = options.horizon { populations[i].horizon = horizon }
    }
    var plans: [PopulationPlan] = []
    for (p, population) in populations.enumerated() {
      do {
        plans.append(try PopulationPlan(population))
      } catch {
        return refuse("--sweep \(sweep.label(p)): \(error.message)")
      }
    }

    let stop = MonteCarloStop()
    let interrupt = MonteCarloCommand.Interrupt(stop: stop)
    let progress = context.facts.showsProgress ? MonteCarloCommand.Progress(console: context.console) : nil
    var onProgress: (@Sendable (UInt64, UInt64) -> Void)?
    if let progress { onProgress = { done, total in progress.show(done, of: total) } }
    let runOptions = MonteCarloRunner.Options(threads: options.threads, stop: stop, progress: onProgress)
    let began = DispatchTime.now().uptimeNanoseconds
    let played = MonteCarloSweepRunner.run(
      plans, policy: entries[0].type, compared: entries.count == 2 ? entries[1].type : nil,
      options: runOptions)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
    progress?.clear()
    interrupt.end()
    guard var runs = played?.runs else {
      context.console.error("simsub: interrupted; nothing written\n")
      interrupt.reraise()
      return .badInput
    }
    let users = populations[0].users
    context.console.error(
      "simsub: played \(Plural.count(users, as: Format.grouped(Int64(users)), "subscriber")) × \(populations[0].horizon) at \(Plural.count(plans.count, sweep.isGrid ? "point" : "value")) of \(sweep.key)\(entries.count == 2 ? " with \(entries[0].name) and \(entries[1].name)" : "") in \(Format.fixed(seconds, decimals: 2)) s on \(Plural.count(options.threads, "thread"))\n"
    )
    // The baseline's counterexamples, as its plain run writes them; the other values'
    // violations are findings.
    if runs[0].sawViolation(policy: 0) {
      do {
        let written = try CounterexampleWriter.write(
          runs[0], plan: plans[0],
          directory: options.counterexamples ?? CounterexampleWriter.defaultDirectory,
          policyFiles: [])
        runs[0] = written.result
        for line in written.missing {
          context.console.error("simsub: warning: no counterexample for \(line)\n")
        }
      } catch {
        return context.fail(error.description)
      }
    }
    return emit(
      MonteCarloSweepResult(sweep: sweep, metric: metric, runs: runs, compared: played?.compared),
      context: context)
  }

  /// The chart written beside a Markdown report given `--output`.
  static func pictures(_ command: ParsedCommand) -> [(option: String, path: String)] {
    MonteCarloOutput.pictures(command)
  }

  static func emit(_ result: MonteCarloSweepResult, context: CommandContext) -> ExitStatus {
    MonteCarloOutput.emit(
      MonteCarloOutput.Report(
        json: { MonteCarloSweepJSON.render(result) }, html: { _ in MonteCarloSweepHTMLReport.render(result) },
        markdown: { MonteCarloSweepMarkdownReport.render(result, picture: $0) },
        text: { MonteCarloSweepTextReport(colour: $0).render(result) },
        svg: { MonteCarloSweepCharts.svg(result) },
        passed: result.passed),
      context: context)
  }
}
