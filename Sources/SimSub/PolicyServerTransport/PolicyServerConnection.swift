import Foundation
import SubscriptionPolicy

/// simsub's side of a policy that is a running server (POLICY-PROTOCOL.md, "The server mode"):
/// each delivery is the store's HTTP request sent to the webhook the policy file gives for its
/// store, each question a `GET` on the entitlement URL with the subscriber's id in it, and every
/// request carries the simulated instant in `X-Simsub-Now`.
///
/// Connections are kept alive and reused (``HTTPClient``); each request has the file's
/// `timeout`. Safe to use from several threads at once, as `--concurrency` does: each request
/// takes a connection of its own from the pool.
package final class PolicyServerConnection: Sendable {
  /// The header that carries the simulated instant on every request, in RFC 3339 with
  /// milliseconds: the clock the code under test reads in simulated time.
  package static let clockHeader = "X-Simsub-Now"

  package let server: PolicyFile.Server
  package let timeout: Duration
  private let client: HTTPClient
  /// Unix seconds now: the `t` of a Stripe signature.
  private let wallClock: @Sendable () -> Int64

  package init(
    server: PolicyFile.Server, timeout: Duration = PolicyFile.defaultTimeout,
    wallClock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }
  ) {
    self.server = server
    self.timeout = timeout
    self.client = HTTPClient(timeout: timeout)
    self.wallClock = wallClock
  }

  /// How many connections have been opened so far (keep-alive reuses them).
  package var connectionsOpened: Int { client.connectionsOpened }

  /// Delivers `request`, a store's notification as it travels, at the simulated instant `now`.
  package func deliver(_ request: WireRequest, at now: Instant) -> WebhookAttempt {
    guard let target = WebhookTarget.of(request, in: server.webhooks) else {
      return .noWebhook(store: WebhookTarget.store(ofPath: request.path) ?? "the path \(request.path)")
    }
    let http = target.httpRequest(request, now: now, timestamp: wallClock())
    switch client.send(http, to: target.url.http().endpoint) {
    case .success(let response):
      return response.isSuccess
        ? .accepted(status: response.status)
        : .rejected(status: response.status, body: WebhookAttempt.excerpt(response.body))
    case .failure(let error):
      return .failed(error)
    }
  }

  /// Asks the server whether `subscriber` (the subscriber's UUID, as the stores carry it) has
  /// access at the simulated instant `now`, and reads the answer as the policy file says.
  package func decide(subscriber: String, at now: Instant) -> Result<PolicyDecision, PolicyServerFault> {
    let entitlement = server.entitlement
    let label = "GET \(entitlement.url(for: subscriber))"
    let url = entitlement.url.http(
      target: entitlement.url.target.replacingPlaceholder(
        PolicyFile.Entitlement.placeholder, with: subscriber))
    let headers: HTTPHeaders = [
      "Accept": "application/json", Self.clockHeader: RFC3339.formatWithMilliseconds(now),
    ]
    switch client.send("GET", url, headers: headers) {
    case .success(let response):
      guard response.isSuccess else {
        return .failure(
          PolicyServerFault(
            request: label,
            problem: .status(response.status, body: String(decoding: response.body, as: UTF8.self))))
      }
      return entitlement.decision(fromBody: response.body, request: label)
    case .failure(let error):
      return .failure(PolicyServerFault(request: label, problem: .noAnswer(error)))
    }
  }

  /// Closes the connections kept for reuse.
  package func close() { client.closeIdleConnections() }
}
