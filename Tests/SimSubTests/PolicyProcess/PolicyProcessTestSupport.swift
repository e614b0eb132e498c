import Foundation
import TestSupport
import Testing

@testable import SimSub

/// Every test that starts a process is in this suite, one at a time: the termination test
/// stops every registered group, which must be only its own.
@Suite(.serialized) enum PolicyProcessSuites {}

/// Fixtures and checks shared by the policy process tests.
enum PolicyProcessFixtures {
  static let echoAdapter = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/PolicyProcess/echo-adapter.mjs").path

  /// The `node` found in `PATH`, or `nil`.
  static let node = Toolchain.node

  /// Fails the test, saying why, when Node is missing: these tests need it and must not pass
  /// without it. They carry `.needsNode`, so they reach here without Node only when CI requires
  /// it (`REQUIRE_NODE_TESTS=1`).
  static func requireNode(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    try #require(
      node != nil,
      "node required but missing: this test runs Node (install Node 20 so that `node` is in PATH)",
      sourceLocation: sourceLocation)
  }

  /// The echo adapter, started.
  static func echo(console: CapturingConsole = CapturingConsole()) throws -> PolicyProcess {
    try requireNode()
    return try PolicyProcess(name: "echo", arguments: ["node", echoAdapter], exitWait: 2, console: console)
  }

  /// `/bin/sh -c script`, started, named `sh`, stopped quickly.
  static func shell(
    _ script: String, environment: [String: String] = [:], grace: Double = 0.3, exitWait: Double = 0.2,
    console: CapturingConsole = CapturingConsole()
  ) throws -> PolicyProcess {
    try PolicyProcess(
      name: "sh", arguments: ["/bin/sh", "-c", script], environment: environment, grace: grace,
      exitWait: exitWait,
      console: console)
  }

  /// Whether no process `pid` exists any more (a zombie not yet reaped by its new parent counts
  /// as gone: it has ended and holds nothing but its entry).
  static func isGone(_ pid: pid_t) -> Bool {
    if kill(pid, 0) != 0, errno == ESRCH { return true }
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    return stat[stat.index(close, offsetBy: 2)] == "Z"
  }

  /// Waits up to a second for `pid` to be gone.
  static func waitUntilGone(_ pid: pid_t) -> Bool {
    for _ in 0..<100 {
      if isGone(pid) { return true }
      usleep(10_000)
    }
    return isGone(pid)
  }

  /// Waits up to two seconds for a line of `process`'s standard error to satisfy `match`.
  static func waitForLine(_ process: PolicyProcess, _ match: (String) -> Bool) -> String? {
    for _ in 0..<200 {
      if let line = process.lastStandardErrorLines().first(where: match) { return line }
      usleep(10_000)
    }
    return nil
  }
}

extension Trait where Self == ConditionTrait {
  /// The test runs Node: skipped, with the reason, when `node` is not in `PATH` (unless CI
  /// requires Node: ``Toolchain``).
  static var needsNode: Self {
    .enabled(if: Toolchain.runsNodeTests, Comment(rawValue: Toolchain.withoutNode))
  }
}
