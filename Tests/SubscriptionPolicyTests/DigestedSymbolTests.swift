import Foundation
import Testing

@testable import SubscriptionPolicy

/// The ids a store makes anew per notification or payment are digested, not interned, while
/// `Symbol.digestingUniqueIdentifiers` is bound (a replay's play), and only those.
@Suite("Digested symbols")
struct DigestedSymbolTests {
  static func revenueCatBody(id: String, transaction: String) -> String {
    #"{"api_version":"1.0","event":{"type":"RENEWAL","id":"\#(id)","app_id":"app1a2b3c4d5e","event_timestamp_ms":1767225600000,"app_user_id":"da918ace","original_app_user_id":"da918ace","product_id":"premium.monthly","entitlement_ids":["premium"],"period_type":"NORMAL","purchased_at_ms":1767225600000,"expiration_at_ms":1769904000000,"store":"PLAY_STORE","environment":"PRODUCTION","transaction_id":"\#(transaction)","original_transaction_id":"GPA.1111-2222-3333-44444","aliases":["da918ace"]}}"#
  }

  @Test func unboundTheTextIsInternedAndKept() {
    let text = "EV-\(UUID().uuidString)"
    #expect(Symbol.unique(text).text == text)
    #expect(Symbol.unique(text) == Symbol(text))
  }

  @Test func boundEqualTextsGiveEqualDigestsAndStayOutOfTheTable() {
    let texts = (0..<200).map { _ in UUID().uuidString }
    let digests = Symbol.$digestingUniqueIdentifiers.withValue(true) { texts.map(Symbol.unique) }
    let again = Symbol.$digestingUniqueIdentifiers.withValue(true) { texts.map(Symbol.unique) }
    #expect(!texts.contains(where: SymbolTable.shared.contains))
    #expect(digests == again)
    #expect(Set(digests).count == texts.count)
    #expect(digests.allSatisfy { $0.isDigest && $0.number == nil && $0.text.hasPrefix("#") })
    // Not the interned symbol of the same text: a digest compares only with digests.
    #expect(digests[0] != Symbol(texts[0]))
  }

  @Test func boundCanonicalNumbersStayNumbers() {
    let s = Symbol.$digestingUniqueIdentifiers.withValue(true) { Symbol.unique("2000000123456789") }
    #expect(s.number == 2_000_000_123_456_789)
  }

  @Test func aRevenueCatBodyDigestsItsEventAndTransactionIdsOnBothPaths() throws {
    let id = UUID().uuidString
    let transaction = "GPA.\(Int.random(in: 1000...9999))-0000-1111-22222..\(Int.random(in: 0...99))"
    let body = Self.revenueCatBody(id: id, transaction: transaction)
    let (indexed, tree) = try Symbol.$digestingUniqueIdentifiers.withValue(true) {
      let indexed = try #require(RevenueCatEventDocument(indexingWebhookBody: Array(body.utf8), maxDepth: 64))
      let tree = try RevenueCatEventDocument(try JSONValue(parsing: Array(body.utf8)), form: .webhookBody)
      return (indexed.decoded, tree.decoded)
    }
    #expect(!SymbolTable.shared.contains(id) && !SymbolTable.shared.contains(transaction))
    #expect(indexed == tree)
    #expect(indexed.id.isDigest && indexed.transactionId?.isDigest == true)
    // What is compared with the app's configuration stays text.
    #expect(indexed.productId.text == "premium.monthly" && indexed.appUserId.text == "da918ace")
    #expect(indexed.originalTransactionId?.text == "GPA.1111-2222-3333-44444")
    let plain = try #require(RevenueCatEventDocument(indexingWebhookBody: Array(body.utf8), maxDepth: 64))
    #expect(plain.decoded.id.text == id && plain.decoded.transactionId?.text == transaction)
  }

  @Test(arguments: StripeFixture.all)
  func aStripeEventDigestsItsEventInvoiceAndChargeIds(fixture: StripeFixture) throws {
    let value = try JSONValue(parsing: Array(fixture.text.utf8))
    let plain = try StripeEvent(json: JSONCursor(value))
    let digested = try Symbol.$digestingUniqueIdentifiers.withValue(true) {
      try StripeEvent(json: JSONCursor(value))
    }
    #expect(plain.id.number != nil || digested.id.isDigest)
    #expect(digested.type == plain.type && digested.created == plain.created)
    switch (plain.object, digested.object) {
    case (.subscription(let a), .subscription(let b)):
      #expect(a.id == b.id && a.customer == b.customer && a.status == b.status)
    case (.invoice(let a), .invoice(let b)):
      #expect(a.customer == b.customer && a.subscription == b.subscription)
      #expect(a.id.number != nil || a.id.text.isEmpty || b.id.isDigest)
    case (.charge(let a), .charge(let b)):
      #expect(a.customer == b.customer)
      #expect(a.id.number != nil || b.id.isDigest)
    case (.other, .other):
      break
    default:
      Issue.record("the object decoded differently: \(plain.object) and \(digested.object)")
    }
  }
}
