import Testing

@testable import SubscriptionPolicy

private let graceEnd = renewal1 + .days(7)
private let inGrace = Google.notification(
  .subscriptionInGracePeriod, state: .inGracePeriod, event: renewal1, expiry: graceEnd)
private let onHold = Google.notification(.subscriptionOnHold, state: .onHold, event: graceEnd)
private let revoked = Google.notification(
  .subscriptionRevoked, state: .expired, event: start + .days(9))

@Suite("Reference policy: Google Play notifications")
struct ReferencePolicyGooglePlayTests {
  /// Every code the Google model sends, with the resource a server fetches on receiving it.
  static let modelled: [PolicyCase] = [
    PolicyCase(
      label: "SUBSCRIPTION_PURCHASED (4), ACTIVE", history: [], notification: Google.purchased,
      expected: .active),
    PolicyCase(
      label: "SUBSCRIPTION_RENEWED (2), ACTIVE", history: [Google.purchased],
      notification: Google.notification(
        .subscriptionRenewed, state: .active, event: renewal1, expiry: renewal1 + .days(30)),
      expected: .active),
    PolicyCase(
      label: "SUBSCRIPTION_IN_GRACE_PERIOD (6), IN_GRACE_PERIOD", history: [Google.purchased],
      notification: inGrace, expected: .grace(until: graceEnd)),
    PolicyCase(
      label: "SUBSCRIPTION_ON_HOLD (5), ON_HOLD", history: [Google.purchased, inGrace],
      notification: onHold, expected: .hold),
    PolicyCase(
      label: "SUBSCRIPTION_RECOVERED (1) from grace, ACTIVE", history: [Google.purchased, inGrace],
      notification: Google.notification(
        .subscriptionRecovered, state: .active, event: renewal1 + .days(2)),
      expected: .active),
    PolicyCase(
      label: "SUBSCRIPTION_RECOVERED (1) from hold, ACTIVE",
      history: [Google.purchased, inGrace, onHold],
      notification: Google.notification(
        .subscriptionRecovered, state: .active, event: graceEnd + .days(10)),
      expected: .active),
    PolicyCase(
      label: "SUBSCRIPTION_CANCELED (3), CANCELED: paid through", history: [Google.purchased],
      notification: Google.notification(
        .subscriptionCanceled, state: .canceled, event: start + .days(10), autoRenew: false),
      expected: .active),
    PolicyCase(
      label: "SUBSCRIPTION_RESTARTED (7), ACTIVE",
      history: [
        Google.purchased,
        Google.notification(
          .subscriptionCanceled, state: .canceled, event: start + .days(10), autoRenew: false),
      ],
      notification: Google.notification(
        .subscriptionRestarted, state: .active, event: start + .days(11)),
      expected: .active),
    PolicyCase(
      label: "SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED (11), ACTIVE", history: [Google.purchased],
      notification: Google.notification(
        .subscriptionPauseScheduleChanged, state: .active, event: start + .days(5)),
      expected: .active),
    PolicyCase(
      label: "SUBSCRIPTION_PAUSED (10), PAUSED", history: [Google.purchased],
      notification: Google.notification(.subscriptionPaused, state: .paused, event: renewal1),
      expected: .paused),
    PolicyCase(
      label: "SUBSCRIPTION_RECOVERED (1) after a pause, ACTIVE",
      history: [
        Google.purchased,
        Google.notification(.subscriptionPaused, state: .paused, event: renewal1),
      ],
      notification: Google.notification(
        .subscriptionRecovered, state: .active, event: renewal1 + .days(30)),
      expected: .active),
    PolicyCase(
      label: "SUBSCRIPTION_REVOKED (12), EXPIRED", history: [Google.purchased],
      notification: revoked, expected: .revoked),
    PolicyCase(
      label: "SUBSCRIPTION_EXPIRED (13) after a cancel, EXPIRED", history: [Google.purchased],
      notification: Google.notification(
        .subscriptionExpired, state: .expired, event: renewal1, autoRenew: false),
      expected: .expired),
    PolicyCase(
      label: "SUBSCRIPTION_EXPIRED (13) after hold, EXPIRED",
      history: [Google.purchased, inGrace, onHold],
      notification: Google.notification(
        .subscriptionExpired, state: .expired, event: renewal1 + .days(60)),
      expected: .expired),
    PolicyCase(
      label: "SUBSCRIPTION_EXPIRED (13) after REVOKED stays revoked",
      history: [Google.purchased, revoked],
      notification: Google.notification(
        .subscriptionExpired, state: .expired, event: start + .days(9) + .seconds(1)),
      expected: .revoked),
    PolicyCase(
      label: "SUBSCRIPTION_PURCHASED (4) after REVOKED, new purchase",
      history: [Google.purchased, revoked],
      notification: Google.notification(
        .subscriptionPurchased, state: .active, event: renewal1,
        token: PurchaseToken(number: 900_000_002)),
      expected: .active),
  ]

  @Test(arguments: modelled)
  func modelledNotification(_ c: PolicyCase) {
    #expect(decision(after: c.history + [c.notification]) == c.expected)
  }

  /// The fetched resource decides, whatever the code says: it is what the subscription is.
  @Test("subscriptionState decides over the code")
  func resourceDecidesOverCode() {
    // A late fetch shows the subscriber recovered although the RTDN announced the hold.
    let holdButRecovered = Google.notification(
      .subscriptionOnHold, state: .active, event: graceEnd)
    #expect(decision(after: [Google.purchased, inGrace, holdButRecovered]) == .active)
    // … and then turned auto-renew off: canceled, still paid through.
    let holdButCanceled = Google.notification(
      .subscriptionOnHold, state: .canceled, event: graceEnd, autoRenew: false)
    #expect(decision(after: [Google.purchased, inGrace, holdButCanceled]) == .active)
    // Price-change and deferral codes carry no state of their own; the resource does.
    let deferred = Google.notification(
      .subscriptionDeferred, state: .inGracePeriod, event: renewal1, expiry: graceEnd)
    #expect(decision(after: [Google.purchased, deferred]) == .grace(until: graceEnd))
  }

  /// A bare RTDN (no fetched resource): the code decides.
  static let bare: [PolicyCase] = [
    PolicyCase(
      label: "PURCHASED (4)", history: [],
      notification: Google.notification(.subscriptionPurchased, state: nil, event: start),
      expected: .active),
    PolicyCase(
      label: "RENEWED (2)", history: [Google.purchased],
      notification: Google.notification(.subscriptionRenewed, state: nil, event: renewal1),
      expected: .active),
    PolicyCase(
      label: "IN_GRACE_PERIOD (6): grace, end unknown", history: [Google.purchased],
      notification: Google.notification(.subscriptionInGracePeriod, state: nil, event: renewal1),
      expected: .grace(until: nil)),
    PolicyCase(
      label: "ON_HOLD (5)", history: [Google.purchased, inGrace],
      notification: Google.notification(.subscriptionOnHold, state: nil, event: graceEnd),
      expected: .hold),
    PolicyCase(
      label: "RECOVERED (1)", history: [Google.purchased, inGrace, onHold],
      notification: Google.notification(
        .subscriptionRecovered, state: nil, event: graceEnd + .days(1)),
      expected: .active),
    PolicyCase(
      label: "CANCELED (3): paid through", history: [Google.purchased],
      notification: Google.notification(.subscriptionCanceled, state: nil, event: start + .days(3)),
      expected: .active),
    PolicyCase(
      label: "RESTARTED (7)", history: [Google.purchased],
      notification: Google.notification(
        .subscriptionRestarted, state: nil, event: start + .days(4)),
      expected: .active),
    PolicyCase(
      label: "PAUSE_SCHEDULE_CHANGED (11) changes nothing", history: [Google.purchased, inGrace],
      notification: Google.notification(
        .subscriptionPauseScheduleChanged, state: nil, event: renewal1 + .days(1)),
      expected: .grace(until: graceEnd)),
    PolicyCase(
      label: "PAUSED (10)", history: [Google.purchased],
      notification: Google.notification(.subscriptionPaused, state: nil, event: renewal1),
      expected: .paused),
    PolicyCase(
      label: "REVOKED (12)", history: [Google.purchased],
      notification: Google.notification(.subscriptionRevoked, state: nil, event: start + .days(2)),
      expected: .revoked),
    PolicyCase(
      label: "EXPIRED (13)", history: [Google.purchased],
      notification: Google.notification(.subscriptionExpired, state: nil, event: renewal1),
      expected: .expired),
    PolicyCase(
      label: "EXPIRED (13) after REVOKED stays revoked", history: [Google.purchased, revoked],
      notification: Google.notification(.subscriptionExpired, state: nil, event: renewal1),
      expected: .revoked),
  ]

  @Test(arguments: bare)
  func bareNotification(_ c: PolicyCase) {
    #expect(decision(after: c.history + [c.notification]) == c.expected)
  }

  @Test("a resource state that says nothing falls back on the code")
  func uninformativeStateFallsBackOnCode() {
    let pending = Google.notification(.subscriptionOnHold, state: .pending, event: graceEnd)
    #expect(decision(after: [Google.purchased, inGrace, pending]) == .hold)
    let future = Google.notification(
      .subscriptionPriceChangeUpdated, state: "SUBSCRIPTION_STATE_TELEPORTED", event: graceEnd)
    #expect(decision(after: [Google.purchased, inGrace, future]) == .grace(until: graceEnd))
  }

  /// Codes Google has not documented change nothing, even with a resource that says expired.
  @Test(arguments: [Int32(0), 14, 16, 21, 23, 99])
  func undocumentedCodesChangeNothing(_ code: Int32) {
    let n = Google.notification(
      GooglePlayNotificationType(rawValue: code), state: .expired, event: renewal1 + .days(3))
    #expect(decision(after: [Google.purchased, n]) == .active)
    let bare = Google.notification(
      GooglePlayNotificationType(rawValue: code), state: nil, event: renewal1 + .days(3))
    #expect(decision(after: [Google.purchased, inGrace, bare]) == .grace(until: graceEnd))
  }
}
