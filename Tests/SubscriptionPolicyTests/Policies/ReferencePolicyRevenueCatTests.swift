import Testing

@testable import SubscriptionPolicy

@Suite("Reference policy: RevenueCat")
struct ReferencePolicyRevenueCatTests {
  @Test("a billing issue with grace ahead is grace, whichever order the pair arrives in")
  func billingIssuePairInEitherOrder() {
    for pair in [[RC.billingIssue, RC.billingError], [RC.billingError, RC.billingIssue]] {
      #expect(decision(after: [RC.purchase] + pair) == .grace(until: RC.graceEnd))
    }
    // The cancellation alone does not end access.
    #expect(decision(after: [RC.purchase, RC.billingError]) == .active)
    // No clock: grace is reported until RevenueCat's EXPIRATION, never ended by the policy.
    let (policy, _) = deliver([RC.purchase, RC.billingIssue, RC.billingError])
    #expect(policy.decision(at: RC.graceEnd + .days(10)) == .grace(until: RC.graceEnd))
    #expect(policy.nextDecisionChange(after: renewal1) == nil)
  }

  @Test("a billing issue without grace, or with grace already over, is hold")
  func billingIssueWithoutGrace() {
    let none = RC.event(.billingIssue, at: renewal1)
    let over = RC.event(.billingIssue, at: renewal1, grace: renewal1)
    #expect(decision(after: [RC.purchase, none]) == .hold)
    #expect(decision(after: [RC.purchase, over]) == .hold)
  }

  @Test("EXPIRATION reads by its reason")
  func expirations() {
    let at = RC.graceEnd
    let cases: [(RevenueCatReason?, Decision)] = [
      (.billingError, .hold), (.subscriptionPaused, .paused), (.customerSupport, .revoked),
      (.unsubscribe, .expired), (.developerInitiated, .expired), (.priceIncrease, .expired),
      (.unknown, .expired),
      (nil, .expired), ("SOMETHING_NEW", .expired),
    ]
    for (reason, expected) in cases {
      let history = [RC.purchase, RC.billingIssue, RC.event(.expiration, at: at, reason: reason)]
      #expect(decision(after: history) == expected, "\(String(describing: reason))")
    }
  }

  @Test("grace ends on EXPIRATION/BILLING_ERROR; a later RENEWAL is the recovery")
  func graceThenRecovery() {
    let expired = RC.event(.expiration, at: RC.graceEnd, reason: .billingError)
    let renewal = RC.event(.renewal, at: RC.graceEnd + .days(3))
    #expect(decision(after: [RC.purchase, RC.billingIssue, RC.billingError, expired]) == .hold)
    #expect(decision(after: [RC.purchase, RC.billingIssue, RC.billingError, expired, renewal]) == .active)
    // Delivered late, the stale EXPIRATION does not undo the recovery.
    #expect(decision(after: [RC.purchase, RC.billingIssue, renewal, expired]) == .active)
  }

  @Test("a cancellation only ends access when it is a refund whose access already ended")
  func cancellations() {
    let at = start + .days(10)
    #expect(decision(after: [RC.purchase, RC.event(.cancellation, at: at, reason: .unsubscribe)]) == .active)
    #expect(
      decision(after: [
        RC.purchase, RC.event(.cancellation, at: at, reason: .customerSupport, expiration: at),
      ])
        == .revoked)
    #expect(
      decision(
        after: [RC.purchase, RC.event(.cancellation, at: at, reason: .customerSupport, expiration: renewal1)])
        == .active)
    // Revoked stays revoked when the expiration follows.
    let refund = RC.event(.cancellation, at: at, reason: .customerSupport, expiration: at)
    #expect(
      decision(after: [
        RC.purchase, refund, RC.event(.expiration, at: at + .seconds(1), reason: .unsubscribe),
      ])
        == .revoked)
  }

  @Test("UNCANCELLATION and RENEWAL are active; PRODUCT_CHANGE, SUBSCRIPTION_PAUSED, TEST say nothing")
  func others() {
    let at = start + .days(3)
    #expect(decision(after: [RC.purchase, RC.event(.uncancellation, at: at)]) == .active)
    for type in [RevenueCatEventType.productChange, .subscriptionPaused, .test, .transfer, "NEW_EVENT"] {
      #expect(
        decision(after: [RC.purchase, RC.billingIssue, RC.event(type, at: renewal1 + .days(1))])
          == .grace(until: RC.graceEnd), "\(type)")
      #expect(decision(after: [RC.event(type, at: start)]) == .never, "\(type)")
    }
  }

  @Test("duplicates change nothing")
  func duplicates() {
    let life = [RC.purchase, RC.billingIssue, RC.billingError, RC.event(.renewal, at: renewal1 + .days(2))]
    for end in 1...life.count {
      let once = Array(life.prefix(end))
      #expect(decision(after: once.flatMap { [$0, $0] }) == decision(after: once))
    }
  }
}
