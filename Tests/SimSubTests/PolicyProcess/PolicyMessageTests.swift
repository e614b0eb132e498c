import SubscriptionPolicy
import Testing

@testable import SimSub

/// The requests' JSON, exactly as docs/POLICY-PROCESS.md gives it, and the answers' decoding.
@Suite struct PolicyMessageTests {
  let now = RFC3339.parse("2026-01-31T09:00:00Z")!

  @Test func helloIsWrittenWithVersionSettingsAndAPIs() {
    let request = PolicyRequest.hello(
      settings: ["grace-days": 16],
      apis: ["google": "http://127.0.0.1:9/google/", "apple": "http://127.0.0.1:9/apple/"])
    #expect(
      request.json(id: 1).serialized()
        == #"{"id":1,"op":"hello","simsub":1,"settings":{"grace-days":16},"apis":{"google":"http://127.0.0.1:9/google/","apple":"http://127.0.0.1:9/apple/"}}"#
    )
  }

  @Test func deliverCarriesTheExactRequest() {
    let request = PolicyRequest.deliver(
      subscriber: "0b5e", now: now, store: "apple",
      request: PolicyHTTPRequest(
        method: "POST", path: "/notifications/apple",
        headers: [("content-type", "application/json"), ("accept", "a"), ("accept", "b")],
        body: #"{"signedPayload":"x.y.z"}"#))
    #expect(
      request.json(id: 2).serialized()
        == #"{"id":2,"op":"deliver","subscriber":"0b5e","now":"2026-01-31T09:00:00Z","store":"apple","request":{"method":"POST","path":"/notifications/apple","headers":{"content-type":"application/json","accept":"a, b"},"body":"{\"signedPayload\":\"x.y.z\"}"}}"#
    )
  }

  @Test func decideHasTheSnapshotOnlyWhenGiven() {
    #expect(
      PolicyRequest.decide(subscriber: "0b5e", now: now, snapshot: nil).json(id: 3).serialized()
        == #"{"id":3,"op":"decide","subscriber":"0b5e","now":"2026-01-31T09:00:00Z"}"#)
    #expect(
      PolicyRequest.decide(subscriber: "0b5e", now: now, snapshot: ["revenuecat": ["x": 1]]).json(id: 3)
        .serialized()
        == #"{"id":3,"op":"decide","subscriber":"0b5e","now":"2026-01-31T09:00:00Z","snapshot":{"revenuecat":{"x":1}}}"#
    )
  }

  /// The line the channel writes is `json(id:)`'s text, whichever way each request is written.
  @Test func theWrittenLineIsTheJSONText() {
    let requests: [PolicyRequest] = [
      .hello(settings: ["stripe-grace-seconds": 1_209_600], apis: ["google": "http://127.0.0.1:1/"]),
      .deliver(
        subscriber: "0b5e", now: now, store: "google",
        request: PolicyHTTPRequest(
          method: "POST", path: "/g", headers: [("a", "b")], body: "{\"x\":\"\u{1}é\"}")),
      .decide(subscriber: "0b5e", now: now, snapshot: nil),
      .decide(
        subscriber: "q\"uote\\", now: now + .days(40_000),
        snapshot: ["revenuecat": ["x": 1, "y": [.null, true]]]),
      .decide(subscriber: "0b5e", now: now, snapshot: .null),
      .forget(subscriber: "tab\tté"),
    ]
    for (i, request) in requests.enumerated() {
      let id = [1, 9, 10, 12_345, Int(Int32.max), 7][i]
      var out: [UInt8] = []
      request.write(id: id, into: &out)
      #expect(String(decoding: out, as: UTF8.self) == request.json(id: id).serialized())
    }
  }

  @Test func forgetNamesTheSubscriber() {
    #expect(
      PolicyRequest.forget(subscriber: "0b5e").json(id: 4).serialized()
        == #"{"id":4,"op":"forget","subscriber":"0b5e"}"#)
  }

  @Test func decideAnswersMapTheScenarioWords() throws {
    let object = try #require(
      try JSONValue(
        parsing:
          #"{"id":3,"access":true,"state":"grace","prompt":"soft","grace-ends":"2026-02-16T09:00:00Z","extra":1}"#
      )
      .objectValue)
    #expect(
      PolicyAnswer.decode(object, op: "decide")
        == .success(
          .decide(
            PolicyDecision(
              access: true, state: .grace, prompt: .soft, graceEnds: RFC3339.parse("2026-02-16T09:00:00Z")))))
    let bare = try #require(try JSONValue(parsing: #"{"id":3,"access":false,"state":null}"#).objectValue)
    #expect(PolicyAnswer.decode(bare, op: "decide") == .success(.decide(PolicyDecision(access: false))))
  }

  @Test func helloAnswerDefaultsToAskingEveryStep() throws {
    let object = try #require(try JSONValue(parsing: #"{"id":1,"name":"adapter"}"#).objectValue)
    #expect(
      PolicyAnswer.decode(object, op: "hello")
        == .success(.hello(name: "adapter", decidesOnlyOnNotifications: false)))
  }

  @Test func quotesAreCutAtACharacter() {
    let text = String(repeating: "a", count: 199) + "é" + "bbb"
    #expect(
      PolicyChannelError.quote(Array(text.utf8)) == String(repeating: "a", count: 199) + "… (204 bytes)")
    #expect(PolicyChannelError.quote(Array("short".utf8)) == "short")
  }
}
