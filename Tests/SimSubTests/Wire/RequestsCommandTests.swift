import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// `simsub requests` through the whole command, in-process, and the attempts it reads.
@Suite("Wire: simsub requests")
struct RequestsCommandTests {
  static let outage = """
    name: An outage makes the App Store redeliver
    store: apple
    product: {period: 1M}
    app: {bundle-id: com.example.news, app-apple-id: 6444444444}
    timeline:
      - {at: 20d, do: delivery, outage: {for: 14h}}
      - {at: 20d, do: cancel}
      - {at: 25d, do: delivery, duplicate: true}
      - {at: 25d, do: uncancel}
    """

  func simsub(_ arguments: [String], in directory: CommandLineScratchDirectory) -> (
    SimSub.ExitStatus, CapturingConsole
  ) {
    directory.simsub(arguments)
  }

  /// `--log-lines`: one line per request the server took (none of the outage's refused
  /// attempts), as `simsub replay` reads it, with the Google resource beside a Google body; the
  /// lines replay to the scenario's verdict; with `--output`, a usage error.
  @Test func logLinesAreWhatAServerLogsAndReplay() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("outage.scn", Self.outage)
    let (all, attempts) = simsub(["requests", dir.at("outage.scn"), "--salt", "s"], in: dir)
    let (status, console) = simsub(["requests", dir.at("outage.scn"), "--salt", "s", "--log-lines"], in: dir)
    #expect(all == .success && status == .success)
    let requests = try attempts.standardOutput.split(separator: "\n").map {
      try JSONValue(parsing: String($0))
    }
    let logged = try console.standardOutput.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    #expect(logged.count < requests.count, "the outage's refused attempts are in no log")
    let bodies = Set(logged.compactMap { $0["body"]?.stringValue })
    #expect(bodies.isSubset(of: Set(requests.compactMap { $0["body"]?.stringValue })))
    for line in logged { #expect(line.objectValue?.keys == ["received", "headers", "body"]) }
    try dir.file("log.jsonl", console.standardOutput)
    let (replayed, replay) = simsub(["replay", dir.at("log.jsonl"), "--format", "json"], in: dir)
    #expect(replayed == .success, "\(replay.standardOutput)")
    #expect(try JSONValue(parsing: replay.standardOutput)["notifications"]?.int64Value == Int64(logged.count))

    let google = "Scenarios/google-silent-grace-then-grace-recovers.scn"
    let (_, googleLog) = simsub(
      ["requests", WireTesting.root.appendingPathComponent(google).path, "--log-lines"], in: dir)
    let googleLines = try googleLog.standardOutput.split(separator: "\n").map {
      try JSONValue(parsing: String($0))
    }
    #expect(!googleLines.isEmpty)
    #expect(googleLines.allSatisfy { $0["subscriptionsv2"]?["lineItems"] != nil })

    let (refused, _) = simsub(
      ["requests", dir.at("outage.scn"), "--log-lines", "--output", dir.at("out")], in: dir)
    #expect(refused == .badInput)
  }

  @Test func everyAttemptIsOneLineWithTheKeysInOrder() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("outage.scn", Self.outage)
    let (status, console) = simsub(["requests", dir.at("outage.scn"), "--salt", "s"], in: dir)
    #expect(status == .success)
    let lines = console.standardOutput.split(separator: "\n").map(String.init)
    let objects = try lines.map { try JSONValue(parsing: $0) }
    for object in objects {
      #expect(
        object.objectValue?.keys == [
          "scenario", "source", "at", "attempt", "store", "method", "path", "headers", "body",
        ])
      #expect(object["source"] == "apple")
      let body = try #require(object["body"]?.stringValue)
      let n = try AppStoreServerNotification(responseBodyV2Text: body)
      #expect(n.data.bundleId == "com.example.news")
      #expect(n.data.appAppleId == 6_444_444_444)
    }
    // SUBSCRIBED; the cancel's notice failing through the 14-hour outage (+1 h, +12 h) and
    // taken at +25 h; the uncancel's twice (a duplicate), and so the renewal's.
    let attempts = objects.map { $0["attempt"]?.int64Value ?? 0 }
    #expect(attempts == [1, 1, 2, 3, 4, 1, 2, 1, 2])
    let at = objects.map { $0["at"]?.stringValue ?? "" }
    #expect(
      at[1] == "2026-01-21T00:00:00Z" && at[2] == "2026-01-21T01:00:00Z" && at[3] == "2026-01-21T13:00:00Z")
    // The same salt gives the same bytes.
    let (_, again) = simsub(["requests", dir.at("outage.scn"), "--salt", "s"], in: dir)
    #expect(again.standardOutput == console.standardOutput)
    let (_, other) = simsub(["requests", dir.at("outage.scn"), "--salt", "t"], in: dir)
    #expect(other.standardOutput != console.standardOutput)
  }

  @Test func outputWritesAFilePerRequestAndAnIndex() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("outage.scn", Self.outage)
    let (status, console) = simsub(
      ["requests", dir.at("outage.scn"), "--output", dir.at("out"), "--apple-environment", "Sandbox"], in: dir
    )
    #expect(status == .success)
    #expect(console.standardOutput.isEmpty)
    let index = try JSONValue(parsing: try dir.read("out/index.json"))
    let entries = try #require(index.arrayValue)
    #expect(entries.count == 9)
    #expect(
      entries.map { $0["delivered"]?.boolValue ?? true } == [
        true, false, false, false, true, true, true, true, true,
      ])
    #expect(try dir.entries("out").filter { $0.hasSuffix("-apple.json") }.count == 9)
    let first = try JSONValue(parsing: try dir.read("out/0001-apple.json"))
    let n = try AppStoreServerNotification(responseBodyV2Text: try #require(first["body"]?.stringValue))
    #expect(n.data.environment == .sandbox)
  }

  @Test func badOptionsAreUsageErrors() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("outage.scn", Self.outage)
    for arguments in [
      ["--apple-environment", "Prod"], ["--app-apple-id", "x"], ["--bundle-id", "a b"], ["--salt", ""],
    ] {
      let (status, console) = simsub(["requests", dir.at("outage.scn")] + arguments, in: dir)
      #expect(status == .badInput)
      #expect(console.standardOutput.isEmpty)
      #expect(console.standardError.hasPrefix("Error: "))
    }
  }

  @Test func theAppBlockIsChecked() {
    let base = "name: n\nstore: apple\nproduct: {period: 1M}\ntimeline: []\n"
    #expect(ScenarioTesting.errors(base + "app: {bundle-id: com.example.news}").isEmpty)
    #expect(
      ScenarioTesting.errors(base + "app: {bundle: x}")
        == [
          "5:7: unknown key 'bundle': expected 'bundle-id', 'app-apple-id', 'package-name' or 'revenuecat-app-id'"
        ])
    #expect(
      ScenarioTesting.errors(base + "app: {app-apple-id: 0}")
        == ["5:21: 0 is out of range: expected 1 to 99999999999"])
    #expect(
      ScenarioTesting.errors(base + "app: {package-name: 'a/b'}")
        == ["5:21: expected an identifier of letters, digits, '.', '_' and '-', found 'a/b'"])
  }
}
