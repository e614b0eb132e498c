import TestSupport
import Testing

@testable import SimSub

/// `request-refund` and `decline-refund`: the customer asks Apple for a refund; Apple turns
/// auto-renew off, sends `CONSUMPTION_REQUEST`, and later grants it (`REFUND`) or declines it
/// (`REFUND_DECLINED`).
@Suite("App Store: refund requests")
struct AppStoreRefundRequestTests {
  let renewal1 = at("2026-02-01T00:00:00Z")

  @Test func aDeclinedRequestLeavesThePaidPeriod() throws {
    var e = try appleEngine()
    e.play(
      [
        (subscribe, testStart), (.requestRefund, testStart + .days(10)),
        (.declineRefund, testStart + .days(12)),
      ],
      until: renewal1 + .days(1))
    #expect(
      e.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "CONSUMPTION_REQUEST",
        "REFUND_DECLINED", "EXPIRED/VOLUNTARY",
      ])
    #expect(e.observer.last("CONSUMPTION_REQUEST")?.status == 1)
    #expect(e.observer.last("REFUND_DECLINED")?.apple.data.transactionInfo?.revocationDate == nil)
    #expect(e.observer.instants(becoming: .expired) == [renewal1])
    #expect(e.record.refundedMilliunits == 0)
    #expect(!e.record.refundRequested)
  }

  @Test func aGrantedRequestRevokesWithoutASecondAutoRenewNotice() throws {
    var e = try appleEngine()
    e.play(
      [(subscribe, testStart), (.requestRefund, testStart + .days(10)), (.refund, testStart + .days(11))],
      until: testStart + .days(12))
    #expect(
      e.observer.sentNames == [
        "SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "CONSUMPTION_REQUEST",
        "REFUND",
      ])
    #expect(e.record.truth == .revoked)
    #expect(e.record.refundedMilliunits == 9_990)
  }

  @Test func aRequestWithAutoRenewOffSendsOnlyTheConsumptionRequest() throws {
    var e = try appleEngine()
    e.play(
      [(subscribe, testStart), (.cancel, testStart + .days(5)), (.requestRefund, testStart + .days(10))],
      until: testStart + .days(11))
    #expect(
      e.observer.sentNames.suffix(2) == [
        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "CONSUMPTION_REQUEST",
      ])
  }

  @Test func nothingToDeclineOrToAskAbout() throws {
    // A decline without a request, a request in a free trial, a second request while one waits,
    // and a request after expiry: nothing is sent.
    var plain = try appleEngine()
    plain.play([(subscribe, testStart), (.declineRefund, testStart + .days(3))], until: testStart + .days(4))
    #expect(plain.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY"])
    var trial = try appleEngine([appleProduct(trial: .days(7))])
    trial.play(
      [(subscribeWithTrial, testStart), (.requestRefund, testStart + .days(1))], until: testStart + .days(2))
    #expect(!trial.observer.sentNames.contains("CONSUMPTION_REQUEST"))
    var twice = try appleEngine()
    twice.play(
      [
        (subscribe, testStart), (.requestRefund, testStart + .days(2)),
        (.requestRefund, testStart + .days(3)),
      ],
      until: testStart + .days(4))
    #expect(twice.observer.sentNames.filter { $0 == "CONSUMPTION_REQUEST" }.count == 1)
    var expired = try appleEngine()
    expired.play(
      [(subscribe, testStart), (.cancel, testStart + .days(1)), (.requestRefund, renewal1 + .days(1))],
      until: renewal1 + .days(2))
    #expect(!expired.observer.sentNames.contains("CONSUMPTION_REQUEST"))
  }
}
