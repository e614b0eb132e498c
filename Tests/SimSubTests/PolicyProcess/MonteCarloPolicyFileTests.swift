import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

extension PolicyProcessSuites {
  /// `simsub montecarlo` with a policy file, in-process, on small slices of `typical.pop`: the
  /// CustomerInfo adapter locks no one out where its `will-renew` mistake is caught, a
  /// population's own `policy:` names a file, `--compare` plays a file beside a built-in policy,
  /// each subscriber is a new one to the process (a UUID of their own, forgotten at the end),
  /// and a process that ends mid-run ends the run with exit status 1.
  @Suite struct MonteCarloPolicyFileTests {
    static let root = WireTesting.root.path
    static let population = "\(root)/Scenarios/populations/typical.pop"
    static let adapter = "\(root)/docs/examples/customerinfo-adapter/adapter.policy"
    static let ledger = "\(root)/Tests/Fixtures/PolicyProcess/subscriber-ledger.mjs"

    /// The CustomerInfo adapter with `MISTAKE=will-renew`, as a policy file in `dir`.
    static func willRenew(in dir: CommandLineScratchDirectory) throws -> String {
      try dir.file(
        "will-renew.policy",
        """
        name: will-renew
        command: [node, \(root)/docs/examples/customerinfo-adapter/adapter.mjs]
        snapshots: [revenuecat]
        decides-only-on-notifications: yes
        environment:
          MISTAKE: will-renew
        """)
      return dir.at("will-renew.policy")
    }

    /// The subscriber ledger as a policy file in `dir`, with `environment` added, and `deliveries`
    /// when given.
    static func ledger(
      in dir: CommandLineScratchDirectory, _ environment: [String: String] = [:], deliveries: Bool? = nil
    ) throws -> String {
      let lines = environment.sorted { $0.key < $1.key }.map { "  \($0.key): '\($0.value)'" }
      try dir.file(
        "ledger.policy",
        """
        name: subscriber-ledger
        command: [node, \(ledger)]
        snapshots: [revenuecat]
        """ + (deliveries.map { "\ndeliveries: \($0 ? "yes" : "no")" } ?? "")
          + (lines.isEmpty ? "" : "\nenvironment:\n" + lines.joined(separator: "\n")))
      return dir.at("ledger.policy")
    }

    /// The CustomerInfo adapter's policy file in `dir` under `name`, its command the adapter's
    /// full path, with `deliveries: no` taken out when `deliveries` is true and `environment`
    /// added.
    static func adapter(
      in dir: CommandLineScratchDirectory, _ name: String, deliveries: Bool,
      environment: [String: String] = [:]
    ) throws -> String {
      var text = try String(contentsOfFile: Self.adapter, encoding: .utf8)
        .replacingOccurrences(
          of: "command: [node, adapter.mjs]",
          with: "command: [node, \(Self.root)/docs/examples/customerinfo-adapter/adapter.mjs]")
      #expect(text.contains("\ndeliveries: no\n"))
      if deliveries { text = text.replacingOccurrences(of: "\ndeliveries: no\n", with: "\n") }
      let lines = environment.sorted { $0.key < $1.key }.map { "  \($0.key): '\($0.value)'" }
      if !lines.isEmpty { text += "environment:\n" + lines.joined(separator: "\n") + "\n" }
      try dir.file(name, text)
      return dir.at(name)
    }

    @Test(.needsNode) func theAdapterLocksNoOneOutAndItsWillRenewMistakeIsCaught() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let (good, goodConsole) = dir.simsub([
        "montecarlo", Self.population, "--users", "150", "--policy", Self.adapter, "--format", "json",
      ])
      #expect(good == .success, "\(goodConsole.standardError)")
      let report = try JSONValue(parsing: goodConsole.standardOutput)
      #expect(report["passed"] == true)
      #expect(report["run"]?["policies"] == .array([.string("customerinfo-adapter")]))

      let (bad, badConsole) = dir.simsub([
        "montecarlo", Self.population, "--users", "150", "--policy", try Self.willRenew(in: dir),
        "--counterexamples", dir.at("counterexamples"),
      ])
      #expect(bad == .checkFailed)
      #expect(badConsole.standardOutput.contains("✗ no-lockout-in-grace (will-renew)"))
      #expect(badConsole.standardError.contains("no counterexample for will-renew, no-lockout-in-grace"))
      #expect(!FileManager.default.fileExists(atPath: dir.at("counterexamples")))
    }

    /// A population's `policy:` names a policy file beside it, and `--compare` plays a built-in
    /// policy on the same draws: the adapter and the reference policy give access alike on these
    /// subscribers, so neither locks anyone out.
    @Test(.needsNode) func aPopulationsPolicyFileComparedWithTheReferencePolicy() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let text = try String(contentsOfFile: Self.population, encoding: .utf8)
        .replacingOccurrences(of: "policy: reference ", with: "policy: adapter.policy ")
      #expect(text.contains("policy: adapter.policy"))
      try dir.file("pop/typical.pop", text)
      try dir.file(
        "pop/adapter.policy",
        try String(contentsOfFile: Self.adapter, encoding: .utf8)
          .replacingOccurrences(
            of: "command: [node, adapter.mjs]",
            with: "command: [node, \(Self.root)/docs/examples/customerinfo-adapter/adapter.mjs]"))
      let (status, console) = dir.simsub([
        "montecarlo", dir.at("pop/typical.pop"), "--users", "120", "--compare", "reference", "--format",
        "json",
      ])
      #expect(status == .success, "\(console.standardError)")
      let report = try JSONValue(parsing: console.standardOutput)
      #expect(report["run"]?["policies"] == .array([.string("customerinfo-adapter"), .string("reference")]))
      #expect(console.standardError.contains("under 2 policies"))

      let (missing, missingConsole) = dir.simsub([
        "montecarlo", Self.population, "--users", "10", "--policy", dir.at("pop/gone.policy"),
      ])
      #expect(missing == .badInput)
      #expect(missingConsole.standardError.contains("gone.policy"))
    }

    /// Every request names a UUID, a subscriber forgotten is never heard of again, and one
    /// thread has one subscriber open at a time: the ledger ends with status 3 otherwise, which
    /// ends the run with status 1.
    @Test(.needsNode) func eachSubscriberIsANewOneToTheProcessAndIsForgotten() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let (status, console) = dir.simsub([
        "montecarlo", Self.population, "--users", "80", "--threads", "1", "--policy",
        try Self.ledger(in: dir),
      ])
      #expect(status != .badInput)
      #expect(!console.standardError.contains("Error:"), "\(console.standardError)")
      #expect(console.standardError.contains("played 80 subscribers"))

      // Two threads, two processes, each with one subscriber open at a time.
      let (two, twoConsole) = dir.simsub([
        "montecarlo", Self.population, "--users", "80", "--threads", "2", "--policy",
        try Self.ledger(in: dir),
      ])
      #expect(two == status)
      #expect(!twoConsole.standardError.contains("Error:"), "\(twoConsole.standardError)")
    }

    /// One thread or three (three processes) give the same tallies through a process, as in
    /// process: each subscriber's story depends only on the seed, its index and the policy's
    /// answers, whichever process gives them.
    @Test(.needsNode) func aProcessRunIsTheSameWhateverTheThreads() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let base = [
        "montecarlo", Self.population, "--users", "100", "--policy", Self.adapter, "--format", "json",
      ]
      let (one, oneConsole) = dir.simsub(base + ["--threads", "1"])
      let (two, twoConsole) = dir.simsub(base + ["--threads", "3"])
      #expect(one == .success)
      #expect(two == one)
      #expect(
        try JSONValue(parsing: oneConsole.standardOutput)["tallies"]
          == JSONValue(parsing: twoConsole.standardOutput)["tallies"])
    }

    /// `deliveries: no`: the process is sent no `deliver`, and is asked the same questions as
    /// when it is sent every notification (after each one, as it decides only on notifications).
    @Test(.needsNode) func aProcessWithoutDeliveriesIsSentNoneAndAskedTheSame() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      /// How many requests of each op the ledger was sent.
      func sent(deliveries: Bool?) throws -> [String: Int64] {
        let record = dir.at("sent-\(deliveries.map(String.init) ?? "default").json")
        let (status, console) = dir.simsub([
          "montecarlo", Self.population, "--users", "60", "--threads", "1", "--policy",
          try Self.ledger(in: dir, ["RECORD": record], deliveries: deliveries),
        ])
        #expect(status != .badInput)
        #expect(!console.standardError.contains("Error:"), "\(console.standardError)")
        let counts = try JSONValue(parsing: String(contentsOfFile: record, encoding: .utf8))
        var found: [String: Int64] = [:]
        for op in ["hello", "deliver", "decide", "forget"] { found[op] = counts[op]?.int64Value }
        return found
      }
      let none = try sent(deliveries: false)
      let all = try sent(deliveries: nil)
      #expect(none["deliver"] == 0)
      #expect((all["deliver"] ?? 0) > 60, "\(all)")
      #expect((none["decide"] ?? 0) > 60, "\(none)")
      #expect(none["decide"] == all["decide"])
      #expect(none["forget"] == 60)
      #expect(all["forget"] == 60)
      #expect(try sent(deliveries: true) == all)
    }

    /// The CustomerInfo adapter ignores what it is delivered, so its report is the same, byte
    /// for byte, whether it is sent the notifications or not: with and without its mistake.
    @Test(.needsNode) func theAdaptersReportIsTheSameWithoutDeliveries() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      for environment in [[:], ["MISTAKE": "will-renew"]] {
        var reports: [String] = []
        for deliveries in [false, true] {
          let file = try Self.adapter(
            in: dir, "customerinfo-adapter.policy", deliveries: deliveries, environment: environment)
          let (status, console) = dir.simsub([
            "montecarlo", Self.population, "--users", "120", "--policy", file, "--format", "json",
          ])
          #expect(status != .badInput)
          #expect(!console.standardError.contains("Error:"), "\(console.standardError)")
          reports.append(console.standardOutput)
        }
        #expect(!reports[0].isEmpty)
        #expect(reports[0] == reports[1], "\(environment)")
      }
    }

    @Test(.needsNode) func aProcessThatEndsMidRunEndsTheRunWithStatus1() throws {
      try PolicyProcessFixtures.requireNode()
      let dir = try CommandLineScratchDirectory()
      defer { dir.remove() }
      let (status, console) = dir.simsub([
        "montecarlo", Self.population, "--users", "200", "--policy",
        try Self.ledger(in: dir, ["CRASH_AFTER": "60", "OPEN_AT_MOST": "2"]), "--output",
        dir.at("report.txt"),
      ])
      #expect(status == .checkFailed)
      #expect(
        console.standardError.contains("Error: policy 'subscriber-ledger' failed"), "\(console.standardError)"
      )
      #expect(console.standardError.contains("dying"))
      #expect(console.standardError.contains("exit status 3"))
      #expect(!FileManager.default.fileExists(atPath: dir.at("report.txt")))
    }
  }
}
