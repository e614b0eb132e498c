import Foundation
import TestSupport
import Testing

@testable import SimSub

typealias FamilyEngine = Engine<AppStoreFamilyMember, CountingPolicy, LoggedPayments, TraceRecorder>

/// An engine playing family member `member` of a purchaser sold `products`.
func familyEngine(member: UInt8, _ products: [Product] = [appleProduct()]) throws -> FamilyEngine {
  Engine(
    store: AppStoreFamilyMember(sharing: try AppStoreModel(products: products), member: member),
    payments: LoggedPayments(), observer: TraceRecorder(), start: testStart)
}

extension FamilyEngine {
  mutating func play(_ actions: [(SubscriberAction, Instant)], until limit: Instant) {
    for (action, instant) in actions { schedule(action, at: instant) }
    _ = run(until: limit)
  }
}

@Suite("App Store: Family Sharing")
struct AppStoreFamilySharingTests {
  let renewal1 = at("2026-02-01T00:00:00Z")
  let renewal2 = at("2026-03-01T00:00:00Z")

  /// The purchaser's and member 1's runs of the same actions.
  func both(_ actions: [(SubscriberAction, Instant)], until limit: Instant, member: UInt8 = 1) throws
    -> (purchaser: AppleEngine, member: FamilyEngine)
  {
    var purchaser = try appleEngine()
    var family = try familyEngine(member: member)
    purchaser.play(actions, until: limit)
    family.play(actions, until: limit)
    return (purchaser, family)
  }

  /// The member's copy with the purchaser's identifiers and ownership put back.
  func asPurchasers(_ n: StoreNotification, like p: StoreNotification) -> AppStoreServerNotification {
    var copy = n.apple
    copy.notificationUUID = p.apple.notificationUUID
    copy.data.transactionInfo?.originalTransactionId = p.transaction!.originalTransactionId
    copy.data.transactionInfo?.transactionId = p.transaction!.transactionId
    copy.data.transactionInfo?.inAppOwnershipType = .purchased
    copy.data.renewalInfo?.originalTransactionId = p.renewal!.originalTransactionId
    return copy
  }

  // MARK: The member's copies

  @Test func theMemberGetsItsOwnCopyOfEveryNotificationThroughGraceAndRecovery() throws {
    let (p, m) = try both(
      [
        (subscribe, testStart), (.cardFails(.expired), testStart + .days(20)),
        (.updateCard, renewal1 + .days(5)),
      ],
      until: renewal2 + .hours(1))
    #expect(
      m.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "DID_RENEW/BILLING_RECOVERY", "DID_RENEW",
      ])
    #expect(m.observer.sentNames == p.observer.sentNames)
    #expect(m.observer.sent.map(\.status) == [1, 4, 1, 1])
    // Same truth all along, entitled through grace.
    #expect(m.observer.truthChanges.map(\.to) == p.observer.truthChanges.map(\.to))
    #expect(m.observer.instants(becoming: .grace) == [renewal1])
    for (mine, theirs) in zip(m.observer.sent, p.observer.sent) {
      #expect(mine.transaction?.inAppOwnershipType == .familyShared)
      #expect(theirs.transaction?.inAppOwnershipType == .purchased)
      // Own ids: the purchaser's plus 100000, the first transaction the original.
      #expect(
        mine.transaction?.originalTransactionId.number == theirs.transaction!.originalTransactionId.number!
          + 100_000)
      #expect(mine.transaction?.transactionId.number == theirs.transaction!.transactionId.number! + 100_000)
      #expect(mine.renewal?.originalTransactionId == mine.transaction?.originalTransactionId)
      #expect(mine.apple.notificationUUID != theirs.apple.notificationUUID)
      // Everything else is the purchaser's: type, subtype, status, dates, renewal info.
      #expect(asPurchasers(mine, like: theirs) == theirs.apple)
    }
    let grace = try #require(m.observer.last("DID_FAIL_TO_RENEW/GRACE_PERIOD"))
    #expect(grace.renewal?.gracePeriodExpiresDate == renewal1 + .days(16))
  }

  @Test func eachMemberHasItsOwnIdsAndUUIDs() throws {
    var one = try familyEngine(member: 1)
    var five = try familyEngine(member: 5)
    one.play([(subscribe, testStart)], until: testStart + .hours(1))
    five.play([(subscribe, testStart)], until: testStart + .hours(1))
    let a = try #require(one.observer.sent.first)
    let b = try #require(five.observer.sent.first)
    let purchaser = AppStoreNotificationBuilder.originalTransactionId(subscriber: 1)
    #expect(a.transaction?.originalTransactionId.number == purchaser + 100_000)
    #expect(b.transaction?.originalTransactionId.number == purchaser + 500_000)
    #expect(a.apple.notificationUUID.uuid.8 == 0xA6)
    #expect(b.apple.notificationUUID.uuid.8 == 0xAA)
    #expect(AppStoreNotificationBuilder.notificationUUID(subscriber: 1, notification: 1).uuid.8 == 0xA5)
  }

  // MARK: Sharing withdrawn

  @Test func stopSharingRevokesTheMemberAndNotThePurchaser() throws {
    let stop = testStart + .days(10) + .hours(2)
    let (p, m) = try both(
      [(subscribe, testStart), (.stopSharing(member: 0), stop)], until: renewal2 + .hours(1))
    #expect(m.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY", "REVOKE"])
    let revoke = try #require(m.observer.last("REVOKE"))
    #expect(revoke.status == 5)
    #expect(revoke.apple.subtype == nil)
    #expect(revoke.apple.signedDate == stop)
    #expect(revoke.transaction?.revocationDate == stop)
    #expect(revoke.transaction?.revocationReason == 0)
    #expect(revoke.transaction?.inAppOwnershipType == .familyShared)
    #expect(m.record.truth == .revoked)
    #expect(m.observer.instants(becoming: .revoked) == [stop])
    // The purchaser hears nothing of it and renews twice.
    #expect(p.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_RENEW"])
    #expect(p.record.truth == .active)
    // The member's record still follows the purchaser's periods, silently.
    #expect(m.record.purchaserTruth == .active)
    #expect(m.record.subscriptionTruth == .active)
    #expect(m.record.periodNumber == p.record.periodNumber)
    #expect(m.record.periodEnd == p.record.periodEnd)
    #expect(m.record.charges == p.record.charges)
    #expect(m.record.revocationDate == stop)
  }

  @Test func leaveFamilyRevokesOnlyThatMember() throws {
    let leave = testStart + .days(3)
    let actions: [(SubscriberAction, Instant)] = [(subscribe, testStart), (.stopSharing(member: 2), leave)]
    let (_, one) = try both(actions, until: renewal1 + .hours(1), member: 1)
    let (_, two) = try both(actions, until: renewal1 + .hours(1), member: 2)
    #expect(one.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW"])
    #expect(one.record.truth == .active)
    #expect(one.record.purchaserTruth == nil)
    #expect(two.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY", "REVOKE"])
    #expect(two.record.truth == .revoked)
  }

  @Test func aWithdrawnMemberHearsNothingMoreWhateverThePurchaserDoes() throws {
    let (p, m) = try both(
      [
        (subscribe, testStart), (.stopSharing(member: 0), testStart + .days(1)),
        (.stopSharing(member: 1), testStart + .days(2)), (.cardFails(.declined), testStart + .days(3)),
        (.updateCard, renewal1 + .days(20)), (.refund, renewal1 + .days(25)),
        (.resubscribe(product: 0), renewal1 + .days(26)),
      ], until: renewal1 + .days(27))
    #expect(m.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY", "REVOKE"])
    #expect(m.observer.truthChanges.map(\.to) == [.active, .revoked])
    #expect(m.record.truth == .revoked)
    #expect(m.record.revocationDate == testStart + .days(1))
    // The purchaser went through billing retry, a recovery, a refund and a new purchase.
    #expect(p.observer.sentNames.contains("GRACE_PERIOD_EXPIRED"))
    #expect(p.observer.sentNames.last == "SUBSCRIBED/RESUBSCRIBE")
    #expect(m.record.purchaserTruth == p.record.truth)
    #expect(m.record.periodNumber == p.record.periodNumber)
    #expect(m.record.billingAnchor == p.record.billingAnchor)
  }

  @Test func sharingWithdrawnInBillingRetryRevokesFromHold() throws {
    let products = [appleProduct(grace: .days(3))]
    var m = try familyEngine(member: 1, products)
    let stop = renewal1 + .days(5)
    m.play(
      [(subscribe, testStart), (.cardFails(.declined), testStart), (.stopSharing(member: 0), stop)],
      until: renewal1 + .days(70))
    #expect(
      m.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "GRACE_PERIOD_EXPIRED", "REVOKE",
      ])
    #expect(m.observer.sent.map(\.status) == [1, 4, 3, 5])
    let revoke = try #require(m.observer.last("REVOKE"))
    #expect(revoke.renewal?.isInBillingRetryPeriod == nil)
    #expect(revoke.renewal?.gracePeriodExpiresDate == nil)
    // The purchaser's retry window ends in the record, not for the member.
    #expect(m.record.truth == .revoked)
    #expect(m.record.purchaserTruth == .expired)
  }

  @Test func sharingWithdrawnAfterTheEndSendsNothingAndKeepsTheMemberOut() throws {
    let (p, m) = try both(
      [
        (subscribe, testStart), (.cancel, testStart + .days(1)),
        (.stopSharing(member: 0), renewal1 + .days(1)),
        (.resubscribe(product: 0), renewal1 + .days(2)),
      ], until: renewal1 + .days(3))
    #expect(p.observer.sentNames.last == "SUBSCRIBED/RESUBSCRIBE")
    #expect(
      m.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY",
      ])
    #expect(m.record.truth == .expired)
    #expect(m.record.purchaserTruth == .active)
  }

  @Test func sharingWithdrawnBeforeThePurchaseKeepsTheMemberAtNever() throws {
    let (p, m) = try both(
      [(.stopSharing(member: 0), testStart), (subscribe, testStart + .days(1))], until: renewal1 + .days(2))
    #expect(m.observer.sent.isEmpty)
    #expect(m.record.truth == .never)
    #expect(m.record.subscriptionTruth == .active)
    #expect(m.record.periodNumber == p.record.periodNumber)
    #expect(m.record.periodNumber == 2)
  }

  // MARK: Refund

  @Test func thePurchasersRefundRevokesTheMember() throws {
    let refundAt = testStart + .days(10)
    let (p, m) = try both(
      [(subscribe, testStart), (.refund, refundAt), (.resubscribe(product: 0), refundAt + .days(2))],
      until: refundAt + .days(3))
    #expect(
      p.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "REFUND",
        "SUBSCRIBED/RESUBSCRIBE",
      ])
    #expect(
      m.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "REVOKE",
        "SUBSCRIBED/RESUBSCRIBE",
      ])
    let revoke = try #require(m.observer.last("REVOKE"))
    let refund = try #require(p.observer.last("REFUND"))
    #expect(revoke.status == 5)
    #expect(revoke.transaction?.revocationDate == refundAt)
    #expect(revoke.transaction?.revocationReason == refund.transaction?.revocationReason)
    #expect(m.observer.instants(becoming: .revoked) == [refundAt])
    // Sharing is still on: the purchaser's new purchase reaches the member again.
    let again = try #require(m.observer.last("SUBSCRIBED/RESUBSCRIBE"))
    #expect(again.transaction?.inAppOwnershipType == .familyShared)
    #expect(m.record.truth == .active)
    #expect(m.record.purchaserTruth == nil)
  }

  // MARK: The purchaser's model

  @Test func thePurchasersModelIgnoresStopSharing() throws {
    var e = try appleEngine()
    e.play(
      [
        (subscribe, testStart), (.stopSharing(member: 0), testStart + .days(1)),
        (.stopSharing(member: 1), testStart + .days(2)),
      ],
      until: testStart + .days(3))
    #expect(e.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY"])
    #expect(e.record.truth == .active)
    #expect(e.observer.sent.first?.transaction?.inAppOwnershipType == .purchased)
  }
}
