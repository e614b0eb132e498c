import Foundation
import Testing

@testable import SubscriptionPolicy

/// Bad bodies are errors with a line and column in the body's text, never a trap.
@Suite("Wire decoding errors")
struct WireDecodingErrorTests {
  func error(_ text: String) -> String? {
    do {
      _ = try WireDocument(text: text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func aTruncatedJWS() throws {
    let body = try WireFixtureFiles.named("AppStore", "did-renew.json").document().text
    let cut = String(body.prefix(200)) + "\"}"
    let message = try #require(error(cut))
    #expect(message.hasPrefix("1:18: signedPayload: "), "\(message)")
    #expect(
      error("eyJhbGciOiJub25lIn0.eyJ4Ijox")
        == "1:1: expected a JSON object or a JWS (three base64url parts separated by '.')")
  }

  @Test func wrongBase64() {
    #expect(
      error(#"{"signedPayload":"eyJh.e$J4.sig"}"#) == "1:18: signedPayload: the JWS payload is not base64url")
    #expect(
      error("{\n  \"message\": {\"data\": \"!!!\", \"messageId\": \"1\"},\n  \"subscription\": \"s\"\n}")
        == "2:23: message.data: expected base64 data")
  }

  @Test func validJSONOfNoStore() throws {
    let message = try #require(error(#"{"hello": "world"}"#))
    #expect(message.hasPrefix("1:1: not a body of any store simsub knows"))
    #expect(error("[1, 2]")?.hasPrefix("1:1: expected a store's body") == true)
  }

  @Test func theRightStoreWithAWrongField() {
    let text = """
      {
        "id": "evt_1",
        "object": "event",
        "created": "yesterday",
        "data": {"object": {"object": "charge"}},
        "type": "charge.refunded"
      }
      """
    #expect(error(text) == "4:14: created: expected a number, found a string")
    let rc = #"{"api_version": "1.0", "event": {"type": "RENEWAL", "id": 7, "event_timestamp_ms": 1}}"#
    #expect(error(rc) == "1:59: event.id: expected a string, found a number")
  }

  @Test func aFieldInsideAJWSIsReportedAtItsString() {
    let payload: JSONValue = [
      "notificationType": "DID_RENEW", "notificationUUID": "6c1d2a2e-0b59-4d5c-9a52-3f0e8c1f7a10",
      "signedDate": 1, "data": ["bundleId": "b", "environment": "Sandbox", "status": "active"],
    ]
    let body = "{\n  \"signedPayload\": \"\(JWS.encodeUnsecured(payload))\"\n}"
    #expect(error(body) == "2:20: signedPayload.data.status: expected a number, found a string")
  }

  @Test func hugeBodiesAreRefusedWithoutParsing() throws {
    let huge = "{\"a\":\"" + String(repeating: "x", count: 10 << 20) + "\"}"
    let message = try #require(error(huge))
    #expect(message.hasSuffix("wire bodies are read up to 4194304 bytes (4 MiB)"))
    #expect(message.hasPrefix("1:4194305: the body is 10485768 bytes"))
  }

  @Test func deepNestingIsAnErrorNotACrash() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(error(deep) == "1:65: arrays and objects nest more than 64 levels deep")
    let nested = String(repeating: #"{"a":"#, count: 70) + "1" + String(repeating: "}", count: 70)
    let deepInJWS =
      #"{"signedPayload":"eyJhbGciOiJub25lIn0."# + JWS.base64URLEncode(Array(nested.utf8)) + #"."}"#
    #expect(
      error(deepInJWS)
        == "1:18: signedPayload: the JWS payload is not JSON: 1:321: arrays and objects nest more than 64 levels deep"
    )
  }

  @Test func emptyAndWhitespaceBodies() {
    #expect(error("") == "1:1: unexpected end of input; expected a value")
    #expect(error("  \n ") == "2:2: unexpected end of input; expected a value")
  }
}

@Suite("JSON merge")
struct JSONMergeTests {
  @Test func unchangedKeepsTheOriginalText() throws {
    let original = try JSONValue(parsing: #"{"a":1.50,"b":[1,2,3],"c":"x"}"#)
    let baseline: JSONValue = ["a": 1.5, "b": [1]]
    #expect(JSONMerge.merge(original: original, baseline: baseline, current: baseline) == original)
  }

  @Test func aChangeReplacesOnlyItsMember() throws {
    let original = try JSONValue(parsing: #"{"a":1.50,"b":[1,2,3],"c":"x"}"#)
    let merged = JSONMerge.merge(
      original: original, baseline: ["a": 1.5, "b": [1]], current: ["a": 2, "b": [1]])
    #expect(merged?.serialized() == #"{"a":2,"b":[1,2,3],"c":"x"}"#)
  }

  @Test func elementsBeyondTheModelledOnesAreKept() throws {
    let original = try JSONValue(parsing: #"{"items":[{"p":1,"q":"keep"},{"p":2}]}"#)
    let merged = JSONMerge.merge(
      original: original, baseline: ["items": [["p": 1]]], current: ["items": [["p": 9]]])
    #expect(merged?.serialized() == #"{"items":[{"p":9,"q":"keep"},{"p":2}]}"#)
  }

  @Test func addedMembersFollowTheirPredecessorAndRemovedOnesGo() throws {
    let original = try JSONValue(parsing: #"{"a":1,"x":true,"c":3}"#)
    let merged = JSONMerge.merge(
      original: original, baseline: ["a": 1, "c": 3], current: ["a": 1, "b": 2])
    #expect(merged?.serialized() == #"{"a":1,"b":2,"x":true}"#)
    let first = JSONMerge.merge(original: original, baseline: ["a": 1], current: ["z": 0, "a": 1])
    #expect(first?.serialized() == #"{"z":0,"a":1,"x":true,"c":3}"#)
  }

  @Test func floorOfFractionalMilliseconds() {
    #expect(JSONNumber(text: "1767225600123.456")?.floorInt64 == 1_767_225_600_123)
    #expect(JSONNumber(text: "-1.5")?.floorInt64 == -2)
    #expect(JSONNumber(text: "-0.0")?.floorInt64 == 0)
    #expect(JSONNumber(text: "2.0")?.floorInt64 == 2)
    #expect(JSONNumber(text: "1.5e3")?.floorInt64 == 1500)
    #expect(JSONNumber(text: "1e300")?.floorInt64 == nil)
    #expect(JSONNumber(text: "99999999999999999999.5")?.floorInt64 == nil)
  }
}
