import Foundation
import SimSub
import TestSupport
import Testing

/// `simsub check --policy FILE.policy` and `simsub montecarlo --policy FILE.policy` (two
/// threads) as a user runs them, interrupted with Ctrl-C and with the policy server killed
/// under them: either way no process of the policy's, and neither its port nor any of simsub's
/// store APIs, is left behind.
@Suite(.serialized) struct PolicyFileCleanupBinaryTests {
  static let node = Toolchain.node

  /// A policy file whose server records its process id and the store APIs' base URL in `info`
  /// before it becomes the example Node server on `port`.
  static func policy(in scratch: Scratch, port: Int) throws -> String {
    let server = SimSubBinary.packageRoot.appendingPathComponent("docs/examples/node-server/server.mjs").path
    let base = "http://127.0.0.1:\(port)"
    try scratch.file(
      "server.policy",
      Array(
        """
        name: cleanup
        start: echo $$ $SIMSUB_GOOGLE_API > \(scratch.url("info").path); exec node \(server)
        ready: \(base)/health
        webhooks:
          apple: \(base)/notifications/apple
          google: \(base)/notifications/google
          stripe: {url: \(base)/api/billing/webhook, secret: whsec_node_example}
        entitlement:
          url: \(base)/entitlements/{subscriber}
          access: /premium
        environment:
          PORT: \(port)
          STRIPE_WEBHOOK_SECRET: whsec_node_example

        """.utf8))
    return scratch.url("server.policy").path
  }

  /// What the tests run with the policy file: `check Scenarios/`, or Monte Carlo long enough
  /// to be interrupted on two threads.
  enum Run {
    case check, montecarlo

    func arguments(policy: String, scratch: Scratch) -> [String] {
      switch self {
      case .check: ["check", "Scenarios/", "--policy", policy]
      case .montecarlo:
        [
          "montecarlo", "Scenarios/populations/typical.pop", "--users", "1000000", "--threads", "2",
          "--policy",
          policy, "--output", scratch.url("montecarlo.json").path,
        ]
      }
    }
  }

  /// Starts `simsub check Scenarios/ --policy …` (or the `run` given) and waits until the
  /// policy's server has written its `info`: the server's process id and the Google API's
  /// base URL.
  static func start(_ scratch: Scratch, port: Int, run: Run = .check) throws -> (Process, pid_t, String) {
    let executable = try #require(SimSubBinary.executable)
    let process = Process()
    process.executableURL = executable
    process.arguments = run.arguments(policy: try policy(in: scratch, port: port), scratch: scratch)
    process.currentDirectoryURL = SimSubBinary.packageRoot
    process.standardInput = FileHandle.nullDevice
    _ = FileManager.default.createFile(atPath: scratch.url("stdout").path, contents: nil)
    _ = FileManager.default.createFile(atPath: scratch.url("stderr").path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: scratch.url("stdout"))
    process.standardError = try FileHandle(forWritingTo: scratch.url("stderr"))
    try process.run()
    let deadline = Date().addingTimeInterval(30)
    var info: [Substring] = []
    while info.count < 2, process.isRunning, Date() < deadline {
      usleep(20_000)
      info = ((try? String(contentsOf: scratch.url("info"), encoding: .utf8)) ?? "").split(
        whereSeparator: \.isWhitespace)
    }
    // Let the server come up (its health answers, so simsub's readiness poll is past or
    // about to be) and the first scenarios reach it: a fixed wait lost that race on a busy host.
    let client = HTTPClient(timeout: .seconds(2))
    defer { client.closeIdleConnections() }
    let health = try HTTPURL("http://127.0.0.1:\(port)/health")
    while process.isRunning, Date() < deadline {
      if case .success = client.send("GET", health) { break }
      usleep(50_000)
    }
    usleep(500_000)
    let pid = try #require(info.first.flatMap { pid_t($0) })
    return (process, pid, String(try #require(info.last)))
  }

  static func isGone(_ pid: pid_t) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if kill(pid, 0) != 0 && errno == ESRCH { return true }
      // A child of simsub's that has ended but is not yet reaped counts as gone once simsub is.
      usleep(20_000)
    }
    return false
  }

  static func refuses(_ base: String) throws -> Bool {
    let client = HTTPClient(timeout: .seconds(2))
    defer { client.closeIdleConnections() }
    guard case .failure(.refused) = client.send("GET", try HTTPURL(base)) else { return false }
    return true
  }

  // Only `check`: Monte Carlo takes a stop between blocks of 256 subscribers, which through a
  // server on a loaded host is minutes.
  @Test(.needsNode, arguments: [Run.check])
  func ctrlCStopsTheServerAndClosesTheStoreAPIs(run: Run) throws {
    try #require(Self.node != nil, "node required but missing")
    let scratch = try Scratch()
    defer { scratch.remove() }
    let port = try Self.freePort()
    let (process, pid, google) = try Self.start(scratch, port: port, run: run)
    defer { if process.isRunning { process.terminate() } }
    try #require(process.isRunning, "\((try? scratch.read("stderr")) ?? "")")
    process.interrupt()
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
    #expect(Self.isGone(pid), "the policy server \(pid) is still running")
    #expect(try Self.refuses(google), "\(google) still answers")
    #expect(try Self.refuses("http://127.0.0.1:\(port)/health"))
  }

  @Test(.needsNode, arguments: [Run.check, .montecarlo])
  func aServerKilledMidRunEndsTheRunAndLeavesNothingBehind(run: Run) throws {
    try #require(Self.node != nil, "node required but missing")
    let scratch = try Scratch()
    defer { scratch.remove() }
    let port = try Self.freePort()
    let (process, pid, google) = try Self.start(scratch, port: port, run: run)
    defer { if process.isRunning { process.terminate() } }
    kill(pid, SIGKILL)
    process.waitUntilExit()
    let error = (try? scratch.read("stderr")) ?? ""
    #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(error)")
    #expect(error.contains("Error: the policy server failed:"), "\(error)")
    #expect(Self.isGone(pid))
    #expect(try Self.refuses(google), "\(google) still answers")
    #expect(try Self.refuses("http://127.0.0.1:\(port)/health"), "the server's port is still taken")
  }

  /// A port nothing listens on now.
  static func freePort() throws -> Int {
    let listener = try LoopbackListener()
    defer { listener.close() }
    return listener.port
  }
}

extension Trait where Self == ConditionTrait {
  /// The test runs Node: skipped, with the reason, when `node` is not in `PATH` (unless CI
  /// requires Node: ``Toolchain``).
  static var needsNode: Self {
    .enabled(if: Toolchain.runsNodeTests, Comment(rawValue: Toolchain.withoutNode))
  }
}
