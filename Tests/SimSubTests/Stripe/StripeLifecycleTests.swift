import TestSupport
import Testing

@testable import SimSub

/// Cancel, uncancel, refunds and product changes.
@Suite("Stripe model: cancel, refund, product change")
struct StripeLifecycleTests {
  let jan31 = ST.at(2026, 1, 31, 9)
  let feb28 = ST.at(2026, 2, 28, 9)

  @Test func aCancelEndsTheSubscriptionAtThePeriodsEnd() throws {
    var e = ST.engine(ST.model())
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cancel, at: jan31 + .days(10))
    _ = e.run(until: feb28 + .days(40))
    let cancel = try #require(e.observer.stripeSent.first { $0.instant == jan31 + .days(10) })
    #expect(cancel.type == "customer.subscription.updated")
    #expect(cancel.subscription?.cancelAtPeriodEnd == true)
    #expect(cancel.subscription?.cancelAt == feb28)
    #expect(cancel.subscription?.status == .active)
    #expect(cancel.event.previousAttributes?.cancelAtPeriodEnd == false)
    #expect(e.observer.stripeTypes(at: feb28) == ["customer.subscription.deleted"])
    #expect(e.observer.truthSteps.map(\.1) == [.active, .canceled, .expired])
    #expect(e.record.charges == 1)
  }

  @Test func anUncancelRenewsAsBefore() throws {
    var e = ST.engine(ST.model())
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cancel, at: jan31 + .days(10))
    e.schedule(.uncancel, at: jan31 + .days(12))
    _ = e.run(until: feb28 + .days(1))
    let uncancel = try #require(e.observer.stripeSent.first { $0.instant == jan31 + .days(12) })
    #expect(uncancel.subscription?.cancelAtPeriodEnd == false)
    #expect(uncancel.event.previousAttributes?.cancelAtPeriodEnd == true)
    #expect(
      e.observer.stripeTypes(at: feb28) == [
        "customer.subscription.updated", "invoice.paid", "invoice.payment_succeeded",
      ])
    #expect(e.record.truth == .active)
  }

  @Test func aCancelWhilePastDueEndsAtOnce() {
    var e = ST.engine(ST.model([ST.product(grace: .days(7))]))
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFails(.declined), at: jan31 + .days(20))
    e.schedule(.cancel, at: feb28 + .days(2) + .hours(5))
    _ = e.run(until: feb28 + .days(20))
    #expect(e.observer.stripeTypes(at: feb28 + .days(2) + .hours(5)) == ["customer.subscription.deleted"])
    #expect(e.record.truth == .expired)
    // No retry after the cancel.
    #expect(e.observer.stripeSent.last?.instant == feb28 + .days(2) + .hours(5))
  }

  @Test func aRefundRefundsTheLatestChargeAndCancelsAtOnce() throws {
    var e = ST.engine(ST.model())
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.refund, at: feb28 + .days(3))
    _ = e.run(until: feb28 + .days(40))
    #expect(
      e.observer.stripeTypes(at: feb28 + .days(3)) == ["charge.refunded", "customer.subscription.deleted"])
    let charge = try #require(e.observer.stripeSent.first { $0.type == "charge.refunded" }?.event.charge)
    #expect(charge.refunded)
    #expect(charge.amountRefunded == 999)
    #expect(charge.created == feb28)
    // The charge is the latest invoice's.
    #expect(charge.id == e.observer.stripeSent.last { $0.type == "invoice.paid" }?.invoice?.id)
    #expect(e.record.truth == .revoked)
    #expect(e.record.revocationDate == feb28 + .days(3))
    #expect(e.record.refundedMilliunits == 9_990)
    #expect(e.observer.stripeSent.last?.instant == feb28 + .days(3))
  }

  @Test func aRefundInATrialHasNothingToRefund() {
    var e = ST.engine(ST.model([ST.product(trial: .days(14))]))
    e.schedule(.subscribe(product: 0, trial: true), at: jan31)
    e.schedule(.refund, at: jan31 + .days(3))
    _ = e.run(until: jan31 + .days(20))
    #expect(e.observer.stripeTypes(at: jan31 + .days(3)) == ["customer.subscription.deleted"])
    #expect(e.record.truth == .revoked)
    #expect(e.record.refundedMilliunits == 0)
  }

  @Test func aResubscriptionIsANewSubscription() {
    var e = ST.engine(ST.model())
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.refund, at: jan31 + .days(3))
    e.schedule(.resubscribe(product: 0), at: jan31 + .days(5))
    _ = e.run(until: jan31 + .days(6))
    let created = e.observer.stripeSent.filter { $0.type == "customer.subscription.created" }
    #expect(created.count == 2)
    #expect(created[0].subscription?.id != created[1].subscription?.id)
    #expect(e.record.truth == .active)
    #expect(e.record.periodNumber == 2)
  }

  @Test func aDearerPriceWithTheSameIntervalInvoicesTheProratedDifferenceNow() throws {
    let basic = ST.product("basic.monthly", price: 4_990)
    let plus = ST.product("plus.monthly", price: 9_990)
    var e = ST.engine(ST.model([basic, plus]))
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    // Halfway through a 28-day period.
    e.schedule(.changeProduct(1, terms: .init(proration: .alwaysInvoice)), at: jan31 + .days(14))
    _ = e.run(until: jan31 + .days(15))
    #expect(
      e.observer.stripeTypes(at: jan31 + .days(14)) == [
        "customer.subscription.updated", "invoice.paid", "invoice.payment_succeeded",
      ])
    let invoice = try #require(e.observer.stripeSent.last?.invoice)
    #expect(invoice.billingReason == .subscriptionUpdate)
    #expect(invoice.amountPaid == 250)
    #expect(invoice.line?.periodStart == jan31 + .days(14))
    #expect(invoice.line?.periodEnd == feb28)
    #expect(e.record.product == 1)
    #expect(e.record.periodEnd == feb28)
    #expect(e.record.collectedMilliunits == 4_990 + 2_500)
    let update = try #require(e.observer.stripeSent.first { $0.instant == jan31 + .days(14) }?.subscription)
    #expect(update.item.price.lookupKey == "plus.monthly")
  }

  @Test func aCheaperPriceSwitchesWithoutACharge() {
    let basic = ST.product("basic.monthly", price: 4_990)
    let plus = ST.product("plus.monthly", price: 9_990)
    var e = ST.engine(ST.model([basic, plus]))
    e.schedule(.subscribe(product: 1, trial: false), at: jan31)
    e.schedule(.changeProduct(0, terms: .init(proration: .alwaysInvoice)), at: jan31 + .days(14))
    _ = e.run(until: feb28 + .hours(1))
    #expect(e.observer.stripeTypes(at: jan31 + .days(14)) == ["customer.subscription.updated"])
    #expect(e.record.charges == 2)
    #expect(e.observer.stripeSent.last?.invoice?.amountPaid == 499)
  }

  @Test func anotherIntervalStartsANewPeriodNowLessTheUnusedPart() {
    let monthly = ST.product("premium.monthly", price: 9_990)
    let yearly = ST.product("premium.yearly", period: .oneYear, price: 99_990)
    var e = ST.engine(ST.model([monthly, yearly]))
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.changeProduct(1), at: jan31 + .days(14))
    _ = e.run(until: feb28 + .hours(1))
    #expect(e.record.periodStart == jan31 + .days(14))
    #expect(e.record.periodEnd == ST.at(2027, 2, 14, 9))
    #expect(e.record.collectedMilliunits == 9_990 + 99_990 - 4_995)
    // The monthly renewal timer is gone.
    #expect(e.observer.stripeTypes(at: feb28).isEmpty)
  }

  @Test func aDeclinedChangeChangesNothing() {
    let basic = ST.product("basic.monthly", price: 4_990)
    let plus = ST.product("plus.monthly", price: 9_990)
    var e = ST.engine(ST.model([basic, plus]))
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.cardFails(.declined), at: jan31 + .days(1))
    e.schedule(.changeProduct(1, terms: .init(proration: .alwaysInvoice)), at: jan31 + .days(14))
    _ = e.run(until: jan31 + .days(15))
    #expect(e.record.product == 0)
    #expect(e.observer.stripeTypes(at: jan31 + .days(14)).isEmpty)
  }
}
