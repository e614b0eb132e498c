import Foundation

/// `simsub run` and `simsub check`.
enum ScenarioCommands {
  static func run(_ context: CommandContext) -> ExitStatus {
    // With no scenario played there is nothing to report: the diagnostics are on standard
    // error and nothing is written.
    guard let plays = load(context, paths: context.command.argument("file"), recursive: false) else {
      return .badInput
    }
    if plays.badPolicy || plays.policyFailure != nil { return report(context, plays, timeline: true) }
    guard !plays.results.isEmpty || !plays.skipped.isEmpty else { return .badInput }
    if let path = context.command.value("svg") {
      do {
        try AtomicFile.write(ScenarioSVGReport.render(plays.results), to: path)
      } catch {
        return context.fail(error.description)
      }
    }
    return report(context, plays, timeline: true)
  }

  static func check(_ context: CommandContext) -> ExitStatus {
    var paths = context.command.argument("path")
    if paths.isEmpty { paths = ["Scenarios"] }
    guard let plays = load(context, paths: paths, recursive: true) else { return .badInput }
    return report(context, plays, timeline: false)
  }

  /// The scenarios played, and what the JUnit report says of the run: when it began, where,
  /// and how long each scenario took to load and play.
  struct Plays {
    var results: [ScenarioResult] = []
    /// The files that could not be played, their diagnostics printed on standard error.
    var refused: [RefusedScenario] = []
    var run: ScenarioJUnitReport.Run
    /// The policy file's policy failed (it could not start, or stopped answering): the run
    /// ends with its message and exit status 1.
    var policyFailure: ExternalPolicyFailure?
    /// The policy file named is not a valid one (its diagnostics printed): exit status 2.
    var badPolicy = false
    /// Scenarios not played, each with why: written for a known-bad policy other than the one
    /// `check --policy` plays (``writtenForAnotherPolicy(_:played:)``), of a store the policy
    /// file takes no notifications of, or of a store `--store` leaves out.
    var skipped: [SkippedScenario] = []
  }

  /// Loads and plays every scenario that can be, printing the diagnostics of those that
  /// cannot; `nil` only for a usage error (a bad `--step` or `--policy`), before any file.
  static func load(
    _ context: CommandContext, paths: [String], recursive: Bool, checksOutputs: Bool = true
  ) -> Plays? {
    // The options first, as usage errors, before any file is looked at. A step of zero would
    // never advance the clock: it is refused here like any other bad value, rather than
    // reaching the engine; the reason is the duration parser's own.
    var step: TimeSpan?
    if let text = context.command.value("step") {
      switch DurationSyntax.parse(text) {
      case .success(let span) where span.seconds > 0:
        step = span
      case .success:
        return usage(
          context, context.command.invalidValue(text, for: "step", reason: "a step must be longer than 0"))
      case .failure(let failure):
        return usage(context, context.command.invalidValue(text, for: "step", reason: failure.message))
      }
    }
    var concurrency = 1
    do { concurrency = try context.command.integer("concurrency", minimum: 1) ?? 1 } catch {
      return usage(context, error)
    }
    var stores: Set<String>?
    if let text = context.command.value("store") {
      let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      let known = PolicyFile.Webhooks.storeKeys
      if let unknown = names.first(where: { !known.contains($0) }) {
        return usage(
          context,
          context.command.invalidValue(
            text, for: "store", reason: "'\(unknown)' is not a store: use \(known.joined(separator: ", "))"))
      }
      stores = Set(names)
    }
    // A built-in name, or a policy file: a file's mistakes are bad input, reported before any
    // scenario is read.
    var selection: PolicySelection?
    if let argument = context.command.value("policy") {
      do {
        selection = try PolicySelection.resolve(argument, relativeTo: context.resolver.baseDirectory)
      } catch {
        if case .file = error {
          context.console.error(
            error.description.hasSuffix("\n") ? error.description : error.description + "\n")
          return Plays(run: ScenarioJUnitReport.Run(timestamp: .distantPast, hostname: ""), badPolicy: true)
        }
        return usage(
          context, context.command.invalidValue(argument, for: "policy", reason: error.description))
      }
    }
    // A file that cannot be found, read, decoded or played is reported as a failure of its
    // own, beside the others' results: one bad file does not hide the rest.
    var files: [String] = []
    var refused: [RefusedScenario] = []
    for path in paths {
      do {
        let resolved = try context.resolver.resolve(path)
        if ScenarioFiles.isDirectory(resolved) {
          guard recursive else {
            refused.append(
              RefusedScenario(
                path: path,
                rendered:
                  "Error: '\(path)' is a directory: 'simsub check \(path)' plays every scenario under it"))
            continue
          }
          let found = ScenarioFiles.scenarios(under: resolved)
          if found.isEmpty {
            refused.append(RefusedScenario(path: path, rendered: "Error: no .scn files under '\(path)'"))
          }
          files += found
        } else if resolved.lowercased().hasSuffix(".pop") {
          refused.append(
            RefusedScenario(
              path: path,
              rendered:
                "Error: '\(path)' is a population file, not a scenario: play it with 'simsub montecarlo \(path)'"
            ))
        } else {
          files.append(resolved)
        }
      } catch {
        refused.append(RefusedScenario(path: path, rendered: "Error: \(error.description)"))
      }
    }
    // Outputs over inputs, or over each other, before any scenario is read.
    if checksOutputs, context.checkOutputs(inputs: files) != nil { return nil }
    var plays = Plays(
      run: ScenarioJUnitReport.Run(
        timestamp: Instant(secondsSinceEpoch: Int64(Date().timeIntervalSince1970)),
        hostname: ProcessInfo.processInfo.hostName))
    var scenarios: [Scenario] = []
    for file in files {
      do {
        let scenario = try ScenarioLoader.load(path: file)
        // `check --policy` leaves out the scenarios written for another known-bad policy.
        if recursive, let selection, writtenForAnotherPolicy(scenario, played: selection) {
          plays.skipped.append(
            SkippedScenario(
              path: scenario.path,
              reason: "written for a known-bad policy: \(scenario.policy), whose behaviour it describes"))
        } else if let stores,
          let other = scenario.subscriptions.first(where: { !stores.contains($0.webhookName) })
        {
          plays.skipped.append(
            SkippedScenario(path: scenario.path, reason: "--store leaves out \(other.webhookName)"))
        } else {
          scenarios.append(scenario)
        }
      } catch {
        refused.append(RefusedScenario(path: file, rendered: error.rendered))
      }
    }
    let batch = ScenarioBatch.play(
      scenarios, override: selection, step: step, concurrency: concurrency, console: context.console)
    plays.results = batch.played.map(\.result)
    plays.run.seconds = batch.played.map(\.seconds)
    plays.policyFailure = batch.failure
    plays.skipped += batch.skipped
    refused += batch.refused
    // Each problem on its own lines, as compilers print diagnostics: no blank lines.
    if !refused.isEmpty {
      context.console.error(
        refused.map { $0.rendered.hasSuffix("\n") ? $0.rendered : $0.rendered + "\n" }.joined())
    }
    plays.refused = refused
    return plays
  }

  /// Whether `scenario` demonstrates a known-bad built-in policy other than the one
  /// `--policy` plays: its `expect` and `expect-violations` describe the policy it names, so
  /// `check --policy` does not play it with another.
  static func writtenForAnotherPolicy(_ scenario: Scenario, played: PolicySelection) -> Bool {
    guard scenario.policy != ReferencePolicy.name, PolicyRegistry.entry(named: scenario.policy) != nil else {
      return false
    }
    if case .builtIn(let name) = played { return scenario.policy != name }
    return true
  }

  static func seconds(since start: ContinuousClock.Instant, _ clock: ContinuousClock) -> Double {
    (clock.now - start).inSeconds
  }

  /// Reports a usage error and answers `nil`: nothing is played.
  private static func usage(_ context: CommandContext, _ error: UsageError) -> Plays? {
    _ = context.usage(error)
    return nil
  }

  static func report(_ context: CommandContext, _ plays: Plays, timeline: Bool) -> ExitStatus {
    if plays.badPolicy { return .badInput }
    if let failure = plays.policyFailure {
      context.console.error("Error: \(failure)\n")
      return failure.exitStatus
    }
    let results = plays.results
    let refused = plays.refused
    let skipped = plays.skipped
    let text: String
    switch context.command.value("format") ?? "text" {
    case "json": text = ScenarioJSONReport.render(results, refused: refused, skipped: skipped)
    case "markdown": text = ScenarioMarkdownReport.render(results, refused: refused, skipped: skipped)
    case "junit":
      text = ScenarioJUnitReport.render(results, refused: refused, skipped: skipped, run: plays.run)
    // A picture of the timelines: a refused file has none (its diagnostics are on standard error).
    case "svg": text = ScenarioSVGReport.render(results)
    case "html":
      text = ScenarioHTMLReport.render(
        results, refused: refused, skipped: skipped, command: timeline ? "run" : "check")
    default:
      let colour = context.command.value("output") == nil && context.facts.style == .colour
      if timeline {
        // `run`: each timeline, then a line for each scenario not played.
        var reports = results.map { ScenarioTextReport(colour: colour).render($0) }
        if !skipped.isEmpty {
          reports.append(skipped.map { "- \($0.path)  skipped: \($0.reason)\n" }.joined())
        }
        text = reports.joined(separator: "\n")
      } else {
        text = ScenarioCheckReport(colour: colour).render(results, refused: refused, skipped: skipped)
      }
    }
    if let failure = context.emit(text) { return failure }
    if !refused.isEmpty { return .badInput }
    return results.allSatisfy(\.passed) ? .success : .checkFailed
  }
}

/// Finding scenario files on disk.
enum ScenarioFiles {
  static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// Every `.scn` file under `directory`, recursively, sorted by path so runs are repeatable.
  static func scenarios(under directory: String) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
    var found: [String] = []
    while let relative = walker.nextObject() as? String {
      if relative.hasSuffix(".scn") {
        found.append(directory.hasSuffix("/") ? directory + relative : directory + "/" + relative)
      }
    }
    return found.sorted()
  }
}
