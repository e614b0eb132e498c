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

    @Test(.needsNode) func theNodeServerPassesEveryScenarioWrittenForACorrectPolicy() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let scenarios = try Self.scenarios(in: dir)
      let (status, console) = dir.simsub(["check", scenarios, "--policy", try Self.nodeServer(in: dir)])
      #expect(status == .success, "\(console.standardOutput)\n\(console.standardError)")
      // The scenario written for the known-bad active-only is reported as skipped, with why.
      #expect(
        console.standardOutput.contains(
          "\(Self.sample.count - 1) passed, 0 failed, 1 skipped: written for a known-bad policy\n"))
      #expect(console.standardOutput.contains("skipped: written for a known-bad policy: active-only"))
    }

    /// `--concurrency 3` plays three scenarios at once against the one server, and reports
    /// what one at a time does, in file order; a process policy gets a process per thread.
    @Test(.needsNode) func concurrentPlaysAgreeWithOneAtATime() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let scenarios = try Self.scenarios(in: dir)
      let server = try Self.nodeServer(in: dir)
      let (one, oneConsole) = dir.simsub(["check", scenarios, "--policy", server])
      let (three, threeConsole) = dir.simsub(["check", scenarios, "--policy", server, "--concurrency", "3"])
      #expect(one == .success)
      #expect(three == one)
      #expect(threeConsole.standardOutput == oneConsole.standardOutput)
      let adapter = "\(Self.root)/docs/examples/customerinfo-adapter/adapter.policy"
      let (a, aConsole) = dir.simsub(["check", scenarios, "--policy", adapter, "--format", "json"])
      let (b, bConsole) = dir.simsub([
        "check", scenarios, "--policy", adapter, "--format", "json", "--concurrency", "2",
      ])
      #expect(a == b)
      #expect(
        try JSONValue(parsing: aConsole.standardOutput)["scenarios"]
          == JSONValue(parsing: bConsole.standardOutput)["scenarios"])
      let (bad, badConsole) = dir.simsub(["check", scenarios, "--policy", server, "--concurrency", "0"])
      #expect(bad == .badInput)
      #expect(badConsole.standardError.contains("'--concurrency <n>'"))
    }

    @Test(.needsNode) func theNodeServersActiveOnlyMistakeIsCaughtByNoLockoutInGrace() throws {
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
    @Test(.needsNode) func theCustomerInfoAdapterRunsBesideItsFileAndItsMistakeIsCaught() throws {
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

    /// `gate --policy FILE.policy`: the baseline's scenarios through the server, the policy table
    /// and Monte Carlo said not played; the active-only mistake fails the gate; `--update` is
    /// refused.
    @Test(.needsNode) func theGatePlaysItsScenariosThroughAPolicyFile() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      _ = try Self.scenarios(in: dir)
      let (updated, updateConsole) = dir.simsub(["gate", "--update"])
      #expect(updated == .success, "\(updateConsole.standardError)")
      let (status, console) = dir.simsub(["gate", "--policy", try Self.nodeServer(in: dir)])
      #expect(status == .success, "\(console.standardOutput)\n\(console.standardError)")
      #expect(
        console.standardOutput.contains("scenarios     \(Self.sample.count) of \(Self.sample.count) passed"))
      #expect(console.standardOutput.contains("not played    Monte Carlo"))
      let (bad, badConsole) = dir.simsub([
        "gate", "--policy", try Self.nodeServer(in: dir, mistake: "active-only"), "--format", "json",
      ])
      #expect(bad == .checkFailed)
      let report = try JSONValue(parsing: badConsole.standardOutput)
      #expect(report["passed"] == false)
      #expect(badConsole.standardOutput.contains("no-lockout-in-grace"))
      let (refused, refusedConsole) = dir.simsub([
        "gate", "--update", "--policy", try Self.nodeServer(in: dir),
      ])
      #expect(refused == .badInput)
      #expect(refusedConsole.standardError.contains("gate --update"))
    }

    /// `policy: FILE.policy` in a scenario, relative to it: played through that policy, and a
    /// file that is not there is the scenario's own error with its location.
    @Test(.needsNode) func aScenarioNamesItsPolicyFile() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      try dir.file(
        "policies/adapter.policy",
        "name: adapter\ncommand: [node, \(Self.root)/docs/examples/customerinfo-adapter/adapter.mjs]\nsnapshots: [revenuecat]\n"
      )
      let card = try String(contentsOfFile: "\(Self.root)/Scenarios/card-expired.scn", encoding: .utf8)
      try dir.file(
        "Scenarios/card.scn",
        card.replacingOccurrences(
          of: "store: apple\n", with: "store: apple\npolicy: ../policies/adapter.policy\n"))
      let (status, console) = dir.simsub(["check", dir.at("Scenarios")])
      #expect(status == .success, "\(console.standardOutput)\n\(console.standardError)")
      #expect(console.standardOutput.contains("card.scn  adapter"))

      try dir.file(
        "Scenarios/card.scn",
        card.replacingOccurrences(
          of: "store: apple\n", with: "store: apple\npolicy: ../policies/gone.policy\n"))
      let (missing, missingConsole) = dir.simsub(["check", dir.at("Scenarios")])
      #expect(missing == .badInput)
      #expect(missingConsole.standardError.contains("\(dir.at("Scenarios/card.scn")):"))
      #expect(missingConsole.standardError.contains("error: no policy file '../policies/gone.policy'"))
    }

    /// Monte Carlo through the Node server, one server for both threads (the store APIs answer
    /// its `subscriptionsv2` calls from the subscriber being played): no lockout; with the
    /// active-only mistake, grace subscribers are locked out. A policy file with mistakes, or a
    /// path that is not one, is bad input.
    @Test(.needsNode) func montecarloThroughTheNodeServer() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let population = "\(Self.root)/Scenarios/populations/typical.pop"
      let (good, goodConsole) = dir.simsub([
        "montecarlo", population, "--users", "24", "--policy", try Self.nodeServer(in: dir),
      ])
      #expect(good == .success, "\(goodConsole.standardOutput)\n\(goodConsole.standardError)")
      #expect(goodConsole.standardOutput.contains("✓ no-lockout-in-grace (node)"))
      let (bad, badConsole) = dir.simsub([
        "montecarlo", population, "--users", "24", "--policy",
        try Self.nodeServer(in: dir, mistake: "active-only"),
      ])
      #expect(bad == .checkFailed, "\(badConsole.standardError)")
      #expect(badConsole.standardOutput.contains("✗ no-lockout-in-grace (node-active-only)"))

      try dir.file("broken.policy", "name: Broken\ncommand: []\n")
      let (broken, brokenConsole) = dir.simsub([
        "montecarlo", population, "--users", "10", "--policy", dir.at("broken.policy"),
      ])
      #expect(broken == .badInput)
      #expect(brokenConsole.standardError.contains("broken.policy:1:7: error:"))
      let (notAFile, notAFileConsole) = dir.simsub([
        "montecarlo", population, "--users", "10", "--compare", "policies/adapter.json",
      ])
      #expect(notAFile == .badInput)
      #expect(notAFileConsole.standardError.contains("a policy file's name ends in '.policy'"))
    }

    /// `policy-table --policy FILE.policy` through the Node server: every row's access is the
    /// reference policy's; with the active-only mistake, rows of a subscriber in grace lose it.
    @Test(.needsNode) func thePolicyTableThroughTheNodeServer() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let reference = PolicyTable.build(ReferencePolicy.self)
      for mistake in [nil, "active-only"] {
        let (status, console) = dir.simsub([
          "policy-table", "--policy", try Self.nodeServer(in: dir, mistake: mistake),
        ])
        #expect(status == .success, "\(console.standardError)")
        let lines = console.standardOutput.split(separator: "\n").dropFirst(2)
        #expect(lines.count == reference.rows.count)
        let rows = Array(lines)
        var differing = 0
        for (row, line) in zip(reference.rows, rows) {
          let access = line.split(separator: " ", omittingEmptySubsequences: true).dropLast().last
          if (access == "yes") != row.after.access { differing += 1 }
        }
        if mistake == nil {
          #expect(differing == 0, "\(differing) rows' access differs from the reference policy's")
        } else {
          #expect(differing > 0)
        }
      }
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
