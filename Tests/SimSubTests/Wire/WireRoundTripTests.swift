import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// Every request the shipped scenarios put on the wire decodes, through the stores' decoders,
/// back to the typed notification it was built from (with the run's identity).
@Suite("Wire: requests decode back to their notifications")
struct WireRoundTripTests {
  /// The notification kinds (names) of one store that the shipped scenarios send.
  func kinds(_ store: String) -> Set<String> {
    Set(
      WireTesting.attempts.filter { WireRequestBuilder.storeTag($0.attempt.notification) == store }
        .map { $0.attempt.notification.name })
  }

  @Test(arguments: ["apple", "google", "stripe", "revenuecat"])
  func everyKindRoundTrips(store: String) throws {
    var checked: Set<String> = []
    for (attempt, context) in WireTesting.attempts
    where WireRequestBuilder.storeTag(attempt.notification) == store {
      let wire = WireRequestBuilder.wireValue(attempt.notification, context: context)
      let request = WireRequestBuilder.request(attempt.notification, sentAt: attempt.sentAt, context: context)
      switch wire {
      case .appStore(let n):
        #expect(try AppStoreServerNotification(responseBodyV2Text: request.body) == n)
      case .googlePlay(let n):
        var bare = n
        bare.subscription = nil
        #expect(try GooglePlayPushRequest(jsonText: request.body).notification == bare)
        if attempt.delivered {
          let resource = try #require(
            WireRequestBuilder.subscriptionsV2(attempt.notification, context: context))
          #expect(try SubscriptionPurchaseV2(json: resource.body) == n.subscription)
        } else {
          #expect(WireRequestBuilder.subscriptionsV2(attempt.notification, context: context) == nil)
        }
      case .stripe(let e):
        #expect(try StripeEvent(jsonText: request.body) == e)
      case .revenueCat(let e):
        #expect(try RevenueCatEvent(jsonText: request.body) == e)
      }
      checked.insert(attempt.notification.name)
    }
    #expect(!checked.isEmpty)
    #expect(checked == kinds(store))
  }

  /// The shipped scenarios exercise the kinds each store's model sends most: the round trip
  /// above covers at least these.
  @Test func theShippedScenariosCoverTheMainKinds() {
    #expect(
      kinds("apple").isSuperset(
        of: [
          "SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "EXPIRED/VOLUNTARY",
          "REFUND",
        ]))
    #expect(
      kinds("google").isSuperset(
        of: [
          "SUBSCRIPTION_PURCHASED", "SUBSCRIPTION_RENEWED", "SUBSCRIPTION_IN_GRACE_PERIOD",
          "SUBSCRIPTION_ON_HOLD",
        ]))
    #expect(
      kinds("stripe").isSuperset(of: [
        "customer.subscription.created", "invoice.payment_failed", "invoice.paid",
      ]))
    #expect(kinds("revenuecat").isSuperset(of: ["INITIAL_PURCHASE", "BILLING_ISSUE"]))
  }

  /// The identity the wire adds is all that changes: with the engine's own ids put back, the
  /// wire value is the engine's notification.
  @Test func onlyTheIdentityChanges() throws {
    let (attempt, context) = try #require(
      WireTesting.attempts.first { if case .appStore = $0.attempt.notification { true } else { false } })
    guard case .appStore(let engine) = attempt.notification,
      case .appStore(var wire) = WireRequestBuilder.wireValue(attempt.notification, context: context)
    else { return }
    #expect(
      wire.data.transactionInfo?.originalTransactionId != engine.data.transactionInfo?.originalTransactionId)
    #expect(wire.data.environment == .localTesting)
    #expect(wire.data.appAppleId == AppIdentity.defaultAppAppleId)
    wire.notificationUUID = engine.notificationUUID
    wire.data.appAppleId = engine.data.appAppleId
    wire.data.environment = engine.data.environment
    wire.data.transactionInfo = engine.data.transactionInfo
    wire.data.renewalInfo = engine.data.renewalInfo
    #expect(wire == engine)
  }
}
