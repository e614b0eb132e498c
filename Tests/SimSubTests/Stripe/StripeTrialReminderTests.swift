import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// `customer.subscription.trial_will_end`: three days before a trial ends, or at once for a
/// trial of three days or less.
@Suite("Stripe model: the trial's end reminder")
struct StripeTrialReminderTests {
  let jan10 = ST.at(2026, 1, 10, 9)

  @Test func aSevenDayTrialIsRemindedThreeDaysBeforeItEnds() throws {
    var e = ST.engine(ST.model([ST.product(trial: .days(7))]))
    e.schedule(.subscribe(product: 0, trial: true), at: jan10)
    _ = e.run(until: jan10 + .days(8))
    let reminders = e.observer.stripeSent.filter { $0.type == "customer.subscription.trial_will_end" }
    #expect(reminders.map(\.instant) == [jan10 + .days(4)])
    let subscription = try #require(reminders.first?.subscription)
    #expect(subscription.status == .trialing)
    #expect(subscription.trialEnd == jan10 + .days(7))
    // Nothing else happens then; the trial converts at its end.
    #expect(e.observer.stripeTypes(at: jan10 + .days(4)) == ["customer.subscription.trial_will_end"])
    #expect(
      e.observer.stripeTypes(at: jan10 + .days(7)) == [
        "customer.subscription.updated", "invoice.paid", "invoice.payment_succeeded",
      ])
  }

  @Test(arguments: [TimeSpan.days(2), .days(3)])
  func aTrialOfThreeDaysOrLessIsRemindedAtOnce(trial: TimeSpan) {
    var e = ST.engine(ST.model([ST.product(trial: trial)]))
    e.schedule(.subscribe(product: 0, trial: true), at: jan10)
    _ = e.run(until: jan10 + trial + .hours(1))
    #expect(
      e.observer.stripeTypes(at: jan10) == [
        "customer.subscription.created", "invoice.paid", "invoice.payment_succeeded",
        "customer.subscription.trial_will_end",
      ])
    #expect(
      e.observer.stripeSent.filter { $0.type == "customer.subscription.trial_will_end" }.count == 1)
  }

  @Test func aCanceledTrialIsStillReminded() {
    var e = ST.engine(ST.model([ST.product(trial: .days(14))]))
    e.schedule(.subscribe(product: 0, trial: true), at: jan10)
    e.schedule(.cancel, at: jan10 + .days(1))
    _ = e.run(until: jan10 + .days(15))
    #expect(e.observer.stripeTypes(at: jan10 + .days(11)) == ["customer.subscription.trial_will_end"])
    #expect(e.observer.stripeTypes(at: jan10 + .days(14)) == ["customer.subscription.deleted"])
  }

  @Test func aRefundedTrialIsNotReminded() {
    var e = ST.engine(ST.model([ST.product(trial: .days(14))]))
    e.schedule(.subscribe(product: 0, trial: true), at: jan10)
    e.schedule(.refund, at: jan10 + .days(1))
    _ = e.run(until: jan10 + .days(15))
    #expect(!e.observer.stripeSent.contains { $0.type == "customer.subscription.trial_will_end" })
  }

  @Test func aPurchaseWithoutATrialIsNotReminded() {
    var e = ST.engine(ST.model([ST.product(trial: .days(14))]))
    e.schedule(.subscribe(product: 0, trial: false), at: jan10)
    _ = e.run(until: jan10 + .days(40))
    #expect(!e.observer.stripeSent.contains { $0.type == "customer.subscription.trial_will_end" })
  }
}
