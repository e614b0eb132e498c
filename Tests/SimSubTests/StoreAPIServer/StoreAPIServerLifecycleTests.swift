import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// Starting, the base URLs, concurrent requests, replacing what is served, and stopping.
@Suite struct StoreAPIServerLifecycleTests {
  @Test func baseURLsAndEnvironment() throws {
    let server = try StoreAPIServer(subscriptions: [], clock: { _ in Instant(secondsSinceEpoch: 0) })
    defer { server.stop() }
    let ports = StoreAPIKind.allCases.map(server.port)
    #expect(Set(ports).count == 4 && ports.allSatisfy { $0 > 0 })
    #expect(
      server.environment == [
        "SIMSUB_GOOGLE_API": "http://127.0.0.1:\(ports[0])/",
        "SIMSUB_APPLE_API": "http://127.0.0.1:\(ports[1])/",
        "SIMSUB_STRIPE_API": "http://127.0.0.1:\(ports[2])/",
        "SIMSUB_REVENUECAT_API": "http://127.0.0.1:\(ports[3])/",
      ])
    #expect(
      JSONValue.object(server.apis).serialized()
        == #"{"google":"http://127.0.0.1:\#(ports[0])/","apple":"http://127.0.0.1:\#(ports[1])/","stripe":"http://127.0.0.1:\#(ports[2])/","revenuecat":"http://127.0.0.1:\#(ports[3])/"}"#
    )
    #expect(
      server.environmentLines
        == StoreAPIKind.allCases.map { "\($0.environmentName)=\(server.baseURL($0))\n" }.joined())
    // Each base URL reaches its API.
    let client = HTTPClient()
    for api in StoreAPIKind.allCases {
      let url = try HTTPURL(server.baseURL(api) + "nothing")
      let r = try client.send("GET", url).get()
      #expect(r.status == 404)
      #expect(r.json?["message"]?.stringValue?.contains(api.paths[0]) == true)
    }
  }

  @Test func concurrentRequestsEachGetTheirAnswer() throws {
    let (s, all) = try #require(StoreAPIServing.first(.stripe))
    let end = try #require(StoreAPIServing.end(s))
    let server = try StoreAPIServer(subscriptions: all, clock: { _ in end })
    defer { server.stop() }
    let paths = s.apiPaths(at: end) + [(.apple, "/inApps/v1/subscriptions/1"), (.google, "/x")]
    let expected = paths.map { $0.api.answer($0.path, at: end, among: all).json }
    let wrong = NSLock()
    nonisolated(unsafe) var mismatches: [String] = []
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      let client = HTTPClient()
      for n in 0..<40 {
        let i = (worker + n) % paths.count
        let answer = try? StoreAPIServing.send(client, server, paths[i].api, paths[i].path)
        if answer?.text != expected[i] { wrong.withLock { mismatches.append(paths[i].path) } }
      }
    }
    #expect(mismatches.isEmpty)
  }

  @Test func replacedSubscriptionsAreServedFromTheNextRequest() throws {
    let (s, all) = try #require(StoreAPIServing.first(.apple))
    let end = try #require(StoreAPIServing.end(s))
    let path = try #require(s.apiPaths(at: end).first?.path)
    let server = try StoreAPIServer(subscriptions: [], clock: { _ in end })
    defer { server.stop() }
    let client = HTTPClient()
    #expect(try StoreAPIServing.send(client, server, .apple, path).status == 404)
    server.replaceSubscriptions(all)
    #expect(try StoreAPIServing.send(client, server, .apple, path).status == 200)
  }

  /// After `stop()` nothing listens on any of the four ports, also for a client holding a
  /// keep-alive connection; a second `stop()` does nothing.
  @Test func stopReleasesEveryPort() throws {
    let server = try StoreAPIServer(subscriptions: [], clock: { _ in Instant(secondsSinceEpoch: 0) })
    let client = HTTPClient(timeout: .seconds(2))
    for api in StoreAPIKind.allCases {
      #expect(try StoreAPIServing.send(client, server, api, "/").status == 404)
    }
    server.stop()
    server.stop()
    for api in StoreAPIKind.allCases {
      let url = HTTPURL(host: .ipv4Loopback, port: server.port(api), target: "/")
      #expect(client.send("GET", url).failure == .refused)
    }
    // The ports can be listened on again.
    for api in StoreAPIKind.allCases { try LoopbackListener(port: server.port(api)).close() }
  }

  /// Fixed ports: `port` and the three after it; one of them taken stops the ones started.
  @Test func fixedPortsAndATakenOne() throws {
    let probe = try LoopbackListener(port: 0)
    let taken = probe.port
    defer { probe.close() }
    let base = taken - 2
    try #require(base >= 1)
    #expect(throws: SocketError.self) {
      _ = try StoreAPIServer(subscriptions: [], port: base, clock: { _ in Instant(secondsSinceEpoch: 0) })
    }
    let client = HTTPClient(timeout: .seconds(2))
    for port in [base, base + 1] {
      #expect(client.send("GET", HTTPURL(host: .ipv4Loopback, port: port, target: "/")).failure == .refused)
    }
  }
}
