/// How one delivery to a policy server's webhook went, as a store sees it: accepted on a 2xx
/// answer, failed otherwise (another status, no answer in time, a refused connection), and then
/// retried on that store's schedule (POLICY-PROTOCOL.md, "Faults and load").
package enum WebhookAttempt: Equatable, Sendable, CustomStringConvertible {
  /// The server answered 2xx.
  case accepted(status: Int)
  /// The server answered with another status.
  case rejected(status: Int)
  /// No answer: a refused connection, a timeout, a connection closed early, a malformed answer.
  case failed(HTTPClientError)
  /// The policy file gives no webhook for the request's store: the server never hears of it.
  case noWebhook(store: String)

  /// Whether the store counts the notification as delivered.
  package var isAccepted: Bool {
    if case .accepted = self { return true }
    return false
  }

  package var description: String {
    switch self {
    case .accepted(let status): "accepted (\(status))"
    case .rejected(let status): "rejected with status \(status)"
    case .failed(let error): "failed: \(error)"
    case .noWebhook(let store): "not sent: the policy file gives no webhook for \(store)"
    }
  }
}
