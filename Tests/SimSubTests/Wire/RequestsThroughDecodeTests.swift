import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// `simsub requests` of every shipped scenario, read back by `simsub decode`: each request's
/// body gives back the notification it was built from.
@Suite("Wire: simsub requests through simsub decode")
struct RequestsThroughDecodeTests {
  func simsub(_ arguments: [String], in directory: CommandLineScratchDirectory) -> (
    SimSub.ExitStatus, CapturingConsole
  ) {
    directory.simsub(arguments)
  }

  /// The notification each body was built from, as a server decodes it: a Pub/Sub push carries
  /// the bare DeveloperNotification, without the resource fetched beside it.
  static let expected: [String: StoreNotification] = {
    var byBody: [String: StoreNotification] = [:]
    for (attempt, context) in WireTesting.attempts {
      let body = WireRequestBuilder.request(attempt.notification, sentAt: attempt.sentAt, context: context)
        .body
      var wire = WireRequestBuilder.wireValue(attempt.notification, context: context)
      if case .googlePlay(var n) = wire {
        n.subscription = nil
        wire = .googlePlay(n)
      }
      byBody[body] = wire
    }
    return byBody
  }()

  @Test func everyRequestDecodesToItsNotification() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let scenarios = ScenarioFiles.scenarios(under: WireTesting.root.appendingPathComponent("Scenarios").path)
    let (status, requests) = simsub(["requests"] + scenarios + ["--salt", "test-salt"], in: dir)
    #expect(status == .success)
    let lines = requests.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == WireTesting.attempts.count)
    try dir.file("requests.jsonl", requests.standardOutput)

    let (decodeStatus, decoded) = simsub(["decode", "--format", "json", dir.at("requests.jsonl")], in: dir)
    #expect(decodeStatus == .success)
    #expect(decoded.standardError == "")
    let documents = try #require(try JSONValue(parsing: decoded.standardOutput).arrayValue)
    #expect(documents.count == lines.count)

    var stores: Set<String> = []
    for (line, expanded) in zip(lines, documents) {
      let body = try #require(try JSONValue(parsing: line)["body"]?.stringValue)
      let document = try WireDocument(text: body)
      #expect(expanded == document.expandedJSON)
      let notification = try #require(Self.expected[body], "a body no attempt of the shipped scenarios sends")
      #expect(document.notification == notification)
      stores.insert(document.store)
    }
    #expect(stores == ["apple", "google", "stripe", "revenuecat"])

    // The text summary heads each request with its line and where it came from.
    let (_, text) = simsub(["decode", dir.at("requests.jsonl")], in: dir)
    let first = try JSONValue(parsing: lines[0])
    let origin = try #require(first["scenario"]?.stringValue)
    #expect(text.standardOutput.hasPrefix("\(dir.at("requests.jsonl")):1 (\(origin) "))
  }

  @Test func aBadLineOrBodyIsPlacedAndExitsTwo() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file(
      "requests.jsonl",
      """
      {"method":"POST","path":"/apple","body":"{\\"signedPayload\\":\\"a.b\\"}"}

      {"method":"POST","path":"/apple","body":
      """)
    let (status, console) = simsub(["decode", dir.at("requests.jsonl")], in: dir)
    #expect(status == .badInput)
    #expect(console.standardError.hasPrefix("\(dir.at("requests.jsonl")):3:"))

    try dir.file(
      "body.jsonl", #"{"method":"POST","path":"/apple","body":"{\"signedPayload\":\"a.b\"}"}"# + "\n")
    let (bodyStatus, bodyConsole) = simsub(["decode", dir.at("body.jsonl")], in: dir)
    #expect(bodyStatus == .badInput)
    #expect(
      bodyConsole.standardError.hasPrefix(
        "\(dir.at("body.jsonl")):1: error: body 1:18: signedPayload: expected a JWS"))
  }
}
