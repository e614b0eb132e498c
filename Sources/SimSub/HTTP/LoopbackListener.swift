import Foundation

/// A TCP socket listening on 127.0.0.1, on a given port or on one the system picks (port 0).
///
/// Only the loopback address is bound, so nothing outside this machine can connect. SO_REUSEADDR
/// lets a stopped server's port be bound again while its closed connections linger in
/// TIME_WAIT.
package final class LoopbackListener: @unchecked Sendable {
  private var descriptor: Int32
  /// The port bound: the one asked for, or the system's pick for port 0.
  package let port: Int

  package init(port: Int = 0, backlog: Int32 = 128) throws(SocketError) {
    let fd = try LoopbackSocketAddress.socket(ipv6: false)
    var one: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    let bound = LoopbackSocketAddress.with(ipv6: false, port: port) { bind(fd, $0, $1) }
    guard bound == 0 else {
      let number = errno
      Foundation.close(fd)
      throw number == EADDRINUSE ? .addressInUse(port: port) : SocketError.from("bind", number)
    }
    guard listen(fd, backlog) == 0 else {
      let failure = SocketError.from("listen")
      Foundation.close(fd)
      throw failure
    }
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard named == 0 else {
      let failure = SocketError.from("getsockname")
      Foundation.close(fd)
      throw failure
    }
    descriptor = fd
    self.port = Int(UInt16(bigEndian: address.sin_port))
  }

  deinit { close() }

  /// The next connection, waiting until one arrives, the deadline passes or `cancel` fires.
  package func accept(deadline: SocketDeadline = .never, cancel: SocketCancellation? = nil)
    throws(SocketError)
    -> LoopbackConnection
  {
    while true {
      guard descriptor >= 0 else { throw .cancelled }
      let fd = Foundation.accept(descriptor, nil, nil)
      if fd >= 0 {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        #if !os(Linux)
          var one: Int32 = 1
          _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return LoopbackConnection(descriptor: fd)
      }
      switch errno {
      case EINTR, ECONNABORTED: continue
      case EAGAIN, EWOULDBLOCK:
        try LoopbackSocketAddress.wait(descriptor, events: Int16(POLLIN), deadline: deadline, cancel: cancel)
      default: throw SocketError.from("accept")
      }
    }
  }

  /// Stops listening: connecting to the port is refused from now on.
  package func close() {
    guard descriptor >= 0 else { return }
    _ = Foundation.close(descriptor)
    descriptor = -1
  }
}
