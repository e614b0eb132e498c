/// Why a policy file's policy stopped a run: it could not be started, or it stopped answering
/// or answered nonsense. The run ends with this message and exit status 1: the code under test
/// failed, simsub's input was fine (POLICY-PROTOCOL.md, "Faults and load"); or 2 when simsub
/// refused to start a server on a port already taken (``exitStatus``).
package enum ExternalPolicyFailure: Error, Sendable, CustomStringConvertible {
  /// The process could not be started.
  case processStart(PolicyProcessStartFailure)
  /// The server could not be started, or never became ready.
  case serverStart(PolicyServerStartFailure)
  /// The store APIs could not be served on loopback.
  case storeAPI(SocketError)
  /// The process broke the protocol, stopped answering or ended (its last lines of standard
  /// error included).
  case channel(PolicyChannelError)
  /// The process's `hello` answer is not one.
  case hello(String)
  /// The server's entitlement answer could not be read, or it gave none.
  case server(PolicyServerFault)

  /// The exit status of a run this ends: 2 when simsub refused to start the server (its port
  /// is taken, ``PolicyServerStartFailure/isRefusal``), 1 otherwise.
  package var exitStatus: ExitStatus {
    if case .serverStart(let failure) = self, failure.isRefusal { return .badInput }
    return .checkFailed
  }

  package var description: String {
    switch self {
    case .processStart(let failure): "\(failure)"
    case .serverStart(let failure): "\(failure)"
    case .storeAPI(let error): "cannot serve the store APIs on loopback: \(error)"
    case .channel(let error): "\(error)"
    case .hello(let answer): "the policy process did not answer hello with its name: \(answer)"
    case .server(let fault): "the policy server failed: \(fault)"
    }
  }
}
