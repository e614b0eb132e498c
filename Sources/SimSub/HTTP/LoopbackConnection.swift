import Foundation

/// One TCP connection on loopback, read and written with deadlines.
///
/// The socket is non-blocking and every wait is a poll(2) bounded by the call's deadline (and,
/// when given, a ``SocketCancellation``); a call interrupted by a signal (EINTR) is made again.
/// Writes pass MSG_NOSIGNAL, so a peer that has gone is ``SocketError/closed`` or
/// ``SocketError/reset``, not SIGPIPE ending the process. TCP_NODELAY is set: the requests are
/// small and written whole, so waiting to coalesce them (Nagle's algorithm) only adds delay.
///
/// A connection is used by one thread at a time; ``close()`` may be called more than once.
package final class LoopbackConnection: @unchecked Sendable {
  private var descriptor: Int32
  private var scratch = [UInt8](repeating: 0, count: 64 * 1024)

  init(descriptor: Int32) {
    self.descriptor = descriptor
    var one: Int32 = 1
    _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
  }

  deinit { close() }

  /// Connects to `endpoint` before `deadline`. `localhost` is tried as 127.0.0.1, then as ::1
  /// if that is refused.
  package static func connect(to endpoint: HTTPEndpoint, deadline: SocketDeadline) throws(SocketError)
    -> LoopbackConnection
  {
    switch endpoint.host {
    case .ipv4Loopback: return try connect(ipv6: false, port: endpoint.port, deadline: deadline)
    case .ipv6Loopback: return try connect(ipv6: true, port: endpoint.port, deadline: deadline)
    case .localhost:
      do { return try connect(ipv6: false, port: endpoint.port, deadline: deadline) } catch .refused {
        return try connect(ipv6: true, port: endpoint.port, deadline: deadline)
      }
    }
  }

  private static func connect(ipv6: Bool, port: Int, deadline: SocketDeadline) throws(SocketError)
    -> LoopbackConnection
  {
    let fd = try LoopbackSocketAddress.socket(ipv6: ipv6)
    let connection = LoopbackConnection(descriptor: fd)
    var result: Int32 = -1
    repeat {
      result = LoopbackSocketAddress.with(ipv6: ipv6, port: port) { Foundation.connect(fd, $0, $1) }
    } while result != 0 && errno == EINTR
    if result == 0 { return connection }
    guard errno == EINPROGRESS || errno == EAGAIN else { throw SocketError.from("connect") }
    try LoopbackSocketAddress.wait(fd, events: Int16(POLLOUT), deadline: deadline, cancel: nil)
    var failure: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 else {
      throw SocketError.from("getsockopt")
    }
    guard failure == 0 else { throw SocketError.from("connect", failure) }
    return connection
  }

  package var isOpen: Bool { descriptor >= 0 }

  /// Writes all of `bytes` before `deadline`.
  package func write(_ bytes: [UInt8], deadline: SocketDeadline, cancel: SocketCancellation? = nil)
    throws(SocketError)
  {
    guard descriptor >= 0 else { throw .closed }
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        send(descriptor, buffer.baseAddress! + sent, buffer.count - sent, LoopbackSocketAddress.noSignal)
      }
      if count > 0 {
        sent += count
        continue
      }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK:
        try LoopbackSocketAddress.wait(descriptor, events: Int16(POLLOUT), deadline: deadline, cancel: cancel)
      default: throw SocketError.from("send")
      }
    }
  }

  /// The next bytes to arrive before `deadline`: empty at the end of the stream.
  package func read(deadline: SocketDeadline, cancel: SocketCancellation? = nil) throws(SocketError)
    -> ArraySlice<UInt8>
  {
    guard descriptor >= 0 else { throw .closed }
    while true {
      let fd = descriptor
      let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
      if count >= 0 { return scratch[0..<count] }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK:
        try LoopbackSocketAddress.wait(descriptor, events: Int16(POLLIN), deadline: deadline, cancel: cancel)
      default: throw SocketError.from("recv")
      }
    }
  }

  /// Whether the peer has closed or sent something unasked while the connection lay idle: then
  /// it cannot carry another request.
  package var isStale: Bool {
    guard descriptor >= 0 else { return true }
    var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
    return poll(&fds, 1, 0) != 0
  }

  /// Ends the sending side (FIN), leaving the receiving side open.
  package func shutdownWrite() {
    if descriptor >= 0 { _ = shutdown(descriptor, Int32(SHUT_WR)) }
  }

  package func close() {
    guard descriptor >= 0 else { return }
    _ = Foundation.close(descriptor)
    descriptor = -1
  }
}
