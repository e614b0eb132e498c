import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// The shape of each store's request: headers, envelopes, JWS, signatures, the fields the
/// stores always send, and the subscriber's own id where each store carries it.
@Suite("Wire: each store's request")
struct WireRequestShapeTests {
  func first(_ store: String, named name: String? = nil) throws -> (DeliveryAttempt, WireContext, WireRequest)
  {
    let (attempt, context) = try #require(
      WireTesting.attempts.first {
        WireRequestBuilder.storeTag($0.attempt.notification) == store
          && (name == nil || $0.attempt.notification.name == name)
      })
    return (
      attempt, context,
      WireRequestBuilder.request(attempt.notification, sentAt: attempt.sentAt, context: context)
    )
  }

  @Test func appleSignsInApplesHeaderShapeWithNestedJWS() throws {
    let (_, context, request) = try first("apple", named: "SUBSCRIBED/INITIAL_BUY")
    #expect(request.method == "POST")
    #expect(request.header("content-type") == "application/json")
    let body = try JSONValue(parsing: request.body)
    #expect(body.objectValue?.keys == ["signedPayload"])
    let signed = try #require(body["signedPayload"]?.stringValue)
    let header = try WireTesting.part(signed, 0)
    #expect(header.objectValue?.keys == ["alg", "x5c"])
    #expect(header["alg"] == "ES256")
    #expect(header["x5c"]?.arrayValue?.count == 3)
    let signature = String(signed.split(separator: ".", omittingEmptySubsequences: false)[2])
    #expect(JWS.base64URLDecode(signature)?.count == 64)
    let payload = try WireTesting.part(signed, 1)
    #expect(payload["data"]?["environment"] == "LocalTesting")
    #expect(payload["data"]?["appAppleId"] == .int(AppIdentity.defaultAppAppleId))
    let signedTransaction = try #require(payload["data"]?["signedTransactionInfo"]?.stringValue)
    let transaction = try WireTesting.part(signedTransaction, 1)
    #expect(try WireTesting.part(signedTransaction, 0) == header)
    #expect(transaction["environment"] == "LocalTesting")
    #expect(transaction["appAccountToken"] == .string(context.subscriberId))
    #expect(UUID(uuidString: context.subscriberId) != nil)
    #expect(transaction["storefront"] == "USA")
    #expect(transaction["storefrontId"] == "143441")
    #expect(transaction["webOrderLineItemId"]?.stringValue?.count == 16)
    #expect(transaction["appTransactionId"]?.stringValue?.count == 18)
    #expect(transaction["transactionId"] == transaction["originalTransactionId"])
    let signedRenewal = try #require(payload["data"]?["signedRenewalInfo"]?.stringValue)
    let renewal = try WireTesting.part(signedRenewal, 1)
    #expect(renewal["appAccountToken"] == .string(context.subscriberId))
    #expect(renewal["currency"] == "USD")
    #expect(renewal["renewalPrice"] == .int(context.products[0].priceMilliunits))
  }

  @Test func appleEnvironmentAndIdentityAreSettings() throws {
    let (attempt, context, _) = try first("apple")
    var settings = WireTesting.settings()
    settings.appleEnvironment = .sandbox
    settings.bundleId = "com.example.news"
    settings.appAppleId = 6_444_444_444
    var other = context
    other.settings = settings
    other.app = settings.identity(AppIdentity())
    let request = WireRequestBuilder.request(attempt.notification, sentAt: attempt.sentAt, context: other)
    let n = try AppStoreServerNotification(responseBodyV2Text: request.body)
    #expect(n.data.environment == .sandbox)
    #expect(n.data.bundleId == "com.example.news")
    #expect(n.data.appAppleId == 6_444_444_444)
    #expect(n.data.transactionInfo?.bundleId == "com.example.news")
    #expect(n.data.transactionInfo?.environment == .sandbox)
    #expect(n.data.renewalInfo?.environment == .sandbox)
  }

  @Test func stripeSignatureIsHMACOfTimestampAndBody() throws {
    // Computed with Python's hmac module: hmac.new(b"whsec_test", b'1700000000.{"id":"evt_1"}', sha256).
    #expect(
      StripeSignature.header(body: #"{"id":"evt_1"}"#, timestamp: 1_700_000_000, secret: "whsec_test")
        == "t=1700000000,v1=c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925")
    let (_, context, request) = try first("stripe")
    let signature = try #require(request.header("Stripe-Signature"))
    #expect(signature.hasPrefix("t=1800000000,v1="))
    let expected = HMACSHA256.hexAuthenticationCode(
      key: context.settings.stripeSecret, message: "1800000000.\(request.body)")
    #expect(signature == "t=1800000000,v1=\(expected)")
  }

  @Test func stripeObjectsCarryMetadataAndTheirDatesStaySimulated() throws {
    let (attempt, context, request) = try first("stripe", named: "customer.subscription.created")
    let event = try JSONValue(parsing: request.body)
    let object = try #require(event["data"]?["object"])
    #expect(object["metadata"] == ["user_id": .string(context.subscriberId)])
    let keys = try #require(object.objectValue?.keys)
    #expect(Array(keys.prefix(2)) == ["id", "object"])
    #expect(Array(keys.dropFirst(2)) == keys.dropFirst(2).sorted())
    #expect(object["id"]?.stringValue?.hasPrefix("sub_1") == true)
    #expect(object["customer"]?.stringValue?.hasPrefix("cus_") == true)
    #expect(event["created"] == .int(attempt.sentAt.secondsSinceEpoch))
    for key in ["api_version", "livemode", "pending_webhooks", "request"] { #expect(event[key] != nil) }
    let (_, _, invoiceRequest) = try first("stripe", named: "invoice.paid")
    let invoice = try #require(try JSONValue(parsing: invoiceRequest.body)["data"]?["object"])
    #expect(invoice["metadata"] == .object([:]))
    #expect(
      invoice["parent"]?["subscription_details"]?["metadata"] == ["user_id": .string(context.subscriberId)])
  }

  @Test func googleComesInThePubSubPushEnvelope() throws {
    let (attempt, context, request) = try first("google", named: "SUBSCRIPTION_PURCHASED")
    let body = try JSONValue(parsing: request.body)
    #expect(body.objectValue?.keys == ["message", "subscription"])
    let message = try #require(body["message"])
    #expect(
      message.objectValue?.keys == [
        "attributes", "data", "messageId", "message_id", "publishTime", "publish_time",
      ])
    #expect(message["messageId"] == message["message_id"])
    #expect(message["publishTime"] == .string(RFC3339.formatWithMilliseconds(attempt.sentAt)))
    let text = try #require(message["data"]?.stringValue)
    let data = try #require(Data(base64Encoded: text))
    let rtdn = try JSONValue(parsing: Array(data))
    #expect(rtdn["packageName"] == .string(context.app.packageName))
    #expect(rtdn["subscriptionNotification"]?["purchaseToken"]?.stringValue?.contains(".AO-J1O") == true)
    let resource = try #require(WireRequestBuilder.subscriptionsV2(attempt.notification, context: context))
    #expect(
      resource.body["externalAccountIdentifiers"] == [
        "obfuscatedExternalAccountId": .string(context.subscriberId)
      ])
    #expect(resource.body["latestOrderId"] == nil)
    #expect(
      resource.body["lineItems"]?[0]?["latestSuccessfulOrderId"]?.stringValue?.hasPrefix("GPA.") == true)
    #expect(
      resource.path.hasSuffix(
        "/tokens/\(rtdn["subscriptionNotification"]?["purchaseToken"]?.stringValue ?? "")"))
  }

  @Test func aRedeliveryIsTheSameMessage() throws {
    let retried = try #require(
      WireTesting.attempts.first {
        $0.attempt.attempt > 1 && WireRequestBuilder.storeTag($0.attempt.notification) == "google"
      })
    let firstTry = try #require(
      WireTesting.attempts.first {
        $0.attempt.attempt == 1 && $0.context.ids == retried.context.ids
          && $0.attempt.notification.asSent == retried.attempt.notification.asSent
      })
    func messageId(_ a: (attempt: DeliveryAttempt, context: WireContext)) throws -> JSONValue? {
      let request = WireRequestBuilder.request(
        a.attempt.notification, sentAt: a.attempt.sentAt, context: a.context)
      return try JSONValue(parsing: request.body)["message"]?["messageId"]
    }
    #expect(try messageId(retried) == messageId(firstTry))
    #expect(retried.attempt.sentAt == firstTry.attempt.sentAt)
  }

  @Test func revenueCatCarriesTheAuthorizationAndTheFieldsItAlwaysSends() throws {
    let (_, context, request) = try first("revenuecat", named: "INITIAL_PURCHASE")
    #expect(request.header("Authorization") == WireSettings.defaultRevenueCatAuthorization)
    let body = try JSONValue(parsing: request.body)
    #expect(body["api_version"] == "1.0")
    let event = try #require(body["event"])
    let id = try #require(event["id"]?.stringValue)
    #expect(UUID(uuidString: id) != nil)
    #expect(event["app_user_id"] == .string(context.subscriberId))
    #expect(event["original_app_user_id"] == .string(context.subscriberId))
    #expect(event["app_id"] == .string(AppIdentity.defaultRevenueCatAppId))
    #expect(event["currency"] == "USD")
    let price = WireContext.decimalPrice(
      event["period_type"] == "TRIAL" ? 0 : context.products[0].priceMilliunits)
    #expect(event["price"] == price)
    for key in [
      "aliases", "subscriber_attributes", "price_in_purchased_currency", "takehome_percentage",
      "event_timestamp_ms",
    ] {
      #expect(event[key] != nil)
    }
  }

  @Test func decimalPrices() {
    #expect(WireContext.decimalPrice(9990).serialized() == "9.99")
    #expect(WireContext.decimalPrice(4000).serialized() == "4.0")
    #expect(WireContext.decimalPrice(12345, negative: true).serialized() == "-12.345")
    #expect(WireContext.decimalPrice(0, negative: true).serialized() == "0.0")
  }
}
