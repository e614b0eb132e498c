import TestSupport
import Testing

@testable import SimSub

/// Purchases, renewals, failed payments, Smart Retries, the app's grace, recovery, and the three
/// ends of the retries.
@Suite("Stripe model: billing")
struct StripeBillingTests {
  let jan31 = ST.at(2026, 1, 31, 9)

  @Test func aPurchaseCreatesTheSubscriptionAndPaysItsFirstInvoice() throws {
    var e = ST.engine(ST.model())
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    _ = e.run(until: jan31 + .hours(1))
    #expect(
      e.observer.stripeTypes(at: jan31) == [
        "customer.subscription.created", "invoice.paid", "invoice.payment_succeeded",
      ])
    let created = try #require(e.observer.stripeSent.first?.subscription)
    #expect(created.status == .active)
    #expect(created.currentPeriodStart == jan31)
    #expect(created.currentPeriodEnd == ST.at(2026, 2, 28, 9))
    #expect(created.billingCycleAnchor == jan31)
    #expect(created.customer == Symbol(number: 1))
    #expect(created.item.price.lookupKey == "premium.monthly")
    #expect(created.item.price.unitAmount == 999)
    #expect(created.item.price.interval == .month)
    let invoice = try #require(e.observer.stripeSent.last?.invoice)
    #expect(invoice.status == .paid)
    #expect(invoice.billingReason == .subscriptionCreate)
    #expect(invoice.amountPaid == 999)
    #expect(invoice.attemptCount == 1)
    #expect(invoice.subscription == created.id)
    #expect(created.latestInvoice == invoice.id)
    #expect(e.record.truth == .active)
    #expect(e.record.charges == 1)
    #expect(e.record.collectedMilliunits == 9_990)
  }

  @Test func aDeclinedFirstPaymentBuysNothing() {
    var e = ST.engine(ST.model())
    e.schedule(.cardFails(.declined), at: jan31)
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    _ = e.run(until: jan31 + .days(40))
    #expect(e.record.truth == .never)
    #expect(e.observer.stripeSent.isEmpty)
  }

  @Test func renewalsKeepTheAnchorDayAndSendTheUpdateThenThePaidInvoice() throws {
    var e = ST.engine(ST.model())
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    _ = e.run(until: ST.at(2026, 4, 1))
    let renewals = e.observer.stripeSent.filter { $0.instant > jan31 }
    #expect(
      renewals.map(\.instant) == [
        ST.at(2026, 2, 28, 9), ST.at(2026, 2, 28, 9), ST.at(2026, 2, 28, 9), ST.at(2026, 3, 31, 9),
        ST.at(2026, 3, 31, 9), ST.at(2026, 3, 31, 9),
      ])
    #expect(
      renewals.map(\.type) == [
        "customer.subscription.updated", "invoice.paid", "invoice.payment_succeeded",
        "customer.subscription.updated", "invoice.paid", "invoice.payment_succeeded",
      ])
    let update = try #require(renewals.first)
    #expect(update.subscription?.currentPeriodStart == ST.at(2026, 2, 28, 9))
    #expect(update.subscription?.currentPeriodEnd == ST.at(2026, 3, 31, 9))
    #expect(update.event.previousAttributes?.latestInvoice == e.observer.stripeSent[1].invoice?.id)
    #expect(update.subscription?.latestInvoice == renewals[1].invoice?.id)
    let paid = try #require(renewals[1].invoice)
    #expect(paid.billingReason == .subscriptionCycle)
    #expect(paid.periodStart == jan31)
    #expect(paid.periodEnd == ST.at(2026, 2, 28, 9))
    #expect(paid.line?.periodStart == ST.at(2026, 2, 28, 9))
    #expect(paid.line?.periodEnd == ST.at(2026, 3, 31, 9))
    #expect(e.record.charges == 3)
    #expect(e.record.periodNumber == 3)
  }

  @Test func aTrialIsTrialingWithAFreeInvoiceThenCharged() throws {
    var e = ST.engine(ST.model([ST.product(trial: .days(7))]))
    e.schedule(.subscribe(product: 0, trial: true), at: jan31)
    _ = e.run(until: jan31 + .days(8))
    let sent = e.observer.stripeSent
    #expect(sent.first?.subscription?.status == .trialing)
    #expect(sent.first?.subscription?.trialEnd == jan31 + .days(7))
    #expect(sent[1].invoice?.amountPaid == 0)
    #expect(sent[1].invoice?.attemptCount == 0)
    #expect(
      e.observer.stripeTypes(at: jan31 + .days(7)) == [
        "customer.subscription.updated", "invoice.paid", "invoice.payment_succeeded",
      ])
    let converted = try #require(sent.first { $0.instant == jan31 + .days(7) })
    #expect(converted.subscription?.status == .active)
    #expect(converted.event.previousAttributes?.status == .trialing)
    #expect(e.record.charges == 1)
    #expect(!e.record.inTrial)
    // The trial is granted once per group: a resubscription pays at once.
    e.schedule(.refund, at: jan31 + .days(10))
    e.schedule(.subscribe(product: 0, trial: true), at: jan31 + .days(11))
    _ = e.run(until: jan31 + .days(12))
    #expect(e.record.truth == .active)
    #expect(!e.record.inTrial)
    #expect(e.record.charges == 2)
  }

  @Test func aDeclinedRenewalIsPastDueWithTheAppsGraceThenHoldWithNoEvent() throws {
    var e = ST.engine(ST.model([ST.product(grace: .days(3))]))
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFails(.insufficientFunds), at: jan31 + .days(20))
    let failed = ST.at(2026, 2, 28, 9)
    _ = e.run(until: failed + .days(5))
    #expect(
      e.observer.stripeTypes(at: failed) == ["invoice.payment_failed", "customer.subscription.updated"])
    let invoice = try #require(e.observer.stripeSent.first { $0.instant == failed }?.invoice)
    #expect(invoice.status == .open)
    #expect(invoice.attemptCount == 1)
    #expect(invoice.nextPaymentAttempt == failed + .days(1))
    #expect(invoice.amountRemaining == 999)
    #expect(invoice.created == failed)
    let update = try #require(e.observer.stripeSent.last { $0.instant == failed }?.event)
    #expect(update.subscription?.status == .pastDue)
    #expect(update.previousAttributes?.status == .active)
    // Stripe has moved to the new period already.
    #expect(update.subscription?.currentPeriodStart == failed)
    #expect(update.subscription?.currentPeriodEnd == ST.at(2026, 3, 31, 9))
    #expect(update.subscription?.latestInvoice == invoice.id)
    // Grace for the app's 3 days, then hold, and nothing sent at that moment.
    #expect(e.observer.truthSteps.map(\.1) == [.active, .grace, .hold])
    #expect(e.observer.truthSteps.last?.0 == failed + .days(3))
    #expect(e.observer.stripeTypes(at: failed + .days(3)) == ["invoice.payment_failed"])
    #expect(e.record.gracePeriodExpiresDate == failed + .days(3))
  }

  @Test func smartRetriesTryEightTimesInTwoWeeksThenTheSubscriptionIsCanceled() throws {
    var e = ST.engine(ST.model([ST.product(grace: .days(7))]))
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFails(.declined), at: jan31 + .days(20))
    let failed = ST.at(2026, 2, 28, 9)
    _ = e.run(until: failed + .days(20))
    let failures = e.observer.stripeSent.filter { $0.type == "invoice.payment_failed" }
    let days: [Int64] = [0, 1, 2, 3, 5, 7, 9, 11, 14]
    #expect(failures.map(\.instant) == days.map { failed + .days($0) })
    #expect(failures.map { $0.invoice?.attemptCount } == Array(1...9))
    #expect(
      failures.map { $0.invoice?.nextPaymentAttempt } == days.dropFirst().map { failed + .days($0) } + [nil])
    #expect(Set(failures.compactMap { $0.invoice?.id }).count == 1)
    #expect(
      e.observer.stripeTypes(at: failed + .days(14)) == [
        "invoice.payment_failed", "customer.subscription.deleted",
      ])
    let deleted = try #require(e.observer.stripeSent.last?.subscription)
    #expect(deleted.status == .canceled)
    #expect(deleted.endedAt == failed + .days(14))
    #expect(e.record.truth == .expired)
    #expect(e.observer.truthSteps.map(\.1) == [.active, .grace, .hold, .expired])
    #expect(e.record.charges == 1)
  }

  @Test func retriesRunningOutMarkTheSubscriptionUnpaidWhenSoSet() throws {
    var e = ST.engine(ST.model([ST.product(grace: .days(3), end: .unpaid)]))
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFails(.declined), at: jan31 + .days(20))
    let failed = ST.at(2026, 2, 28, 9)
    _ = e.run(until: failed + .days(30))
    #expect(
      e.observer.stripeTypes(at: failed + .days(14)) == [
        "invoice.payment_failed", "customer.subscription.updated",
      ])
    let unpaid = try #require(e.observer.stripeSent.last?.event)
    #expect(unpaid.subscription?.status == .unpaid)
    #expect(unpaid.previousAttributes?.status == .pastDue)
    #expect(e.record.truth == .hold)
    // No retries after the last, and no renewal while the invoice is open.
    #expect(e.observer.stripeSent.last?.instant == failed + .days(14))
    // The customer pays the open invoice by updating the card.
    e.schedule(.updateCard, at: failed + .days(30))
    _ = e.run(until: failed + .days(30) + .hours(1))
    #expect(
      e.observer.stripeTypes(at: failed + .days(30)) == [
        "invoice.paid", "invoice.payment_succeeded", "customer.subscription.updated",
      ])
    #expect(e.observer.stripeSent.last?.event.previousAttributes?.status == .unpaid)
    #expect(e.observer.stripeSent.last?.subscription?.status == .active)
    #expect(e.record.truth == .active)
    #expect(e.record.charges == 2)
  }

  @Test func retriesRunningOutLeaveThePastDueSubscriptionAloneWhenSoSet() {
    var e = ST.engine(ST.model([ST.product(grace: .days(14), end: .pastDue)]))
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFails(.declined), at: jan31 + .days(20))
    let failed = ST.at(2026, 2, 28, 9)
    _ = e.run(until: failed + .days(60))
    #expect(e.observer.stripeTypes(at: failed + .days(14)) == ["invoice.payment_failed"])
    #expect(e.observer.stripeSent.last?.instant == failed + .days(14))
    // Grace (the whole window) ends at the last retry: the grace timer fires before the retry.
    #expect(e.observer.truthSteps.map(\.1) == [.active, .grace, .hold])
    #expect(e.observer.truthSteps.last?.0 == failed + .days(14))
    #expect(e.record.truth == .hold)
    #expect(e.record.billingIssueStart == failed)
    #expect(e.record.retryWindowEnd == nil)
  }

  @Test func aCardFixedDuringPastDuePaysAtOnceAndKeepsTheBillingDate() throws {
    var e = ST.engine(ST.model([ST.product(grace: .days(7))]))
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFails(.expired), at: jan31 + .days(20))
    let failed = ST.at(2026, 2, 28, 9)
    e.schedule(.updateCard, at: failed + .days(4) + .hours(2))
    _ = e.run(until: ST.at(2026, 4, 1))
    let fixed = failed + .days(4) + .hours(2)
    #expect(
      e.observer.stripeTypes(at: fixed) == [
        "invoice.paid", "invoice.payment_succeeded", "customer.subscription.updated",
      ])
    let paid = try #require(e.observer.stripeSent.first { $0.instant == fixed }?.invoice)
    #expect(paid.created == failed)
    #expect(paid.attemptCount == 5)  // the renewal, retries on days 1, 2 and 3, and the fix
    #expect(e.observer.stripeSent.last { $0.instant == fixed }?.event.previousAttributes?.status == .pastDue)
    // The next renewal is one month after the failed one.
    #expect(
      e.observer.stripeTypes(at: ST.at(2026, 3, 31, 9)) == [
        "customer.subscription.updated", "invoice.paid", "invoice.payment_succeeded",
      ])
    #expect(e.record.charges == 3)
  }

  @Test func aRetryThatGoesThroughRecovers() throws {
    var payments = ScriptedPayments()
    payments.declineRenewalsFrom = ST.at(2026, 2, 1)
    payments.succeedOnRetry = 3
    var e = ST.engine(ST.model([ST.product(grace: .days(1))]), payments: payments)
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    let failed = ST.at(2026, 2, 28, 9)
    _ = e.run(until: failed + .days(5))
    #expect(e.payments.retryInstants == [failed + .days(1), failed + .days(2), failed + .days(3)])
    #expect(
      e.observer.stripeTypes(at: failed + .days(3)) == [
        "invoice.paid", "invoice.payment_succeeded", "customer.subscription.updated",
      ])
    #expect(e.observer.stripeSent.first { $0.instant == failed + .days(3) }?.invoice?.attemptCount == 4)
    #expect(e.observer.truthSteps.map(\.1) == [.active, .grace, .hold, .active])
    #expect(e.record.periodEnd == ST.at(2026, 3, 31, 9))
  }

  @Test func aPaymentAfterTheKeptPeriodEndedStartsANewPeriod() {
    var e = ST.engine(
      ST.model([ST.product(period: .oneWeek, grace: .days(2), hold: .days(21), end: .unpaid)]))
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFails(.declined), at: jan31 + .days(3))
    let failed = jan31 + .days(7)
    e.schedule(.updateCard, at: failed + .days(25))
    _ = e.run(until: failed + .days(26))
    #expect(e.record.truth == .active)
    #expect(e.record.periodStart == failed + .days(25))
    #expect(e.record.periodEnd == failed + .days(32))
    #expect(e.record.billingAnchor == failed + .days(25))
  }

  @Test("a schedule with no retry inside the window ends the retries at the failure")
  func noRetryInWindow() {
    var e = ST.engine(ST.model([ST.product(grace: .days(7), hold: .days(7))], retrySchedule: [.days(10)]))
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFails(.declined), at: jan31 + .days(20))
    let failed = ST.at(2026, 2, 28, 9)
    _ = e.run(until: failed + .days(12))
    #expect(
      e.observer.stripeTypes(at: failed)
        == ["invoice.payment_failed", "customer.subscription.updated", "customer.subscription.deleted"])
    #expect(e.observer.stripeSent.first { $0.instant == failed }?.invoice?.nextPaymentAttempt == nil)
    #expect(e.record.truth == .expired)
  }

  @Test func anOverriddenScheduleIsUsedWithinTheWindow() {
    let model = ST.model(
      [ST.product(grace: .days(7), hold: .days(7))], retrySchedule: [.days(2), .days(6), .days(9)])
    #expect(model.schedules == [[.days(2), .days(6)]])
    var e = ST.engine(model)
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFails(.declined), at: jan31 + .days(20))
    let failed = ST.at(2026, 2, 28, 9)
    _ = e.run(until: failed + .days(12))
    let failures = e.observer.stripeSent.filter { $0.type == "invoice.payment_failed" }.map(\.instant)
    #expect(failures == [failed, failed + .days(2), failed + .days(6)])
    #expect(e.observer.stripeSent.last?.type == "customer.subscription.deleted")
    #expect(e.observer.stripeSent.last?.instant == failed + .days(6))
  }
}
