import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// A hard decline code (`card-fails` with `reason: lost-card`, `stolen-card` or `pickup-card`):
/// Smart Retries makes no retry, and the retries' end follows at once.
@Suite("Stripe model: hard declines")
struct StripeHardDeclineTests {
  let jan31 = ST.at(2026, 1, 31, 9)
  let renewal = ST.at(2026, 2, 28, 9)

  @Test(arguments: UnretryableDecline.hardDeclines)
  func aHardDeclineIsNotRetriedAndTheSubscriptionEndsAtOnce(code: UnretryableDecline) throws {
    var e = ST.engine(ST.model())
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFailsHard(code), at: renewal - .days(1))
    _ = e.run(until: renewal + .days(20))
    let failed = e.observer.stripeSent.filter { $0.type == "invoice.payment_failed" }
    #expect(failed.count == 1)
    #expect(failed.first?.invoice?.nextPaymentAttempt == nil)
    #expect(
      e.observer.stripeTypes(at: renewal) == [
        "invoice.payment_failed", "customer.subscription.updated", "customer.subscription.deleted",
      ])
    #expect(e.record.truth == .expired)
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
    e.schedule(.updateCard, at: renewal + .days(5))
    _ = e.run(until: renewal + .days(6))
    #expect(
      e.observer.stripeTypes(at: renewal) == [
        "invoice.payment_failed", "customer.subscription.updated", "customer.subscription.updated",
      ])
    #expect(e.observer.stripeSent.filter { $0.type == "invoice.payment_failed" }.count == 1)
    #expect(
      e.observer.stripeTypes(at: renewal + .days(5)) == [
        "invoice.paid", "invoice.payment_succeeded", "customer.subscription.updated",
      ])
    #expect(e.record.truth == .active)
  }

  @Test func aHardDeclineDuringTheRetriesEndsThem() {
    var e = ST.engine(ST.model())
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFails(.insufficientFunds), at: renewal - .days(1))
    // After the first retry (day 1), the card is reported stolen: the second retry (day 2)
    // gets the hard decline and is the last.
    e.schedule(.cardFailsHard(.stolenCard), at: renewal + .days(1) + .hours(1))
    _ = e.run(until: renewal + .days(20))
    let failed = e.observer.stripeSent.filter { $0.type == "invoice.payment_failed" }
    #expect(failed.map(\.instant) == [renewal, renewal + .days(1), renewal + .days(2)])
    #expect(failed.last?.invoice?.nextPaymentAttempt == nil)
    #expect(e.observer.stripeTypes(at: renewal + .days(2)).last == "customer.subscription.deleted")
    #expect(e.record.truth == .expired)
  }
}
