import Foundation
import SimSub
import TestSupport
import Testing

/// `simsub check --policy FILE.policy` against a server that records what it is sent: a server
/// that refuses every delivery fails (it does not pass on invariants excused "while the
/// notification is on its way"), and a store the file gives no webhook for is skipped, reported
/// as skipped in every format, and sent nothing.
@Suite(.needsNode)
struct ServerVerdictBinaryTests {
  static var node: String? { PolicyFileCleanupBinaryTests.node }

  /// A port nothing listens on now, picked below the kernel's ephemeral range.
  static func freePort() throws -> Int {
    for _ in 0..<64 {
      let candidate = Int.random(in: 20_000..<32_768)
      if let listener = try? LoopbackListener(port: candidate) {
        listener.close()
        return candidate
      }
    }
    throw CocoaError(.fileWriteUnknown)
  }

  /// A policy file for the recording server, with webhooks for `stores` only, answering each
  /// delivery with `status`.
  static func policy(in scratch: Scratch, stores: [String], status: Int) throws -> String {
    let server = SimSubBinary.packageRoot.appendingPathComponent(
      "Tests/Fixtures/PolicyServer/recording-server.mjs"
    )
    .path
    let port = try freePort()
    let base = "http://127.0.0.1:\(port)"
    var webhooks = ""
    for store in stores {
      switch store {
      case "stripe": webhooks += "  stripe: {url: \(base)/stripe, secret: whsec_recording}\n"
      case "revenuecat": webhooks += "  revenuecat: {url: \(base)/revenuecat}\n"
      default: webhooks += "  \(store): \(base)/\(store)\n"
      }
    }
    return try scratch.file(
      "recording.policy",
      """
      name: recording
      start: [node, \(server)]
      ready: \(base)/health
      webhooks:
      \(webhooks)entitlement:
        url: \(base)/entitlements/{subscriber}
        access: /premium
      environment:
        PORT: \(port)
        STATUS: \(status)
        RECORD: \(scratch.url("record").path)

      """)
  }

  static var environment: [String: String] { ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""] }

  @Test func aServerThatRefusesEveryDeliveryFails() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let policy = try Self.policy(in: scratch, stores: ["apple"], status: 400)
    let run = try SimSubBinary.run(
      ["run", "Scenarios/card-expired.scn", "--policy", policy], environment: Self.environment)
    #expect(run.status == 1, "\(run.standardError)")
    #expect(run.standardOutput.contains("Deliveries refused by the policy"))
    #expect(
      run.standardOutput.contains(
        "SUBSCRIBED/INITIAL_BUY (apple), sent 2026-01-31T09:00:00Z: refused 6 times, never accepted; the policy answered status 400: {\"error\":\"No signatures found matching the expected signature\"}"
      ), "\(run.standardOutput)")
    #expect(run.standardOutput.hasSuffix("FAIL\n"))
    // The server heard every attempt, as the App Store makes them.
    let record = try scratch.read("record").split(separator: "\n")
    #expect(record.filter { $0 == "POST /apple" }.count >= 6)
  }

  @Test func aStoreWithoutAWebhookIsSkippedAndSentNothing() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let policy = try Self.policy(in: scratch, stores: ["stripe"], status: 200)
    let paths = [
      "Scenarios/card-expired.scn", "Scenarios/google-hold-runs-out.scn",
      "Scenarios/stripe-recovers-during-past-due.scn",
      "Scenarios/app-store-and-stripe-one-fails-one-pays.scn",
    ]
    let text = try SimSubBinary.run(["check"] + paths + ["--policy", policy], environment: Self.environment)
    #expect(text.status == 0, "\(text.standardOutput)\(text.standardError)")
    #expect(text.standardOutput.contains("- Scenarios/card-expired.scn"))
    #expect(text.standardOutput.contains("skipped: the policy takes no apple notifications"))
    #expect(text.standardOutput.contains("skipped: the policy takes no google notifications"))
    #expect(!text.standardOutput.contains("✗"))
    #expect(
      text.standardOutput.hasSuffix(
        "\n1 passed, 0 failed, 3 skipped: the policy takes no apple notifications (2); the policy takes no google notifications (1)\n"
      ), "\(text.standardOutput)")
    // Only Stripe's webhook heard anything.
    let record = try scratch.read("record").split(separator: "\n")
    #expect(!record.isEmpty)
    #expect(record.allSatisfy { $0 == "POST /stripe" || $0.hasPrefix("GET /entitlements/") }, "\(record)")

    let junit = try SimSubBinary.run(
      ["check"] + paths + ["--policy", policy, "--format", "junit"], environment: Self.environment)
    #expect(
      junit.standardOutput.components(separatedBy: "<skipped message=\"the policy takes no ").count == 4)
    let json = try SimSubBinary.run(
      ["check"] + paths + ["--policy", policy, "--format", "json"], environment: Self.environment)
    #expect(json.standardOutput.contains("\"skipped\": 3"))
    let markdown = try SimSubBinary.run(
      ["check"] + paths + ["--policy", policy, "--format", "markdown"], environment: Self.environment)
    #expect(markdown.standardOutput.contains("skipped: the policy takes no google notifications"))
    let html = try SimSubBinary.run(
      ["check"] + paths + ["--policy", policy, "--format", "html"], environment: Self.environment)
    #expect(html.standardOutput.contains("3 skipped"))
  }

  @Test func checkChoosesScenariosByStore() throws {
    let run = try SimSubBinary.run(["check", "Scenarios/", "--store", "stripe", "--format", "json"])
    #expect(run.status == 0)
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    let played = try #require(document["scenarios"] as? [[String: Any]])
    #expect(!played.isEmpty)
    for played in played {
      let scenario = try #require(played["scenario"] as? [String: Any])
      let sources = (scenario["sources"] as? [[String: Any]]) ?? [scenario]
      #expect(
        sources.allSatisfy { $0["store"] as? String == "stripe" && $0["channel"] as? String == "direct" })
    }
    let skipped = try #require(document["skipped"] as? [[String: Any]])
    #expect(skipped.contains { $0["reason"] as? String == "--store leaves out apple" })
    let files = try FileManager.default.contentsOfDirectory(
      atPath: SimSubBinary.packageRoot.appendingPathComponent("Scenarios").path
    ).filter { $0.hasSuffix(".scn") }
    #expect(played.count + skipped.count == files.count)
    let wrong = try SimSubBinary.run(["check", "Scenarios/", "--store", "amazon"])
    #expect(wrong.status == 2)
    #expect(wrong.standardError.contains("'amazon' is not a store"))
  }
}
