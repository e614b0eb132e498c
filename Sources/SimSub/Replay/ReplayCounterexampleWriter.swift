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
  static func write(
    _ report: ReplayReport, stories: (entries: [ReplayEntry], groups: [Int: ReplaySubscribers.Group]),
    player: ReplayPlayer, logs: [String], directory: String, shownAs shown: String
  ) throws(CounterexampleWriter.Failure) -> (written: [Written], missing: [String]) {
    var written: [Written] = []
    var missing: [String] = []
    for invariant in [Invariant.noLockoutInGrace, .noFreeAccess] {
      for v in report.violations(of: invariant).prefix(ReplayReport.listed) {
        let which = "\(invariant.rawValue), \(report.name(v.subscriber))"
        guard let group = stories.groups[v.subscriber],
          let made = ReplayCounterexample.make(
            entries: stories.entries, group: group, policy: report.policy,
            invariant: invariant, at: v.at, step: player.step, settings: player.settings)
        else {
          missing.append("\(which): the log does not allow a scenario that shows it")
          continue
        }
        let path = directory.hasSuffix("/") ? directory + made.fileName : directory + "/" + made.fileName
        let text = made.text(logs: logs)
        guard CounterexampleWriter.reproduces(text, path: path, invariant: invariant) else {
          missing.append("\(which): the scenario written from the log does not fail with it when played")
          continue
        }
        do {
          try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
          throw .init(message: "cannot create '\(directory)': \((error as NSError).localizedDescription)")
        }
        do { try AtomicFile.write(text, to: path) } catch { throw .init(message: "\(error)") }
        let named = shown.hasSuffix("/") ? shown + made.fileName : shown + "/" + made.fileName
        written.append(Written(subscriber: v.subscriber, invariant: invariant, path: named))
      }
    }
    return (written, missing)
  }
}
