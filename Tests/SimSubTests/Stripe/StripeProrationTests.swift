import TestSupport
import Testing

@testable import SimSub

/// A price change prorated by the update's `proration_behavior`, played through the engine.
@Suite("Stripe model: proration behaviour of a product change")
struct StripeProrationTests {
  let jan31 = ST.at(2026, 1, 31, 9)
  let feb28 = ST.at(2026, 2, 28, 9)
  let basic = ST.product("basic.monthly", price: 4_990)
  let plus = ST.product("plus.monthly", price: 9_990)

  /// Subscribes to `from` at Jan 31 and changes to `to` halfway through the 28-day period.
  func engine(
    from: ProductIndex = 0, to: ProductIndex = 1, _ proration: StripeProrationBehavior?,
    products: [Product]? = nil
  ) -> ST.TestEngine<CardOnFile> {
    var e = ST.engine(ST.model(products ?? [basic, plus]))
    e.schedule(.subscribe(product: from, trial: false), at: jan31)
    e.schedule(.changeProduct(to, terms: .init(proration: proration)), at: jan31 + .days(14))
    return e
  }

  @Test func thePendingProrationCostsTheRecordNoSpace() {
    // It sits in padding: the record stays under `memcpy`'s short path of 256 bytes.
    #expect(MemoryLayout<SubscriptionRecord>.size <= 256)
    #expect(
      MemoryLayout<SubscriptionRecord>.offset(of: \.pendingProrationMilliunits)! + 4
        <= MemoryLayout<SubscriptionRecord>.offset(of: \.periodsSinceAnchor)!)
  }

  @Test func withoutABehaviourStripeCreatesProrations() {
    var byDefault = engine(nil)
    var named = engine(.createProrations)
    _ = byDefault.run(until: feb28 + .days(1))
    _ = named.run(until: feb28 + .days(1))
    #expect(StripeProrationBehavior.storeDefault == .createProrations)
    #expect(byDefault.record == named.record)
  }

  @Test func createProrationsInvoicesTheDifferenceWithTheRenewal() throws {
    var e = engine(.createProrations)
    _ = e.run(until: jan31 + .days(15))
    #expect(e.observer.stripeTypes(at: jan31 + .days(14)) == ["customer.subscription.updated"])
    #expect(e.record.product == 1)
    #expect(e.record.collectedMilliunits == 4_990)
    // 9.99 − 4.99 for 14 of 28 days, left for the next invoice.
    #expect(e.record.pendingProrationMilliunits == 2_500)
    let update = try #require(e.observer.stripeSent.last?.subscription)
    #expect(update.item.price.lookupKey == "plus.monthly")
    #expect(update.item.currentPeriodEnd == feb28)

    _ = e.run(until: feb28 + .hours(1))
    #expect(
      e.observer.stripeTypes(at: feb28) == [
        "customer.subscription.updated", "invoice.paid", "invoice.payment_succeeded",
      ])
    let invoice = try #require(e.observer.stripeSent.last?.invoice)
    #expect(invoice.billingReason == .subscriptionCycle)
    #expect(invoice.amountPaid == 999 + 250)
    #expect(e.record.collectedMilliunits == 4_990 + 9_990 + 2_500)
    #expect(e.record.pendingProrationMilliunits == 0)

    // The renewal after it is the plain price.
    _ = e.run(until: ST.at(2026, 3, 31, 10))
    #expect(e.observer.stripeSent.last?.invoice?.amountPaid == 999)
  }

  @Test func aCheaperPriceCreditsTheNextInvoice() throws {
    var e = engine(from: 1, to: 0, .createProrations)
    _ = e.run(until: feb28 + .hours(1))
    #expect(e.observer.stripeTypes(at: jan31 + .days(14)) == ["customer.subscription.updated"])
    let renewal = try #require(e.observer.stripeSent.last?.invoice)
    #expect(renewal.amountPaid == Int64(499 - 250))
    #expect(e.record.collectedMilliunits == 9_990 + 4_990 - 2_500)
  }

  @Test func aDeclinedRenewalKeepsTheProrationOnTheOpenInvoice() throws {
    var e = engine(.createProrations)
    e.schedule(.cardFails(.declined), at: jan31 + .days(20))
    e.schedule(.updateCard, at: feb28 + .days(2))
    _ = e.run(until: feb28 + .hours(1))
    let failed = try #require(e.observer.stripeSent.first { $0.type == "invoice.payment_failed" }?.invoice)
    #expect(failed.amountDue == 999 + 250)
    _ = e.run(until: feb28 + .days(3))
    let paid = try #require(e.observer.stripeSent.last { $0.type == "invoice.paid" }?.invoice)
    #expect(paid.amountPaid == Int64(999 + 250))
    #expect(e.record.collectedMilliunits == 4_990 + 9_990 + 2_500)
    #expect(e.record.pendingProrationMilliunits == 0)
  }

  @Test func aCancelDropsThePendingProration() {
    var e = engine(.createProrations)
    e.schedule(.cancel, at: jan31 + .days(20))
    _ = e.run(until: feb28 + .hours(1))
    #expect(e.observer.stripeTypes(at: feb28) == ["customer.subscription.deleted"])
    #expect(e.record.collectedMilliunits == 4_990)
    #expect(e.record.pendingProrationMilliunits == 0)
  }

  @Test func alwaysInvoiceSweepsPendingItemsIntoTheChangesInvoice() throws {
    var e = ST.engine(ST.model([basic, plus, ST.product("max.monthly", price: 19_990)]))
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    e.schedule(.changeProduct(1, terms: .init(proration: .createProrations)), at: jan31 + .days(14))
    e.schedule(.changeProduct(2, terms: .init(proration: .alwaysInvoice)), at: jan31 + .days(21))
    _ = e.run(until: jan31 + .days(22))
    let invoice = try #require(e.observer.stripeSent.last?.invoice)
    #expect(invoice.billingReason == .subscriptionUpdate)
    // 2.50 left pending, and 19.99 − 9.99 for the last 7 of 28 days.
    #expect(invoice.amountPaid == 250 + 250)
    #expect(e.record.pendingProrationMilliunits == 0)
  }

  @Test func noneChangesThePriceFromTheNextRenewal() {
    var e = engine(.noProrations)
    _ = e.run(until: feb28 + .hours(1))
    #expect(e.observer.stripeTypes(at: jan31 + .days(14)) == ["customer.subscription.updated"])
    #expect(e.record.pendingProrationMilliunits == 0)
    #expect(e.observer.stripeSent.last?.invoice?.amountPaid == 999)
    #expect(e.record.collectedMilliunits == 4_990 + 9_990)
  }

  @Test(arguments: [StripeProrationBehavior.createProrations, .alwaysInvoice, .noProrations])
  func anotherIntervalResetsTheCycleAndInvoicesNow(_ behavior: StripeProrationBehavior) throws {
    let monthly = ST.product("premium.monthly", price: 9_990)
    let yearly = ST.product("premium.yearly", period: .oneYear, price: 99_990)
    var e = engine(behavior, products: [monthly, yearly])
    _ = e.run(until: feb28 + .hours(1))
    #expect(e.record.periodStart == jan31 + .days(14))
    #expect(e.record.periodEnd == ST.at(2027, 2, 14, 9))
    let invoice = try #require(e.observer.stripeSent.last { $0.type == "invoice.paid" }?.invoice)
    #expect(invoice.billingReason == .subscriptionUpdate)
    // The unused half of the monthly price is credited, except with `none`.
    let credit: Int64 = behavior == .noProrations ? 0 : 4_995
    #expect(e.record.collectedMilliunits == 9_990 + 99_990 - credit)
    #expect(invoice.amountPaid == (99_990 - credit + 5) / 10)
    #expect(e.observer.stripeTypes(at: feb28).isEmpty)
  }

  @Test func inATrialNothingIsProrated() {
    let trial = ST.product("basic.monthly", price: 4_990, trial: .days(14))
    var e = ST.engine(ST.model([trial, plus]))
    e.schedule(.subscribe(product: 0, trial: true), at: jan31)
    e.schedule(.changeProduct(1), at: jan31 + .days(7))
    _ = e.run(until: jan31 + .days(14) + .hours(1))
    #expect(e.record.pendingProrationMilliunits == 0)
    #expect(e.observer.stripeSent.last { $0.type == "invoice.paid" }?.invoice?.amountPaid == 999)
  }
}
