import SimSub
import Testing

@testable import SubscriptionPolicy

private let sevenDays = PolicySettings(stripeGracePeriod: .days(7))

private func answer<Policy: EntitlementPolicy>(
  _ history: [StoreNotification], _ type: Policy.Type, at instant: Instant? = nil
) -> Decision {
  let (policy, last) = deliver(history, settings: sevenDays, to: type)
  return policy.decision(at: instant ?? last)
}

@Suite("Known-bad policies for Stripe and RevenueCat give exactly their wrong answer")
struct KnownBadStripeRevenueCatTests {
  // MARK: past-due-is-free

  @Test("past-due-is-free locks out a past_due subscriber inside the app's grace, soft prompt still up")
  func pastDueIsFreeLocksOut() {
    for history in [[Stripe.created, Stripe.failed], [Stripe.created, Stripe.pastDue]] {
      let reference = answer(history, ReferencePolicy.self)
      let wrong = answer(history, PastDueIsFreePolicy.self)
      #expect(reference.access)
      #expect(!wrong.access)
      #expect(wrong.state == .grace)
      #expect(wrong.prompt == .soft)
      #expect(wrong.gracePeriodExpiresDate == reference.gracePeriodExpiresDate)
      // After the promise both say hold.
      #expect(answer(history, PastDueIsFreePolicy.self, at: renewal1 + .days(7)) == .hold)
    }
  }

  @Test("past-due-is-free agrees with the reference everywhere else, Apple grace included")
  func pastDueIsFreeElsewhereLikeReference() {
    let paid = Stripe.invoice(.invoicePaid, created: renewal1, at: renewal1 + .days(2), attempt: 3)
    let stripeLife = [
      Stripe.created, Stripe.failed, Stripe.pastDue, paid,
      Stripe.subscription(.subscriptionUpdated, .unpaid, at: renewal1 + .days(40)),
      Stripe.subscription(.subscriptionDeleted, .canceled, at: renewal1 + .days(50)),
    ]
    let appleGrace = Apple.notification(
      .didFailToRenew, .gracePeriod, status: .billingGracePeriod, signed: renewal1,
      gracePeriodExpiresDate: renewal1 + .days(16))
    for life in [
      stripeLife, [Apple.subscribed, appleGrace], [RC.purchase, RC.billingIssue, RC.billingError],
    ] {
      for end in 1...life.count {
        let prefix = Array(life.prefix(end))
        if prefix.last == Stripe.failed || prefix.last == Stripe.pastDue { continue }
        #expect(
          answer(prefix, PastDueIsFreePolicy.self) == answer(prefix, ReferencePolicy.self),
          "after \(prefix.last!.name)")
      }
    }
    let (policy, _) = deliver(
      [Stripe.created, Stripe.failed], settings: sevenDays, to: PastDueIsFreePolicy.self)
    #expect(policy.nextDecisionChange(after: renewal1) == renewal1 + .days(7))
  }

  // MARK: billing-error-is-end

  @Test("billing-error-is-end locks out grace in both orders of the pair, state and prompt the reference's")
  func billingErrorIsEndLocksOut() {
    for pair in [[RC.billingIssue, RC.billingError], [RC.billingError, RC.billingIssue]] {
      let history = [RC.purchase] + pair
      let reference = decision(after: history)
      let wrong = decision(after: history, BillingErrorIsEndPolicy.self)
      #expect(reference == .grace(until: RC.graceEnd))
      #expect(!wrong.access)
      #expect(wrong.state == .grace)
      #expect(wrong.prompt == .soft)
    }
  }

  @Test("billing-error-is-end gives access back on RENEWAL, whatever order they arrive in")
  func billingErrorIsEndRestores() {
    let renewal = RC.event(.renewal, at: renewal1 + .days(4))
    #expect(
      decision(after: [RC.purchase, RC.billingIssue, RC.billingError, renewal], BillingErrorIsEndPolicy.self)
        == .active)
    // The recovery delivered before the stale cancellation: still restored (event time decides).
    #expect(
      decision(after: [RC.purchase, RC.billingIssue, renewal, RC.billingError], BillingErrorIsEndPolicy.self)
        == .active)
    // A later billing error cuts again.
    let again = RC.event(.cancellation, at: renewal1 + .days(40), reason: .billingError)
    #expect(
      !decision(after: [RC.purchase, RC.billingError, renewal, again], BillingErrorIsEndPolicy.self).access)
  }

  @Test("billing-error-is-end agrees with the reference without a billing error")
  func billingErrorIsEndElsewhereLikeReference() {
    let at = start + .days(3)
    let lives: [[StoreNotification]] = [
      [
        RC.purchase, RC.event(.cancellation, at: at, reason: .unsubscribe),
        RC.event(.expiration, at: renewal1, reason: .unsubscribe),
      ],
      [RC.purchase, RC.event(.cancellation, at: at, reason: .customerSupport, expiration: at)],
      [
        RC.purchase, RC.event(.billingIssue, at: renewal1),
        RC.event(.expiration, at: renewal1, reason: .billingError),
      ],
      [Apple.subscribed, Apple.notification(.didRenew, status: .active, signed: renewal1)],
      [Stripe.created, Stripe.failed],
    ]
    for life in lives {
      for end in 1...life.count {
        let prefix = Array(life.prefix(end))
        #expect(
          answer(prefix, BillingErrorIsEndPolicy.self) == answer(prefix, ReferencePolicy.self),
          "after \(prefix.last!.name)")
      }
    }
  }

  @Test("both decide only on notifications and the policy clock")
  func noOwnClock() {
    #expect(PastDueIsFreePolicy.decidesOnlyOnNotifications)
    #expect(BillingErrorIsEndPolicy.decidesOnlyOnNotifications)
    #expect(ReferencePolicy.decidesOnlyOnNotifications)
  }

  @Test("the other policies keep the app's Stripe promise too, each with its own mistake only")
  func othersKeepTheStripePromise() {
    let history = [Stripe.created, Stripe.failed]
    #expect(answer(history, ArrivalOrderPolicy.self) == answer(history, ReferencePolicy.self))
    #expect(answer(history, UnknownIsActivePolicy.self) == answer(history, ReferencePolicy.self))
    #expect(answer(history, ActiveOnlyPolicy.self).state == .grace)
    #expect(!answer(history, ActiveOnlyPolicy.self).access)
    for type in [
      ActiveOnlyPolicy.self as any EntitlementPolicy.Type, ArrivalOrderPolicy.self,
      UnknownIsActivePolicy.self,
    ] {
      #expect(nextChange(type, history) == renewal1 + .days(7), "\(type)")
      #expect(answerAtGraceEnd(type, history) == .hold, "\(type)")
    }
  }

  private func nextChange(_ type: any EntitlementPolicy.Type, _ history: [StoreNotification]) -> Instant? {
    func open<P: EntitlementPolicy>(_: P.Type) -> Instant? {
      deliver(history, settings: sevenDays, to: P.self).policy.nextDecisionChange(after: renewal1)
    }
    return open(type)
  }

  private func answerAtGraceEnd(_ type: any EntitlementPolicy.Type, _ history: [StoreNotification])
    -> Decision
  {
    func open<P: EntitlementPolicy>(_: P.Type) -> Decision {
      deliver(history, settings: sevenDays, to: P.self).policy.decision(at: renewal1 + .days(7))
    }
    return open(type)
  }
}
