import Foundation

/// SIGINT, SIGTERM and SIGHUP end the program after its temporary files are removed.
///
/// A signal handler may call only async-signal-safe functions (POSIX.1-2017, 2.4.3), so the
/// signals are not handled where they land: ``install()`` blocks them in the main thread before
/// any other thread exists (every thread inherits the mask), and one thread takes them with
/// sigwait(2) and acts as ordinary code, with locks. It removes the registered temporary files
/// (``TemporaryFiles``), stops the started process groups (``ProcessGroups``), then ends the process by the same signal with its default action, so a
/// shell sees 130 for SIGINT and 143 for SIGTERM, as for any program stopped that way.
///
/// While a Monte Carlo run lasts, SIGINT asks it to stop instead (``setInterruptHandler(_:)``):
/// the run ends early and the command then ends the program by SIGINT itself.
public enum TerminationSignals {
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  private static let lock = NSLock()
  nonisolated(unsafe) private static var installed = false
  nonisolated(unsafe) private static var onInterrupt: (@Sendable () -> Void)?

  /// Takes over the signals for the rest of the program. Call it first, from the executable's
  /// `main.swift`, before any thread is started; calling it again does nothing.
  public static func install() {
    lock.lock()
    defer { lock.unlock() }
    guard !installed else { return }
    installed = true
    var blocked = signalSet()
    pthread_sigmask(SIG_BLOCK, &blocked, nil)
    Thread.detachNewThread {
      var set = signalSet()
      while true {
        var received: Int32 = 0
        guard sigwait(&set, &received) == 0 else { continue }
        if received == SIGINT, let stop = interruptHandler() {
          stop()
        } else {
          end(by: received)
        }
      }
    }
  }

  /// Whether ``install()`` has run: the signals are this program's to handle.
  static var isInstalled: Bool {
    lock.lock()
    defer { lock.unlock() }
    return installed
  }

  /// Removes the temporary files, stops the process groups it started (``ProcessGroups``) and
  /// ends the process by `signal`, with its default action.
  static func end(by signal: Int32) -> Never {
    TemporaryFiles.removeAll()
    ProcessGroups.stopAll()
    Foundation.signal(signal, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    raise(signal)
    // Not reached: the default action of the three signals ends the process.
    exit(128 + signal)
  }

  /// Makes SIGINT call `handler` instead of ending the program, or, with `nil`, end it again.
  static func setInterruptHandler(_ handler: (@Sendable () -> Void)?) {
    lock.lock()
    defer { lock.unlock() }
    onInterrupt = handler
  }

  private static func interruptHandler() -> (@Sendable () -> Void)? {
    lock.lock()
    defer { lock.unlock() }
    return onInterrupt
  }

  private static func signalSet() -> sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    return set
  }
}
