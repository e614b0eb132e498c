import Foundation

/// How a loopback socket call failed, told apart as the stores' delivery logic needs it: a
/// refused connection, a deadline passed, the peer gone before the exchange ended.
package enum SocketError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Nothing listens on the port (ECONNREFUSED).
  case refused
  /// The deadline passed before the connection, the read or the write completed.
  case timedOut
  /// The peer closed the connection (a write met EPIPE, or a read the end of the stream where
  /// more was due).
  case closed
  /// The peer reset the connection (ECONNRESET).
  case reset
  /// The wait was cancelled from another thread (a server stopping).
  case cancelled
  /// The port to listen on is taken (EADDRINUSE).
  case addressInUse(port: Int)
  /// Any other failure of a system call, with its errno.
  case system(call: String, errno: Int32)

  package var description: String {
    switch self {
    case .refused: "connection refused"
    case .timedOut: "timed out"
    case .closed: "connection closed by the peer"
    case .reset: "connection reset by the peer"
    case .cancelled: "cancelled"
    case .addressInUse(let port): "port \(port) is already in use"
    case .system(let call, let number): "\(call) failed: \(String(cString: strerror(number)))"
    }
  }

  /// The error for `errno` after `call`.
  static func from(_ call: String, _ number: Int32 = errno) -> SocketError {
    switch number {
    case ECONNREFUSED: .refused
    case ECONNRESET: .reset
    case EPIPE, ENOTCONN: .closed
    case ETIMEDOUT: .timedOut
    default: .system(call: call, errno: number)
    }
  }
}
