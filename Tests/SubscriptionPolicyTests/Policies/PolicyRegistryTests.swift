import SimSub
import Testing

@testable import SubscriptionPolicy

/// Replays notifications through whichever policy it is given; reports the type it saw.
private struct Replay: PolicyVisitor {
  var notifications: [StoreNotification]
  func visit<Policy: EntitlementPolicy>(_ type: Policy.Type) -> (String, Decision) {
    (String(describing: Policy.self), decision(after: notifications, type))
  }
}

/// An app's own policy, not built in.
private struct AlwaysOpen: EntitlementPolicy {
  static let name = "always-open"
  static let summary = "Grants everything"
  init() {}
  mutating func receive(_ notification: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
    .accepted
  }
  func decision(at instant: Instant) -> Decision { Decision(state: .active, access: true) }
  static let decidesOnlyOnNotifications = false
  init(context: PolicyContext) { self.init() }
  func nextDecisionChange(after instant: Instant) -> Instant? { nil }
}

@Suite("Policy registry")
struct PolicyRegistryTests {
  @Test func listsEveryBuiltInPolicyInOrder() {
    #expect(
      PolicyRegistry.names == [
        "reference", "active-only", "unknown-is-active", "arrival-order", "past-due-is-free",
        "billing-error-is-end", "latest-source-wins", "refund-is-final",
        "extension-ignored", "incomplete-is-active", "price-increase-is-end", "refund-request-is-refund",
        "deleted-is-the-only-end", "expired-token-is-end",
      ])
    #expect(
      PolicyRegistry.all.map { String(describing: $0.type) } == [
        "ReferencePolicy", "ActiveOnlyPolicy", "UnknownIsActivePolicy", "ArrivalOrderPolicy",
        "PastDueIsFreePolicy", "BillingErrorIsEndPolicy", "LatestSourceWinsPolicy",
        "RefundIsFinalPolicy", "ExtensionIgnoredPolicy", "IncompleteIsActivePolicy",
        "PriceIncreaseIsEndPolicy", "RefundRequestIsRefundPolicy", "DeletedIsTheOnlyEndPolicy",
        "ExpiredTokenIsEndPolicy",
      ])
  }

  @Test func namesAreKebabCaseAndSummariesOneShortLine() {
    for entry in PolicyRegistry.all {
      #expect(entry.name.allSatisfy { $0.isLowercase || $0 == "-" }, "\(entry.name)")
      #expect(!entry.summary.isEmpty && !entry.summary.contains("\n"), "\(entry.name)")
      // `  <name padded to 19>  <summary>` fits 80 columns.
      #expect(entry.summary.count <= 80 - 23, "\(entry.name): \(entry.summary.count)")
    }
    #expect(PolicyRegistry.all.filter { !$0.summary.hasPrefix("Known bad:") }.map(\.name) == ["reference"])
  }

  @Test func lookupIsExactAndCaseSensitive() {
    #expect(
      PolicyRegistry.entry(named: "arrival-order").map { String(describing: $0.type) } == "ArrivalOrderPolicy"
    )
    #expect(PolicyRegistry.entry(named: "Reference") == nil)
    #expect(PolicyRegistry.entry(named: "reference ") == nil)
    #expect(PolicyRegistry.entry(named: "") == nil)
  }

  @Test(arguments: [
    ("refrence", "reference"), ("refrnce", "reference"), ("Reference", "reference"),
    ("referenec", "reference"),
    ("active_only", "active-only"), ("activeonly", "active-only"), ("arival-order", "arrival-order"),
    ("unknown-is-activ", "unknown-is-active"), ("unknown", "unknown-is-active"), ("arrival", "arrival-order"),
    ("past-due-is-fre", "past-due-is-free"), ("past-due", "past-due-is-free"),
    ("billing-error", "billing-error-is-end"), ("billing_error_is_end", "billing-error-is-end"),
  ])
  func suggestsTheNearestName(_ typed: String, _ expected: String) {
    #expect(PolicyRegistry.nearestName(to: typed) == expected)
  }

  @Test(arguments: ["", "x", "strict", "stripe-past-due", "a"])
  func suggestsNothingFar(_ typed: String) {
    #expect(PolicyRegistry.nearestName(to: typed) == nil)
  }

  @Test func unknownNameErrorMessages() {
    #expect(
      UnknownPolicyError(name: "refrence").description
        == "unknown policy 'refrence' — did you mean 'reference'?")
    #expect(
      UnknownPolicyError(name: "strict").description
        == "unknown policy 'strict' — the built-in policies are reference, active-only, unknown-is-active, arrival-order, past-due-is-free, billing-error-is-end, latest-source-wins, refund-is-final, extension-ignored, incomplete-is-active, price-increase-is-end, refund-request-is-refund, deleted-is-the-only-end, expired-token-is-end"
    )
  }

  @Test("withPolicy runs the visitor with the named policy's concrete type")
  func visitsTheNamedPolicy() throws {
    let grace = Apple.notification(
      .didFailToRenew, .gracePeriod, status: .billingGracePeriod, signed: renewal1,
      gracePeriodExpiresDate: renewal1 + .days(16))
    let replay = Replay(notifications: [Apple.subscribed, grace])
    let (type, reference) = try PolicyRegistry.withPolicy(named: "reference", replay)
    #expect(type == "ReferencePolicy")
    #expect(reference.access)
    let (badType, activeOnly) = try PolicyRegistry.withPolicy(named: "active-only", replay)
    #expect(badType == "ActiveOnlyPolicy")
    #expect(!activeOnly.access)
  }

  @Test func withPolicyThrowsForAnUnknownName() {
    #expect(throws: UnknownPolicyError(name: "refrence")) {
      try PolicyRegistry.withPolicy(named: "refrence", Replay(notifications: []))
    }
    do {
      _ = try PolicyRegistry.withPolicy(named: "nope", Replay(notifications: []))
      Issue.record("expected an error")
    } catch {
      #expect(error.name == "nope")
      #expect(error.suggestion == nil)
    }
  }

  @Test("open takes an app's own policy type as well")
  func opensAnyPolicyType() {
    let type: any EntitlementPolicy.Type = AlwaysOpen.self
    let (name, d) = PolicyRegistry.open(type, with: Replay(notifications: []))
    #expect(name == "AlwaysOpen")
    #expect(d.access)
  }
}
