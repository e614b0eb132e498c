import SubscriptionPolicy
import Testing

@testable import SimSub

/// Google's answers built from the resources the shipped scenarios fetch at each delivery.
@Suite struct GooglePlayResponseTests {
  /// Every delivered Google resource of the shipped scenarios, with the run's identity.
  static let resources: [(resource: SubscriptionPurchaseV2, context: WireContext)] =
    WireTesting.attempts.compactMap { attempt, context in
      guard attempt.delivered,
        case .googlePlay(let n) = WireRequestBuilder.wireValue(attempt.notification, context: context),
        let s = n.subscription
      else { return nil }
      return (s, context)
    }

  static func first(_ state: SubscriptionState, where match: (SubscriptionPurchaseV2) -> Bool = { _ in true })
    throws -> (resource: SubscriptionPurchaseV2, context: WireContext)
  {
    try #require(resources.first { $0.resource.subscriptionState == state && match($0.resource) })
  }

  @Test func v2IsTheRequestsResource() throws {
    let (s, c) = try Self.first(.active)
    let v2 = GooglePlayResponses.subscriptionV2(s, context: c)
    #expect(v2.status == 200)
    #expect(try SubscriptionPurchaseV2(json: v2.body) == s)
    #expect(v2.body["subscriptionState"] == "SUBSCRIPTION_STATE_ACTIVE")
    #expect(v2.body["externalAccountIdentifiers"]?["obfuscatedExternalAccountId"] == .string(c.subscriberId))
  }

  /// `paymentState` and `cancelReason` per state, as the v1 reference documents them.
  @Test(arguments: [
    ("SUBSCRIPTION_STATE_ACTIVE", 1 as Int64?, nil as Int64?),
    ("SUBSCRIPTION_STATE_IN_GRACE_PERIOD", 0, nil),
    ("SUBSCRIPTION_STATE_ON_HOLD", 0, nil),
    ("SUBSCRIPTION_STATE_CANCELED", nil, 0),
  ])
  func v1PerState(state: String, payment: Int64?, cancel: Int64?) throws {
    let (s, c) = try Self.first(SubscriptionState(rawValue: state)) { $0.lineItem.offerId == nil }
    let v1 = GooglePlayResponses.subscriptionV1(s, context: c).body
    #expect(v1["kind"] == "androidpublisher#subscriptionPurchase")
    #expect(v1["paymentState"] == payment.map { .number(JSONNumber($0)) })
    #expect(v1["cancelReason"] == cancel.map { .number(JSONNumber($0)) })
    #expect(v1["expiryTimeMillis"] == .string(String(s.lineItem.expiryTime.millisecondsSinceEpoch)))
    #expect(v1["autoRenewing"] == .bool(s.lineItem.autoRenewEnabled))
    let price = try #require(c.product(s.lineItem.productId)).priceMilliunits
    #expect(v1["priceAmountMicros"] == .string(String(price * 1000)))
    #expect(v1["obfuscatedExternalAccountId"] == .string(c.subscriberId))
    #expect(v1["acknowledgementState"] == 1)
  }

  @Test func v1ExpiredByRevocation() throws {
    let revoked = try Self.first(.expired) { $0.canceledStateContext == .developerInitiatedCancellation }
    let r = GooglePlayResponses.subscriptionV1(revoked.resource, context: revoked.context).body
    #expect(r["cancelReason"] == 3)
    #expect(r["paymentState"] == nil)
    #expect(r["autoRenewing"] == false)
  }

  @Test func v1KeysInTheReferenceOrder() throws {
    let (s, c) = try Self.first(.active) { $0.lineItem.offerId == nil && $0.linkedPurchaseToken == nil }
    let v1 = GooglePlayResponses.subscriptionV1(s, context: c)
    #expect(
      v1.body.objectValue?.keys == [
        "kind", "startTimeMillis", "expiryTimeMillis", "autoRenewing", "priceCurrencyCode",
        "priceAmountMicros", "countryCode", "paymentState", "orderId", "acknowledgementState",
        "obfuscatedExternalAccountId",
      ])
    #expect(v1.json == GooglePlayResponses.subscriptionV1(s, context: c).json)
  }

  @Test func unknownTokenIsGoogles404() {
    let r = GooglePlayResponses.notFound
    #expect(r.status == 404)
    #expect(
      r.json
        == #"{"error":{"code":404,"message":"The purchase token was not found.","errors":[{"message":"The purchase token was not found.","domain":"global","reason":"notFound"}],"status":"NOT_FOUND"}}"#
    )
  }
}
