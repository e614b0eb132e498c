import TestSupport
import Testing

@testable import SimSub

/// `extend-renewal`: the developer extends the renewal date through the App Store Server API, and
/// Apple sends `RENEWAL_EXTENDED`.
@Suite("App Store: renewal-date extensions")
struct AppStoreRenewalExtensionTests {
  let renewal1 = at("2026-02-01T00:00:00Z")

  @Test func anExtensionMovesTheRenewalAndLaterOnesCountFromIt() throws {
    var e = try appleEngine()
    let extendedAt = testStart + .days(20)
    e.play(
      [(subscribe, testStart), (.extendRenewal(.days(10)), extendedAt)], until: at("2026-03-20T00:00:00Z"))
    #expect(e.observer.sentNames == ["SUBSCRIBED/INITIAL_BUY", "RENEWAL_EXTENDED", "DID_RENEW", "DID_RENEW"])
    let extended = try #require(e.observer.last("RENEWAL_EXTENDED"))
    #expect(extended.status == 1)
    #expect(extended.apple.subtype == nil)
    #expect(extended.transaction?.expiresDate == renewal1 + .days(10))
    // The renewals: Feb 11, then a month after it.
    #expect(
      e.payments.attempts.map(\.instant) == [
        testStart, at("2026-02-11T00:00:00Z"), at("2026-03-11T00:00:00Z"),
      ])
    #expect(e.record.truth == .active)
  }

  @Test func aCanceledSubscriptionIsExtendedAndEndsAtTheNewDate() throws {
    var e = try appleEngine()
    e.play(
      [
        (subscribe, testStart), (.cancel, testStart + .days(5)),
        (.extendRenewal(.days(7)), testStart + .days(6)),
      ],
      until: renewal1 + .days(30))
    #expect(e.observer.sentNames.suffix(2) == ["RENEWAL_EXTENDED", "EXPIRED/VOLUNTARY"])
    #expect(e.observer.instants(becoming: .expired) == [renewal1 + .days(7)])
  }

  @Test func ineligibleSubscriptionsAreNotExtended() throws {
    // A free trial, grace, and an expired subscription: Apple refuses
    // (`SubscriptionExtensionIneligibleError`), and nothing is sent.
    var trial = try appleEngine([appleProduct(trial: .days(7))])
    trial.play(
      [(subscribeWithTrial, testStart), (.extendRenewal(.days(5)), testStart + .days(1))],
      until: testStart + .days(3))
    #expect(!trial.observer.sentNames.contains("RENEWAL_EXTENDED"))
    var grace = try appleEngine()
    grace.play(
      [
        (subscribe, testStart), (.cardFails(.declined), testStart),
        (.extendRenewal(.days(5)), renewal1 + .days(1)),
      ],
      until: renewal1 + .days(2))
    #expect(!grace.observer.sentNames.contains("RENEWAL_EXTENDED"))
    #expect(grace.record.truth == .grace)
    var expired = try appleEngine()
    expired.play(
      [
        (subscribe, testStart), (.cancel, testStart + .days(1)),
        (.extendRenewal(.days(5)), renewal1 + .days(1)),
      ],
      until: renewal1 + .days(2))
    #expect(!expired.observer.sentNames.contains("RENEWAL_EXTENDED"))
    #expect(expired.record.truth == .expired)
  }
}
