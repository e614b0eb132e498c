import Testing

@testable import SubscriptionPolicy

/// One notification delivered after a history, and the decision the policy must give.
struct PolicyCase: Sendable, CustomTestStringConvertible {
  var label: String
  var history: [StoreNotification]
  var notification: StoreNotification
  var expected: Decision

  var testDescription: String { label }
}

private let graceEnd = renewal1 + .days(16)
private let inGrace = Apple.notification(
  .didFailToRenew, .gracePeriod, status: .billingGracePeriod, signed: renewal1,
  gracePeriodExpiresDate: graceEnd)
private let onHold = Apple.notification(
  .gracePeriodExpired, status: .billingRetry, signed: graceEnd)
private let expired = Apple.notification(
  .expired, .voluntary, status: .expired, signed: renewal1, autoRenew: false)
private let refunded = Apple.notification(.refund, status: .revoked, signed: start + .days(12))

@Suite("Reference policy: App Store notifications")
struct ReferencePolicyAppStoreTests {
  /// Every row of STORE-MODELS.md's Apple table, as the model sends it (with `data.status`).
  static let modelled: [PolicyCase] = [
    PolicyCase(
      label: "SUBSCRIBED/INITIAL_BUY", history: [], notification: Apple.subscribed,
      expected: .active),
    PolicyCase(
      label: "SUBSCRIBED/RESUBSCRIBE after expiry", history: [Apple.subscribed, expired],
      notification: Apple.notification(
        .subscribed, .resubscribe, status: .active, signed: renewal1 + .days(3)),
      expected: .active),
    PolicyCase(
      label: "DID_RENEW", history: [Apple.subscribed],
      notification: Apple.notification(.didRenew, status: .active, signed: renewal1),
      expected: .active),
    PolicyCase(
      label: "DID_FAIL_TO_RENEW/GRACE_PERIOD", history: [Apple.subscribed],
      notification: inGrace, expected: .grace(until: graceEnd)),
    PolicyCase(
      label: "DID_FAIL_TO_RENEW without subtype", history: [Apple.subscribed],
      notification: Apple.notification(.didFailToRenew, status: .billingRetry, signed: renewal1),
      expected: .hold),
    PolicyCase(
      label: "GRACE_PERIOD_EXPIRED", history: [Apple.subscribed, inGrace], notification: onHold,
      expected: .hold),
    PolicyCase(
      label: "DID_RENEW/BILLING_RECOVERY in grace", history: [Apple.subscribed, inGrace],
      notification: Apple.notification(
        .didRenew, .billingRecovery, status: .active, signed: renewal1 + .days(5)),
      expected: .active),
    PolicyCase(
      label: "DID_RENEW/BILLING_RECOVERY in billing retry",
      history: [Apple.subscribed, inGrace, onHold],
      notification: Apple.notification(
        .didRenew, .billingRecovery, status: .active, signed: graceEnd + .days(3)),
      expected: .active),
    PolicyCase(
      label: "EXPIRED/BILLING_RETRY", history: [Apple.subscribed, inGrace, onHold],
      notification: Apple.notification(
        .expired, .billingRetry, status: .expired, signed: renewal1 + .days(60)),
      expected: .expired),
    PolicyCase(
      label: "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", history: [Apple.subscribed],
      notification: Apple.notification(
        .didChangeRenewalStatus, .autoRenewDisabled, status: .active, signed: start + .days(10),
        autoRenew: false),
      expected: .active),
    PolicyCase(
      label: "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED", history: [Apple.subscribed],
      notification: Apple.notification(
        .didChangeRenewalStatus, .autoRenewEnabled, status: .active, signed: start + .days(10)),
      expected: .active),
    PolicyCase(
      label: "EXPIRED/VOLUNTARY", history: [Apple.subscribed], notification: expired,
      expected: .expired),
    PolicyCase(
      label: "REFUND", history: [Apple.subscribed], notification: refunded, expected: .revoked),
    PolicyCase(
      label: "REVOKE", history: [Apple.subscribed],
      notification: Apple.notification(.revoke, status: .revoked, signed: start + .days(12)),
      expected: .revoked),
    PolicyCase(
      label: "DID_CHANGE_RENEWAL_PREF/UPGRADE", history: [Apple.subscribed],
      notification: Apple.notification(
        .didChangeRenewalPref, .upgrade, status: .active, signed: start + .days(4)),
      expected: .active),
    PolicyCase(
      label: "DID_CHANGE_RENEWAL_PREF/DOWNGRADE", history: [Apple.subscribed],
      notification: Apple.notification(
        .didChangeRenewalPref, .downgrade, status: .active, signed: start + .days(4)),
      expected: .active),
    PolicyCase(
      label: "REFUND_REVERSED", history: [Apple.subscribed, refunded],
      notification: Apple.notification(.refundReversed, status: .active, signed: start + .days(20)),
      expected: .active),
    PolicyCase(
      label: "OFFER_REDEEMED during billing retry", history: [Apple.subscribed, inGrace, onHold],
      notification: Apple.notification(
        .offerRedeemed, status: .billingRetry, signed: graceEnd + .days(1)),
      expected: .hold),
  ]

  @Test(arguments: modelled)
  func modelledNotification(_ c: PolicyCase) {
    #expect(decision(after: c.history + [c.notification]) == c.expected)
  }

  /// Without `data.status`, the type and subtype decide where they fix the state alone.
  static let withoutStatus: [PolicyCase] = [
    PolicyCase(
      label: "SUBSCRIBED", history: [],
      notification: Apple.notification(.subscribed, .initialBuy, status: nil, signed: start),
      expected: .active),
    PolicyCase(
      label: "DID_RENEW", history: [Apple.subscribed],
      notification: Apple.notification(.didRenew, status: nil, signed: renewal1),
      expected: .active),
    PolicyCase(
      label: "DID_FAIL_TO_RENEW/GRACE_PERIOD", history: [Apple.subscribed],
      notification: Apple.notification(
        .didFailToRenew, .gracePeriod, status: nil, signed: renewal1,
        gracePeriodExpiresDate: graceEnd),
      expected: .grace(until: graceEnd)),
    PolicyCase(
      label: "DID_FAIL_TO_RENEW", history: [Apple.subscribed],
      notification: Apple.notification(.didFailToRenew, status: nil, signed: renewal1),
      expected: .hold),
    PolicyCase(
      label: "GRACE_PERIOD_EXPIRED", history: [Apple.subscribed, inGrace],
      notification: Apple.notification(.gracePeriodExpired, status: nil, signed: graceEnd),
      expected: .hold),
    PolicyCase(
      label: "DID_RENEW/BILLING_RECOVERY", history: [Apple.subscribed, inGrace, onHold],
      notification: Apple.notification(
        .didRenew, .billingRecovery, status: nil, signed: graceEnd + .days(2)),
      expected: .active),
    PolicyCase(
      label: "EXPIRED", history: [Apple.subscribed],
      notification: Apple.notification(.expired, .voluntary, status: nil, signed: renewal1),
      expected: .expired),
    PolicyCase(
      label: "REFUND", history: [Apple.subscribed],
      notification: Apple.notification(.refund, status: nil, signed: start + .days(3)),
      expected: .revoked),
    PolicyCase(
      label: "REVOKE", history: [Apple.subscribed],
      notification: Apple.notification(.revoke, status: nil, signed: start + .days(3)),
      expected: .revoked),
    PolicyCase(
      label: "DID_CHANGE_RENEWAL_STATUS in grace keeps grace", history: [Apple.subscribed, inGrace],
      notification: Apple.notification(
        .didChangeRenewalStatus, .autoRenewDisabled, status: nil, signed: renewal1 + .days(1),
        autoRenew: false),
      expected: .grace(until: graceEnd)),
    PolicyCase(
      label: "DID_CHANGE_RENEWAL_PREF before any purchase stays never", history: [],
      notification: Apple.notification(
        .didChangeRenewalPref, .downgrade, status: nil, signed: start),
      expected: .never),
  ]

  @Test(arguments: withoutStatus)
  func typeDecidesWithoutStatus(_ c: PolicyCase) {
    #expect(decision(after: c.history + [c.notification]) == c.expected)
  }

  @Test("data.status decides over the type: auto-renew turned off in grace stays grace")
  func statusDecidesOverType() {
    let autoRenewOff = Apple.notification(
      .didChangeRenewalStatus, .autoRenewDisabled, status: .billingGracePeriod,
      signed: renewal1 + .days(2), gracePeriodExpiresDate: graceEnd, autoRenew: false)
    #expect(decision(after: [Apple.subscribed, inGrace, autoRenewOff]) == .grace(until: graceEnd))
  }

  @Test("data.status decides over a type that fixes a state: a refund of an earlier period")
  func statusDecidesOverFixedType() {
    // Apple refunded an earlier renewal; the subscription itself stays active (status 1).
    let renewed = Apple.notification(.didRenew, status: .active, signed: renewal1)
    let earlierRefunded = Apple.notification(
      .refund, status: .active, signed: renewal1 + .days(3))
    #expect(decision(after: [Apple.subscribed, renewed, earlierRefunded]) == .active)
    // A grace subtype Apple sent with status 3 (billing retry, no grace): the status holds.
    let failed = Apple.notification(
      .didFailToRenew, .gracePeriod, status: .billingRetry, signed: renewal1)
    #expect(decision(after: [Apple.subscribed, failed]) == .hold)
  }

  @Test("a status Apple has not documented leaves the decision to the type")
  func undocumentedStatus() {
    let status9 = AppStoreSubscriptionStatus(rawValue: 9)
    let renewed = Apple.notification(.didRenew, status: status9, signed: renewal1)
    #expect(decision(after: [Apple.subscribed, inGrace, renewed]) == .active)
    let pref = Apple.notification(
      .didChangeRenewalPref, .upgrade, status: status9, signed: renewal1 + .days(1))
    #expect(decision(after: [Apple.subscribed, inGrace, pref]) == .grace(until: graceEnd))
  }

  @Test("grace reports the gracePeriodExpiresDate of the notification that put it there")
  func gracePeriodExpiresDateIsReported() {
    let d = decision(after: [Apple.subscribed, inGrace])
    #expect(d.gracePeriodExpiresDate == graceEnd)
    #expect(decision(after: [Apple.subscribed, inGrace, onHold]).gracePeriodExpiresDate == nil)
    // Renewal info may still name grace's end once grace is over; outside grace it is not reported.
    let onHoldWithDate = Apple.notification(
      .gracePeriodExpired, status: .billingRetry, signed: graceEnd, gracePeriodExpiresDate: graceEnd)
    #expect(decision(after: [Apple.subscribed, inGrace, onHoldWithDate]) == .hold)
  }

  /// Types that say nothing about one subscription's state, and a type Apple may add later:
  /// whatever status they carry, the answer stays.
  @Test(
    arguments: [
      AppStoreNotificationType.test, .consumptionRequest, .renewalExtension,
      .externalPurchaseToken, .oneTimeCharge, "SUBSCRIPTION_TELEPORTED",
    ])
  func typesWithoutStateChangeNothing(_ type: AppStoreNotificationType) {
    for history in [[Apple.subscribed], [Apple.subscribed, inGrace], [Apple.subscribed, expired]] {
      let before = decision(after: history)
      for status in [AppStoreSubscriptionStatus.active, .expired, .revoked, nil] {
        let n = Apple.notification(type, status: status, signed: renewal1 + .days(40))
        #expect(decision(after: history + [n]) == before, "\(type) status \(String(describing: status))")
      }
    }
  }
}
