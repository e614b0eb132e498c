import Foundation

/// The socket calls' loopback addresses and the few spellings Linux and Darwin import
/// differently.
enum LoopbackSocketAddress {
  #if os(Linux)
    static let stream = Int32(SOCK_STREAM.rawValue)
    static let noSignal = Int32(MSG_NOSIGNAL)
  #else
    static let stream = SOCK_STREAM
    static let noSignal: Int32 = 0
  #endif

  static let ipv4Family = Int32(AF_INET)
  static let ipv6Family = Int32(AF_INET6)

  /// Calls `body` with the address of `host` (127.0.0.1 or ::1) and `port`.
  static func with<R>(
    ipv6: Bool, port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R
  ) -> R {
    if ipv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
      address.sin6_addr = in6addr_loopback
      return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          body($0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }

  /// A new non-blocking, close-on-exec TCP socket.
  static func socket(ipv6: Bool) throws(SocketError) -> Int32 {
    let fd = Foundation.socket(ipv6 ? ipv6Family : ipv4Family, stream, 0)
    guard fd >= 0 else { throw SocketError.from("socket") }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    #if !os(Linux)
      var one: Int32 = 1
      _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return fd
  }

  /// Waits until `fd` has `events` (or an error or hang-up), `cancel` is readable, or the
  /// deadline passes; poll(2) interrupted by a signal is called again.
  static func wait(_ fd: Int32, events: Int16, deadline: SocketDeadline, cancel: SocketCancellation?)
    throws(SocketError)
  {
    var fds = [pollfd(fd: fd, events: events, revents: 0)]
    if let cancel { fds.append(pollfd(fd: cancel.readDescriptor, events: Int16(POLLIN), revents: 0)) }
    while true {
      let timeout = deadline.pollMilliseconds
      let ready = poll(&fds, nfds_t(fds.count), timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        throw SocketError.from("poll")
      }
      if fds.count > 1 && fds[1].revents != 0 { throw .cancelled }
      if fds[0].revents != 0 { return }
      if ready == 0 && deadline.hasPassed { throw .timedOut }
    }
  }
}
