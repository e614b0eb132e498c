import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// A hard decline code (`card-fails` with `reason: lost-card`, `stolen-card` or `pickup-card`):
/// "Retries continue to be scheduled, and `attempt_count` continues to increment, but retries
/// only execute after detecting a new payment method" (Stripe, "Automate payment retries").
@Suite("Stripe model: hard declines")
struct StripeHardDeclineTests {
  let jan31 = ST.at(2026, 1, 31, 9)
  let renewal = ST.at(2026, 2, 28, 9)

  @Test(arguments: UnretryableDecline.hardDeclines)
  func aHardDeclineStaysPastDueWithTheScheduleRunningAndNoCharge(code: UnretryableDecline) throws {
    var e = ST.engine(ST.model())
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFailsHard(code), at: renewal - .days(1))
    _ = e.run(until: renewal + .days(13))
    let failed = e.observer.stripeSent.filter { $0.type == "invoice.payment_failed" }
    // The renewal's attempt only: the scheduled retries make no charge, so none fails.
    #expect(failed.count == 1)
    // The schedule runs: the next attempt is the first retry's instant.
    #expect(failed.first?.invoice?.nextPaymentAttempt == renewal + .days(1))
    #expect(
      e.observer.stripeTypes(at: renewal) == ["invoice.payment_failed", "customer.subscription.updated"])
    // Still past_due, in the app's grace (the whole window by default), charged nothing more.
    #expect(e.record.truth == .grace)
    // The purchase is the only payment.
    #expect(e.record.charges == 1)
    #expect(e.record.retryCount == 7)
  }

  @Test func theRetriesEndSettingAppliesAtTheWindowsEnd() {
    var e = ST.engine(ST.model())
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFailsHard(.lostCard), at: renewal - .days(1))
    _ = e.run(until: renewal + .days(20))
    // `cancel`: deleted at the last scheduled retry (day 14), not at the failed renewal.
    #expect(e.observer.stripeTypes(at: renewal + .days(14)) == ["customer.subscription.deleted"])
    #expect(e.observer.stripeSent.filter { $0.type == "invoice.payment_failed" }.count == 1)
    #expect(e.record.truth == .expired)
  }

  @Test func aNewCardPaysTheInvoiceAtOnceAndTheSkippedRetriesCountAsAttempts() {
    var e = ST.engine(ST.model())
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFailsHard(.stolenCard), at: renewal - .days(1))
    // After the retries of days 1, 2 and 3 were scheduled and did not execute.
    e.schedule(.updateCard, at: renewal + .days(4))
    _ = e.run(until: renewal + .days(5))
    #expect(
      e.observer.stripeTypes(at: renewal + .days(4)) == [
        "invoice.paid", "invoice.payment_succeeded", "customer.subscription.updated",
      ])
    let paid = e.observer.stripeSent.first { $0.type == "invoice.paid" && $0.instant == renewal + .days(4) }
    // The renewal's attempt, three scheduled retries, and the payment.
    #expect(paid?.invoice?.attemptCount == 5)
    #expect(e.record.truth == .active)
    // The purchase and the invoice the new card paid.
    #expect(e.record.charges == 2)
  }

  @Test func aSoftDeclineIsStillRetried() {
    var e = ST.engine(ST.model())
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFails(.declined), at: renewal - .days(1))
    _ = e.run(until: renewal + .days(20))
    let failed = e.observer.stripeSent.filter { $0.type == "invoice.payment_failed" }
    // The renewal's attempt and 8 retries.
    #expect(failed.count == 9)
    #expect(failed.first?.invoice?.nextPaymentAttempt == renewal + .days(1))
  }

  @Test func withUnpaidTheSubscriptionWaitsForANewCard() {
    var e = ST.engine(ST.model([ST.product(end: .unpaid)]))
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFailsHard(.lostCard), at: renewal - .days(1))
    e.schedule(.updateCard, at: renewal + .days(16))
    _ = e.run(until: renewal + .days(17))
    #expect(
      e.observer.stripeTypes(at: renewal) == ["invoice.payment_failed", "customer.subscription.updated"])
    // `unpaid` at the window's end.
    #expect(e.observer.stripeTypes(at: renewal + .days(14)) == ["customer.subscription.updated"])
    #expect(e.observer.stripeSent.filter { $0.type == "invoice.payment_failed" }.count == 1)
    #expect(
      e.observer.stripeTypes(at: renewal + .days(16)) == [
        "invoice.paid", "invoice.payment_succeeded", "customer.subscription.updated",
      ])
    #expect(e.record.truth == .active)
  }

  @Test func aHardDeclineDuringTheRetriesStopsTheirCharges() {
    var e = ST.engine(ST.model())
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFails(.insufficientFunds), at: renewal - .days(1))
    // After the first retry (day 1), the card is reported stolen: the second retry (day 2)
    // executes, gets the hard decline, and the later ones wait for a new card.
    e.schedule(.cardFailsHard(.stolenCard), at: renewal + .days(1) + .hours(1))
    _ = e.run(until: renewal + .days(20))
    let failed = e.observer.stripeSent.filter { $0.type == "invoice.payment_failed" }
    #expect(failed.map(\.instant) == [renewal, renewal + .days(1), renewal + .days(2)])
    #expect(failed.last?.invoice?.nextPaymentAttempt == renewal + .days(3))
    #expect(e.observer.stripeTypes(at: renewal + .days(14)) == ["customer.subscription.deleted"])
    #expect(e.record.truth == .expired)
  }
}
