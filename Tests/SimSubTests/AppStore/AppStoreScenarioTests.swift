import TestSupport
import Testing

@testable import SimSub

/// The App Store model played by the scenario runner, so `renewal N` anchors resolve against
/// the record the model keeps.
@Suite("App Store: scenarios")
struct AppStoreScenarioTests {
  /// The scenario format's own example (`card-expired.scn`), checking the store's side only:
  /// the policy here is a test double, so the invariants are off.
  @Test func theCardExpiredExampleResolvesItsAnchors() throws {
    let product = appleProduct(grace: .days(16))
    let start = at("2026-01-31T09:00:00Z")
    let scenario = Scenario(
      path: "card-expired.scn", name: "Card expires at the first renewal; fixed during grace", store: .apple,
      products: [product], start: start,
      timeline: [
        TimelineEntry(at: .afterStart(.days(20)), action: .subscriber(.cardFails(.expired))),
        TimelineEntry(at: .renewal(1, offset: .days(5)), action: .subscriber(.updateCard)),
      ],
      expectations: [
        Expectation(
          at: .renewal(1, offset: .hours(1)), store: .grace, sent: ["DID_FAIL_TO_RENEW/GRACE_PERIOD"]),
        Expectation(
          at: .renewal(1, offset: .days(5) + .hours(1)), store: .active, sent: ["DID_RENEW/BILLING_RECOVERY"],
          charges: 2),
        Expectation(at: .renewal(2, offset: .hours(1)), store: .active, sent: ["DID_RENEW"], charges: 3),
      ],
      invariants: [.noLockoutInGrace: .off, .noFreeAccess: .off, .promptMatches: .off])
    let result = ScenarioRunner.run(
      scenario, store: try AppStoreModel(products: [product]), policy: CountingPolicy.self)
    #expect(result.entryErrors.isEmpty)
    let allPassed = result.expectations.allSatisfy(\.passed)
    #expect(allPassed, "\(result.expectations)")
    #expect(
      result.expectations.map(\.instant) == [
        at("2026-02-28T10:00:00Z"), at("2026-03-05T10:00:00Z"),
        // Recovered inside grace: renewal 2 keeps the anchor day, Mar 31.
        at("2026-03-31T10:00:00Z"),
      ])
  }

  @Test func aWrongExpectationFails() throws {
    let product = appleProduct(grace: .zero)
    let scenario = Scenario(
      path: "x.scn", name: "no grace", store: .apple, products: [product], start: testStart,
      timeline: [TimelineEntry(at: .afterStart(.days(1)), action: .subscriber(.cardFails(.declined)))],
      expectations: [Expectation(at: .renewal(1, offset: .hours(1)), store: .grace)],
      invariants: [.noLockoutInGrace: .off, .noFreeAccess: .off, .promptMatches: .off])
    let result = ScenarioRunner.run(
      scenario, store: try AppStoreModel(products: [product]), policy: CountingPolicy.self)
    #expect(result.expectations.first?.checks.first?.actual == "hold")
    #expect(!result.passed)
  }
}
