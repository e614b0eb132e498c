import SimSub
import Testing

@testable import SubscriptionPolicy

private let graceEnd = renewal1 + .days(16)
private let appleGrace = Apple.notification(
  .didFailToRenew, .gracePeriod, status: .billingGracePeriod, signed: renewal1,
  gracePeriodExpiresDate: graceEnd)
private let googleGrace = Google.notification(
  .subscriptionInGracePeriod, state: .inGracePeriod, event: renewal1, expiry: renewal1 + .days(7))

@Suite("Known-bad policies give exactly their wrong answer")
struct KnownBadPolicyTests {
  // MARK: active-only

  @Test("active-only locks out a grace subscriber, with the soft prompt still up")
  func activeOnlyLocksOutGrace() {
    for history in [[Apple.subscribed, appleGrace], [Google.purchased, googleGrace]] {
      let reference = decision(after: history)
      let wrong = decision(after: history, ActiveOnlyPolicy.self)
      #expect(reference.access)
      #expect(!wrong.access)
      #expect(wrong.state == .grace)
      #expect(wrong.prompt == .soft)
      #expect(wrong.gracePeriodExpiresDate == reference.gracePeriodExpiresDate)
    }
  }

  @Test("active-only agrees with the reference policy outside grace")
  func activeOnlyElsewhereLikeReference() {
    let apple: [StoreNotification] = [
      Apple.subscribed,
      Apple.notification(
        .didChangeRenewalStatus, .autoRenewDisabled, status: .active, signed: start + .days(2)),
      Apple.notification(.didFailToRenew, status: .billingRetry, signed: renewal1),
      Apple.notification(.didRenew, .billingRecovery, status: .active, signed: renewal1 + .days(3)),
      Apple.notification(.refund, status: .revoked, signed: renewal1 + .days(4)),
    ]
    let google: [StoreNotification] = [
      Google.purchased,
      Google.notification(.subscriptionCanceled, state: .canceled, event: start + .days(2)),
      Google.notification(.subscriptionPaused, state: .paused, event: renewal1),
      Google.notification(.subscriptionExpired, state: .expired, event: renewal1 + .days(90)),
    ]
    for life in [apple, google] {
      for end in 1...life.count {
        let prefix = Array(life.prefix(end))
        #expect(
          decision(after: prefix, ActiveOnlyPolicy.self) == decision(after: prefix),
          "after \(prefix.last!.name)")
      }
    }
  }

  // MARK: unknown-is-active

  /// Each wrong answer of the published mapping: access where the reference denies it.
  static let freeAccess: [PolicyCase] = [
    PolicyCase(
      label: "Apple GRACE_PERIOD_EXPIRED", history: [Apple.subscribed, appleGrace],
      notification: Apple.notification(.gracePeriodExpired, status: .billingRetry, signed: graceEnd),
      expected: .hold),
    PolicyCase(
      label: "Apple REFUND", history: [Apple.subscribed],
      notification: Apple.notification(.refund, status: .revoked, signed: start + .days(5)),
      expected: .revoked),
    PolicyCase(
      label: "Apple REVOKE", history: [Apple.subscribed],
      notification: Apple.notification(.revoke, status: .revoked, signed: start + .days(5)),
      expected: .revoked),
    PolicyCase(
      label: "Google SUBSCRIPTION_PAUSED (10)", history: [Google.purchased],
      notification: Google.notification(.subscriptionPaused, state: .paused, event: renewal1),
      expected: .paused),
    PolicyCase(
      label: "Google SUBSCRIPTION_REVOKED (12)", history: [Google.purchased],
      notification: Google.notification(.subscriptionRevoked, state: .expired, event: start + .days(5)),
      expected: .revoked),
  ]

  @Test(arguments: freeAccess)
  func unknownIsActiveGivesFreeAccess(_ c: PolicyCase) {
    let notifications = c.history + [c.notification]
    #expect(decision(after: notifications) == c.expected)
    #expect(decision(after: notifications, UnknownIsActivePolicy.self) == .active)
  }

  @Test("unknown-is-active takes a paid-through Google cancel for expiry")
  func unknownIsActiveExpiresCanceled() {
    let canceled = Google.notification(
      .subscriptionCanceled, state: .canceled, event: start + .days(2), autoRenew: false)
    #expect(decision(after: [Google.purchased, canceled]) == .active)
    #expect(decision(after: [Google.purchased, canceled], UnknownIsActivePolicy.self) == .expired)
  }

  @Test("unknown-is-active maps every other type to active, even a TEST or an unknown code")
  func unknownIsActiveFailsOpen() {
    let test = Apple.notification(.test, status: nil, signed: start)
    #expect(decision(after: [test], UnknownIsActivePolicy.self) == .active)
    #expect(decision(after: [test]) == .never)
    let code42 = Google.notification(GooglePlayNotificationType(rawValue: 42), state: nil, event: start)
    #expect(decision(after: [code42], UnknownIsActivePolicy.self) == .active)
    // It reads only the type: auto-renew turned off in grace reads as active, prompt gone.
    let autoRenewOff = Apple.notification(
      .didChangeRenewalStatus, .autoRenewDisabled, status: .billingGracePeriod,
      signed: renewal1 + .days(1), gracePeriodExpiresDate: graceEnd, autoRenew: false)
    #expect(
      decision(after: [Apple.subscribed, appleGrace, autoRenewOff], UnknownIsActivePolicy.self) == .active)
  }

  /// Where the published mapping is right, it gives the reference answer.
  static let mappedRight: [[StoreNotification]] = [
    [Apple.subscribed],
    [Apple.subscribed, Apple.notification(.didRenew, status: .active, signed: renewal1)],
    [Apple.subscribed, appleGrace],
    [Apple.subscribed, Apple.notification(.didFailToRenew, status: .billingRetry, signed: renewal1)],
    [Apple.subscribed, Apple.notification(.expired, .voluntary, status: .expired, signed: renewal1)],
    [Google.purchased],
    [Google.purchased, Google.notification(.subscriptionRenewed, state: .active, event: renewal1)],
    [Google.purchased, googleGrace],
    [Google.purchased, Google.notification(.subscriptionOnHold, state: .onHold, event: renewal1)],
    [Google.purchased, Google.notification(.subscriptionRestarted, state: .active, event: renewal1)],
    [Google.purchased, Google.notification(.subscriptionExpired, state: .expired, event: renewal1)],
  ]

  @Test(arguments: mappedRight)
  func unknownIsActiveRightWhereMapped(_ notifications: [StoreNotification]) {
    #expect(decision(after: notifications, UnknownIsActivePolicy.self) == decision(after: notifications))
  }

  // MARK: arrival-order

  @Test("arrival-order puts a recovered subscriber back on hold when the failure arrives late")
  func arrivalOrderRegressesToHold() {
    let failed = Apple.notification(.didFailToRenew, status: .billingRetry, signed: renewal1)
    let recovered = Apple.notification(
      .didRenew, .billingRecovery, status: .active, signed: renewal1 + .days(3))
    let late = [Apple.subscribed, recovered, failed]
    #expect(decision(after: late) == .active)
    #expect(decision(after: late, ArrivalOrderPolicy.self) == .hold)
    // In order, it is right.
    #expect(decision(after: [Apple.subscribed, failed, recovered], ArrivalOrderPolicy.self) == .active)
  }

  @Test("arrival-order gives a refunded subscriber access when the renewal arrives late")
  func arrivalOrderUndoesRefund() {
    let renewed = Apple.notification(.didRenew, status: .active, signed: renewal1)
    let refund = Apple.notification(.refund, status: .revoked, signed: renewal1 + .days(2))
    let late = [Apple.subscribed, refund, renewed]
    #expect(decision(after: late) == .revoked)
    #expect(decision(after: late, ArrivalOrderPolicy.self) == .active)
  }

  @Test("arrival-order regresses on bare Google RTDNs too")
  func arrivalOrderGoogleBare() {
    let onHold = Google.notification(.subscriptionOnHold, state: nil, event: renewal1)
    let recovered = Google.notification(.subscriptionRecovered, state: nil, event: renewal1 + .days(3))
    #expect(decision(after: [Google.purchased, recovered, onHold]) == .active)
    #expect(decision(after: [Google.purchased, recovered, onHold], ArrivalOrderPolicy.self) == .hold)
  }

  @Test("a Google server that fetches the subscription on each RTDN is shielded from arrival order")
  func arrivalOrderGoogleFetched() {
    // Delivered newest first; each fetch, at arrival, shows the subscription recovered.
    let onHold = Google.notification(.subscriptionOnHold, state: .active, event: renewal1)
    let recovered = Google.notification(.subscriptionRecovered, state: .active, event: renewal1 + .days(3))
    #expect(decision(after: [Google.purchased, recovered, onHold], ArrivalOrderPolicy.self) == .active)
  }

  @Test("arrival-order still drops duplicates: order is its only mistake")
  func arrivalOrderDeduplicates() {
    let failed = Apple.notification(.didFailToRenew, status: .billingRetry, signed: renewal1)
    let recovered = Apple.notification(
      .didRenew, .billingRecovery, status: .active, signed: renewal1 + .days(3))
    let twice = [Apple.subscribed, Apple.subscribed, failed, failed, recovered, failed]
    #expect(decision(after: twice, ArrivalOrderPolicy.self) == .active)
  }

  @Test("every known-bad policy decides only on notifications")
  func knownBadNeedNoClock() {
    #expect(ActiveOnlyPolicy.decidesOnlyOnNotifications)
    #expect(UnknownIsActivePolicy.decidesOnlyOnNotifications)
    #expect(ArrivalOrderPolicy.decidesOnlyOnNotifications)
  }
}
