import Foundation
import SimSub
import TestSupport
import Testing

/// A policy file whose port is already taken when simsub would start its server (a server left
/// running by an earlier run, a dev server): the run is refused with exit status 2 before the
/// server is started and before anything is played, and the message names the port and how to
/// free it. Before this, the started server died with `EADDRINUSE` while the stale one answered
/// the readiness probe and every question.
@Suite struct PolicyServerPortBinaryTests {
  /// A policy file whose `start` would leave a `started` file in `scratch`, on `port`.
  static func policy(in scratch: Scratch, port: Int) throws -> String {
    let base = "http://127.0.0.1:\(port)"
    return try scratch.file(
      "stale.policy",
      """
      name: stale
      start: touch \(scratch.url("started").path); sleep 30
      ready: \(base)/health
      webhooks:
        apple: \(base)/notifications/apple
        stripe: {url: \(base)/api/billing/webhook, secret: whsec_x}
      entitlement:
        url: \(base)/entitlements/{subscriber}
        access: /premium

      """)
  }

  @Test(arguments: [
    ["check", "Scenarios/card-expired.scn"],
    ["montecarlo", "Scenarios/populations/typical.pop", "--users", "20"],
  ])
  func aStaleServerOnThePortGivesExit2BeforeAnythingIsPlayed(command: [String]) throws {
    let stale = try LoopbackListener()
    defer { stale.close() }
    let scratch = try Scratch()
    defer { scratch.remove() }
    let run = try SimSubBinary.run(command + ["--policy", try Self.policy(in: scratch, port: stale.port)])
    #expect(run.status == 2, "\(run)")
    #expect(run.standardError.contains("port \(stale.port) "), "\(run)")
    #expect(run.standardError.contains("already in use"), "\(run)")
    #expect(run.standardError.contains("fuser -k \(stale.port)/tcp"), "\(run)")
    #expect(run.standardOutput.isEmpty, "nothing is played: \(run)")
    #expect(
      !FileManager.default.fileExists(atPath: scratch.url("started").path), "the server was never started")
  }
}
