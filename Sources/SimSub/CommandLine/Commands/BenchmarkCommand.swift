import Foundation

/// `simsub benchmark`: prints the scenario layer's speed figures beside their targets.
enum BenchmarkCommand {
  static func run(_ context: CommandContext) -> ExitStatus {
    let repetitions: Int
    do { repetitions = try context.command.integer("repeat", minimum: 1) ?? 5 } catch {
      return context.usage(error)
    }
    let only = context.command.value("only")
    #if DEBUG
      let build = "debug (targets are for release: swift run -c release simsub benchmark)"
    #else
      let build = "release"
    #endif
    var text = "simsub benchmark — \(build), best of \(repetitions)\n"
    if only == nil || only == "scenarios" {
      let root = context.command.argument("path").first ?? "Scenarios"
      let resolved: String
      do { resolved = try context.resolver.resolve(root) } catch { return context.fail(error.description) }
      let files = ScenarioFiles.isDirectory(resolved) ? ScenarioFiles.scenarios(under: resolved) : [resolved]
      let figures: ScenarioBenchmark.Figures
      do {
        figures = try ScenarioBenchmark.measure(libraryPaths: files, repetitions: repetitions)
      } catch let failure as ScenarioLoader.Failure {
        context.console.error(failure.rendered + "\n")
        return .badInput
      } catch {
        return context.fail("\(error)")
      }
      text += scenarioRows(figures, root: root)
    }
    if only == nil || only == "engine" {
      let engine: EngineBenchmark.Figures
      do { engine = try EngineBenchmark.measure(subscribers: 100_000) } catch {
        return context.fail("\(error)")
      }
      text += engineRows(engine)
    }
    if only == nil || only == "wire" {
      let wire: WireBenchmark.Figures
      do { wire = try WireBenchmark.measure(repetitions: repetitions) } catch {
        return context.fail("\(error)")
      }
      text += wireRows(wire)
    }
    if only == nil || only == "http" {
      let http: HTTPBenchmark.Figures
      do { http = try HTTPBenchmark.measure(repetitions: repetitions) } catch {
        return context.fail("\(error)")
      }
      text +=
        "  HTTP on loopback, one keep-alive connection, \(http.requestBytes)-byte requests, \(http.answerBytes)-byte JSON answers:\n"
      text += String(
        format:
          "    round trips, one at a time:   %9.0f requests/s (%.1f µs each, \(Plural.count(http.connections, "connection")))\n",
        http.requestsPerSecond, http.seconds / Double(http.requests) * 1e6)
    }
    if only == nil || only == "store-api" {
      let root = context.command.argument("path").first ?? "Scenarios"
      let resolved: String
      do { resolved = try context.resolver.resolve(root) } catch { return context.fail(error.description) }
      let files = ScenarioFiles.isDirectory(resolved) ? ScenarioFiles.scenarios(under: resolved) : [resolved]
      let figures: StoreAPIBenchmark.Figures
      do { figures = try StoreAPIBenchmark.measure(libraryPaths: files, repetitions: repetitions) } catch let
        failure as ScenarioLoader.Failure
      {
        context.console.error(failure.rendered + "\n")
        return .badInput
      } catch {
        return context.fail("\(error)")
      }
      text += storeAPIRows(figures, root: root)
    }
    if only == nil || only == "process" { text += policyProcessLines(context) }
    if only == nil || only == "server" { text += policyServerLines(context) }
    if only == nil || only == "replay" {
      let replay: ReplayBenchmark.Figures
      do { replay = try ReplayBenchmark.measure(repetitions: min(repetitions, 3)) } catch {
        return context.fail("\(error)")
      }
      text += replayRows(replay)
    }
    if only == nil || only == "sweep" { text += sweepLines(context, repetitions: min(repetitions, 3)) }
    context.console.out(text)
    return .success
  }

  private static func storeAPIRows(_ figures: StoreAPIBenchmark.Figures, root: String) -> String {
    var text =
      "  store APIs on loopback, \(Plural.count(figures.subscriptions, "subscription")) of \(Plural.count(figures.scenarios, "scenario")) under \(root) served at once, one GET at a time:\n"
    let width = figures.apis.map(\.api.title.count).max() ?? 0
    for f in figures.apis {
      text += String(
        format:
          "    \(f.api.title.rightPadded(to: width))  %9.0f requests/s (%.1f µs each, \(Plural.count(f.paths, "path")))\n",
        Double(f.requests) / f.seconds, f.seconds / Double(f.requests) * 1e6)
    }
    return text
  }

  private static func ms(_ s: Double) -> String { String(format: "%.2f ms", s * 1000) }

  private static func scenarioRows(_ figures: ScenarioBenchmark.Figures, root: String) -> String {
    let rows: [(String, Double, String)] = [
      (
        "check \(Plural.count(figures.libraryFiles, "scenario")) under \(root)", figures.librarySeconds,
        "target < 500 ms"
      ),
      ("five years, hourly step, sampled at events", figures.fiveYearEventSampledSeconds, "target < 20 ms"),
      (
        "five years, hourly step, sampled each step", figures.fiveYearStepSampledSeconds,
        "target < 20 ms  (\(Plural.count(figures.fiveYearSamples, "step")), \(Plural.count(figures.fiveYearRows, "event")))"
      ),
    ]
    let width = rows.map(\.0.count).max() ?? 0
    var text = ""
    for (label, seconds, target) in rows {
      text += "  \(label.rightPadded(to: width))  \(ms(seconds).leftPadded(to: 10))   \(target)\n"
    }
    return text
  }

  private static func engineRows(_ engine: EngineBenchmark.Figures) -> String {
    let perEvent = engine.seconds / Double(max(1, engine.events)) * 1e9
    var text =
      "  engine: \(Plural.count(engine.subscribers, "subscriber-year")), \(Plural.count(engine.events, "event")) in \(ms(engine.seconds)), "
    text += String(
      format: "%.1f ns/event, %.0f subscriber-years/s\n", perEvent,
      Double(engine.subscribers) / engine.seconds)
    if let allocations = engine.allocations {
      text += "  engine allocations in the measured loop: \(allocations) (target 0)\n"
    } else {
      text += "  engine allocations: not counted (run Tests/Benchmarks/count-allocations to count them)\n"
    }
    text += "  sizes of the values the engine moves, in bytes: \(EngineBenchmark.layout)\n"
    return text
  }

  private static func wireRows(_ wire: WireBenchmark.Figures) -> String {
    var text =
      "  App Store request bodies ({\"signedPayload\"} with two nested JWS, \(wire.bodyBytes) bytes each), one core:\n"
    text += String(
      format: "    decode, lossless:             %9.0f bodies/s   target ≥ 200,000/s\n", wire.decodesPerSecond
    )
    text += String(
      format: "    encode from the typed value:  %9.0f bodies/s   target ≥ 200,000/s\n", wire.encodesPerSecond
    )
    text += String(format: "    re-encode a changed document: %9.0f bodies/s\n", wire.reencodesPerSecond)
    text += String(
      format:
        "    write simsub's request:       %9.0f bodies/s   (Apple's header shape, placeholder signatures)\n",
      wire.requestsPerSecond)
    return text
  }

  private static func replayRows(_ replay: ReplayBenchmark.Figures) -> String {
    var text =
      "  replay (reference policy, RevenueCat renewals as received-request lines, \(Format.grouped(Int64(replay.subscribers))) subscribers all in flight):\n"
    for run in replay.runs {
      text += String(
        format:
          "    %2d months, %@ notifications: %9.0f notifications/s   target ≥ 200,000/s;  peak memory %.1f MiB (%@ in flight)\n",
        run.months, Format.grouped(Int64(run.notifications)), run.notificationsPerSecond,
        Double(run.peakBytes) / 1_048_576, Format.grouped(Int64(run.peakInFlight)))
    }
    return text
  }

  /// `relative`, a file of the repository, as an absolute path; `nil` when it is not there
  /// (the benchmark was run from elsewhere).
  private static func repositoryFile(_ relative: String, _ context: CommandContext) -> String? {
    guard let found = try? context.resolver.resolve(relative) else { return nil }
    let base = context.resolver.baseDirectory ?? FileManager.default.currentDirectoryPath
    return found.hasPrefix("/") ? found : (base as NSString).appendingPathComponent(found)
  }

  /// The policy server figures, when the Node example server and Node are there (from the
  /// repository's root); otherwise a line saying why they were not measured.
  private static func policyServerLines(_ context: CommandContext) -> String {
    let script = PolicyServerBenchmark.serverPath
    guard let path = repositoryFile(script, context) else {
      return "  policy server: not measured (\(script) not found; run from the repository's root)\n"
    }
    let root = context.command.argument("path").first ?? "Scenarios"
    guard let resolved = try? context.resolver.resolve(root) else {
      return "  policy server: not measured (\(root) not found)\n"
    }
    let files = ScenarioFiles.isDirectory(resolved) ? ScenarioFiles.scenarios(under: resolved) : [resolved]
    let figures: PolicyServerBenchmark.Figures
    do { figures = try PolicyServerBenchmark.measure(server: path, libraryPaths: files) } catch {
      return "  policy server: not measured (\("\(error)".split(separator: "\n").first ?? ""))\n"
    }
    var text =
      "  policy server (node \(script)), the deliveries and questions of \(root) (\(figures.requests) requests):\n"
    text += String(
      format: "    one at a time:                %9.0f requests/s\n", figures.oneAtATimePerSecond)
    text += String(
      format: "    %d threads at once:            %9.0f requests/s\n", figures.concurrency,
      figures.concurrentPerSecond)
    return text
  }

  /// The policy process figures, when the echo adapter and Node are there (from the repository's
  /// root); otherwise a line saying why they were not measured.
  private static func policyProcessLines(_ context: CommandContext) -> String {
    let adapter = PolicyProcessBenchmark.adapterPath
    guard let path = repositoryFile(adapter, context) else {
      return "  policy process: not measured (\(adapter) not found; run from the repository's root)\n"
    }
    let figures: PolicyProcessBenchmark.Figures
    do { figures = try PolicyProcessBenchmark.measure(adapter: path) } catch {
      return "  policy process: not measured (\(error.description.split(separator: "\n").first ?? ""))\n"
    }
    var text = "  policy process (node \(adapter)), decide round trips:\n"
    text += String(format: "    one at a time:                %9.0f /s\n", figures.oneAtATimePerSecond)
    text += String(
      format: "    %d in flight (pipelined):     %9.0f /s\n", figures.depth, figures.pipelinedPerSecond)
    return text + monteCarloPolicyFileLines(context)
  }

  /// Monte Carlo through the CustomerInfo adapter, when it and the population are there (from
  /// the repository's root).
  private static func monteCarloPolicyFileLines(_ context: CommandContext) -> String {
    let (pop, policy) = (
      MonteCarloPolicyFileBenchmark.populationPath, MonteCarloPolicyFileBenchmark.policyPath
    )
    guard let population = repositoryFile(pop, context), let file = repositoryFile(policy, context) else {
      return "  Monte Carlo through a policy process: not measured (\(pop) or \(policy) not found)\n"
    }
    let figures: MonteCarloPolicyFileBenchmark.Figures
    do { figures = try MonteCarloPolicyFileBenchmark.measure(population: population, policy: file) } catch {
      return
        "  Monte Carlo through a policy process: not measured (\(error.description.split(separator: "\n").first ?? ""))\n"
    }
    var text =
      "  Monte Carlo through a policy process (\(policy)), \(pop), \(Format.grouped(Int64(figures.users))) subscribers, \(Plural.count(figures.threads, "thread")):\n"
    text += String(
      format: "    subscriber-years/s:           %9.0f (%.2f s; target ≥ 2,000)\n",
      figures.subscriberYearsPerSecond,
      figures.seconds)
    return text
  }

  /// A sweep of four App Store grace lengths against one plain run of typical.pop.
  private static func sweepLines(_ context: CommandContext, repetitions: Int) -> String {
    let pop = MonteCarloSweepBenchmark.populationPath
    guard let population = repositoryFile(pop, context) else {
      return "  Monte Carlo sweep: not measured (\(pop) not found; run from the repository's root)\n"
    }
    let f: MonteCarloSweepBenchmark.Figures
    do { f = try MonteCarloSweepBenchmark.measure(population: population, repetitions: repetitions) } catch {
      return "  Monte Carlo sweep: not measured (\(error.description))\n"
    }
    var text =
      "  Monte Carlo sweep \(MonteCarloSweepBenchmark.sweep), \(pop), \(Format.grouped(Int64(f.users))) subscribers, \(Plural.count(f.threads, "thread")):\n"
    text += String(format: "    one plain run:                %9.2f s\n", f.plainSeconds)
    text += String(
      format: "    sweep of %d values:            %9.2f s = %.2f × %d plain runs (target ≤ 1)\n", f.values,
      f.sweepSeconds, f.ratio, f.values)
    return text
  }
}
