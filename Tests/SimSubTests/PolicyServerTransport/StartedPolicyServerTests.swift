import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

extension PolicyProcessSuites {
  /// Starting, readiness and stopping of a policy server simsub starts itself. In the policy
  /// process suites, which run one at a time: these start process groups too.
  @Suite struct StartedPolicyServerTests {
    typealias F = PolicyServerFixtures

    /// A policy file whose server simsub starts with `start`, ready at `/health` on `port`.
    func file(
      start: PolicyCommand, port: Int, readyTimeout: Duration = .seconds(10),
      environment: [String: String] = [:]
    )
      -> (PolicyFile, PolicyFile.Server)
    {
      let base = "http://127.0.0.1:\(port)"
      let server = PolicyFile.Server(
        start: start, ready: F.url("\(base)/health"), readyTimeout: readyTimeout,
        webhooks: PolicyFile.Webhooks(apple: F.url("\(base)/notifications/apple")),
        entitlement: PolicyFile.Entitlement(
          url: F.url("\(base)/entitlements/{subscriber}"), access: F.pointer("/premium")))
      let file = PolicyFile(
        path: "worker.policy", name: "worker", mode: .server(server),
        environment: environment.sorted { $0.key < $1.key }.map { PolicyFile.Variable($0.key, $0.value) })
      return (file, server)
    }

    func node(_ variables: [String]) -> PolicyCommand {
      .shell(variables.joined(separator: " ") + " exec node '\(F.readyServer)'")
    }

    @Test(.needsNode) func aStartedServerIsPolledUntilReadyGetsTheAPIsAndIsStoppedWithItsGroup() throws {
      try PolicyProcessFixtures.requireNode()
      let port = try F.closedPort()
      let console = CapturingConsole()
      let (file, server) = file(
        start: node(["PORT=\(port)", "READY_AFTER_MS=300"]), port: port, environment: ["EXTRA": "1"])
      let started = try StartedPolicyServer(
        file: file, server: server, environment: ["SIMSUB_GOOGLE_API": "http://127.0.0.1:9/"],
        console: console)
      let pid = try #require(started.process?.pid)
      let env = HTTPClient().send("GET", HTTPURL(host: .ipv4Loopback, port: port, target: "/env"))
      #expect(env.text == #"{"SIMSUB_GOOGLE_API":"http://127.0.0.1:9/"}"#)

      started.stop()
      #expect(PolicyProcessFixtures.isGone(pid))
      #expect(!ProcessGroups.isRegistered(pid))
      let after = HTTPClient(timeout: .milliseconds(500)).send(
        "GET", HTTPURL(host: .ipv4Loopback, port: port, target: "/health"))
      #expect(after.failure == .refused, "the port is closed once the server is stopped")
      #expect(console.standardError.contains("[worker] listening on \(port)"), "\(console.standardError)")
    }

    @Test(.needsNode) func aServerThatNeverBecomesReadyIsStoppedAndNamed() throws {
      try PolicyProcessFixtures.requireNode()
      let port = try F.closedPort()
      let (file, server) = file(
        // Long enough for Node to start listening on a busy host, so the last answer is the 503.
        start: node(["PORT=\(port)", "NEVER_READY=1"]), port: port, readyTimeout: .seconds(3))
      let start = ContinuousClock.now
      #expect {
        _ = try StartedPolicyServer(file: file, server: server, console: CapturingConsole())
      } throws: { error in
        guard case .notReady(let url, _, let last, _) = error as? PolicyServerStartFailure else {
          return false
        }
        return url == "http://127.0.0.1:\(port)/health" && last == "status 503"
      }
      #expect(ContinuousClock.now - start < .seconds(8))
      let after = HTTPClient(timeout: .milliseconds(500)).send(
        "GET", HTTPURL(host: .ipv4Loopback, port: port, target: "/health"))
      #expect(after.failure == .refused, "the server is stopped when it never became ready")
    }

    @Test func aServerThatExitsBeforeReadyGivesItsLastLines() throws {
      let port = try F.closedPort()
      let (file, server) = file(start: .shell("echo 'cannot bind' >&2; exit 3"), port: port)
      #expect {
        _ = try StartedPolicyServer(file: file, server: server, console: CapturingConsole())
      } throws: { error in
        guard case .exited(let exit, _, let lines) = error as? PolicyServerStartFailure else { return false }
        return exit == .status(3) && lines == ["cannot bind"]
      }
    }

    @Test func aCommandThatCannotStartSaysSo() throws {
      let (file, server) = file(start: .arguments(["simsub-no-such-program"]), port: 1)
      #expect {
        _ = try StartedPolicyServer(file: file, server: server, console: CapturingConsole())
      } throws: { error in
        "\(error)".contains("simsub-no-such-program: command not found")
      }
    }
  }
}

extension PolicyProcessSuites {
  /// `simsub benchmark --only server` measures: it plays the scenarios' requests through the Node
  /// example server and counts them (its speed is a figure it prints, not checked here).
  @Suite struct PolicyServerBenchmarkTests {
    @Test(.needsNode) func theBenchmarkPlaysEveryRequestThroughTheExampleServer() throws {
      try PolicyProcessFixtures.requireNode()
      let root = WireTesting.root
      let scenarios = ["card-expired.scn", "google-hold-runs-out.scn", "stripe-recovers-during-past-due.scn"]
        .map {
          root.appendingPathComponent("Scenarios/\($0)").path
        }
      let figures = try PolicyServerBenchmark.measure(
        server: root.appendingPathComponent(PolicyServerBenchmark.serverPath).path, libraryPaths: scenarios,
        concurrency: 2, repetitions: 1)
      #expect(figures.requests > 20)
      #expect(figures.oneAtATimeSeconds > 0 && figures.concurrentSeconds > 0)
    }
  }
}
