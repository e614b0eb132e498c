import Testing

@testable import SimSub

/// ``ReplayRequestLine`` finds each member's value exactly, whatever lies in the body's strings
/// and wherever it lies: quotes, backslashes and escapes at every offset from the start of a
/// string, in strings shorter and longer than the eight bytes the scan passes at a time.
@Suite("Replay: a request line's members")
struct ReplayRequestLineTests {
  /// Texts of a string's contents (JSON, escapes written out), each put at offsets 0 to 19.
  static let specials = [#"\""#, #"\\"#, #"\\\""#, #"\u0041"#, "é", #"\n"#, "}", "{", "]", ","]

  @Test func everyMemberIsFoundWhereverTheBodysStringsHoldSpecials() throws {
    var lines = 0
    for special in Self.specials {
      for offset in 0..<20 {
        for tail in [0, 1, 7, 8, 9, 23] {
          let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: tail)
          let body = #"{"k":"\#(text)","n":[1,{"m":"\#(text)"}],"t":true}"#
          let received = #""2026-01-31T09:00:00Z""#
          let headers = #"{"X-\#(text)":"\#(text)"}"#
          let line = #"{"received":\#(received), "headers":\#(headers) ,"body":\#(body)}"#
          let bytes = Array(line.utf8)[...]
          let found = try #require(ReplayRequestLine(bytes), "\(line)")
          #expect(String(decoding: bytes[found.body], as: UTF8.self) == body, "\(line)")
          #expect(String(decoding: bytes[found.received], as: UTF8.self) == received, "\(line)")
          #expect(found.headers.map { String(decoding: bytes[$0], as: UTF8.self) } == headers, "\(line)")
          lines += 1
        }
      }
    }
    #expect(lines == Self.specials.count * 20 * 6)
  }

  @Test func aStringThatDoesNotEndIsNoLine() {
    for offset in 0..<20 {
      let line =
        #"{"received":"2026-01-31T09:00:00Z","body":{"k":""# + String(repeating: "a", count: offset)
        + #"\"}}"#
      #expect(ReplayRequestLine(Array(line.utf8)[...]) == nil, "\(line)")
    }
  }
}
