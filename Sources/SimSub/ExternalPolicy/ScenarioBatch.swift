import SubscriptionPolicy

/// Plays the scenarios of one `run` or `check`, each with its policy: the one `--policy` names,
/// else the scenario's own `policy:` (a built-in name or a policy file).
///
/// Built-in policies play in process, in order. A policy file's scenarios are played together,
/// one policy file at a time (two servers of the example files would want one port), each
/// through one ``ExternalPolicyRun`` and in groups of the same settings, so a process or a
/// server is started once per file and promise. The results come back in the scenarios' order;
/// the first failure of a policy file's policy stops the batch.
struct ScenarioBatch {
  /// One scenario played.
  struct Played {
    var index: Int
    var result: ScenarioResult
    /// Seconds it took to play.
    var seconds: Double
  }

  var played: [Played] = []
  var refused: [RefusedScenario] = []
  var failure: ExternalPolicyFailure?

  /// Plays `scenarios` with `override` (`--policy`) or each one's own policy.
  static func play(
    _ scenarios: [Scenario], override: PolicySelection?, step: TimeSpan?, console: any Console
  ) -> ScenarioBatch {
    var batch = ScenarioBatch()
    var files: [String: (file: PolicyFile, indices: [Int])] = [:]
    var fileOrder: [String] = []
    let clock = ContinuousClock()
    for (index, scenario) in scenarios.enumerated() {
      let selection: PolicySelection
      if let override {
        selection = override
      } else if PolicySelection.isPath(scenario.policy) {
        do {
          selection = .file(try PolicyFileLoader.load(path: scenario.policy))
        } catch {
          batch.refused.append(RefusedScenario(path: scenario.path, rendered: error.rendered))
          continue
        }
      } else {
        selection = .builtIn(name: scenario.policy)
      }
      switch selection {
      case .builtIn(let name):
        let started = clock.now
        do {
          let result = try ScenarioPlayer.play(scenario, policy: name, step: step)
          batch.played.append(Played(index: index, result: result, seconds: (clock.now - started).inSeconds))
        } catch {
          batch.refused.append(RefusedScenario(path: scenario.path, rendered: error.rendered))
        }
      case .file(let file):
        if files[file.path] == nil {
          fileOrder.append(file.path)
          files[file.path] = (file, [])
        }
        files[file.path]?.indices.append(index)
      }
    }
    for path in fileOrder {
      guard let (file, indices) = files[path] else { continue }
      batch.play(indices.map { ($0, scenarios[$0]) }, with: file, step: step, console: console)
      if batch.failure != nil { break }
    }
    batch.played.sort { $0.index < $1.index }
    return batch
  }

  /// Plays `scenarios` through one run of `file`'s policy, grouped by their Stripe grace.
  private mutating func play(
    _ scenarios: [(index: Int, scenario: Scenario)], with file: PolicyFile, step: TimeSpan?,
    console: any Console
  ) {
    let ordered = scenarios.enumerated().sorted {
      let a = $0.element.scenario.policySettings.stripeGracePeriod.seconds
      let b = $1.element.scenario.policySettings.stripeGracePeriod.seconds
      return a != b ? a < b : $0.offset < $1.offset
    }
    let run = ExternalPolicyRun(file: file, console: console)
    defer { run.stop() }
    let clock = ContinuousClock()
    for (_, (index, scenario)) in ordered {
      let started = clock.now
      do {
        guard let result = try run.play(scenario, settings: WireSettings(), step: step) else { break }
        played.append(Played(index: index, result: result, seconds: (clock.now - started).inSeconds))
      } catch {
        refused.append(RefusedScenario(path: scenario.path, rendered: error.rendered))
      }
    }
    failure = run.failure
  }
}
