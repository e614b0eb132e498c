import TestSupport
import Testing

@testable import SimSub

/// `reverse-refund`: Apple reverses a refund it granted (`REFUND_REVERSED`), and what the refund
/// revoked is due again.
@Suite("App Store: refund reversals")
struct AppStoreRefundReversalTests {
  let renewal1 = at("2026-02-01T00:00:00Z")

  @Test func aReversalInsideThePeriodRestoresAccessUntilItsEnd() throws {
    var e = try appleEngine()
    let refundAt = testStart + .days(10)
    let reversedAt = testStart + .days(20)
    e.play(
      [(subscribe, testStart), (.refund, refundAt), (.reverseRefund, reversedAt)], until: renewal1 + .days(5))
    #expect(
      e.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "REFUND",
        "REFUND_REVERSED",
        "EXPIRED/VOLUNTARY",
      ])
    #expect(e.observer.sent.map(\.status) == [1, 1, 5, 1, 2])
    let reversal = try #require(e.observer.last("REFUND_REVERSED"))
    #expect(reversal.apple.subtype == nil)
    // The revocation is withdrawn from the transaction; auto-renew stays off.
    #expect(reversal.transaction?.revocationDate == nil)
    #expect(reversal.transaction?.revocationReason == nil)
    #expect(reversal.transaction?.expiresDate == renewal1)
    #expect(reversal.renewal?.autoRenewStatus == 0)
    #expect(e.observer.instants(becoming: .canceled).last == reversedAt)
    #expect(e.observer.instants(becoming: .expired) == [renewal1])
    #expect(e.record.refundedMilliunits == 0)
    #expect(e.record.revocationDate == nil)
    // Nothing is charged again: the refunded period is paid by the reversal.
    #expect(e.payments.attempts.map(\.kind) == [.purchase])
  }

  @Test func aReversalAfterThePeriodEndedLeavesItExpired() throws {
    var e = try appleEngine()
    let reversedAt = renewal1 + .days(3)
    e.play(
      [(subscribe, testStart), (.refund, testStart + .days(10)), (.reverseRefund, reversedAt)],
      until: renewal1 + .days(40))
    #expect(e.observer.sentNames.last == "REFUND_REVERSED")
    #expect(e.observer.sent.last?.status == 2)
    #expect(e.record.truth == .expired)
    #expect(e.observer.instants(becoming: .expired) == [reversedAt])
  }

  @Test(arguments: [
    // Nothing refunded: active, canceled, or already expired.
    [SubscriberAction.reverseRefund],
    [.cancel, .reverseRefund],
    [.refund, .reverseRefund, .reverseRefund],
  ])
  func onlyARefundedSubscriptionHasItReversed(_ actions: [SubscriberAction]) throws {
    var e = try appleEngine()
    var timeline: [(SubscriberAction, Instant)] = [(subscribe, testStart)]
    for (i, action) in actions.enumerated() { timeline.append((action, testStart + .days(Int64(i + 1)))) }
    e.play(timeline, until: testStart + .days(10))
    #expect(
      e.observer.sentNames.filter { $0 == "REFUND_REVERSED" }.count == (actions.contains(.refund) ? 1 : 0))
  }
}
