/// Why a policy server did not become ready: the run ends with this message and exit status 1
/// (the code under test failed, not the input), or 2 when simsub would not start it on a port
/// already taken (``isRefusal``).
package enum PolicyServerStartFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// A port of the file's URLs (`url`'s) already accepts connections before simsub starts the
  /// server: another process listens there, and would answer in the server's place.
  case portInUse(port: Int, url: String)
  /// No free loopback port could be had for `{port}`.
  case noFreePort(SocketError)
  /// The `start` command could not be run.
  case cannotStart(PolicyProcessStartFailure)
  /// The server's process ended before `ready` answered 2xx; its last lines of output.
  case exited(ProcessExit, command: String, lastLines: [String])
  /// `ready` did not answer 2xx within the timeout; what it answered last (a status, or why
  /// there was no answer), and the server's last lines of output when simsub started it.
  case notReady(url: String, seconds: Double, lastAnswer: String, lastLines: [String])

  /// Whether simsub refused to start the server (exit status 2): the machine is not ready for
  /// the run, the server was never tried.
  package var isRefusal: Bool {
    switch self {
    case .portInUse, .noFreePort: true
    case .cannotStart, .exited, .notReady: false
    }
  }

  package var description: String {
    switch self {
    case .portInUse(let port, let url):
      return
        "port \(port) (of \(url)) is already in use by another process, before simsub started the policy server: a server left running from an earlier run? Stop it (`lsof -i :\(port)` / `fuser -k \(port)/tcp`) or let simsub choose a port with \(PolicyFile.portPlaceholder) (docs/POLICY-FILES.md)"
    case .noFreePort(let error):
      return "no free loopback port for \(PolicyFile.portPlaceholder): \(error)"
    case .cannotStart(let failure):
      return "\(failure)"
    case .exited(let exit, let command, let lines):
      return "the policy server '\(command)' ended (\(exit)) before it was ready" + Self.tail(lines)
    case .notReady(let url, let seconds, let last, let lines):
      return
        "the policy server was not ready: GET \(url) gave no 2xx answer within \(Duration.text(seconds: seconds)) (last: \(last))"
        + Self.tail(lines)
    }
  }

  private static func tail(_ lines: [String]) -> String {
    guard !lines.isEmpty else { return "" }
    return "; its last lines of output:\n" + lines.map { "  \($0)" }.joined(separator: "\n")
  }
}
