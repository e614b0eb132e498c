import Foundation

/// A flag that asks a running Monte Carlo to stop: set from a signal handler (Ctrl-C) or a
/// test, read by the workers between blocks of subscribers.
public final class MonteCarloStop: @unchecked Sendable {
  private let lock = NSLock()
  private var stopped = false

  public init() {}

  public func stop() {
    lock.lock()
    stopped = true
    lock.unlock()
  }

  public var isStopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopped
  }
}
