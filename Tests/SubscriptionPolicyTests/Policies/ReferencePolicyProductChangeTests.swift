import SimSub
import Testing

@testable import SubscriptionPolicy

private let oldToken = Google.token
private let newToken = PurchaseToken(number: 900_000_002)
private let changedAt = start + .days(10)

/// An RTDN with the resource a server fetches for it, with the replacement fields set.
private func rtdn(
  _ code: GooglePlayNotificationType, token: PurchaseToken, event: Instant, state: SubscriptionState?,
  linked: PurchaseToken? = nil, context: CanceledStateContext? = nil, expiry: Instant = renewal1
) -> StoreNotification {
  .googlePlay(
    GooglePlayNotification(
      packageName: "com.example.app", eventTime: event,
      subscriptionNotification: SubscriptionNotification(notificationType: code, purchaseToken: token),
      subscription: state.map {
        SubscriptionPurchaseV2(
          startTime: start, subscriptionState: $0, linkedPurchaseToken: linked,
          canceledStateContext: context,
          lineItem: SubscriptionPurchaseLineItem(
            productId: "premium.plus", expiryTime: expiry, autoRenewEnabled: context == nil,
            basePlanId: "monthly"))
      }))
}

/// The new purchase an upgrade makes: `SUBSCRIPTION_PURCHASED` for the new token, linked to the
/// old one.
private let replacementPurchased = rtdn(
  .subscriptionPurchased, token: newToken, event: changedAt, state: .active, linked: oldToken)
/// `SUBSCRIPTION_EXPIRED` for the old token, fetched as replaced.
private let oldExpired = rtdn(
  .subscriptionExpired, token: oldToken, event: changedAt, state: .expired,
  context: .replacementCancellation, expiry: changedAt)

@Suite("Reference policy: Google product changes replace the purchase token")
struct ReferencePolicyProductChangeTests {
  @Test("SUBSCRIPTION_EXPIRED for the replaced token keeps the subscriber active")
  func replacedTokenExpiryIgnored() {
    #expect(decision(after: [Google.purchased, replacementPurchased, oldExpired]) == .active)
  }

  @Test("the old token's expiry delivered before the new purchase still ends active")
  func replacedTokenExpiryFirst() {
    #expect(decision(after: [Google.purchased, oldExpired, replacementPurchased]) == .active)
    // Newer than the purchase, too: the resource alone says it was replaced.
    let laterOldExpired = rtdn(
      .subscriptionExpired, token: oldToken, event: changedAt + .seconds(5), state: .expired,
      context: .replacementCancellation, expiry: changedAt)
    #expect(decision(after: [Google.purchased, replacementPurchased, laterOldExpired]) == .active)
  }

  @Test("a bare RTDN for a token the current purchase links to is ignored")
  func bareRTDNForLinkedTokenIgnored() {
    let bareOldExpired = rtdn(.subscriptionExpired, token: oldToken, event: changedAt, state: nil)
    #expect(decision(after: [Google.purchased, replacementPurchased, bareOldExpired]) == .active)
    let bareOldRevoked = rtdn(
      .subscriptionRevoked, token: oldToken, event: changedAt + .days(1), state: nil)
    #expect(decision(after: [Google.purchased, replacementPurchased, bareOldRevoked]) == .active)
  }

  @Test("the replacement's own expiry and the first purchase's still count")
  func currentTokenStillDecides() {
    let newExpired = rtdn(
      .subscriptionExpired, token: newToken, event: renewal1, state: .expired, linked: oldToken,
      context: .userInitiatedCancellation)
    #expect(decision(after: [Google.purchased, replacementPurchased, newExpired]) == .expired)
    // Without any product change, the first token's expiry is an expiry.
    let expired = rtdn(
      .subscriptionExpired, token: oldToken, event: renewal1, state: .expired,
      context: .userInitiatedCancellation)
    #expect(decision(after: [Google.purchased, expired]) == .expired)
  }

  @Test("a resubscription after expiry (no link) is a plain new purchase")
  func resubscriptionIsNotAReplacement() {
    let expired = rtdn(
      .subscriptionExpired, token: oldToken, event: renewal1, state: .expired,
      context: .userInitiatedCancellation)
    let resubscribed = rtdn(
      .subscriptionPurchased, token: newToken, event: renewal1 + .days(3), state: .active)
    #expect(decision(after: [Google.purchased, expired, resubscribed]) == .active)
    #expect(decision(after: [Google.purchased, expired]) == .expired)
  }

  @Test("the known-bad policies that differ only elsewhere follow the replacement too")
  func knownBadPoliciesFollowTheReplacement() {
    let life = [Google.purchased, replacementPurchased, oldExpired]
    #expect(decision(after: life, ActiveOnlyPolicy.self) == .active)
    #expect(decision(after: life, ArrivalOrderPolicy.self) == .active)
  }

  @Test("Apple notifications are never about a replaced purchase")
  func appleUnaffected() {
    var replacement = ReplacedPurchase()
    let current = replacement.isAboutReplacedPurchase(replacementPurchased)
    #expect(!current)
    #expect(replacement.replaced == oldToken)
    let apple = replacement.isAboutReplacedPurchase(Apple.subscribed)
    #expect(!apple)
    let old = replacement.isAboutReplacedPurchase(oldExpired)
    #expect(old)
  }
}
