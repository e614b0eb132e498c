import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

@Suite struct PolicyServerConnectionTests {
  typealias F = PolicyServerFixtures

  @Test func eachStoresRequestGoesToItsWebhookWithTheClockAndTheExactBody() throws {
    let server = try RecordingPolicyServer()
    defer { server.stop() }
    let connection = PolicyServerConnection(server: server.settings())
    let body = #"{"signedPayload":"a.b.c"}"#
    let cases: [(String, String)] = [
      (WireRequest.appStorePath, "/notifications/apple"),
      (WireRequest.googlePlayPath, "/notifications/google"),
      (WireRequest.stripePath, "/api/billing/webhook"), (WireRequest.revenueCatPath, "/api/iap/webhook"),
    ]
    for (path, _) in cases {
      #expect(connection.deliver(F.request(path: path, body: body), at: F.now) == .accepted(status: 200))
    }
    let seen = server.requests
    #expect(seen.map(\.target) == cases.map(\.1))
    for request in seen {
      #expect(request.method == "POST")
      #expect(String(decoding: request.body, as: UTF8.self) == body)
      #expect(request.headers["X-Simsub-Now"] == "2026-01-01T00:00:00.000Z")
      #expect(request.headers["Content-Type"] == "application/json")
    }
  }

  @Test func stripeIsSignedWithTheEndpointsSecretAndRevenueCatCarriesItsAuthorization() throws {
    let server = try RecordingPolicyServer()
    defer { server.stop() }
    let connection = PolicyServerConnection(
      server: server.settings(stripeSecret: "whsec_theirs", revenueCatAuthorization: "Bearer theirs"),
      wallClock: { 1_800_000_000 })
    let body = #"{"id":"evt_1","object":"event"}"#
    let stale = [
      WireRequest.Header("Stripe-Signature", "t=1,v1=00"), .init("Authorization", "Bearer simsub"),
    ]
    _ = connection.deliver(F.request(path: WireRequest.stripePath, headers: stale, body: body), at: F.now)
    _ = connection.deliver(F.request(path: WireRequest.revenueCatPath, headers: stale, body: body), at: F.now)
    let (stripe, revenueCat) = (server.requests[0], server.requests[1])
    let expected =
      "t=1800000000,v1="
      + HMACSHA256.hexAuthenticationCode(key: "whsec_theirs", message: "1800000000.\(body)")
    #expect(stripe.headers.values("Stripe-Signature") == [expected])
    #expect(revenueCat.headers.values("Authorization") == ["Bearer theirs"])
    // Headers the endpoint's configuration does not own are sent as the store wrote them.
    #expect(stripe.headers.values("Authorization") == ["Bearer simsub"])
  }

  @Test func aRevenueCatEndpointWithoutAuthorizationGetsNone() throws {
    let server = try RecordingPolicyServer()
    defer { server.stop() }
    let connection = PolicyServerConnection(server: server.settings(revenueCatAuthorization: nil))
    let request = F.request(
      path: WireRequest.revenueCatPath, headers: [.init("Authorization", "Bearer simsub")])
    _ = connection.deliver(request, at: F.now)
    #expect(server.requests[0].headers.values("Authorization").isEmpty)
  }

  @Test func aNonSuccessStatusARefusalAndATimeoutAreFailedAttempts() throws {
    let server = try RecordingPolicyServer()
    defer { server.stop() }
    server.answerWebhooks(503)
    let connection = PolicyServerConnection(server: server.settings(), timeout: .milliseconds(300))
    let apple = F.request(path: WireRequest.appStorePath)
    #expect(connection.deliver(apple, at: F.now) == .rejected(status: 503, body: "ok"))
    #expect(!connection.deliver(apple, at: F.now).isAccepted)

    server.answerWebhooks(200)
    server.pause(1)
    #expect(connection.deliver(apple, at: F.now) == .failed(.timedOut))
    server.pause(0)

    var refused = server.settings()
    refused.webhooks.apple = F.url("http://127.0.0.1:\(try F.closedPort())/notifications/apple")
    #expect(PolicyServerConnection(server: refused).deliver(apple, at: F.now) == .failed(.refused))
  }

  @Test func aStoreWithoutWebhookIsNotSent() throws {
    let server = try RecordingPolicyServer()
    defer { server.stop() }
    var settings = server.settings()
    settings.webhooks.google = nil
    let connection = PolicyServerConnection(server: settings)
    #expect(
      connection.deliver(F.request(path: WireRequest.googlePlayPath), at: F.now)
        == .noWebhook(store: "google"))
    #expect(server.requests.isEmpty)
  }

  @Test func connectionsAreKeptAlive() throws {
    let server = try RecordingPolicyServer()
    defer { server.stop() }
    let connection = PolicyServerConnection(server: server.settings())
    for _ in 0..<50 {
      _ = connection.deliver(F.request(path: WireRequest.appStorePath), at: F.now)
      _ = connection.decide(subscriber: F.subscriber, at: F.now)
    }
    #expect(server.requests.count == 100)
    #expect(connection.connectionsOpened == 1)
  }

  @Test func theEntitlementIsAskedWithTheSubscriberAndTheClockAndReadThroughThePointers() throws {
    let server = try RecordingPolicyServer()
    defer { server.stop() }
    server.answerEntitlement(#"{"premium": true, "state": "in_grace", "banner": "warn", "other": [1, 2]}"#)
    let connection = PolicyServerConnection(
      server: server.settings(stateWords: ["in_grace": .grace], promptWords: ["warn": .soft]))
    let decision = try connection.decide(subscriber: F.subscriber, at: F.now + .days(1)).get()
    #expect(decision == PolicyDecision(access: true, state: .grace, prompt: .soft))
    let asked = server.requests[0]
    #expect(asked.method == "GET")
    #expect(asked.target == "/entitlements/\(F.subscriber)")
    #expect(asked.headers["X-Simsub-Now"] == "2026-01-02T00:00:00.000Z")

    // simsub's own words need no map; a null or absent state or prompt is not checked.
    server.answerEntitlement(#"{"premium": false, "state": "hold", "banner": null}"#)
    #expect(
      try connection.decide(subscriber: F.subscriber, at: F.now).get()
        == PolicyDecision(access: false, state: .hold))
    server.answerEntitlement(#"{"premium": false}"#)
    #expect(try connection.decide(subscriber: F.subscriber, at: F.now).get() == PolicyDecision(access: false))
  }

  @Test(arguments: [
    (#"not json"#, 200, "the answer is not JSON"),
    (#"{"state": "active"}"#, 200, "the answer has no 'access' at /premium"),
    (#"{"premium": "yes"}"#, 200, "the answer's 'access' at /premium is a string, expected true or false"),
    (
      #"{"premium": true, "state": "sort-of"}"#, 200,
      "the answer's 'state' at /state is 'sort-of', expected one of"
    ),
    (#"{"premium": true, "banner": 3}"#, 200, "the answer's 'prompt' at /banner is a number"),
    (#"{"error": "boom"}"#, 500, #"status 500: {"error": "boom"}"#),
  ])
  func aGarbageAnswerIsAClearErrorNamingTheRequest(body: String, status: Int, message: String) throws {
    let server = try RecordingPolicyServer()
    defer { server.stop() }
    server.answerEntitlement(body, status: status)
    let connection = PolicyServerConnection(server: server.settings())
    let result = connection.decide(subscriber: F.subscriber, at: F.now)
    guard case .failure(let fault) = result else {
      Issue.record("expected a fault, got \(result)")
      return
    }
    let text = fault.description
    #expect(
      text.hasPrefix("GET http://127.0.0.1:\(server.server.port)/entitlements/\(F.subscriber): "), "\(text)")
    #expect(text.contains(message), "\(text)")
  }

  @Test func noAnswerAboutTheEntitlementSaysWhy() throws {
    var settings = try RecordingPolicyServer().settings()
    settings.entitlement.url = F.url("http://127.0.0.1:\(try F.closedPort())/entitlements/{subscriber}")
    let result = PolicyServerConnection(server: settings).decide(subscriber: F.subscriber, at: F.now)
    guard case .failure(let fault) = result else {
      Issue.record("expected a fault, got \(result)")
      return
    }
    #expect(fault.problem == .noAnswer(.refused))
    #expect(fault.description.hasSuffix("no answer: connection refused"))
  }
}
