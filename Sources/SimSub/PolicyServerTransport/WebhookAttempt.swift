import Foundation

/// How one delivery to a policy server's webhook went, as a store sees it: accepted on a 2xx
/// answer, failed otherwise (another status, no answer in time, a refused connection), and then
/// retried on that store's schedule (POLICY-PROTOCOL.md, "Faults and load").
package enum WebhookAttempt: Equatable, Sendable, CustomStringConvertible {
  /// The server answered 2xx.
  case accepted(status: Int)
  /// The server answered with another status; `body` is the start of its body (up to 200
  /// characters, one line), what the report shows of why.
  case rejected(status: Int, body: String = "")
  /// No answer: a refused connection, a timeout, a connection closed early, a malformed answer.
  case failed(HTTPClientError)
  /// The policy file gives no webhook for the request's store: the server never hears of it.
  case noWebhook(store: String)

  /// Whether the store counts the notification as delivered.
  /// The start of `body` as one line of at most `limit` characters, for a report.
  package static func excerpt(_ body: [UInt8], limit: Int = 200) -> String {
    var text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
      .map { $0.isNewline || $0 == "\t" ? " " : $0 }.reduce(into: "") { $0.append($1) }
    text = text.trimmingCharacters(in: .whitespaces)
    return text.count > limit ? String(text.prefix(limit)) + "…" : text
  }

  package var isAccepted: Bool {
    if case .accepted = self { return true }
    return false
  }

  package var description: String {
    switch self {
    case .accepted(let status): "accepted (\(status))"
    case .rejected(let status, let body): "status \(status)" + (body.isEmpty ? "" : ": \(body)")
    case .failed(let error): "failed: \(error)"
    case .noWebhook(let store): "not sent: the policy file gives no webhook for \(store)"
    }
  }
}
