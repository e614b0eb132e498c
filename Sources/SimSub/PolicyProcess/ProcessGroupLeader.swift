import Foundation

/// A started child that leads its own process group: the one place that signals the group and
/// reaps the child, under one lock, so that the owner's `stop()` and the program's termination
/// path can both act on it, in any order, from any thread.
///
/// Its end is first observed without reaping (`waitid(2)` with `WNOWAIT`): the child stays a
/// zombie, its process id stays taken, and so does its group id (Linux and POSIX never give a
/// live process's or group's id to another), so a signal to the group can reach only processes
/// this program started. Once reaped, the group is never signalled again: its number may by then
/// belong to someone else.
package final class ProcessGroupLeader: @unchecked Sendable {
  /// The child's process id, which is also its process group's id.
  package let pid: pid_t
  private let lock = NSLock()
  private var reaped: ProcessExit?

  init(pid: pid_t) { self.pid = pid }

  /// Sends `signal` to every process of the group, unless the leader was reaped.
  func signalGroup(_ signal: Int32) {
    lock.lock()
    defer { lock.unlock() }
    guard reaped == nil else { return }
    kill(-pid, signal)
  }

  /// How the leader ended, if it has; the child is not reaped.
  func ended() -> ProcessExit? {
    lock.lock()
    defer { lock.unlock() }
    if let reaped { return reaped }
    var info = siginfo_t()
    while true {
      let result = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
      if result == 0 { break }
      if errno == EINTR { continue }
      // ECHILD: not ours to wait for any more (reaped elsewhere); treat it as gone.
      return .status(-1)
    }
    return Self.exit(of: info)
  }

  /// Waits up to `seconds` for the leader to end, polling; returns how it ended, or `nil`.
  func waitForEnd(seconds: Double) -> ProcessExit? {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
    var pause: UInt32 = 1_000
    while true {
      if let exit = ended() { return exit }
      if DispatchTime.now().uptimeNanoseconds >= deadline { return nil }
      usleep(pause)
      pause = min(pause * 2, 20_000)
    }
  }

  /// Reaps the leader, waiting for it to end; call it once the leader has ended or was sent
  /// SIGKILL. Returns how it ended; later calls return the same.
  @discardableResult
  func reap() -> ProcessExit {
    lock.lock()
    defer { lock.unlock() }
    if let reaped { return reaped }
    var status: Int32 = 0
    var exit = ProcessExit.status(-1)
    while true {
      let result = waitpid(pid, &status, 0)
      if result == pid {
        // The wait status layout of POSIX's W* macros, which Swift does not import.
        let signal = status & 0x7f
        exit = signal == 0 ? .status((status >> 8) & 0xff) : .signal(signal)
        break
      }
      if result < 0, errno == EINTR { continue }
      break
    }
    reaped = exit
    return exit
  }

  /// The exit of a `waitid(2)` record, or `nil` when it names no child (nothing ended yet).
  private static func exit(of info: siginfo_t) -> ProcessExit? {
    #if canImport(Darwin)
      let pid = info.si_pid
      let status = info.si_status
    #else
      let pid = info._sifields._sigchld.si_pid
      let status = info._sifields._sigchld.si_status
    #endif
    guard pid != 0 else { return nil }
    return info.si_code == Int32(CLD_EXITED) ? .status(status) : .signal(status)
  }
}
