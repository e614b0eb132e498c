import Foundation
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
  /// Scenarios of a store the policy file takes no notifications of, never sent: in the order
  /// given.
  var skipped: [SkippedScenario] = []
  var failure: ExternalPolicyFailure?

  /// Plays `scenarios` with `override` (`--policy`) or each one's own policy; a policy file's
  /// scenarios `concurrency` at a time.
  static func play(
    _ scenarios: [Scenario], override: PolicySelection?, step: TimeSpan?, concurrency: Int = 1,
    console: any Console
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
        if let reason = file.reasonToSkip(scenario) {
          batch.skipped.append(SkippedScenario(path: scenario.path, reason: reason))
          continue
        }
        if files[file.path] == nil {
          fileOrder.append(file.path)
          files[file.path] = (file, [])
        }
        files[file.path]?.indices.append(index)
      }
    }
    for path in fileOrder {
      guard let (file, indices) = files[path] else { continue }
      batch.play(
        indices.map { ($0, scenarios[$0]) }, with: file, step: step, concurrency: concurrency,
        console: console)
      if batch.failure != nil { break }
    }
    batch.played.sort { $0.index < $1.index }
    return batch
  }

  /// Plays `scenarios` with `file`'s policy: for each Stripe grace they promise, a host
  /// started for it (``ExternalPolicyHost``; a server started by hand serves every grace as it
  /// is), and `concurrency` threads each with a connection of its own taking the next scenario.
  private mutating func play(
    _ scenarios: [(index: Int, scenario: Scenario)], with file: PolicyFile, step: TimeSpan?, concurrency: Int,
    console: any Console
  ) {
    var groups: [(settings: PolicySettings, members: [(index: Int, scenario: Scenario)])] = []
    for item in scenarios {
      let settings = item.scenario.policySettings
      if let g = groups.firstIndex(where: { $0.settings == settings }) {
        groups[g].members.append(item)
      } else {
        groups.append((settings, [item]))
      }
    }
    groups.sort { $0.settings.stripeGracePeriod.seconds < $1.settings.stripeGracePeriod.seconds }
    var host: ExternalPolicyHost?
    defer { host?.stop() }
    for group in groups {
      if host == nil || host?.restartable == true {
        host?.stop()
        host = nil
        do { host = try ExternalPolicyHost(file: file, settings: group.settings, console: console) } catch {
          failure = error
          return
        }
      }
      guard let host else { return }
      let shared = Shared(group.members)
      let threads = max(1, min(concurrency, group.members.count))
      if threads == 1 {
        Self.work(shared, host: host, step: step)
      } else {
        let done = DispatchGroup()
        for _ in 0..<threads {
          done.enter()
          Thread.detachNewThread {
            Self.work(shared, host: host, step: step)
            done.leave()
          }
        }
        done.wait()
      }
      played += shared.played
      refused += shared.refused
      if let failed = shared.failure {
        failure = failed
        return
      }
    }
  }

  /// One thread's share of a group: a connection of its own, and the next scenario until none
  /// is left or the policy failed.
  private static func work(_ shared: Shared, host: ExternalPolicyHost, step: TimeSpan?) {
    let connection: ExternalPolicyConnection
    do { connection = try host.connection() } catch {
      shared.fail(error)
      return
    }
    defer { connection.stop() }
    let clock = ContinuousClock()
    while let (index, scenario) = shared.next() {
      let started = clock.now
      do {
        let result = try ScenarioPlayer.play(
          scenario, connection: connection, slot: PolicyUnderTestSlot.self, settings: WireSettings(),
          step: step)
        if let failed = connection.failure {
          shared.fail(failed)
          return
        }
        shared.add(Played(index: index, result: result, seconds: (clock.now - started).inSeconds))
      } catch {
        shared.refuse(RefusedScenario(path: scenario.path, rendered: error.rendered))
      }
    }
  }

  /// What the threads of one group share.
  private final class Shared: @unchecked Sendable {
    private let lock = NSLock()
    private var queue: [(index: Int, scenario: Scenario)]
    private var position = 0
    private(set) var played: [Played] = []
    private(set) var refused: [RefusedScenario] = []
    private(set) var failure: ExternalPolicyFailure?

    init(_ queue: [(index: Int, scenario: Scenario)]) { self.queue = queue }

    func next() -> (index: Int, scenario: Scenario)? {
      lock.withLock {
        guard failure == nil, position < queue.count else { return nil }
        position += 1
        return queue[position - 1]
      }
    }

    func add(_ p: Played) { lock.withLock { played.append(p) } }
    func refuse(_ r: RefusedScenario) { lock.withLock { refused.append(r) } }
    func fail(_ f: ExternalPolicyFailure) { lock.withLock { if failure == nil { failure = f } } }
  }
}
