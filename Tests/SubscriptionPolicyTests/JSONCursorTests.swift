import Foundation
import Testing

@testable import SubscriptionPolicy

@Suite("JSON cursor and paths")
struct JSONCursorTests {
  let doc: JSONValue = [
    "data": [
      "status": 4, "bundleId": "com.example", "flag": true, "ratio": 0.25, "nothing": nil,
      "items": [["expiryTime": "2026-03-01T09:00:00.000Z"], ["expiryTime": 17]],
      "big": 3_000_000_000,
    ]
  ]

  func message(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch let error as JSONDecodingError {
      return error.description
    } catch {
      return "not a decoding error: \(error)"
    }
  }

  @Test func typedGettersReadValues() throws {
    let c = JSONCursor(doc)
    #expect(try c["data"]["status"].int32() == 4)
    #expect(try c["data"]["bundleId"].string() == "com.example")
    #expect(try c["data"]["bundleId"].symbol() == "com.example")
    #expect(try c["data"]["flag"].bool() == true)
    #expect(try c["data"]["ratio"].double() == 0.25)
    #expect(try c["data"]["big"].int64() == 3_000_000_000)
    #expect(try c["data"]["items"].array().count == 2)
    #expect(
      try c["data"]["items"][0]["expiryTime"].instantFromRFC3339() == RFC3339.parse("2026-03-01T09:00:00Z"))
    #expect(try c["data"].object().keys.first == "status")
  }

  @Test func absentAndNullAreNotPresent() throws {
    let c = JSONCursor(doc)["data"]
    #expect(c["nothing"].isPresent == false)
    #expect(c["missing"].isPresent == false)
    #expect(c["missing"]["deeper"][3].isPresent == false)
    #expect(try c["nothing"].ifPresent?.string() == nil)
    #expect(try c["status"].ifPresent?.int64() == 4)
  }

  @Test func errorsNameThePath() {
    let c = JSONCursor(doc)
    #expect(
      message { _ = try c["data"]["bundleId"].int64() } == "data.bundleId: expected a number, found a string")
    #expect(
      message { _ = try c["data"]["missing"].string() }
        == "data.missing: expected a string, but the field is missing")
    #expect(message { _ = try c["data"]["nothing"].bool() } == "data.nothing: expected a boolean, found null")
    #expect(
      message { _ = try c["data"]["items"][1]["expiryTime"].instantFromRFC3339() }
        == "data.items[1].expiryTime: expected a string, found a number")
    #expect(
      message { _ = try c["data"]["big"].int32() }
        == "data.big: expected an integer that fits in 32 bits, found 3000000000")
    #expect(
      message { _ = try c["data"]["ratio"].int64() }
        == "data.ratio: expected an integer that fits in 64 bits, found 0.25")
    #expect(
      message { _ = try c["data"]["status"].array() } == "data.status: expected an array, found a number")
    #expect(message { _ = try c.string() } == "expected a string, found an object")
    #expect(
      message { _ = try c["data"]["bundleId"].uuid() }
        == #"data.bundleId: expected a UUID, found "com.example""#)
    #expect(
      message { _ = try c["data"]["bundleId"].instantFromRFC3339() }
        == #"data.bundleId: expected an RFC 3339 timestamp, found "com.example""#)
  }

  @Test func integersMayComeAsStringsOfDigitsWhereStoresQuoteThem() throws {
    let v: JSONValue = ["a": "1767225600000", "b": 5, "c": "12x", "d": "1.5", "e": true]
    let c = JSONCursor(v)
    #expect(try c["a"].int64OrDecimalString() == 1_767_225_600_000)
    #expect(try c["b"].int64OrDecimalString() == 5)
    #expect(
      message { _ = try c["c"].int64OrDecimalString() }
        == #"c: expected an integer or a string of digits, found "12x""#)
    #expect(
      message { _ = try c["d"].int64OrDecimalString() }
        == #"d: expected an integer or a string of digits, found "1.5""#)
    #expect(
      message { _ = try c["e"].int64OrDecimalString() }
        == "e: expected an integer or a string of digits, found a boolean")
  }

  @Test func millisecondsRoundDownToTheSecond() throws {
    let v: JSONValue = ["t": 1_767_225_600_999, "n": -1]
    #expect(try JSONCursor(v)["t"].instantFromMilliseconds() == Instant(secondsSinceEpoch: 1_767_225_600))
    #expect(try JSONCursor(v)["n"].instantFromMilliseconds() == Instant(secondsSinceEpoch: -1))
  }

  @Test func pathsQuoteKeysThatWouldBeAmbiguous() {
    let path = JSONPath([.key("data"), .key("a.b"), .index(2), .key(""), .key("x y"), .key("plain")])
    #expect(path.description == #"data["a.b"][2][""]["x y"].plain"#)
    #expect(JSONPath.root.description == "$")
    #expect(JSONPath([.index(0), .key("k")]).description == "[0].k")
  }
}
