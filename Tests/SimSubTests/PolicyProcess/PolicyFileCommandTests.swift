import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

extension PolicyProcessSuites {
  /// `simsub run` and `simsub check` with `--policy FILE.policy`, in-process: the example
  /// server and the CustomerInfo adapter played through shipped scenarios (and each one's
  /// known-bad variant caught by the invariant it breaks), a policy that fails mid-run, a server
  /// that never becomes ready, and a policy file with mistakes.
  @Suite struct PolicyFileCommandTests {
    static let root = WireTesting.root.path

    /// A few shipped scenarios copied into `dir/Scenarios`: Apple grace, a Google grace, a
    /// Stripe one promising a 7-day grace (another start of the server), Family Sharing, and one
    /// written for the known-bad `active-only` (not played with a policy file).
    static let sample = [
      "card-expired.scn", "apple-grace-3-days-runs-out-then-recovers.scn",
      "google-30-day-grace-outlasts-february.scn",
      "stripe-retries-end-cancel.scn", "family-member-through-grace-recovery-and-revoke.scn",
      "active-only-locks-out-grace.scn",
    ]

    static func scenarios(in dir: CommandLineScratchDirectory) throws -> String {
      for name in sample {
        try dir.file(
          "Scenarios/\(name)", String(contentsOfFile: "\(root)/Scenarios/\(name)", encoding: .utf8))
      }
      return dir.at("Scenarios")
    }

    /// The example Node server's policy file on a port of its own, `MISTAKE` set when given.
    static func nodeServer(in dir: CommandLineScratchDirectory, mistake: String? = nil) throws -> String {
      let port = try PolicyServerFixtures.closedPort()
      let base = "http://127.0.0.1:\(port)"
      try dir.file(
        "node.policy",
        """
        name: node\(mistake.map { "-\($0)" } ?? "")
        start: [node, \(root)/docs/examples/node-server/server.mjs]
        ready: \(base)/health
        webhooks:
          apple: \(base)/notifications/apple
          google: \(base)/notifications/google
          stripe: {url: \(base)/api/billing/webhook, secret: whsec_node_example}
          revenuecat: {url: \(base)/api/iap/webhook, authorization: Bearer node-example}
        entitlement:
          url: \(base)/entitlements/{subscriber}
          access: /premium
          state: /state
          prompt: /banner
        environment:
          PORT: \(port)
          STRIPE_WEBHOOK_SECRET: whsec_node_example
          REVENUECAT_AUTHORIZATION: Bearer node-example
        \(mistake.map { "  MISTAKE: \($0)" } ?? "")
        """)
      return dir.at("node.policy")
    }

    @Test func theNodeServerPassesEveryScenarioWrittenForACorrectPolicy() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let scenarios = try Self.scenarios(in: dir)
      let (status, console) = dir.simsub(["check", scenarios, "--policy", try Self.nodeServer(in: dir)])
      #expect(status == .success, "\(console.standardOutput)\n\(console.standardError)")
      #expect(console.standardOutput.contains("\(Self.sample.count - 1) passed, 0 failed"))
      #expect(console.standardError.contains("1 scenario not played"))
      #expect(console.standardError.contains("known-bad policy active-only"))
    }

    @Test func theNodeServersActiveOnlyMistakeIsCaughtByNoLockoutInGrace() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let scenarios = try Self.scenarios(in: dir)
      let (status, console) = dir.simsub([
        "check", scenarios, "--policy", try Self.nodeServer(in: dir, mistake: "active-only"), "--format",
        "json",
      ])
      #expect(status == .checkFailed)
      let report = try JSONValue(parsing: console.standardOutput)
      let failed = try #require(report["scenarios"]?.arrayValue).filter { $0["passed"] == false }
      #expect(!failed.isEmpty)
      #expect(console.standardOutput.contains("no-lockout-in-grace"))
    }

    /// The shipped adapter.policy names `adapter.mjs` beside it: it runs there, whatever the
    /// working directory.
    @Test func theCustomerInfoAdapterRunsBesideItsFileAndItsMistakeIsCaught() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let scenario = "\(Self.root)/Scenarios/card-expired.scn"
      let shipped = "\(Self.root)/docs/examples/customerinfo-adapter/adapter.policy"
      let (status, console) = dir.simsub(["run", scenario, "--policy", shipped])
      #expect(status == .success, "\(console.standardOutput)\n\(console.standardError)")
      #expect(console.standardOutput.contains("customerinfo-adapter"))

      try dir.file(
        "will-renew.policy",
        """
        name: will-renew
        command: [node, \(Self.root)/docs/examples/customerinfo-adapter/adapter.mjs]
        snapshots: [revenuecat]
        environment:
          MISTAKE: will-renew
        """)
      let (bad, badConsole) = dir.simsub(["run", scenario, "--policy", dir.at("will-renew.policy")])
      #expect(bad == .checkFailed)
      #expect(badConsole.standardOutput.contains("✗ no-lockout-in-grace"))
    }

    /// A process that ends after its `hello`: exit status 1, with its last words.
    @Test func aPolicyThatEndsMidRunEndsTheRunWithItsStandardError() throws {
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      try dir.file(
        "dies.policy",
        """
        name: dies
        command: [sh, -c, 'read line; echo "{\\"id\\":1,\\"name\\":\\"dies\\"}"; read line; echo "out of cheese" >&2; exit 3']
        """)
      let (status, console) = dir.simsub([
        "run", "\(Self.root)/Scenarios/card-expired.scn", "--policy", dir.at("dies.policy"),
      ])
      #expect(status == .checkFailed)
      #expect(console.standardError.contains("Error: policy 'dies' failed on"))
      #expect(console.standardError.contains("out of cheese"))
      #expect(console.standardOutput.isEmpty)
    }

    /// A server whose `ready` never answers: exit status 1, and its process is stopped.
    @Test func aServerThatNeverBecomesReadyEndsTheRun() throws {
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let port = try PolicyServerFixtures.closedPort()
      try dir.file(
        "slow.policy",
        """
        name: slow
        start: echo started $$ > \(dir.at("pid")); exec sleep 60
        ready: http://127.0.0.1:\(port)/health
        ready-timeout: 1s
        webhooks:
          apple: http://127.0.0.1:\(port)/apple
        entitlement:
          url: http://127.0.0.1:\(port)/e/{subscriber}
          access: /premium
        """)
      let (status, console) = dir.simsub([
        "run", "\(Self.root)/Scenarios/card-expired.scn", "--policy", dir.at("slow.policy"),
      ])
      #expect(status == .checkFailed)
      #expect(console.standardError.contains("the policy server was not ready"))
      let pid = try #require(
        Int32(
          try dir.read("pid").split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines)
            ?? ""))
      #expect(PolicyProcessFixtures.waitUntilGone(pid))
    }

    @Test func aPolicyFileWithMistakesIsBadInputWithItsLocation() throws {
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      try dir.file("bad.policy", "name: bad\ncommand: []\n")
      let (status, console) = dir.simsub([
        "check", "\(Self.root)/Scenarios", "--policy", dir.at("bad.policy"),
      ])
      #expect(status == .badInput)
      #expect(console.standardError.contains("\(dir.at("bad.policy")):2:"))
      #expect(console.standardOutput.isEmpty)
      let (unknown, unknownConsole) = dir.simsub(["check", "\(Self.root)/Scenarios", "--policy", "refrence"])
      #expect(unknown == .badInput)
      #expect(unknownConsole.standardError.contains("did you mean 'reference'"))
    }
  }
}
