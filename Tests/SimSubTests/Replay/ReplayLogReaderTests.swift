import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// `simsub replay`'s log reader: every request of the shipped scenarios, written as a log in
/// each format a team has, reads back as the notifications sent, received when they were.
@Suite("Replay: reading logs")
struct ReplayLogReaderTests {
  /// One request of the shipped scenarios: its attempt's instant, its body and the notification
  /// a server decodes from it.
  struct Logged {
    var received: Instant
    var body: String
    var notification: StoreNotification
    /// For a delivered Google Play notification, the `subscriptionsv2` resource the server
    /// fetched, and the notification with it.
    var resource: JSONValue?
    var fetched: StoreNotification
    var store: String
    /// The scenario run it belongs to: its path and family member.
    var run: String
    /// Whether the server took it (a production log holds only these).
    var delivered: Bool
  }

  static let logged: [Logged] = WireTesting.attempts.map { attempt, context in
    let body = WireRequestBuilder.request(attempt.notification, sentAt: attempt.sentAt, context: context).body
    let fetched = WireRequestBuilder.wireValue(attempt.notification, context: context)
    var wire = fetched
    if case .googlePlay(var n) = wire {
      n.subscription = nil
      wire = .googlePlay(n)
    }
    let resource =
      attempt.delivered
      ? WireRequestBuilder.subscriptionsV2(attempt.notification, context: context)?.body : nil
    return Logged(
      received: attempt.instant, body: body, notification: wire, resource: resource,
      fetched: resource == nil ? wire : fetched, store: WireRequestBuilder.storeTag(attempt.notification),
      run: context.subscriberId, delivered: attempt.delivered)
  }

  /// The received-request line of `l`, with the resource fetched when there is one.
  static func receivedLine(_ l: Logged) -> String {
    var line: JSONObject = [
      "received": .string(RFC3339.formatWithMilliseconds(l.received)),
      "headers": ["content-type": "application/json"], "body": .string(l.body),
    ]
    if let resource = l.resource { line.append("subscriptionsv2", resource) }
    return JSONValue.object(line).serialized()
  }

  func read(_ text: String, file: String = "log.jsonl") -> ReplayLogReader {
    var reader = ReplayLogReader()
    reader.read(bytes: Array(text.utf8), file: file)
    return reader
  }

  @Test func receivedRequestLinesKeepTheirInstantAndHeaders() throws {
    let lines = Self.logged.map(Self.receivedLine)
    #expect(Self.logged.contains { $0.resource != nil })
    let reader = read(lines.joined(separator: "\n") + "\n")
    #expect(reader.problems == [])
    #expect(reader.records == Self.logged.count)
    try #require(reader.entries.count == Self.logged.count)
    for (entry, l) in zip(reader.entries, Self.logged) {
      #expect(entry.format == .receivedRequest)
      #expect(entry.received == l.received)
      #expect(entry.notification == l.fetched)
      #expect(entry.subscriptionsV2 == l.resource)
      #expect(entry.headers.map(\.name) == ["content-type"])
    }
    #expect(reader.entries.last?.line == Self.logged.count)
  }

  @Test func aBodyMayBeTheJSONObjectItself() throws {
    let l = try #require(Self.logged.first { $0.store == "stripe" })
    let line = #"{"received":"2026-03-01T00:00:00Z","body":"# + l.body + "}"
    let reader = read(line)
    #expect(reader.problems == [])
    #expect(reader.entries.first?.notification == l.notification)
    #expect(reader.entries.first?.received == RFC3339.parse("2026-03-01T00:00:00Z"))
  }

  /// A body logged as a JSON object is decoded from the bytes of the line (``ReplayRequestLine``)
  /// when the line is of the plain shape; a line of any other shape goes through the line's
  /// tree. Both read every shipped request, and the lines that fail, alike.
  @Test func theBytesOfABodyObjectReadAsTheLineTreeReadsThem() throws {
    func lines(_ body: String, _ resource: JSONValue?, extra: String) -> [String] {
      let fetched = resource.map { #", "subscriptionsv2": "# + $0.serialized() } ?? ""
      return [
        #"{"received":"2026-03-01T00:00:00Z","headers":{"a":"b","n":1},"body":"# + body + fetched + extra
          + "}",
        #" { "received" : "2026-03-01T00:00:00.5Z" , "body" :  "# + body + "  " + fetched + extra + " } ",
      ]
    }
    var bodies = Self.logged.map { ($0.body, $0.resource) }
    // Lines that do not read: a body of no store, a resource beside a body it does not fit, a
    // body that is not an object, a body too deep for the line, an unreadable received instant.
    bodies += [
      (#"{"a": [1, {"b": "\u00e9"}]}"#, nil), (Self.logged[0].body, JSONValue.object(["kind": "x"])),
      ("[1]", nil),
      (String(repeating: "[", count: 63) + String(repeating: "]", count: 63), nil),
    ]
    var plain: [String] = []
    var tree: [String] = []
    for (body, resource) in bodies {
      plain += lines(body, resource, extra: "")
      tree += lines(body, resource, extra: #", "note": 0"#)
    }
    plain.append(#"{"received":"soon","body":{}}"#)
    tree.append(#"{"received":"soon","body":{},"note":0}"#)
    plain.append(#"{"received":"2026-03-01T00:00:00Z","body":{},"body":{}}"#)
    tree.append(#"{"received":"2026-03-01T00:00:00Z","body":{},"body":{},"note":0}"#)
    let a = read(plain.joined(separator: "\n"))
    let b = read(tree.joined(separator: "\n"))
    #expect(a.entries.count >= Self.logged.count * 2)
    #expect(a.problems.count >= 10)
    #expect(a.problems.map(\.description) == b.problems.map(\.description))
    #expect(a.records == b.records)
    try #require(a.entries.count == b.entries.count)
    for (x, y) in zip(a.entries, b.entries) {
      #expect(x.line == y.line)
      #expect(x.format == y.format)
      #expect(x.received == y.received)
      #expect(x.notification == y.notification)
      #expect(x.document.expandedJSON == y.document.expandedJSON)
      #expect(x.subscriptionsV2 == y.subscriptionsV2)
      #expect(x.headers.map(\.name) == y.headers.map(\.name))
      #expect(x.headers.map(\.value) == y.headers.map(\.value))
    }
  }

  @Test func bareBodiesAreReceivedWhenTheStoreSentThem() throws {
    let reader = read(Self.logged.map(\.body).joined(separator: "\n"))
    #expect(reader.problems == [])
    try #require(reader.entries.count == Self.logged.count)
    for (entry, l) in zip(reader.entries, Self.logged) {
      #expect(entry.format == .body)
      #expect(entry.notification == l.notification)
      #expect(entry.received == l.notification.sentDate)
    }
  }

  /// Apple's notification history, saved pretty-printed as `curl … | jq` leaves it: each item
  /// received at its first successful attempt; one that never succeeded is marked so.
  @Test func appStoreHistoryPages() throws {
    let apple = Self.logged.filter { $0.store == "apple" }
    var items: [JSONValue] = []
    for (i, l) in apple.enumerated() {
      let jws = try #require(try JSONValue(parsing: l.body)["signedPayload"]?.stringValue)
      let ms = l.received.millisecondsSinceEpoch
      let attempts: JSONValue =
        i == 0
        ? [["attemptDate": .int(ms), "sendAttemptResult": "TIMED_OUT"]]
        : [
          ["attemptDate": .int(ms - 3_600_000), "sendAttemptResult": "NO_RESPONSE"],
          ["attemptDate": .int(ms), "sendAttemptResult": "SUCCESS"],
        ]
      items.append(["signedPayload": .string(jws), "sendAttemptResults": attempts])
    }
    let page: JSONValue = ["notificationHistory": .array(items), "hasMore": false, "paginationToken": "x"]
    let reader = read(page.serialized(.pretty) + "\n", file: "history.json")
    #expect(reader.problems == [])
    #expect(reader.records == 1)
    try #require(reader.entries.count == apple.count)
    for (i, (entry, l)) in zip(reader.entries, apple).enumerated() {
      #expect(entry.format == .appStoreHistory)
      #expect(entry.line == 1)
      #expect(entry.notification == l.notification)
      #expect(entry.receivedInProduction == (i != 0))
      #expect(entry.received == (i == 0 ? l.notification.sentDate : l.received))
    }
  }

  @Test func stripeEventListPages() throws {
    let stripe = Self.logged.filter { $0.store == "stripe" }
    let events = try stripe.map { try JSONValue(parsing: $0.body) }
    let half = events.count / 2
    let pages = [events[..<half], events[half...]].map { chunk -> String in
      let page: JSONValue = [
        "object": "list", "data": .array(Array(chunk)), "has_more": false, "url": "/v1/events",
      ]
      return page.serialized()
    }
    let reader = read(pages.joined(separator: "\n"))
    #expect(reader.problems == [])
    try #require(reader.entries.count == stripe.count)
    for (entry, l) in zip(reader.entries, stripe) {
      #expect(entry.format == .stripeEventList)
      #expect(entry.notification == l.notification)
    }
    #expect(
      reader.entries.map(\.line) == Array(repeating: 1, count: half)
        + Array(repeating: 2, count: stripe.count - half))
  }

  /// A line that cannot be read is reported at its place; the lines around it are still read.
  @Test func unreadableLinesArePlacedAndSkipped() throws {
    let bodies = Self.logged.prefix(3).map(\.body)
    let text = [
      bodies[0], "{\"received\": \"yesterday\", \"body\": {}}", "not json", bodies[1],
      #"{"signedPayload":"a.b"}"#, "", "[1, 2", bodies[2],
    ].joined(separator: "\n")
    let reader = read(text)
    #expect(reader.entries.map(\.line) == [1, 4, 8])
    #expect(reader.problems.map(\.line) == [2, 3, 5, 7])
    #expect(
      reader.problems[0].description
        == "log.jsonl:2: error: received: expected an RFC 3339 instant, found 'yesterday'")
    #expect(reader.problems[1].description.hasPrefix("log.jsonl:3:1: error: unexpected character"))
    #expect(reader.problems[2].description.hasPrefix("log.jsonl:5: error: signedPayload: expected a JWS"))
    #expect(reader.records == 7)
  }

  @Test func aFileThatIsNeitherIsOneProblem() {
    let reader = read("{\n  \"a\": [1,\n")
    #expect(reader.entries.isEmpty)
    #expect(reader.problems.count == 1)
    #expect(reader.problems.first?.line == 2)
  }
}
