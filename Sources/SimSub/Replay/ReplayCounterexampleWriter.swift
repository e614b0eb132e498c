import Foundation
import SubscriptionPolicy

/// Writes a counterexample scenario (``ReplayCounterexample``) for each subscriber a replay
/// found breaking an invariant, the first ``ReplayReport/listed`` of each, into a directory,
/// each read back and played before it counts (``CounterexampleWriter/reproduces(_:path:invariant:)``).
enum ReplayCounterexampleWriter {
  /// One file written.
  struct Written: Hashable, Sendable {
    var subscriber: Int
    var invariant: Invariant
    var path: String
  }

  /// The subscribers whose counterexamples ``write`` makes: the first ``ReplayReport/listed``
  /// violators of each invariant, whose notifications it needs (`stories`).
  static func wanted(_ report: ReplayReport) -> Set<Int> {
    Set(
      [Invariant.noLockoutInGrace, .noFreeAccess].flatMap {
        report.violations(of: $0).prefix(ReplayReport.listed).map(\.subscriber)
      })
  }

  /// Writes them into `directory` (named `shown` in the report); returns the files and, for each violation the log allows no scenario for,
  /// one line naming it.
  ///
  /// `file`: the policy file the report's policy is, when it is one: then each scenario names
  /// it by its path from `directory` and is played through `connection`, its process or server.
  static func write(
    _ report: ReplayReport, stories: (entries: [ReplayEntry], groups: [Int: ReplaySubscribers.Group]),
    player: ReplayPlayer, logs: [String], directory: String, shownAs shown: String,
    through file: (file: PolicyFile, connection: ExternalPolicyConnection)? = nil
  ) throws(CounterexampleWriter.Failure) -> (written: [Written], missing: [String]) {
    let policy = file.map { relativePath(from: directory, to: $0.file.path) } ?? report.policy
    let play: (Scenario) -> ScenarioResult? =
      if let file {
        { scenario in
          // Fresh identifiers for every play, so no play hears another's subscriber.
          try? ScenarioPlayer.play(
            scenario, connection: file.connection, slot: PolicyUnderTestSlot.self, settings: WireSettings())
        }
      } else {
        { try? ScenarioPlayer.play($0) }
      }
    var written: [Written] = []
    var missing: [String] = []
    for invariant in [Invariant.noLockoutInGrace, .noFreeAccess] {
      for v in report.violations(of: invariant).prefix(ReplayReport.listed) {
        let which = "\(invariant.rawValue), \(report.name(v.subscriber))"
        guard let group = stories.groups[v.subscriber],
          let made = ReplayCounterexample.make(
            entries: stories.entries, group: group, policy: policy, named: report.policy,
            invariant: invariant, at: v.at, step: player.step, settings: player.settings, play: play)
        else {
          missing.append("\(which): the log does not allow a scenario that shows it")
          continue
        }
        let path = directory.hasSuffix("/") ? directory + made.fileName : directory + "/" + made.fileName
        let text = made.text(logs: logs)
        // The directory first: a policy file's path from it (`../server.policy`) resolves only
        // through a directory that exists.
        do {
          try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
          throw .init(message: "cannot create '\(directory)': \((error as NSError).localizedDescription)")
        }
        guard CounterexampleWriter.reproduces(text, path: path, invariant: invariant, play: play) else {
          missing.append("\(which): the scenario written from the log does not fail with it when played")
          continue
        }
        do { try AtomicFile.write(text, to: path) } catch { throw .init(message: "\(error)") }
        let named = shown.hasSuffix("/") ? shown + made.fileName : shown + "/" + made.fileName
        written.append(Written(subscriber: v.subscriber, invariant: invariant, path: named))
      }
    }
    return (written, missing)
  }

  /// The path of `file` from `directory`: `../server.policy`. Both are made absolute from the
  /// working directory first.
  static func relativePath(from directory: String, to file: String) -> String {
    func parts(_ path: String) -> [String] {
      let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
      return (absolute as NSString).standardizingPath.split(separator: "/").map(String.init)
    }
    let from = parts(directory)
    let to = parts(file)
    var common = 0
    while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
    return (Array(repeating: "..", count: from.count - common) + to[common...]).joined(separator: "/")
  }
}
