import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// A free trial begun without a payment method: at its end the product's
/// `missing-payment-method` pauses, cancels, or invoices without retries.
@Suite("Stripe model: a trial without a payment method")
struct StripeMissingPaymentMethodTests {
  let jan10 = ST.at(2026, 1, 10, 9)

  func product(_ behaviour: MissingPaymentMethod, end: RetriesEnd = .cancel) -> Product {
    var p = ST.product(trial: .days(7), end: end)
    p.missingPaymentMethod = behaviour
    return p
  }

  @Test func pauseAtTheTrialsEndSendsUpdatedAndPausedAndNoInvoice() throws {
    var e = ST.engine(ST.model([product(.pause)]))
    e.schedule(.subscribeWithoutPaymentMethod(product: 0), at: jan10)
    _ = e.run(until: jan10 + .days(40))
    let end = jan10 + .days(7)
    #expect(
      e.observer.stripeTypes(at: end) == ["customer.subscription.updated", "customer.subscription.paused"])
    let updated = try #require(e.observer.stripeSent.first { $0.instant == end }?.subscription)
    #expect(updated.status == .paused)
    #expect(e.observer.stripeSent.first { $0.instant == end }?.event.previousAttributes?.status == .trialing)
    #expect(e.observer.stripeSent.last?.subscription?.status == .paused)
    // Paused for good: no invoice, no renewal, no deletion.
    #expect(e.observer.stripeSent.allSatisfy { $0.instant <= end })
    #expect(e.record.truth == .paused)
    #expect(e.record.charges == 0)
  }

  @Test func aCardAddedWhilePausedResumesWithANewBillingCycle() throws {
    var e = ST.engine(ST.model([product(.pause)]))
    e.schedule(.subscribeWithoutPaymentMethod(product: 0), at: jan10)
    let resume = jan10 + .days(12)
    e.schedule(.updateCard, at: resume)
    _ = e.run(until: resume + .days(32))
    #expect(
      e.observer.stripeTypes(at: resume) == [
        "invoice.paid", "invoice.payment_succeeded", "customer.subscription.updated",
        "customer.subscription.resumed",
      ])
    let paid = try #require(e.observer.stripeSent.first { $0.instant == resume }?.invoice)
    #expect(paid.billingReason == .subscriptionCycle)
    #expect(paid.amountPaid == 999)
    let resumed = try #require(e.observer.stripeSent.last { $0.instant == resume }?.subscription)
    #expect(resumed.status == .active)
    #expect(resumed.billingCycleAnchor == resume)
    #expect(resumed.item.currentPeriodStart == resume)
    #expect(resumed.item.currentPeriodEnd == ST.at(2026, 2, 22, 9))
    // The next renewal is a month after the resume.
    #expect(
      e.observer.stripeTypes(at: ST.at(2026, 2, 22, 9)) == [
        "customer.subscription.updated", "invoice.paid", "invoice.payment_succeeded",
      ])
    #expect(e.record.charges == 2)
  }

  @Test func cancelAtTheTrialsEndDeletes() {
    var e = ST.engine(ST.model([product(.cancel)]))
    e.schedule(.subscribeWithoutPaymentMethod(product: 0), at: jan10)
    _ = e.run(until: jan10 + .days(40))
    #expect(e.observer.stripeTypes(at: jan10 + .days(7)) == ["customer.subscription.deleted"])
    #expect(e.record.truth == .expired)
    #expect(e.record.charges == 0)
  }

  @Test(arguments: [RetriesEnd.cancel, .unpaid])
  func createInvoiceFailsWithoutRetries(end: RetriesEnd) throws {
    var e = ST.engine(ST.model([product(.createInvoice, end: end)]))
    e.schedule(.subscribeWithoutPaymentMethod(product: 0), at: jan10)
    _ = e.run(until: jan10 + .days(40))
    let trialEnd = jan10 + .days(7)
    let failed = try #require(e.observer.stripeSent.first { $0.type == "invoice.payment_failed" })
    #expect(failed.instant == trialEnd)
    #expect(failed.invoice?.nextPaymentAttempt == nil)
    #expect(e.observer.stripeSent.filter { $0.type == "invoice.payment_failed" }.count == 1)
    #expect(
      e.observer.stripeTypes(at: trialEnd)
        == [
          "invoice.payment_failed", "customer.subscription.updated",
          end == .cancel ? "customer.subscription.deleted" : "customer.subscription.updated",
        ])
    #expect(e.record.truth == (end == .cancel ? .expired : .hold))
    #expect(e.observer.stripeSent.allSatisfy { $0.instant <= trialEnd })
  }

  @Test func aCardAddedDuringTheTrialMakesItAnOrdinaryTrial() {
    var e = ST.engine(ST.model([product(.pause)]))
    e.schedule(.subscribeWithoutPaymentMethod(product: 0), at: jan10)
    e.schedule(.updateCard, at: jan10 + .days(2))
    _ = e.run(until: jan10 + .days(8))
    #expect(e.observer.stripeTypes(at: jan10 + .days(2)).isEmpty)
    #expect(
      e.observer.stripeTypes(at: jan10 + .days(7)) == [
        "customer.subscription.updated", "invoice.paid", "invoice.payment_succeeded",
      ])
    #expect(e.record.truth == .active)
  }

  @Test func aSubscriberWhoHadTheTrialBuysNothingWithoutAPaymentMethod() {
    var e = ST.engine(ST.model([product(.pause)]))
    e.schedule(.subscribe(product: 0, trial: false), at: jan10)
    e.schedule(.refund, at: jan10 + .days(1))
    e.schedule(.subscribeWithoutPaymentMethod(product: 0), at: jan10 + .days(2))
    _ = e.run(until: jan10 + .days(3))
    #expect(e.observer.stripeTypes(at: jan10 + .days(2)).isEmpty)
    #expect(e.record.truth == .revoked)
  }

  @Test func cancelWhilePausedDeletesAtOnce() {
    var e = ST.engine(ST.model([product(.pause)]))
    e.schedule(.subscribeWithoutPaymentMethod(product: 0), at: jan10)
    e.schedule(.cancel, at: jan10 + .days(9))
    _ = e.run(until: jan10 + .days(10))
    #expect(e.observer.stripeTypes(at: jan10 + .days(9)) == ["customer.subscription.deleted"])
    #expect(e.record.truth == .expired)
  }
}
