import Foundation

/// The process groups this program started and has not yet stopped, so that a program ended
/// by a signal (``TerminationSignals``) or by a failed write of its own output stops them
/// before it ends, as it removes its temporary files.
///
/// Every group is stopped the same way, by ``stop(_:grace:)``: SIGTERM to the whole group, a
/// grace for the leader to end, then SIGKILL to the whole group (whatever of it is left: the
/// leader's own children do not outlive it), and the leader reaped, so no zombie is left.
package enum ProcessGroups {
  private struct Entry {
    var leader: ProcessGroupLeader
    var grace: Double
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var live: [pid_t: Entry] = [:]

  /// Registers a started group, stopped with `grace` seconds between SIGTERM and SIGKILL.
  static func register(_ leader: ProcessGroupLeader, grace: Double) {
    lock.lock()
    defer { lock.unlock() }
    live[leader.pid] = Entry(leader: leader, grace: grace)
  }

  /// Whether the group led by `pid` is registered: started and not yet stopped.
  package static func isRegistered(_ pid: pid_t) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return live[pid] != nil
  }

  /// Stops every registered group at once (one grace for all, the longest asked), for a
  /// program about to end. The groups started by other threads meanwhile are not waited for.
  package static func stopAll() {
    lock.lock()
    let entries = Array(live.values)
    lock.unlock()
    stop(entries.map(\.leader), grace: entries.map(\.grace).max() ?? 0)
  }

  /// Stops the groups of `leaders` together: SIGTERM, up to `grace` seconds for the leaders
  /// to end, SIGKILL, reaped; returns how each leader ended, in order.
  @discardableResult
  static func stop(_ leaders: [ProcessGroupLeader], grace: Double) -> [ProcessExit] {
    for leader in leaders { leader.signalGroup(SIGTERM) }
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, grace) * 1e9)
    for leader in leaders {
      let left = Double(deadline &- min(deadline, DispatchTime.now().uptimeNanoseconds)) / 1e9
      _ = leader.waitForEnd(seconds: left)
    }
    for leader in leaders { leader.signalGroup(SIGKILL) }
    let exits = leaders.map { $0.reap() }
    lock.lock()
    for leader in leaders where live[leader.pid]?.leader === leader { live[leader.pid] = nil }
    lock.unlock()
    return exits
  }
}

extension ProcessGroups {
  /// Starts a group with `start` and registers it, under the registry's lock: a program ended by
  /// a signal meanwhile waits for it and then stops it too.
  static func registering<Failure>(
    grace: Double, _ start: () -> Result<ProcessGroupLeader, Failure>
  ) -> Result<ProcessGroupLeader, Failure> {
    lock.lock()
    defer { lock.unlock() }
    let result = start()
    if case .success(let leader) = result { live[leader.pid] = Entry(leader: leader, grace: grace) }
    return result
  }
}
