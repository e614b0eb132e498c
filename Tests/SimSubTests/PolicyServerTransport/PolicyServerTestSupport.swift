import Foundation
import SubscriptionPolicy

@testable import SimSub

/// A team's server stood in by a Swift handler on loopback: it records every request and
/// answers webhooks with `webhookStatus` and the entitlement URL with `entitlementBody`.
final class RecordingPolicyServer: @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [HTTPRequest] = []
  private var status = 200
  private var answer = #"{"premium": true}"#
  private var answerStatus = 200
  private var delay: Double = 0
  private let box = ServerBox()
  var server: LoopbackHTTPServer { box.server! }

  init() throws {
    box.server = try LoopbackHTTPServer { [unowned self] request in
      let (webhook, body, bodyStatus, pause) = self.lock.withLock {
        self.recorded.append(request)
        return (self.status, self.answer, self.answerStatus, self.delay)
      }
      if pause > 0 { Thread.sleep(forTimeInterval: pause) }
      if request.path.hasPrefix("/entitlements/") {
        return HTTPResponse(status: bodyStatus, contentType: "application/json", body: body)
      }
      return HTTPResponse(status: webhook, contentType: "text/plain", body: "ok")
    }
  }

  var requests: [HTTPRequest] { lock.withLock { recorded } }
  func answerWebhooks(_ status: Int) { lock.withLock { self.status = status } }
  func answerEntitlement(_ body: String, status: Int = 200) {
    lock.withLock {
      answer = body
      answerStatus = status
    }
  }
  func pause(_ seconds: Double) { lock.withLock { delay = seconds } }

  func url(_ path: String) -> LoopbackURL {
    PolicyServerFixtures.url("http://127.0.0.1:\(server.port)\(path)")
  }

  /// The policy file's server settings for this server: every store's webhook, the
  /// entitlement at `/entitlements/{subscriber}` read at `/premium`, `/state` and `/banner`.
  func settings(
    stripeSecret: String = "whsec_endpoint", revenueCatAuthorization: String? = "Bearer endpoint",
    stateWords: [String: EntitlementState] = [:], promptWords: [String: RecoveryPrompt] = [:]
  ) -> PolicyFile.Server {
    PolicyFile.Server(
      webhooks: PolicyFile.Webhooks(
        apple: url("/notifications/apple"), google: url("/notifications/google"),
        stripe: PolicyFile.Stripe(url: url("/api/billing/webhook"), secret: stripeSecret),
        revenuecat: PolicyFile.RevenueCat(
          url: url("/api/iap/webhook"), authorization: revenueCatAuthorization)),
      entitlement: PolicyFile.Entitlement(
        url: url("/entitlements/{subscriber}"), access: PolicyServerFixtures.pointer("/premium"),
        state: PolicyServerFixtures.pointer("/state"), prompt: PolicyServerFixtures.pointer("/banner"),
        stateWords: stateWords, promptWords: promptWords))
  }

  func stop() { server.stop() }
}

/// Holds the server a `RecordingPolicyServer` makes in its initialiser, whose handler refers
/// back to it.
final class ServerBox: @unchecked Sendable {
  var server: LoopbackHTTPServer?
}

enum PolicyServerFixtures {
  static func url(_ text: String) -> LoopbackURL {
    guard case .success(let url) = LoopbackURL.parse(text) else { fatalError("not a loopback URL: \(text)") }
    return url
  }

  static func pointer(_ text: String) -> JSONPointer {
    guard case .success(let pointer) = JSONPointer.parse(text) else { fatalError("not a pointer: \(text)") }
    return pointer
  }

  static let subscriber = "0f8fad5b-d9cb-469f-a165-70867728950e"
  static let now = Instant(secondsSinceEpoch: 1_767_225_600)

  static func request(path: String, headers: [WireRequest.Header] = [], body: String = #"{"k":1}"#)
    -> WireRequest
  {
    WireRequest(path: path, headers: [.init("Content-Type", "application/json")] + headers, body: body)
  }

  /// A port nothing listens on, for a server a test starts: bound once here to check it is free,
  /// and closed again.
  static func closedPort() throws -> Int {
    // Below the kernel's ephemeral range (Linux from 32768, macOS from 49152): a port the kernel
    // hands out for `bind(0)` or an outgoing connection could be taken by a test running
    // alongside between this check and the server's own bind, so the port is picked from ports
    // the kernel never picks by itself, and checked free here.
    for _ in 0..<64 {
      let candidate = Int.random(in: 20_000..<32_768)
      if let listener = try? LoopbackListener(port: candidate) {
        listener.close()
        return candidate
      }
    }
    let listener = try LoopbackListener()
    let port = listener.port
    listener.close()
    return port
  }

  static let readyServer = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/PolicyServer/ready-server.mjs").path
}
