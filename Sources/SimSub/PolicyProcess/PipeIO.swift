import Foundation

/// The few system calls the channel makes on its two non-blocking pipe ends.
enum PipeIO {
  /// What a read or write did.
  enum Outcome {
    /// This many bytes moved (for a read, 0 is the end of the stream).
    case moved(Int)
    /// The pipe is full (write) or empty (read): poll first.
    case wouldBlock
    /// The call failed with this `errno`.
    case failed(Int32)
  }

  /// Writes what it can of `bytes[offset...]` to `descriptor` without blocking.
  static func write(_ descriptor: Int32, _ bytes: [UInt8], from offset: Int) -> Outcome {
    while true {
      let count = bytes.withUnsafeBytes { buffer in
        #if canImport(Darwin)
          Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #else
          Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
      }
      if count >= 0 { return .moved(count) }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .failed(errno)
    }
  }

  /// Reads what is there from `descriptor` onto the end of `buffer`, without blocking, through
  /// `scratch` (read(2) into it, then one copy; no per-call allocation).
  static func read(_ descriptor: Int32, into buffer: inout [UInt8], scratch: inout [UInt8]) -> Outcome {
    while true {
      let count = scratch.withUnsafeMutableBytes { bytes in
        #if canImport(Darwin)
          Darwin.read(descriptor, bytes.baseAddress, bytes.count)
        #else
          Glibc.read(descriptor, bytes.baseAddress, bytes.count)
        #endif
      }
      if count > 0 {
        scratch.withUnsafeBufferPointer {
          buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0.prefix(count)))
        }
        return .moved(count)
      }
      if count == 0 { return .moved(0) }
      if errno == EINTR { continue }
      return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .failed(errno)
    }
  }

  /// Waits up to `milliseconds` for `readable` to have bytes (or its end) or `writable` room;
  /// returns which are ready (an error or hang-up counts as ready: the next call says which).
  static func wait(readable: Int32?, writable: Int32?, milliseconds: Int32) -> (read: Bool, write: Bool) {
    var descriptors: [pollfd] = []
    if let readable { descriptors.append(pollfd(fd: readable, events: Int16(POLLIN), revents: 0)) }
    if let writable { descriptors.append(pollfd(fd: writable, events: Int16(POLLOUT), revents: 0)) }
    while true {
      let result = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
      if result < 0, errno == EINTR { continue }
      guard result > 0 else { return (false, false) }
      var ready = (read: false, write: false)
      for entry in descriptors where entry.revents != 0 {
        if entry.fd == readable { ready.read = true } else { ready.write = true }
      }
      return ready
    }
  }

  /// Runs `body` with SIGPIPE blocked in this thread, and a SIGPIPE that a write to a closed
  /// pipe raised meanwhile taken away, so the write fails with `EPIPE` instead of ending simsub.
  /// (The signal of a failed write goes to the thread that wrote, POSIX.1-2017, 2.4.1; blocking
  /// it in that thread alone leaves a closed standard output ending simsub as before.)
  static func withoutSIGPIPE<T>(_ body: () -> T) -> T {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    var pendingBefore = sigset_t()
    sigpending(&pendingBefore)
    let result = body()
    var pending = sigset_t()
    sigpending(&pending)
    if sigismember(&pending, SIGPIPE) == 1, sigismember(&pendingBefore, SIGPIPE) == 0 {
      #if canImport(Darwin)
        var taken: Int32 = 0
        sigwait(&pipeSignal, &taken)
      #else
        var now = timespec(tv_sec: 0, tv_nsec: 0)
        sigtimedwait(&pipeSignal, nil, &now)
      #endif
    }
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    return result
  }
}
