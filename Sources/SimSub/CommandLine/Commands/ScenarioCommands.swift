import Foundation

/// `simsub run` and `simsub check`.
enum ScenarioCommands {
  static func run(_ context: CommandContext) -> ExitStatus {
    guard let plays = load(context, paths: context.command.argument("file"), recursive: false) else {
      return .badInput
    }
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
    var run: ScenarioJUnitReport.Run
  }

  /// Loads and plays every scenario, or prints every diagnostic and returns `nil`: bad input
  /// stops the command before anything is written.
  static func load(_ context: CommandContext, paths: [String], recursive: Bool) -> Plays? {
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
    let policy: String?
    do {
      policy = try context.command.policyName("policy")
    } catch {
      return usage(context, error)
    }
    var files: [String] = []
    var problems: [String] = []
    for path in paths {
      do {
        let resolved = try context.resolver.resolve(path)
        if ScenarioFiles.isDirectory(resolved) {
          guard recursive else {
            problems.append(
              "Error: '\(path)' is a directory: 'simsub check \(path)' plays every scenario under it")
            continue
          }
          let found = ScenarioFiles.scenarios(under: resolved)
          if found.isEmpty { problems.append("Error: no .scn files under '\(path)'") }
          files += found
        } else {
          files.append(resolved)
        }
      } catch {
        problems.append("Error: \(error.description)")
      }
    }
    let clock = ContinuousClock()
    var plays = Plays(
      run: ScenarioJUnitReport.Run(
        timestamp: Instant(secondsSinceEpoch: Int64(Date().timeIntervalSince1970)),
        hostname: ProcessInfo.processInfo.hostName))
    var scenarios: [Scenario] = []
    var loadSeconds: [Double] = []
    for file in files {
      let started = clock.now
      do {
        scenarios.append(try ScenarioLoader.load(path: file))
        loadSeconds.append(seconds(since: started, clock))
      } catch {
        problems.append(error.rendered)
      }
    }
    guard problems.isEmpty else {
      // Each problem on its own lines, as compilers print diagnostics: no blank lines.
      context.console.error(problems.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined())
      return nil
    }
    for (scenario, loading) in zip(scenarios, loadSeconds) {
      let started = clock.now
      do {
        plays.results.append(try ScenarioPlayer.play(scenario, policy: policy, step: step))
        plays.run.seconds.append(loading + seconds(since: started, clock))
      } catch {
        context.console.error(error.rendered + "\n")
        return nil
      }
    }
    return plays
  }

  static func seconds(since start: ContinuousClock.Instant, _ clock: ContinuousClock) -> Double {
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  /// Reports a usage error and answers `nil`: nothing is played.
  private static func usage(_ context: CommandContext, _ error: UsageError) -> Plays? {
    _ = context.usage(error)
    return nil
  }

  static func report(_ context: CommandContext, _ plays: Plays, timeline: Bool) -> ExitStatus {
    let results = plays.results
    let text: String
    switch context.command.value("format") ?? "text" {
    case "json": text = ScenarioJSONReport.render(results)
    case "markdown": text = ScenarioMarkdownReport.render(results)
    case "junit": text = ScenarioJUnitReport.render(results, run: plays.run)
    case "svg": text = ScenarioSVGReport.render(results)
    case "html": text = ScenarioHTMLReport.render(results, command: timeline ? "run" : "check")
    default:
      let colour = context.command.value("output") == nil && context.facts.style == .colour
      text =
        timeline
        ? results.map { ScenarioTextReport(colour: colour).render($0) }.joined(separator: "\n")
        : ScenarioCheckReport(colour: colour).render(results)
    }
    if let failure = context.emit(text) { return failure }
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
