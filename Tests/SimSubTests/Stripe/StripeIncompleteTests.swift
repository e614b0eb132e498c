import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// A first payment that fails or needs authentication: `incomplete`, activated by a payment
/// within 23 hours or `incomplete_expired` after them.
@Suite("Stripe model: incomplete first payments")
struct StripeIncompleteTests {
  let jan31 = ST.at(2026, 1, 31, 9)

  @Test(arguments: [false, true])
  func aFirstPaymentThatDoesNotGoThroughLeavesTheSubscriptionIncomplete(needsAuthentication: Bool) throws {
    var e = ST.engine(ST.model())
    e.schedule(.subscribeIncomplete(product: 0, needsAuthentication: needsAuthentication), at: jan31)
    _ = e.run(until: jan31 + .hours(1))
    #expect(
      e.observer.stripeTypes(at: jan31) == [
        "customer.subscription.created",
        needsAuthentication ? "invoice.payment_action_required" : "invoice.payment_failed",
      ])
    let created = try #require(e.observer.stripeSent.first?.subscription)
    #expect(created.status == .incomplete)
    let invoice = try #require(e.observer.stripeSent.last?.invoice)
    #expect(invoice.status == .open)
    #expect(invoice.billingReason == .subscriptionCreate)
    #expect(invoice.nextPaymentAttempt == nil)
    #expect(e.record.truth == .hold)
    #expect(e.record.charges == 0)
  }

  @Test func authenticatingWithin23HoursActivatesFromThePurchase() throws {
    var e = ST.engine(ST.model())
    e.schedule(.subscribeIncomplete(product: 0, needsAuthentication: true), at: jan31)
    e.schedule(.authenticate, at: jan31 + .hours(5))
    _ = e.run(until: jan31 + .days(2))
    #expect(
      e.observer.stripeTypes(at: jan31 + .hours(5)) == [
        "invoice.paid", "invoice.payment_succeeded", "customer.subscription.updated",
      ])
    let updated = try #require(e.observer.stripeSent.last?.subscription)
    #expect(updated.status == .active)
    #expect(e.observer.stripeSent.last?.event.previousAttributes?.status == .incomplete)
    #expect(updated.item.currentPeriodStart == jan31)
    #expect(updated.item.currentPeriodEnd == ST.at(2026, 2, 28, 9))
    #expect(e.record.truth == .active)
    #expect(e.record.charges == 1)
    // The 23 hours' timer is stale once paid.
    #expect(e.observer.stripeTypes(at: jan31 + .hours(23)).isEmpty)
  }

  @Test func aDeclinedFirstPaymentIsPaidByAWorkingCard() {
    var e = ST.engine(ST.model())
    e.schedule(.subscribeIncomplete(product: 0, needsAuthentication: false), at: jan31)
    e.schedule(.authenticate, at: jan31 + .hours(2))
    e.schedule(.updateCard, at: jan31 + .hours(4))
    _ = e.run(until: jan31 + .days(2))
    // Authenticating the declined card fails again; the new card pays.
    #expect(e.observer.stripeTypes(at: jan31 + .hours(2)) == ["invoice.payment_failed"])
    #expect(
      e.observer.stripeTypes(at: jan31 + .hours(4)) == [
        "invoice.paid", "invoice.payment_succeeded", "customer.subscription.updated",
      ])
    #expect(e.observer.stripeSent.first { $0.type == "invoice.paid" }?.invoice?.attemptCount == 3)
    #expect(e.record.truth == .active)
  }

  @Test func noPaymentWithin23HoursIsIncompleteExpired() throws {
    var e = ST.engine(ST.model())
    e.schedule(.subscribeIncomplete(product: 0, needsAuthentication: false), at: jan31)
    e.schedule(.updateCard, at: jan31 + .days(2))
    _ = e.run(until: jan31 + .days(40))
    #expect(e.observer.stripeTypes(at: jan31 + .hours(23)) == ["customer.subscription.updated"])
    let expired = try #require(e.observer.stripeSent.last?.subscription)
    #expect(expired.status == .incompleteExpired)
    #expect(e.observer.stripeSent.last?.event.previousAttributes?.status == .incomplete)
    #expect(e.observer.truthSteps.map(\.1) == [.hold, .expired])
    // A card fixed afterwards pays nothing: the status is final.
    #expect(e.observer.stripeSent.count == 3)
    #expect(e.record.charges == 0)
  }

  @Test func aPlainSubscribeStillBuysAtOnce() {
    var e = ST.engine(ST.model())
    e.schedule(.subscribe(product: 0, trial: false), at: jan31)
    _ = e.run(until: jan31 + .days(1))
    #expect(
      e.observer.stripeTypes(at: jan31) == [
        "customer.subscription.created", "invoice.paid", "invoice.payment_succeeded",
      ])
    #expect(e.observer.stripeSent.first?.subscription?.status == .active)
  }
}
