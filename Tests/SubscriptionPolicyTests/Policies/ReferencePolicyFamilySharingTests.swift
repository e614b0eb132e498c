import SimSub
import Testing

@testable import SubscriptionPolicy

/// Apple Family Sharing: a family member's copies of the purchaser's notifications
/// (`inAppOwnershipType` `FAMILY_SHARED`), and `REVOKE`.
@Suite("Reference policy: Apple Family Sharing")
struct ReferencePolicyFamilySharingTests {
  static let graceEnd = renewal1 + .days(16)

  /// The notification as a family member receives it, or as the purchaser does.
  static func apple(
    _ type: AppStoreNotificationType, _ subtype: AppStoreNotificationSubtype? = nil,
    status: AppStoreSubscriptionStatus?, signed: Instant, gracePeriodExpiresDate: Instant? = nil,
    shared: Bool = true
  ) -> StoreNotification {
    Apple.notification(
      type, subtype, status: status, signed: signed, gracePeriodExpiresDate: gracePeriodExpiresDate,
      ownership: shared ? .familyShared : .purchased)
  }

  static func subscribed(shared: Bool = true) -> StoreNotification {
    apple(.subscribed, .initialBuy, status: .active, signed: start, shared: shared)
  }
  static func inGrace(shared: Bool = true) -> StoreNotification {
    apple(
      .didFailToRenew, .gracePeriod, status: .billingGracePeriod, signed: renewal1,
      gracePeriodExpiresDate: graceEnd, shared: shared)
  }
  static func graceExpired(shared: Bool = true) -> StoreNotification {
    apple(.gracePeriodExpired, status: .billingRetry, signed: graceEnd, shared: shared)
  }
  static func revoke(signed: Instant, status: AppStoreSubscriptionStatus? = .revoked) -> StoreNotification {
    apple(.revoke, status: status, signed: signed)
  }

  @Test("a family member in grace keeps access and is not asked to fix the card")
  func graceWithoutPrompt() {
    let member = decision(after: [Self.subscribed(), Self.inGrace()])
    #expect(
      member == Decision(state: .grace, access: true, prompt: .none, gracePeriodExpiresDate: Self.graceEnd))
    // The purchaser, with the same notifications as their own: the soft prompt.
    let purchaser = decision(after: [Self.subscribed(shared: false), Self.inGrace(shared: false)])
    #expect(purchaser == .grace(until: Self.graceEnd))
  }

  @Test("a family member in billing retry has no access and no prompt")
  func holdWithoutPrompt() {
    let noAccess = Decision(state: .hold, access: false, prompt: .none)
    #expect(decision(after: [Self.subscribed(), Self.inGrace(), Self.graceExpired()]) == noAccess)
    let withoutGrace = Self.apple(.didFailToRenew, status: .billingRetry, signed: renewal1)
    #expect(decision(after: [Self.subscribed(), withoutGrace]) == noAccess)
    #expect(
      decision(after: [
        Self.subscribed(shared: false), Self.inGrace(shared: false), Self.graceExpired(shared: false),
      ])
        == .hold)
  }

  @Test("a family member's recovery gives access back, with no prompt before or after")
  func recovery() {
    let recovered = Self.apple(.didRenew, .billingRecovery, status: .active, signed: Self.graceEnd + .days(2))
    #expect(decision(after: [Self.subscribed(), Self.inGrace(), Self.graceExpired(), recovered]) == .active)
  }

  @Test(
    "REVOKE ends a family member's access from every state",
    arguments: [
      [subscribed()], [subscribed(), inGrace()], [subscribed(), inGrace(), graceExpired()],
    ])
  func revokeEndsAccess(history: [StoreNotification]) {
    let at = Self.graceEnd + .days(1)
    #expect(decision(after: history + [Self.revoke(signed: at)]) == .revoked)
    // Without a status, the type alone says revoked.
    #expect(decision(after: history + [Self.revoke(signed: at, status: nil)]) == .revoked)
  }

  @Test("the purchaser's refund reaches the member as REVOKE; a new purchase brings the member back")
  func revokeThenResubscribe() {
    let revoked = Self.revoke(signed: start + .days(5))
    let again = Self.apple(.subscribed, .resubscribe, status: .active, signed: start + .days(8))
    #expect(decision(after: [Self.subscribed(), revoked, again]) == .active)
  }

  @Test("active-only and arrival-order keep the reference's no-prompt rule for a family member")
  func knownBadPoliciesShareTheRule() {
    let history = [Self.subscribed(), Self.inGrace()]
    let activeOnly = decision(after: history, ActiveOnlyPolicy.self)
    #expect(activeOnly.prompt == .none)
    #expect(!activeOnly.access)
    #expect(decision(after: history, ArrivalOrderPolicy.self).prompt == .none)
  }

  @Test("unknown-is-active stays as published: REVOKE is active, and a family member in grace is nagged")
  func unknownIsActiveAsPublished() {
    let revoked = decision(
      after: [Self.subscribed(), Self.revoke(signed: start + .days(5))], UnknownIsActivePolicy.self)
    #expect(revoked == .active)
    let grace = decision(after: [Self.subscribed(), Self.inGrace()], UnknownIsActivePolicy.self)
    #expect(grace.prompt == .soft)
  }
}
