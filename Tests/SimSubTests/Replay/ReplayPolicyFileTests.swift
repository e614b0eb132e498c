import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

extension PolicyProcessSuites {
  /// `simsub replay --policy FILE.policy` and `gate --policy FILE.policy --replay`: the shipped
  /// scenarios' requests, logged as a handler logs them (`simsub requests --log-lines`: the
  /// Google resource it fetched beside each Google body), replayed through the example Node server and through a process that
  /// records what it hears.
  @Suite struct ReplayPolicyFileTests {
    /// The scenarios written for the reference policy with the default promises (one start of
    /// the server hears them all), as received-request lines.
    static let log: (lines: String, scenarios: Int) = {
      let played = WireTesting.shipped.filter {
        $0.scenario.policy == ReferencePolicy.name && $0.scenario.policySettings == .default
      }
      let records = played.flatMap { RequestRecord.records(of: $0, settings: WireTesting.settings()) }
      return (RequestRecord.logLines(records), played.count)
    }()

    static func writeLog(in dir: CommandLineScratchDirectory) throws -> String {
      try dir.file("log.jsonl", log.lines)
      return dir.at("log.jsonl")
    }

    func json(_ text: String) throws -> JSONValue {
      try JSONValue(parsing: text)
    }

    /// The Node server answers the replayed log as the reference policy does: compared side by
    /// side, no subscriber is locked out or let in free by one and not the other.
    @Test(.needsNode) func theNodeServerAgreesWithTheReferencePolicy() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let log = try Self.writeLog(in: dir)
      let server = try PolicyProcessSuites.PolicyFileCommandTests.nodeServer(in: dir)
      let (status, console) = dir.simsub(["replay", log, "--policy", server, "--step", "1d"])
      #expect(status == .success, "\(console.standardOutput)\n\(console.standardError)")
      #expect(console.standardOutput.contains("Policy: node\n"))
      #expect(console.standardOutput.contains("✓ no-lockout-in-grace"))
      #expect(console.standardOutput.contains("✓ no-free-access"))
      let (compared, both) = dir.simsub([
        "replay", log, "--compare", server, "--step", "1d", "--format", "json",
      ])
      #expect(compared == .success, "\(both.standardOutput)\n\(both.standardError)")
      let report = try json(both.standardOutput)
      #expect(report["subscribers"]?.int64Value ?? 0 >= Int64(Self.log.scenarios))
      for kind in ["new lockout", "new free access"] {
        #expect(report["differences"]?.arrayValue?.filter { $0["kind"]?.stringValue == kind }.isEmpty == true)
      }
    }

    /// The server with the active-only mistake is caught: it locks out subscribers in grace,
    /// and compared with the reference policy every subscriber it answers differently is a new
    /// lockout or a prompt change, never new free access.
    @Test(.needsNode) func theActiveOnlyServerIsCaught() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let log = try Self.writeLog(in: dir)
      let server = try PolicyProcessSuites.PolicyFileCommandTests.nodeServer(in: dir, mistake: "active-only")
      let (status, console) = dir.simsub([
        "replay", log, "--policy", server, "--step", "1d", "--counterexamples", dir.at("cx"),
      ])
      #expect(status == .checkFailed, "\(console.standardOutput)\n\(console.standardError)")
      #expect(console.standardOutput.contains("✗ no-lockout-in-grace"))
      #expect(console.standardOutput.contains("✓ no-free-access"))
      // Each counterexample names the policy file from where it is and, played through it, fails.
      let written = try FileManager.default.contentsOfDirectory(atPath: dir.at("cx")).sorted()
      #expect(!written.isEmpty)
      let first = try #require(written.first)
      #expect(first.hasPrefix("replay-node-active-only-no-lockout-in-grace-"))
      let text = try String(contentsOfFile: dir.at("cx/\(first)"), encoding: .utf8)
      #expect(text.contains("\npolicy: ../node.policy\n"))
      let (replayed, run) = dir.simsub(["run", dir.at("cx/\(first)")])
      #expect(replayed == .checkFailed)
      #expect(run.standardOutput.contains("locked out while the store says grace"))
      let (compared, both) = dir.simsub([
        "replay", log, "--compare", server, "--step", "1d", "--format", "json",
      ])
      #expect(compared == .checkFailed)
      let kinds =
        try json(both.standardOutput)["differences"]?.arrayValue?.compactMap { $0["kind"]?.stringValue } ?? []
      #expect(kinds.contains("new lockout"))
      #expect(!kinds.contains("new free access"))
    }

    /// The gate's replay through the policy file (``Gate/run(file:paths:replay:concurrency:console:)``
    /// plays it so after the scenarios): the mistaken server fails with `replay-lockout`, and
    /// the line to reproduce names the file.
    @Test(.needsNode) func theGateReplaysThroughThePolicyFile() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let log = try Self.writeLog(in: dir)
      let bad = try PolicyFileLoader.load(
        path: try PolicyProcessSuites.PolicyFileCommandTests.nodeServer(in: dir, mistake: "active-only"))
      var replay = GateReplay(logs: try ReplayLogs([log], resolver: PathResolver(baseDirectory: nil)))
      replay.player.step = .days(1)
      let opened = try ReplayPolicyChoice.opening(.file(bad), settings: .default, console: CapturingConsole())
      defer { opened.close() }
      let outcome = try replay.play(opened.choice, file: bad, baseline: ReferencePolicy.name)
      #expect(opened.choice.failure == nil)
      #expect(outcome.report.compared == "node-active-only")
      #expect(!outcome.newLockouts.isEmpty)
      #expect(outcome.newFreeAccess.isEmpty)
      let failure = try #require(replay.failures(outcome).first)
      #expect(failure.kind == .replayLockout)
      #expect(failure.detail.last?.contains("--policy reference --compare \(bad.path)") == true)
    }

    /// A process is delivered each logged body byte for byte with its logged headers, Stripe
    /// signed again with the test endpoint's secret and RevenueCat's authorization the test one,
    /// and told to forget each subscriber once the story is over.
    @Test(.needsNode) func aProcessHearsTheLoggedRequests() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let log = try Self.writeLog(in: dir)
      try dir.file(
        "recorder.mjs",
        """
        import { createInterface } from "node:readline";
        import { appendFileSync } from "node:fs";
        const out = process.env.RECORD;
        createInterface({ input: process.stdin }).on("line", (line) => {
          const m = JSON.parse(line);
          if (m.op !== "decide") appendFileSync(out, line + "\\n");
          const reply = m.op === "hello" ? { id: m.id, name: "recorder", "decides-only-on-notifications": true }
            : m.op === "deliver" ? { id: m.id, status: 200 }
            : m.op === "decide" ? { id: m.id, access: true } : { id: m.id };
          process.stdout.write(JSON.stringify(reply) + "\\n");
        });
        """)
      try dir.file(
        "recorder.policy",
        """
        name: recorder
        command: [node, recorder.mjs]
        environment:
          RECORD: \(dir.at("record.jsonl"))
        """)
      let (status, console) = dir.simsub([
        "replay", log, "--policy", dir.at("recorder.policy"), "--format", "json",
      ])
      #expect(
        status == .checkFailed, "access at every sample breaks no-free-access: \(console.standardError)")
      let all = try String(contentsOfFile: dir.at("record.jsonl"), encoding: .utf8)
        .split(separator: "\n").map { try json(String($0)) }
      // The play's process, then the one started afresh for the violators' timelines.
      let hellos = all.indices.filter { all[$0]["op"]?.stringValue == "hello" }
      #expect(hellos.count == 2)
      let recorded = Array(all[..<(hellos.dropFirst().first ?? all.endIndex)])
      let delivered = recorded.filter { $0["op"]?.stringValue == "deliver" }
      let logged = try Self.log.lines.split(separator: "\n").map { try json(String($0)) }
      #expect(delivered.count == logged.count)
      #expect(
        Set(delivered.compactMap { $0["request"]?["body"]?.stringValue })
          == Set(logged.compactMap { $0["body"]?.stringValue }))
      for d in delivered {
        let headers = try #require(d["request"]?["headers"]?.objectValue)
        let body = try #require(d["request"]?["body"]?.stringValue)
        switch d["store"]?.stringValue {
        case "stripe":
          let signature = try #require(headers.first { $0.key == "Stripe-Signature" }?.value.stringValue)
          let t = try #require(signature.split(separator: ",").first?.dropFirst(2))
          #expect(
            signature
              == StripeSignature.header(
                body: body, timestamp: Int64(t)!, secret: WireSettings.defaultStripeSecret))
        case "revenuecat":
          #expect(
            headers.first { $0.key == "Authorization" }?.value.stringValue
              == WireSettings.defaultRevenueCatAuthorization)
        default:
          #expect(headers.first { $0.key == "Content-Type" }?.value.stringValue == "application/json")
        }
      }
      let report = try json(console.standardOutput)
      let forgotten = Set(
        recorded.filter { $0["op"]?.stringValue == "forget" }.compactMap { $0["subscriber"]?.stringValue })
      #expect(Int64(forgotten.count) == report["subscribers"]?.int64Value)
      #expect(Set(delivered.compactMap { $0["subscriber"]?.stringValue }) == forgotten)
    }

    /// A process whose file says `deliveries: no` is sent none of the logged requests, and is
    /// still asked and told to forget each subscriber.
    @Test(.needsNode) func aProcessWithoutDeliveriesHearsNoLoggedRequest() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let log = try Self.writeLog(in: dir)
      try dir.file(
        "recorder.mjs",
        """
        import { createInterface } from "node:readline";
        import { appendFileSync } from "node:fs";
        createInterface({ input: process.stdin }).on("line", (line) => {
          const m = JSON.parse(line);
          appendFileSync(process.env.RECORD, m.op + "\\n");
          const reply = m.op === "hello" ? { id: m.id, name: "recorder", "decides-only-on-notifications": true }
            : m.op === "deliver" ? { id: m.id, status: 200 }
            : m.op === "decide" ? { id: m.id, access: true } : { id: m.id };
          process.stdout.write(JSON.stringify(reply) + "\\n");
        });
        """)
      try dir.file(
        "recorder.policy",
        """
        name: recorder
        command: [node, recorder.mjs]
        deliveries: no
        environment:
          RECORD: \(dir.at("record.txt"))
        """)
      let (status, console) = dir.simsub([
        "replay", log, "--policy", dir.at("recorder.policy"), "--format", "json",
      ])
      #expect(status != .badInput, "\(console.standardError)")
      try #require(
        FileManager.default.fileExists(atPath: dir.at("record.txt")), "\(console.standardError)")
      let ops = try String(contentsOfFile: dir.at("record.txt"), encoding: .utf8).split(separator: "\n")
      #expect(!ops.contains("deliver"))
      #expect(ops.contains("decide"))
      let report = try json(console.standardOutput)
      #expect(Int64(ops.filter { $0 == "forget" }.count) >= report["subscribers"]?.int64Value ?? 1)
    }

    /// A process that ends in the middle of the replay ends it with exit status 1 and says why.
    @Test(.needsNode) func aProcessThatEndsFailsTheReplay() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let log = try Self.writeLog(in: dir)
      try dir.file(
        "dies.mjs",
        """
        import { createInterface } from "node:readline";
        let n = 0;
        createInterface({ input: process.stdin }).on("line", (line) => {
          const m = JSON.parse(line);
          if (m.op === "deliver" && ++n === 5) { process.stderr.write("out of memory, say\\n"); process.exit(3); }
          const reply = m.op === "hello" ? { id: m.id, name: "dies" } : m.op === "deliver" ? { id: m.id, status: 200 }
            : m.op === "decide" ? { id: m.id, access: true } : { id: m.id };
          process.stdout.write(JSON.stringify(reply) + "\\n");
        });
        """)
      try dir.file("dies.policy", "name: dies\ncommand: [node, dies.mjs]\n")
      let (status, console) = dir.simsub(["replay", log, "--policy", dir.at("dies.policy")])
      #expect(status == .checkFailed)
      #expect(console.standardError.contains("Error: "))
      #expect(console.standardError.contains("out of memory, say"))
      #expect(console.standardOutput.isEmpty)
    }

    /// A server simsub does not start would hear every story twice with `--policy FILE
    /// --compare`: refused, with the way round it.
    @Test func aServerStartedByHandIsNotPlayedTwice() throws {
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let log = try Self.writeLog(in: dir)
      try dir.file(
        "byhand.policy",
        """
        name: byhand
        webhooks:
          apple: http://127.0.0.1:9/apple
        entitlement:
          url: http://127.0.0.1:9/entitlements/{subscriber}
          access: /premium
        """)
      let (status, console) = dir.simsub([
        "replay", log, "--policy", dir.at("byhand.policy"), "--compare", "active-only",
      ])
      #expect(status == .badInput)
      #expect(console.standardError.contains("--compare only"))
    }
  }
}
