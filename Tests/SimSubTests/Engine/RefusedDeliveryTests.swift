import Foundation
import SubscriptionPolicy
import Testing

@testable import SimSub

/// A delivery the policy does not accept (its server's answer is not 2xx) is a failed attempt:
/// the store delivers it again on its own schedule, the timeline says so, and a notification
/// never accepted is lost when the store gives up, as in an outage.
@Suite("Engine: refused deliveries")
struct RefusedDeliveryTests {
  static let stripe = """
    name: a Stripe card fails and is fixed
    store: stripe
    product: {period: 1M, grace: 7d}
    timeline:
      - at: 20d
        do: card-fails
      - at: renewal 1 + 3d
        do: update-card
    """

  static let apple = """
    name: an App Store card fails and is fixed
    store: apple
    product: {period: 1M, grace: 16d}
    timeline:
      - at: 10d
        do: card-fails
      - at: renewal 1 + 3d
        do: update-card
    """

  func play<P: EntitlementPolicy>(_ text: String, _ policy: P.Type) throws -> ScenarioResult {
    try ScenarioPlayer.play(try ScenarioLoader.decode(text, path: "refused.scn"), policy: policy)
  }

  /// Each notification refused once is delivered again at the store's first redelivery delay,
  /// accepted then, and the policy ends where the reference policy does.
  @Test(arguments: [(stripe, StoreKind.stripe), (apple, StoreKind.apple)])
  func aRefusedDeliveryIsAttemptedAgainOnTheStoresSchedule(text: String, store: StoreKind) throws {
    let result = try play(text, RefusesEachFirstAttempt.self)
    let reference = try play(text, ReferencePolicy.self)
    let delay = try #require(
      store == .stripe
        ? StripeModel.redeliveryDelay(afterFailedAttempt: 1)
        : AppStoreModel.redeliveryDelay(afterFailedAttempt: 1))
    let failures = result.rows.compactMap { row -> (Instant, String, Instant?)? in
      guard case .deliveryFailed(let name, let attempt, let retryAt) = row.event, attempt == 1 else {
        return nil
      }
      return (row.instant, name, retryAt)
    }
    // Every notification the store sent was refused once and retried one delay later.
    #expect(failures.count == reference.attempts.count)
    for (instant, _, retryAt) in failures { #expect(retryAt == instant + delay) }
    let accepted = result.attempts.filter(\.delivered)
    #expect(accepted.count == reference.attempts.count)
    #expect(Set(accepted.map(\.notification.name)) == Set(reference.attempts.map(\.notification.name)))
    #expect(result.attempts.filter { !$0.delivered }.count == failures.count)
    for attempt in accepted { #expect(attempt.attempt == 2, "\(attempt.notification.name)") }
    #expect(result.rows.last?.decision == reference.rows.last?.decision)
    #expect(result.deliveriesNotAccepted == failures.count)
  }

  /// A policy that refuses everything hears each notification once per attempt of the store's
  /// schedule, and then the store gives up.
  @Test func theStoreGivesUpOnANotificationNeverAccepted() throws {
    let result = try play(Self.stripe, RefusesEveryAttempt.self)
    var schedule = 1
    while StripeModel.redeliveryDelay(afterFailedAttempt: Int32(schedule)) != nil { schedule += 1 }
    let sent = try play(Self.stripe, ReferencePolicy.self).attempts.count
    #expect(result.deliveriesNotAccepted == sent * schedule)
    let givesUp = result.rows.filter {
      if case .deliveryFailed(_, _, nil) = $0.event { return true }
      return false
    }
    #expect(givesUp.count == sent)
  }
}

extension RefusedDeliveryTests {
  /// A server that refuses every delivery fails the run, whatever its answers: each
  /// notification is named, never accepted, and no invariant is excused by them.
  @Test func aPolicyThatRefusesEverythingFails() throws {
    let result = try play(Self.apple, RefusesEveryAttempt.self)
    #expect(!result.passed)
    let refused = result.refusedDeliveries
    #expect(!refused.isEmpty)
    #expect(refused.allSatisfy { $0.isFailure })
    #expect(refused.first?.name == "SUBSCRIBED/INITIAL_BUY")
    #expect(refused.first?.answer == "refused")
    // Never excused by the refused SUBSCRIBED: locked out from the first instant on.
    let lockouts = result.violations.filter { $0.invariant == .noLockoutInGrace }
    #expect(lockouts.first?.start == result.scenario.start)
    let text = ScenarioTextReport().render(result)
    #expect(text.contains("Deliveries refused by the policy\n  ✗ SUBSCRIBED/INITIAL_BUY (apple)"))
    #expect(text.hasSuffix("FAIL\n"))
  }

  /// A notification refused once and accepted at the store's next attempt is a note, not a
  /// failure: the run is judged on what the policy answered meanwhile, which here changes
  /// nothing (the refused notice only turns auto-renewal off).
  @Test func aDeliveryRefusedOnceThenAcceptedIsANote() throws {
    let text = """
      name: the subscriber turns auto-renewal off; the server answers 500 once
      store: apple
      product: {period: 1M, grace: 16d}
      timeline:
        - at: 10d
          do: cancel
      """
    let result = try play(text, RefusesFirstRenewalStatusChange.self)
    let refused = result.refusedDeliveries
    #expect(refused.count == 1)
    let delay = try #require(AppStoreModel.redeliveryDelay(afterFailedAttempt: 1))
    #expect(refused.first.map { !$0.isFailure && $0.acceptedAt == $0.firstRefusedAt + delay } == true)
    #expect(result.passed)
    let report = ScenarioTextReport().render(result)
    #expect(report.contains("  note: DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED (apple)"), "\(report)")
    #expect(!report.contains("✗"))
    #expect(report.hasSuffix("PASS\n"))
  }
}

/// The reference policy behind a server that answers 500 to the first attempt at the first
/// `DID_CHANGE_RENEWAL_STATUS` it is sent.
private struct RefusesFirstRenewalStatusChange: EntitlementPolicy {
  static let name = "refuses-first-renewal-status-change"
  static let summary = "tests only"
  static let decidesOnlyOnNotifications = true
  var inner: ReferencePolicy
  var refusedOnce = false
  init(context: PolicyContext) { inner = ReferencePolicy(context: context) }
  mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    if !refusedOnce, n.name.hasPrefix("DID_CHANGE_RENEWAL_STATUS") {
      refusedOnce = true
      return .notAccepted
    }
    return inner.receive(n, at: arrival)
  }
  func decision(at instant: Instant) -> Decision { inner.decision(at: instant) }
  func nextDecisionChange(after instant: Instant) -> Instant? { inner.nextDecisionChange(after: instant) }
}

/// The reference policy behind a server that answers 500 to the first attempt of each
/// notification (it has not heard it yet) and 200 to the next.
private struct RefusesEachFirstAttempt: EntitlementPolicy {
  static let name = "refuses-each-first-attempt"
  static let summary = "tests only"
  static let decidesOnlyOnNotifications = true
  var inner: ReferencePolicy
  var refused: [StoreNotification] = []
  init(context: PolicyContext) { inner = ReferencePolicy(context: context) }
  mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    if let index = refused.firstIndex(of: n.asSent) {
      refused.remove(at: index)
      return inner.receive(n, at: arrival)
    }
    refused.append(n.asSent)
    return .notAccepted
  }
  func decision(at instant: Instant) -> Decision { inner.decision(at: instant) }
  func nextDecisionChange(after instant: Instant) -> Instant? { inner.nextDecisionChange(after: instant) }
}

/// Answers every delivery with an error.
private struct RefusesEveryAttempt: EntitlementPolicy {
  static let name = "refuses-every-attempt"
  static let summary = "tests only"
  static let decidesOnlyOnNotifications = true
  init(context: PolicyContext) {}
  mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome { .notAccepted }
  func decision(at instant: Instant) -> Decision { .never }
  func nextDecisionChange(after instant: Instant) -> Instant? { nil }
}
