import Foundation

/// A signal that wakes every thread waiting on a socket: a pipe whose read end such waits poll
/// beside their socket, written once by ``fire()`` and never drained, so it stays readable.
///
/// A blocked accept(2) or poll(2) on Linux is not woken by another thread closing the socket;
/// this is how ``LoopbackHTTPServer/stop()`` reaches its threads.
package final class SocketCancellation: @unchecked Sendable {
  let readDescriptor: Int32
  private let writeDescriptor: Int32
  private let lock = NSLock()
  private var fired = false

  package init() throws(SocketError) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw SocketError.from("pipe") }
    readDescriptor = fds[0]
    writeDescriptor = fds[1]
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
  }

  deinit {
    Foundation.close(readDescriptor)
    Foundation.close(writeDescriptor)
  }

  package var isFired: Bool { lock.withLock { fired } }

  package func fire() {
    lock.withLock {
      guard !fired else { return }
      fired = true
      var byte: UInt8 = 1
      _ = Foundation.write(writeDescriptor, &byte, 1)
    }
  }
}
