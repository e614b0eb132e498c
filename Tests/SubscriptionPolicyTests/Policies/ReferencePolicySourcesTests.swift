import Testing

@testable import SubscriptionPolicy

private let sevenDays = PolicySettings(stripeGracePeriod: .days(7))

private func answer(_ history: [StoreNotification], at instant: Instant? = nil) -> Decision {
  let (policy, last) = deliver(history, settings: sevenDays, to: ReferencePolicy.self)
  return policy.decision(at: instant ?? last)
}

/// An App Store subscriber paid through `renewal1`, who fails to renew into 16 days of grace.
private let appleActive = Apple.notification(
  .subscribed, .initialBuy, status: .active, signed: start, expires: renewal1)
private let appleGrace = Apple.notification(
  .didFailToRenew, .gracePeriod, status: .billingGracePeriod, signed: renewal1,
  gracePeriodExpiresDate: renewal1 + .days(16), expires: renewal1)
private let appleRetry = Apple.notification(
  .gracePeriodExpired, status: .billingRetry, signed: renewal1 + .days(16), expires: renewal1)
private let appleExpired = Apple.notification(
  .expired, .billingRetry, status: .expired, signed: renewal1 + .days(60), expires: renewal1)

@Suite("The reference policy merges a subscriber's sources")
struct ReferencePolicySourcesTests {
  @Test("one source answers exactly as before: its own reading")
  func oneSourceIsItsOwn() {
    for history in [
      [appleActive, appleGrace], [Stripe.created, Stripe.failed], [RC.purchase, RC.billingIssue],
    ] {
      let (policy, last) = deliver(history, settings: sevenDays, to: ReferencePolicy.self)
      #expect(policy.decision(at: last).access)
      #expect(policy.decision(at: last).state == .grace)
      #expect(policy.decision(at: last).prompt == .soft)
    }
  }

  @Test("App Store grace beside a paying Stripe subscription: access, no prompt, whatever the order")
  func graceBesidePayingSourceDoesNotNag() {
    for history in [
      [appleActive, Stripe.created, appleGrace], [Stripe.created, appleActive, appleGrace],
      [appleActive, appleGrace, Stripe.created],
    ] {
      #expect(answer(history) == .active, "after \(history.map(\.name))")
    }
  }

  @Test("an App Store subscriber in billing retry keeps access through a Stripe subscription")
  func holdBesidePayingSource() {
    #expect(answer([appleActive, appleGrace, appleRetry]) == .hold)
    #expect(answer([appleActive, Stripe.created, appleGrace, appleRetry]) == .active)
  }

  @Test("a Stripe subscription's end does not lock out a paying App Store subscriber")
  func stripeEndDoesNotEndAppStore() {
    let deleted = Stripe.subscription(.subscriptionDeleted, .canceled, at: renewal1 + .days(3))
    #expect(answer([Stripe.created, appleActive, deleted]) == .active)
    #expect(answer([Stripe.created, deleted]) == .expired)
  }

  @Test("with no source granting access, a hold the subscriber can save comes before an end")
  func holdBeforeEnd() {
    let deleted = Stripe.subscription(.subscriptionDeleted, .canceled, at: renewal1 + .days(30))
    // The Stripe subscription ended after the App Store one went into billing retry, so it is
    // paid through the later date; the hold still decides, with its hard prompt.
    #expect(answer([appleActive, Stripe.created, appleGrace, appleRetry, deleted]) == .hold)
    #expect(answer([appleActive, Stripe.created, appleGrace, appleRetry, deleted, appleExpired]) == .expired)
  }

  @Test("both sources in grace: the one paid through the later date reports when grace ends")
  func laterPaidThroughDecidesAmongEquals() {
    // Stripe's past_due grace is the app's promise, 7 days from renewal1 + 10d; Apple's period
    // ended at renewal1, Stripe's period at renewal1 + 40d (paid through the later date).
    let stripeStart = renewal1 + .days(10)
    let created = Stripe.subscription(.subscriptionCreated, .active, at: start + .days(10))
    let pastDue = Stripe.subscription(
      .subscriptionUpdated, .pastDue, at: stripeStart, periodStart: stripeStart)
    let decision = answer([appleActive, created, appleGrace, pastDue], at: stripeStart + .hours(1))
    #expect(decision.state == .grace)
    #expect(decision.access)
    #expect(decision.gracePeriodExpiresDate == stripeStart + .days(7))
  }

  @Test(
    "each source orders its own notifications: an older App Store notification still applies after a newer Stripe one"
  )
  func ordersPerSource() {
    // Apple's grace notice is signed before the Stripe event it arrives after; one clock for
    // both would drop it as stale, and the Stripe subscription's end would then leave nothing.
    let update = Stripe.subscription(.subscriptionUpdated, .active, at: renewal1 + .days(1))
    let deleted = Stripe.subscription(.subscriptionDeleted, .canceled, at: renewal1 + .days(2))
    #expect(answer([appleActive, update, appleGrace]) == .active)
    #expect(answer([appleActive, update, appleGrace, deleted]) == .grace(until: renewal1 + .days(16)))
  }

  @Test("the app's own Stripe grace end is the next change, even beside another source")
  func nextChangeAcrossSources() {
    let (policy, _) = deliver(
      [appleActive, Stripe.created, Stripe.failed], settings: sevenDays, to: ReferencePolicy.self)
    #expect(policy.nextDecisionChange(after: renewal1) == renewal1 + .days(7))
  }

  @Test("the engine's one question after a notification answers as the two questions do")
  func decisionAndNextChangeIsBothQuestions() {
    let histories: [[StoreNotification]] = [
      [], [appleActive, appleGrace], [Stripe.created, Stripe.failed],
      [appleActive, Stripe.created, Stripe.failed], [appleActive, Stripe.created, appleGrace, appleRetry],
    ]
    for history in histories {
      let (policy, last) = deliver(history, settings: sevenDays, to: ReferencePolicy.self)
      for instant in [last, renewal1, renewal1 + .days(7), renewal1 + .days(20)] {
        let both = policy.decisionAndNextChange(at: instant)
        #expect(both.decision == policy.decision(at: instant), "after \(history.map(\.name))")
        #expect(both.nextChange == policy.nextDecisionChange(after: instant), "after \(history.map(\.name))")
      }
    }
  }
}
