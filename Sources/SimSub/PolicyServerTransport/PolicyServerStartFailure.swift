/// Why a policy server did not become ready: the run ends with this message and exit status 1
/// (the code under test failed, not the input).
package enum PolicyServerStartFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The `start` command could not be run.
  case cannotStart(PolicyProcessStartFailure)
  /// The server's process ended before `ready` answered 2xx; its last lines of output.
  case exited(ProcessExit, command: String, lastLines: [String])
  /// `ready` did not answer 2xx within the timeout; what it answered last (a status, or why
  /// there was no answer), and the server's last lines of output when simsub started it.
  case notReady(url: String, seconds: Double, lastAnswer: String, lastLines: [String])

  package var description: String {
    switch self {
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
