import Foundation
import Testing

@testable import SubscriptionPolicy

/// RevenueCat's fast path (`RevenueCatEventDocument(indexingWebhookBody:maxDepth:)`) decides
/// exactly as the tree path does: the same document (typed event, tree, text), or the same
/// error, for every fixture and for bodies unusual or broken in every way the index handles or
/// leaves to the parser.
@Suite("RevenueCat indexed decoding")
struct RevenueCatIndexedDecodingTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/RevenueCat")

  static let body = #"""
    {"api_version":"1.0","event":{"type":"RENEWAL","id":"0A647336-6D04-4AED-A25F-19936211CBF2","app_id":"app1a2b3c4d5e","event_timestamp_ms":1767225600000,"app_user_id":"da918ace","original_app_user_id":"da918ace","product_id":"premium.monthly","entitlement_ids":["premium"],"period_type":"NORMAL","purchased_at_ms":1767225600000,"expiration_at_ms":1769904000000,"store":"APP_STORE","environment":"PRODUCTION","transaction_id":"2000140123905211","original_transaction_id":"2000140123905211","is_family_share":false,"country_code":"US","aliases":["da918ace"],"subscriber_attributes":{"$email":{"value":"a@b.c","updated_at_ms":1}},"currency":"USD","price":9.99}}
    """#

  /// `body` with `old` replaced by `new` (once).
  static func edit(_ old: String, _ new: String) -> String {
    guard let range = body.range(of: old) else { fatalError("no \(old) in the body") }
    return body.replacingCharacters(in: range, with: new)
  }

  static var variants: [String] {
    [
      body, " " + body + "\n", "\u{FEFF}" + body, edit(#"{"api_version":"1.0","#, "{"),
      edit(#""api_version":"1.0""#, #""api_version":null"#),
      edit(#""api_version":"1.0""#, #""api_version":1"#),
      edit(#"{"api_version":"1.0","#, #"{"x":1,"api_version":"1.0","#),
      edit(#"{"api_version":"1.0","#, #"{"api_version":"1.0","api_version":"1.0","#),
      edit(#"["premium"]"#, "[]"), edit(#"["premium"]"#, "[null]"),
      edit(#"["premium"]"#, #"[ "premium" , "pro" ]"#),
      edit(#"["premium"]"#, #"["pre\u006dium"]"#), edit(#"["premium"]"#, "[1]"),
      edit(#"["premium"]"#, "null"),
      edit(#"["premium"]"#, #""premium""#), edit(#""type":"RENEWAL","#, ""),
      edit(#""type":"RENEWAL""#, #""type":5"#),
      edit(#""type":"RENEWAL""#, #""type":"RENEW\u0041L""#),
      edit(#""id":"0A647336-6D04-4AED-A25F-19936211CBF2""#, #""id":"12345""#),
      edit(#""id":"0A647336-6D04-4AED-A25F-19936211CBF2","#, ""),
      edit(#""event_timestamp_ms":1767225600000"#, #""event_timestamp_ms":1767225600123.5"#),
      edit(#""event_timestamp_ms":1767225600000"#, #""event_timestamp_ms":"1767225600000""#),
      edit(#""event_timestamp_ms":1767225600000"#, #""event_timestamp_ms":99999999999999999999999"#),
      edit(#""app_user_id":"da918ace","#, ""), edit(#""app_user_id":"da918ace""#, #""app_user_id":null"#),
      edit(#""is_family_share":false"#, #""is_family_share":"no""#),
      edit(#""expiration_at_ms":1769904000000"#, #""expiration_at_ms":null"#),
      edit(#""store":"APP_STORE""#, #""store":"PLAY_STORE""#),
      edit(#""period_type":"NORMAL""#, #""period_type":"TRIAL""#),
      edit(#","currency":"USD","price":9.99}}"#, #","cancel_reason":"BILLING_ERROR"}}"#),
      edit(#""product_id":"premium.monthly""#, #""product_id":"prémium""#),
      #"{"api_version":"1.0","event":null}"#, #"{"api_version":"1.0","event":[]}"#, #"{"api_version":"1.0"}"#,
      #"{"event":{"type":"TEST","id":"x","event_timestamp_ms":1}}"#, #"{"api_version":"1.0","event":{}}"#,
      String(body.dropLast()), String(body.dropLast(40)), body + "x", body + body,
    ]
  }

  @Test func everyVariantAndFixtureDecodesAsThroughTheTree() throws {
    var texts = Self.variants
    for name in try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).sorted()
    where name.hasSuffix(".json") {
      texts.append(try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8))
    }
    var fast = 0
    for text in texts {
      let bytes = Array(text.utf8)
      if RevenueCatEventDocument(indexingWebhookBody: bytes, maxDepth: WireDocument.maxDepth) != nil {
        fast += 1
      }
      let tree = Result { () throws -> WireDocument in
        let value = try JSONValue(parsing: bytes, maxDepth: WireDocument.maxDepth)
        return try WireDocument.decode(value)
      }
      let read = Result { try WireDocument(bytes: bytes) }
      switch (tree, read) {
      case (.success(.revenueCat(let t)), .success(.revenueCat(let d))):
        #expect(t == d, "\(text.prefix(100))")
        #expect(t.hashValue == d.hashValue, "\(text.prefix(100))")
        #expect(t.event == d.event, "\(text.prefix(100))")
        #expect(t.text == d.text, "\(text.prefix(100))")
        #expect(t.json == d.json, "\(text.prefix(100))")
        let keys = ["aliases", "entitlement_ids", "price", "absent"]
        #expect(t.eventStrings(keys) == d.eventStrings(keys), "\(text.prefix(100))")
        let symbolKeys: [StaticString] = ["aliases", "entitlement_ids", "price", "absent"]
        let symbols = t.eventStrings(keys).map { Symbol($0) }
        #expect(t.eventSymbols(symbolKeys) == symbols, "\(text.prefix(100))")
        #expect(d.eventSymbols(symbolKeys) == symbols, "\(text.prefix(100))")
      case (.success(let t), .success(let d)):
        #expect(t == d, "\(text.prefix(100))")
      case (.failure, .failure):
        break
      default:
        Issue.record("the paths disagree on \(text.prefix(120)): tree \(tree), bytes \(read)")
      }
    }
    // The fast path is taken for the plain bodies (the check above is not only of the fallback).
    #expect(fast > texts.count / 2)
  }

  @Test func theEventsStringArraysAreReadAsSymbolsFromTheBytes() throws {
    let plain = Array(
      Self.edit(#""aliases":["da918ace"]"#, #""aliases":[ "a" , "b,c","", "12","007", "é"]"#).utf8)
    let d = try #require(RevenueCatEventDocument(indexingWebhookBody: plain, maxDepth: WireDocument.maxDepth))
    #expect(
      d.eventSymbols(["aliases", "transferred_from", "entitlement_ids"])
        == ["a", "b,c", "", "12", "007", "é", "premium"].map { Symbol($0) })
    // An escape, or an element of another kind, is read through the tree: the same symbols.
    let mixed = Array(Self.edit(#""aliases":["da918ace"]"#, #""aliases":["ab", 1, "c", null]"#).utf8)
    let m = try #require(RevenueCatEventDocument(indexingWebhookBody: mixed, maxDepth: WireDocument.maxDepth))
    #expect(m.eventSymbols(["aliases"]) == ["ab", "c"].map { Symbol($0) })
  }

  @Test func theEventsStringArraysAreReadWithoutTheTree() throws {
    let bytes = Array(Self.edit(#""aliases":["da918ace"]"#, #""aliases":["a", 1, "b", null]"#).utf8)
    let d = try #require(RevenueCatEventDocument(indexingWebhookBody: bytes, maxDepth: WireDocument.maxDepth))
    #expect(d.eventStrings(["aliases"]) == ["a", "b"])
    #expect(d.eventStrings(["transferred_from"]) == [])
    #expect(d.eventStrings(["app_user_id"]) == [])
    #expect(d.eventStrings(["aliases", "entitlement_ids", "aliases"]) == ["a", "b", "premium", "a", "b"])
  }

  /// A change to the typed event reaches the text, as for a parsed body.
  @Test func aChangedEventIsWrittenIntoTheBytesTree() throws {
    guard case .revenueCat(var d) = try WireDocument(bytes: Array(Self.body.utf8)) else {
      Issue.record("not RevenueCat")
      return
    }
    d.event.type = .cancellation
    #expect(d.text.contains(#""type":"CANCELLATION""#))
    #expect(d.text.contains(#""subscriber_attributes":{"$email""#))
  }
}
