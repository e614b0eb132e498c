import Foundation
import TestSupport
import Testing

@testable import SimSub

@Suite("App Store: notification payloads and identifiers")
struct AppStoreNotificationTests {
  /// A story that sends every kind of notification the model plays.
  func fullStory(subscriber: UInt64 = 1) throws -> AppleEngine {
    let basic = appleProduct("basic.monthly")
    let plus = appleProduct("plus.monthly", price: 14_990)
    var e = try appleEngine([basic, plus], subscriber: subscriber)
    e.play(
      [
        (subscribe, testStart), (.cancel, testStart + .days(2)), (.uncancel, testStart + .days(3)),
        (.changeProduct(1), testStart + .days(4)), (.changeProduct(0), testStart + .days(6)),
        (.changeProduct(1), testStart + .days(7)), (.changeProduct(0), testStart + .days(8)),
        (.cardFails(.expired), testStart + .days(9)),
        (.updateCard, at("2026-02-05T00:00:00Z") + .days(20)),
        (.cancel, at("2026-03-15T00:00:00Z")),
        (.resubscribe(product: 0), at("2026-05-01T00:00:00Z")), (.refund, at("2026-05-02T00:00:00Z")),
      ], until: at("2026-06-01T00:00:00Z"))
    return e
  }

  @Test func theFullStorySendsEveryNotificationTheModelPlays() throws {
    let e = try fullStory()
    #expect(
      e.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY",
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED",
        "DID_CHANGE_RENEWAL_PREF/UPGRADE",
        "DID_CHANGE_RENEWAL_PREF/DOWNGRADE",
        "DID_CHANGE_RENEWAL_PREF",
        "DID_CHANGE_RENEWAL_PREF/DOWNGRADE",
        "DID_FAIL_TO_RENEW/GRACE_PERIOD",
        "GRACE_PERIOD_EXPIRED",
        "DID_RENEW/BILLING_RECOVERY",
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
        "EXPIRED/VOLUNTARY",
        "SUBSCRIBED/RESUBSCRIBE",
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
        "REFUND",
      ])
    #expect(e.observer.sent.map(\.status) == [1, 1, 1, 1, 1, 1, 1, 4, 3, 1, 1, 2, 1, 1, 5])
  }

  @Test func everyNotificationCarriesTheLatestTransactionAndRenewalInfo() throws {
    let e = try fullStory()
    for (instant, n) in e.observer.sentAt {
      let p = n.apple
      #expect(p.signedDate == instant)
      #expect(p.version == "2.0")
      #expect(p.data.bundleId == "com.example.app")
      #expect(p.data.environment == .production)
      let t = try #require(p.data.transactionInfo)
      let r = try #require(p.data.renewalInfo)
      #expect(t.originalTransactionId == r.originalTransactionId)
      #expect(t.originalTransactionId.number == 2_000_000_001_000_000)
      #expect(t.signedDate == instant && r.signedDate == instant)
      #expect(t.bundleId == "com.example.app")
      #expect(t.currency == "USD")
      #expect(t.type == .autoRenewable)
      #expect(t.inAppOwnershipType == .purchased)
      #expect(t.subscriptionGroupIdentifier == "premium")
      #expect(t.originalPurchaseDate == testStart)
      #expect(r.productId == t.productId)
      #expect(t.expiresDate != nil)
    }
  }

  @Test func notificationUUIDsAreTheSubscriberThenTheMemberMarkThenTheCount() {
    let uuid = AppStoreNotificationBuilder.notificationUUID(
      subscriber: 0x0102_0304_0506_0708, notification: 0x0A0B_0C0D_0E0F_1011, member: 2)
    // Byte by byte, as documented: the subscriber, 0xA5 + member, the count's low seven bytes.
    #expect(uuid.uuidString == "01020304-0506-0708-A70B-0C0D0E0F1011")
    #expect(
      AppStoreNotificationBuilder.notificationUUID(subscriber: .max, notification: -1).uuidString
        == "FFFFFFFF-FFFF-FFFF-A5FF-FFFFFFFFFFFF")
  }

  @Test func transactionIdsCountChargesAndUUIDsCountNotifications() throws {
    let e = try fullStory()
    let ids = e.observer.sent.compactMap { $0.transaction?.transactionId.number }
    let base: UInt64 = 2_000_000_001_000_000
    // Purchase, upgrade, recovery, resubscription: four transactions.
    #expect(Array(Set(ids)).sorted() == [base, base + 1, base + 2, base + 3])
    #expect(e.record.transactionCount == 4)
    let uuids = e.observer.sent.map(\.apple.notificationUUID)
    #expect(Set(uuids).count == uuids.count)
    #expect(uuids.first == AppStoreNotificationBuilder.notificationUUID(subscriber: 1, notification: 1))
    #expect(uuids.first?.uuidString == "00000000-0000-0001-A500-000000000001")
    #expect(e.record.notificationCount == Int64(uuids.count))

    // The same story is the same bytes; another subscriber gets other ids.
    #expect(try fullStory().observer.sent == e.observer.sent)
    let other = try fullStory(subscriber: 42)
    #expect(other.observer.sent.first?.transaction?.originalTransactionId.number == 2_000_000_042_000_000)
    #expect(Set(other.observer.sent.map(\.apple.notificationUUID)).isDisjoint(with: uuids))
  }

  @Test func bundleIdAndEnvironmentAreConfigurable() throws {
    let model = try AppStoreModel(
      products: [appleProduct()], bundleId: "com.acme.reader", environment: .sandbox)
    var e = Engine(
      store: model, policy: CountingPolicy(), payments: CardOnFile(), observer: TraceRecorder(),
      start: testStart)
    e.schedule(subscribe, at: testStart)
    _ = e.run(until: testStart)
    let n = try #require(e.observer.sent.first)
    #expect(n.apple.data.bundleId == "com.acme.reader")
    #expect(n.apple.data.environment == .sandbox)
    #expect(n.transaction?.bundleId == "com.acme.reader")
    #expect(n.renewal?.environment == .sandbox)
  }

  @Test func statusFollowsTheStoresTruth() {
    typealias B = AppStoreNotificationBuilder
    #expect(B.status(for: .active) == .active)
    #expect(B.status(for: .canceled) == .active)
    #expect(B.status(for: .grace) == .billingGracePeriod)
    #expect(B.status(for: .hold) == .billingRetry)
    #expect(B.status(for: .expired) == .expired)
    #expect(B.status(for: .revoked) == .revoked)
    #expect(B.status(for: .never) == nil)
  }

  @Test func anOutageIsRedeliveredOnApplesSchedule() throws {
    let outage = DeliverySettings(outageStart: testStart, outageEnd: testStart + .hours(20))
    var e = try appleEngine(delivery: outage)
    e.play([(subscribe, testStart)], until: testStart + .days(1))
    let failures = e.observer.entries.compactMap {
      if case .deliveryFailed(_, let attempt, let retryAt) = $0.event { (attempt, retryAt) } else { nil }
    }
    // Attempts at 0, +1 h and +13 h fall in the outage; the next, 24 h later, does not.
    #expect(failures.map(\.0) == [1, 2, 3])
    #expect(failures.map(\.1) == [testStart + .hours(1), testStart + .hours(13), testStart + .hours(37)])
    #expect(e.policy.lastArrival == nil)
    _ = e.run(until: testStart + .days(2))
    #expect(e.policy.lastArrival == testStart + .hours(37))
    #expect(e.observer.delivered.map(\.name) == ["SUBSCRIBED/INITIAL_BUY"])
  }

  @Test func anAppleSignedPayloadIsNotChangedOnArrival() throws {
    var e = try appleEngine(delivery: DeliverySettings(delay: .days(3)))
    e.play([(subscribe, testStart), (.cancel, testStart + .days(1))], until: testStart + .days(5))
    #expect(e.observer.delivered == e.observer.sent)
  }
}
