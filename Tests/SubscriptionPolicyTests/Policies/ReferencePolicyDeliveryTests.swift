import SimSub
import Testing

@testable import SubscriptionPolicy

private let renewal2 = renewal1 + .days(28)
private let graceEnd = renewal2 + .days(16)

/// An App Store life: renewal, a failed renewal into grace, auto-renew turned off in grace,
/// grace over, recovery, refund. No two notifications share a second.
private let appleLife: [StoreNotification] = [
  Apple.subscribed,
  Apple.notification(.didRenew, status: .active, signed: renewal1),
  Apple.notification(
    .didFailToRenew, .gracePeriod, status: .billingGracePeriod, signed: renewal2,
    gracePeriodExpiresDate: graceEnd),
  Apple.notification(
    .didChangeRenewalStatus, .autoRenewDisabled, status: .billingGracePeriod,
    signed: renewal2 + .days(1), gracePeriodExpiresDate: graceEnd, autoRenew: false),
  Apple.notification(.gracePeriodExpired, status: .billingRetry, signed: graceEnd),
  Apple.notification(
    .didRenew, .billingRecovery, status: .active, signed: graceEnd + .days(4), autoRenew: false),
  Apple.notification(.refund, status: .revoked, signed: graceEnd + .days(9)),
]

/// A Google Play life as bare RTDNs (no fetched resource), so the order is all there is.
private let googleLife: [StoreNotification] = [
  Google.notification(.subscriptionPurchased, state: nil, event: start),
  Google.notification(.subscriptionRenewed, state: nil, event: renewal1),
  Google.notification(.subscriptionInGracePeriod, state: nil, event: renewal2),
  Google.notification(.subscriptionOnHold, state: nil, event: renewal2 + .days(7)),
  Google.notification(.subscriptionRecovered, state: nil, event: renewal2 + .days(12)),
  Google.notification(.subscriptionCanceled, state: nil, event: renewal2 + .days(15)),
  Google.notification(.subscriptionExpired, state: nil, event: renewal2 + .days(42)),
]

/// A deterministic shuffle (a 64-bit LCG), so a failing permutation can be replayed.
private func shuffled<T>(_ items: [T], seed: UInt64) -> [T] {
  var items = items
  var state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
  for i in stride(from: items.count - 1, to: 0, by: -1) {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    items.swapAt(i, Int((state >> 33) % UInt64(i + 1)))
  }
  return items
}

@Suite("Reference policy: duplicates, order, unknown types, time")
struct ReferencePolicyDeliveryTests {
  @Test(
    "the same notification twice gives the same answer, at every step", arguments: [appleLife, googleLife])
  func duplicatesChangeNothing(_ life: [StoreNotification]) {
    for end in 1...life.count {
      let once = Array(life.prefix(end))
      let twice = once.flatMap { [$0, $0] }
      #expect(decision(after: twice) == decision(after: once), "after \(once.last!.name)")
    }
  }

  @Test(
    "a duplicate delivered after newer notifications changes nothing", arguments: [appleLife, googleLife])
  func lateDuplicateChangesNothing(_ life: [StoreNotification]) {
    for (i, n) in life.enumerated() {
      #expect(decision(after: life + [n]) == decision(after: life), "\(i): \(n.name)")
    }
  }

  @Test("two notifications signed in the same second are both applied")
  func sameSecondBothApplied() {
    let autoRenewOff = Apple.notification(
      .didChangeRenewalStatus, .autoRenewDisabled, status: .active, signed: renewal1,
      autoRenew: false)
    let failed = Apple.notification(
      .didFailToRenew, .gracePeriod, status: .billingGracePeriod, signed: renewal1,
      gracePeriodExpiresDate: renewal1 + .days(16))
    #expect(autoRenewOff.sentDate == failed.sentDate)
    #expect(decision(after: [Apple.subscribed, autoRenewOff, failed]) == .grace(until: renewal1 + .days(16)))
    // A repeat of the first, after the second, does not bring the first's state back.
    #expect(
      decision(after: [Apple.subscribed, autoRenewOff, failed, autoRenewOff])
        == .grace(until: renewal1 + .days(16)))
    #expect(
      decision(after: [Apple.subscribed, autoRenewOff, failed, autoRenewOff, failed, autoRenewOff])
        == .grace(until: renewal1 + .days(16)))
  }

  @Test("an older notification arriving after a newer one does not override it")
  func olderAfterNewerIsIgnored() {
    let failed = Apple.notification(.didFailToRenew, status: .billingRetry, signed: renewal1)
    let recovered = Apple.notification(
      .didRenew, .billingRecovery, status: .active, signed: renewal1 + .days(3))
    #expect(decision(after: [Apple.subscribed, recovered, failed]) == .active)

    let renewed = Apple.notification(.didRenew, status: .active, signed: renewal1)
    let refund = Apple.notification(.refund, status: .revoked, signed: renewal1 + .days(2))
    #expect(decision(after: [Apple.subscribed, refund, renewed]) == .revoked)

    let onHold = Google.notification(.subscriptionOnHold, state: nil, event: renewal1)
    let gRecovered = Google.notification(
      .subscriptionRecovered, state: nil, event: renewal1 + .days(3))
    #expect(decision(after: [Google.purchased, gRecovered, onHold]) == .active)
  }

  @Test("any delivery order ends on the in-order answer", arguments: [appleLife, googleLife])
  func everyOrderEndsTheSame(_ life: [StoreNotification]) {
    let inOrder = decision(after: life)
    #expect(decision(after: life.reversed()) == inOrder)
    for seed in UInt64(1)...200 {
      let order = shuffled(life, seed: seed)
      #expect(decision(after: order) == inOrder, "seed \(seed): \(order.map(\.name))")
    }
  }

  @Test("an unknown type keeps the answer, and does not hide an older known notification")
  func unknownTypeIsSkipped() {
    let unknown = Apple.notification("SUBSCRIPTION_TELEPORTED", status: .expired, signed: renewal1 + .days(5))
    let failed = Apple.notification(
      .didFailToRenew, .gracePeriod, status: .billingGracePeriod, signed: renewal1,
      gracePeriodExpiresDate: renewal1 + .days(16))
    #expect(decision(after: [Apple.subscribed, unknown]) == .active)
    #expect(decision(after: [Apple.subscribed, failed, unknown]) == .grace(until: renewal1 + .days(16)))
    #expect(decision(after: [Apple.subscribed, unknown, failed]) == .grace(until: renewal1 + .days(16)))

    let gUnknown = Google.notification(
      GooglePlayNotificationType(rawValue: 42), state: .expired, event: renewal1 + .days(5))
    #expect(decision(after: [Google.purchased, gUnknown]) == .active)
    #expect(decision(after: [gUnknown]) == .never)
  }

  @Test("access never ends on the policy's own clock")
  func noOwnClock() {
    #expect(ReferencePolicy.decidesOnlyOnNotifications)
    let failed = Apple.notification(
      .didFailToRenew, .gracePeriod, status: .billingGracePeriod, signed: renewal1,
      gracePeriodExpiresDate: renewal1 + .days(16))
    let (policy, _) = deliver([Apple.subscribed, failed])
    for later in [renewal1 + .days(16), renewal1 + .days(17), renewal1 + .days(400)] {
      #expect(policy.decision(at: later) == .grace(until: renewal1 + .days(16)))
    }
    let (canceled, _) = deliver([
      Apple.subscribed,
      Apple.notification(
        .didChangeRenewalStatus, .autoRenewDisabled, status: .active, signed: start + .days(3),
        autoRenew: false, expires: renewal1),
    ])
    #expect(canceled.decision(at: renewal1 + .days(30)) == .active)
  }

  @Test("a fresh policy answers never")
  func freshPolicy() {
    for entry in PolicyRegistry.all {
      #expect(freshDecision(entry.type) == .never, "\(entry.name)")
    }
  }
}

private func freshDecision<P: EntitlementPolicy>(_: P.Type) -> Decision {
  P(context: .default).decision(at: start)
}
