import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// Identifiers: each store's shape, the same for one salt, never shared between salts or scopes.
@Suite("Wire: identifiers")
struct WireIdentifierTests {
  let a = WireIdentifiers(salt: "one", scope: "a.scn")

  @Test func shapes() throws {
    let transaction = a.appleTransactionId(Symbol(number: 2_000_000_001_000_000))
    #expect(transaction.text.count == 16 && transaction.text.hasPrefix("2000"))
    let token = a.purchaseToken(Symbol(number: 100_000_001_000_000)).text
    #expect(token.count == 24 + ".AO-J1O".count + 107 && token.dropFirst(24).hasPrefix(".AO-J1O"))
    let order = a.orderId(Symbol(number: 100_000_001_000_000 * 1000 + 3)).text
    #expect(
      order.hasPrefix("GPA.") && order.hasSuffix("..2") && order.count == "GPA.1234-5678-9012-34567..2".count)
    #expect(
      a.orderId(Symbol(number: 100_000_001_000_000 * 1000)).text.count == "GPA.1234-5678-9012-34567".count)
    #expect(a.stripeId(Symbol(number: 1), prefix: "cus").text.count == "cus_".count + 14)
    #expect(a.stripeId(Symbol(number: 7), prefix: "sub").text.count == "sub_1".count + 23)
    let uuid = a.uuid("x", "1").uuidString
    #expect(Array(uuid)[14] == "4")
    #expect("89AB".contains(Array(uuid)[19]))
    #expect(a.pubSubMessageId("k").count == 16)
    // Ids that are not the engine's numbers are kept.
    #expect(a.stripeId("sub_1MowQVLkdIwHu7ix", prefix: "sub") == "sub_1MowQVLkdIwHu7ix")
  }

  @Test func sameSaltSameIdsOtherSaltOrScopeOthers() {
    let again = WireIdentifiers(salt: "one", scope: "a.scn")
    let otherSalt = WireIdentifiers(salt: "two", scope: "a.scn")
    let otherScope = WireIdentifiers(salt: "one", scope: "b.scn")
    let n = Symbol(number: 2_000_000_001_000_000)
    #expect(a.appleTransactionId(n) == again.appleTransactionId(n))
    #expect(a.appleTransactionId(n) != otherSalt.appleTransactionId(n))
    #expect(a.appleTransactionId(n) != otherScope.appleTransactionId(n))
    #expect(a.subscriberId(1) != otherSalt.subscriberId(1))
    #expect(WireIdentifiers.randomSalt() != WireIdentifiers.randomSalt())
  }

  /// No id of one salt's requests appears in another's: two runs never share a subscriber.
  @Test func twoRunsShareNoIdentifier() throws {
    let (attempt, context) = try #require(
      WireTesting.attempts.first { if case .stripe = $0.attempt.notification { true } else { false } })
    var other = context
    other = WireContext(
      settings: WireTesting.settings(salt: "another"), app: AppIdentity(), scope: "x",
      products: context.products)
    other.ids = WireIdentifiers(salt: "another", scope: context.ids.scope)
    other.subscriber = WireIdentifiers(salt: "another", scope: context.subscriber.scope)
    func ids(_ c: WireContext) throws -> Set<String> {
      let body = WireRequestBuilder.request(attempt.notification, sentAt: attempt.sentAt, context: c).body
      var found: Set<String> = []
      func walk(_ v: JSONValue) {
        switch v {
        case .string(let s) where s.contains("_") || UUID(uuidString: s) != nil: found.insert(s)
        case .array(let items): items.forEach(walk)
        case .object(let o): o.forEach { walk($0.value) }
        default: break
        }
      }
      walk(try JSONValue(parsing: body))
      return found.filter {
        $0.hasPrefix("sub_") || $0.hasPrefix("cus_") || $0.hasPrefix("evt_") || UUID(uuidString: $0) != nil
      }
    }
    let mine = try ids(context)
    #expect(mine.count >= 4)
    #expect(mine.isDisjoint(with: try ids(other)))
  }
}
