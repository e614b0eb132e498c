import Foundation

/// How a child process ended: by `exit` with a status, or by a signal.
///
/// Read from the `waitid(2)` record of the child (`CLD_EXITED` carries the status,
/// `CLD_KILLED` and `CLD_DUMPED` the signal; POSIX.1-2017, `<signal.h>`).
package enum ProcessExit: Hashable, Sendable, CustomStringConvertible {
  case status(Int32)
  case signal(Int32)

  package var description: String {
    switch self {
    case .status(let code): "exit status \(code)"
    case .signal(let number): "killed by signal \(number) (\(Self.signalName(number)))"
    }
  }

  /// The usual name of a signal, for messages.
  package static func signalName(_ number: Int32) -> String {
    switch number {
    case SIGHUP: "SIGHUP"
    case SIGINT: "SIGINT"
    case SIGQUIT: "SIGQUIT"
    case SIGILL: "SIGILL"
    case SIGABRT: "SIGABRT"
    case SIGFPE: "SIGFPE"
    case SIGKILL: "SIGKILL"
    case SIGSEGV: "SIGSEGV"
    case SIGPIPE: "SIGPIPE"
    case SIGALRM: "SIGALRM"
    case SIGTERM: "SIGTERM"
    case SIGBUS: "SIGBUS"
    default: "signal \(number)"
    }
  }
}
