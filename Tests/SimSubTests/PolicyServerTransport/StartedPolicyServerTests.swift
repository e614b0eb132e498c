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

    /// A port of the file already taken (a server left running): the start is refused before
    /// the command runs, naming the port and how to free it, so that no other process is
    /// checked in the server's place.
    @Test func aPortAlreadyTakenRefusesTheStartBeforeTheCommandRuns() throws {
      let stale = try LoopbackListener(port: F.closedPort())
      defer { stale.close() }
      let marker = NSTemporaryDirectory() + "simsub-port-taken-\(UUID().uuidString)"
      let (file, server) = file(start: .shell("touch '\(marker)'"), port: stale.port)
      #expect {
        _ = try StartedPolicyServer(file: file, server: server, console: CapturingConsole())
      } throws: { error in
        guard case .portInUse(let port, _) = error as? PolicyServerStartFailure else { return false }
        let text = "\(error)"
        return port == stale.port && text.contains("port \(port) ") && text.contains("fuser -k \(port)/tcp")
          && text.contains("{port}")
      }
      #expect(!FileManager.default.fileExists(atPath: marker), "the start command never ran")
      #expect(
        ExternalPolicyFailure.serverStart(.portInUse(port: stale.port, url: "")).exitStatus == .badInput)
    }

    /// A server that cannot listen (its port held by another process, here this test) dies with
    /// `EADDRINUSE`: reported with its exit status and its error, not taken for ready.
    @Test func aServerThatDiesWithEADDRINUSEIsReportedWithItsExitAndItsError() throws {
      try PolicyProcessFixtures.requireNode()
      let held = try LoopbackListener(port: F.closedPort())
      defer { held.close() }
      // `ready` is on a free port; the server is told to listen on the held one.
      let (file, server) = file(start: node(["PORT=\(held.port)"]), port: try F.closedPort())
      #expect {
        _ = try StartedPolicyServer(file: file, server: server, console: CapturingConsole())
      } throws: { error in
        guard case .exited(let exit, _, let lines) = error as? PolicyServerStartFailure else { return false }
        return exit == .status(1) && lines.contains { $0.contains("EADDRINUSE") }
          && ExternalPolicyFailure.serverStart(error as! PolicyServerStartFailure).exitStatus == .checkFailed
      }
    }

    /// `{port}`: two hosts of one file at once (as `replay --compare` and `montecarlo --compare`
    /// run them) each start their server on a port of its own, and both answer.
    @Test func twoServersOfOneFileWithPortRunSideBySide() throws {
      try PolicyProcessFixtures.requireNode()
      let file = try PolicyFileLoader.decode(
        """
        name: ready
        start: [node, '\(F.readyServer)']
        ready: http://127.0.0.1:{port}/health
        webhooks: {apple: 'http://127.0.0.1:{port}/notifications/apple'}
        entitlement: {url: 'http://127.0.0.1:{port}/entitlements/{subscriber}', access: /premium}

        """, path: "ready.policy")
      let first = try ExternalPolicyHost(file: file, console: CapturingConsole())
      defer { first.stop() }
      let second = try ExternalPolicyHost(file: file, console: CapturingConsole())
      defer { second.stop() }
      var ports: [Int] = []
      for host in [first, second] {
        guard case .server(let server) = host.file.mode, let ready = server.ready else {
          Issue.record("not a server with ready")
          return
        }
        #expect(server.urls.allSatisfy { $0.port == ready.port && !$0.choosesPort })
        #expect(host.file.environment.contains(PolicyFile.Variable("PORT", "\(ready.port)")))
        let health = HTTPClient(timeout: .seconds(2)).send(
          "GET", HTTPURL(host: .ipv4Loopback, port: ready.port, target: "/health"))
        #expect(health.text == "ok")
        ports.append(ready.port)
      }
      #expect(ports.count == 2 && ports[0] != ports[1])
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
