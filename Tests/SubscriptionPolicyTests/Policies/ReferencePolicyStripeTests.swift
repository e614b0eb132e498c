import Testing

@testable import SubscriptionPolicy

private let sevenDays = PolicySettings(stripeGracePeriod: .days(7))

/// The reference answer after `history`, for a policy promising `settings`, asked at `instant`
/// (the last arrival when `nil`).
private func answer(
  _ history: [StoreNotification], settings: PolicySettings = sevenDays, at instant: Instant? = nil
) -> Decision {
  let (policy, last) = deliver(history, settings: settings)
  return policy.decision(at: instant ?? last)
}

@Suite("Reference policy: Stripe")
struct ReferencePolicyStripeTests {
  @Test("subscription statuses read as the state after the event")
  func statuses() {
    let at = start + .days(3)
    let cases: [(StripeSubscriptionStatus, Decision)] = [
      (.active, .active), (.trialing, .active), (.unpaid, .hold), (.canceled, .expired), (.paused, .paused),
      (.incompleteExpired, .expired), (.incomplete, .hold),
    ]
    for (status, expected) in cases {
      let history = [Stripe.created, Stripe.subscription(.subscriptionUpdated, status, at: at)]
      #expect(answer(history) == expected, "\(status)")
    }
    // A status Stripe adds later says nothing: the answer stays.
    for status in ["paused_for_lunch"] as [StripeSubscriptionStatus] {
      let history = [Stripe.created, Stripe.subscription(.subscriptionUpdated, status, at: at)]
      #expect(answer(history) == .active, "\(status)")
    }
    // A first payment not yet made: no access, and a prompt to pay or authenticate it.
    #expect(answer([Stripe.subscription(.subscriptionCreated, .incomplete, at: start)]) == .hold)
  }

  @Test("cancel_at_period_end keeps access until the subscription is deleted")
  func cancelAtPeriodEnd() {
    let canceling = Stripe.subscription(
      .subscriptionUpdated, .active, at: start + .days(5), periodStart: start, cancelAtPeriodEnd: true)
    #expect(answer([Stripe.created, canceling]) == .active)
    let deleted = Stripe.subscription(.subscriptionDeleted, .canceled, at: renewal1, periodStart: start)
    #expect(answer([Stripe.created, canceling, deleted]) == .expired)
  }

  @Test("past_due is grace for the app's promise, counted from the failed renewal, then hold")
  func pastDueGraceThenHold() {
    let graceEnd = renewal1 + .days(7)
    for history in [
      [Stripe.created, Stripe.failed], [Stripe.created, Stripe.pastDue],
      [
        Stripe.created, Stripe.failed, Stripe.pastDue,
      ],
    ] {
      #expect(answer(history) == .grace(until: graceEnd))
      #expect(answer(history, at: graceEnd - .seconds(1)) == .grace(until: graceEnd))
      #expect(answer(history, at: graceEnd) == .hold)
      #expect(answer(history, at: graceEnd + .days(30)) == .hold)
      let (policy, _) = deliver(history, settings: sevenDays)
      #expect(policy.nextDecisionChange(after: renewal1) == graceEnd)
      #expect(policy.nextDecisionChange(after: graceEnd - .seconds(1)) == graceEnd)
      #expect(policy.nextDecisionChange(after: graceEnd) == nil)
    }
  }

  @Test("a late or repeated failure does not restart the app's grace")
  func graceCountsFromTheRenewalNotTheArrival() {
    let graceEnd = renewal1 + .days(7)
    let retry = Stripe.invoice(
      .invoicePaymentFailed, created: renewal1, at: renewal1 + .days(5), attempt: 5, next: renewal1 + .days(7)
    )
    #expect(answer([Stripe.created, Stripe.failed, retry]) == .grace(until: graceEnd))
    // Delivered four days late, the first failure still ends grace on day 7.
    var policy = ReferencePolicy(settings: sevenDays)
    policy.receive(Stripe.created, at: start)
    policy.receive(Stripe.failed, at: renewal1 + .days(4))
    #expect(policy.decision(at: renewal1 + .days(4)) == .grace(until: graceEnd))
    #expect(policy.decision(at: graceEnd) == .hold)
  }

  @Test("the promise is the policy's setting: none means hold at once; the default is two weeks")
  func settings() {
    #expect(
      answer([Stripe.created, Stripe.failed], settings: PolicySettings(stripeGracePeriod: .zero)) == .hold)
    let (policy, _) = deliver(
      [Stripe.created, Stripe.failed], settings: PolicySettings(stripeGracePeriod: .zero))
    #expect(policy.nextDecisionChange(after: renewal1) == nil)
    #expect(PolicySettings.default.stripeGracePeriod == .days(14))
    #expect(ReferencePolicy().settings == .default)
    #expect(decision(after: [Stripe.created, Stripe.failed]) == .grace(until: renewal1 + .days(14)))
    #expect(ReferencePolicy(settings: sevenDays).settings == sevenDays)
  }

  @Test("recovery: invoice.paid and the update back to active")
  func recovery() {
    let paid = Stripe.invoice(.invoicePaid, created: renewal1, at: renewal1 + .days(9), attempt: 6)
    let active = Stripe.subscription(
      .subscriptionUpdated, .active, at: renewal1 + .days(9), periodStart: renewal1)
    for tail in [[paid], [active], [paid, active], [active, paid]] {
      let history = [Stripe.created, Stripe.failed, Stripe.pastDue] + tail
      #expect(answer(history, at: renewal1 + .days(9) + .minutes(5)) == .active)
      let (policy, _) = deliver(history, settings: sevenDays)
      #expect(policy.nextDecisionChange(after: renewal1 + .days(9)) == nil)
    }
  }

  @Test(
    "when the retries run out: deleted is expired, unpaid is hold, and a failed attempt does not undo either")
  func retriesRunOut() {
    let last = Stripe.invoice(.invoicePaymentFailed, created: renewal1, at: renewal1 + .days(14), attempt: 8)
    let deleted = Stripe.subscription(
      .subscriptionDeleted, .canceled, at: renewal1 + .days(14), periodStart: renewal1)
    let unpaid = Stripe.subscription(
      .subscriptionUpdated, .unpaid, at: renewal1 + .days(14), periodStart: renewal1)
    let base = [Stripe.created, Stripe.failed, Stripe.pastDue]
    // Both orders of the same-second pair end on the end state.
    #expect(answer(base + [last, deleted]) == .expired)
    #expect(answer(base + [deleted, last]) == .expired)
    #expect(answer(base + [last, unpaid]) == .hold)
    #expect(answer(base + [unpaid, last]) == .hold)
    let (policy, _) = deliver(base + [unpaid, last], settings: PolicySettings(stripeGracePeriod: .days(14)))
    #expect(policy.decision(at: renewal1 + .days(14) + .hours(1)) == .hold)
    #expect(policy.nextDecisionChange(after: renewal1 + .days(14)) == nil)
  }

  @Test(
    "a whole refund revokes; the deletion after it keeps the subscriber revoked; a partial refund changes nothing"
  )
  func refunds() {
    let at = start + .days(10)
    let deleted = Stripe.subscription(.subscriptionDeleted, .canceled, at: at, periodStart: start)
    #expect(answer([Stripe.created, Stripe.refunded(at: at)]) == .revoked)
    #expect(answer([Stripe.created, Stripe.refunded(at: at), deleted]) == .revoked)
    #expect(answer([Stripe.created, deleted, Stripe.refunded(at: at)]) == .revoked)
    #expect(answer([Stripe.created, Stripe.refunded(at: at, whole: false)]) == .active)
    // A new subscription after the refund is active again.
    let again = Stripe.subscription(.subscriptionCreated, .active, at: at + .days(3), id: 4242)
    #expect(answer([Stripe.created, Stripe.refunded(at: at), deleted, again]) == .active)
  }

  @Test("an invoice that no subscription made, and other event types, say nothing")
  func ignored() {
    let manual = Stripe.invoice(.invoicePaymentFailed, created: renewal1, at: renewal1, subscription: nil)
    #expect(answer([Stripe.created, manual]) == .active)
    let finalized = Stripe.invoice("invoice.finalized", created: renewal1, at: renewal1)
    #expect(answer([Stripe.created, finalized]) == .active)
    let customerEvent = Stripe.subscription(
      "customer.subscription.pending_update_applied", .pastDue, at: renewal1)
    #expect(answer([Stripe.created, customerEvent]) == .active)
  }

  @Test("duplicates and stale events change nothing")
  func deliveryRules() {
    let paid = Stripe.invoice(.invoicePaid, created: renewal1, at: renewal1 + .days(2), attempt: 3)
    let life = [Stripe.created, Stripe.failed, Stripe.pastDue, paid]
    #expect(answer(life.flatMap { [$0, $0] }) == answer(life))
    // The failure delivered again after the recovery is older: ignored.
    #expect(answer(life + [Stripe.failed, Stripe.pastDue]) == .active)
  }
}
