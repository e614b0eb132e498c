import Foundation
import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// `leaves-per-day-without-access`: on each daily check of an episode, a subscriber the policy
/// gives no access leaves for good with that chance.
@Suite struct DepartureTests {
  /// The reference policy, but access all the time: a subscriber never lacks it, so departures
  /// never happen, whatever their chance.
  struct AlwaysAccess: EntitlementPolicy {
    static let name = "always-access"
    static let summary = "test: access always"
    static let decidesOnlyOnNotifications = true
    var base = ReferencePolicy()
    mutating func receive(_ n: StoreNotification, at arrival: Instant) -> DeliveryOutcome {
      base.receive(n, at: arrival)
    }
    func decision(at instant: Instant) -> Decision {
      var d = base.decision(at: instant)
      d.access = true
      return d
    }
    init() {}
    init(context: PolicyContext) { self.init() }
    func nextDecisionChange(after instant: Instant) -> Instant? { base.nextDecisionChange(after: instant) }
  }

  static func typical(users: Int, departures: Double) throws -> Population {
    var population = try MonteCarloTestSupport.typical(users: users)
    population.behaviour.leavesPerDayWithoutAccess = departures
    return population
  }

  /// Every renewal fails, nothing recovers, and a subscriber without access gives up at the
  /// first check: each episode is given up on (in billing retry after grace, or at once
  /// without grace) and, no one cancelling, expires at the window's end as involuntary churn.
  @Test(arguments: ["0d", "16d"])
  func everyEpisodeIsGivenUpWhenNothingRecovers(grace: String) throws {
    let population = try MonteCarloTestSupport.population(
      """
      name: certain departures
      users: 300
      horizon: 40d
      cohort:
        - {store: apple, product: {period: 1M, price: 9.99, grace: \(grace)}}
      payments:
        renewal-failure: 1
        retry-success: {expired: 0, insufficient-funds: 0, declined: 0}
      behaviour:
        cancels-per-period: 0
        fixes-card-per-day: {none: 0, soft: 0, hard: 0}
        leaves-per-day-without-access: 1
      """)
    let result = try MonteCarloTestSupport.run(population, policies: ["reference"])
    let all = result.all
    let episodes = all.sum(.episodes, policy: 0)
    #expect(episodes == 300)
    #expect(all.sum(.departures, policy: 0) == episodes)
    #expect(all.sum(.involuntary, policy: 0) == episodes)
    #expect(all.sum(.leftInEpisode, policy: 0) == 0)
    #expect(all.sum(.voluntaryCancels, policy: 0) == 0)
    #expect(all.sum(.recovered, policy: 0) == 0)
  }

  /// A subscriber who gave up fixes no card, but the store's retries still collect: with every
  /// retry succeeding, every episode recovers by a retry, those given up on too.
  @Test func aSubscriberWhoGaveUpIsStillChargedByARetry() throws {
    let population = try MonteCarloTestSupport.population(
      """
      name: retries after giving up
      users: 200
      horizon: 40d
      cohort:
        - {store: apple, product: {period: 1M, price: 9.99, grace: 0d}}
      payments:
        renewal-failure: 1
        reasons: {expired: 0, insufficient-funds: 1, declined: 0}
        retry-success: {expired: 0, insufficient-funds: 1, declined: 0}
      behaviour:
        cancels-per-period: 0
        fixes-card-per-day: {none: 0, soft: 0, hard: 0}
        leaves-per-day-without-access: 1
      """)
    let all = try MonteCarloTestSupport.run(population, policies: ["reference"]).all
    #expect(all.sum(.episodes, policy: 0) > 0)
    #expect(all.sum(.departures, policy: 0) > 0)
    #expect(all.sum(.recovered, policy: 0) == all.sum(.episodes, policy: 0))
    #expect(all.sum(.recoveredByRetry30, policy: 0) == all.sum(.recovered30, policy: 0))
  }

  /// The same population without departures: every episode runs out and expires.
  @Test func withoutDeparturesTheSameEpisodesExpire() throws {
    let population = try MonteCarloTestSupport.population(
      """
      name: no departures
      users: 300
      horizon: 40d
      cohort:
        - {store: apple, product: {period: 1M, price: 9.99, grace: 16d}}
      payments:
        renewal-failure: 1
        retry-success: {expired: 0, insufficient-funds: 0, declined: 0}
      behaviour:
        cancels-per-period: 0
        fixes-card-per-day: {none: 0, soft: 0, hard: 0}
      """)
    let all = try MonteCarloTestSupport.run(population, policies: ["reference"]).all
    #expect(all.sum(.departures, policy: 0) == 0)
    #expect(all.sum(.involuntary, policy: 0) == 300)
  }

  /// A policy that always gives access loses nobody to departures, and the departure draws,
  /// made after the card-fix draws, leave every other number as it was.
  @Test func departuresNeedALackOfAccessAndMoveNoOtherDraw() throws {
    let off = try PopulationPlan(try Self.typical(users: 3000, departures: 0))
    let on = try PopulationPlan(try Self.typical(users: 3000, departures: 0.2))
    let withoutDepartures = try #require(MonteCarloRunner.run(off, policyTypes: [AlwaysAccess.self]))
    let withDepartures = try #require(MonteCarloRunner.run(on, policyTypes: [AlwaysAccess.self]))
    #expect(withDepartures.all.sum(.departures, policy: 0) == 0)
    #expect(withDepartures.all.sum(.recoveredByFix30, policy: 0) > 0)
    for counter in Counter.allCases {
      #expect(withDepartures.all.sum(counter, policy: 0) == withoutDepartures.all.sum(counter, policy: 0))
    }
    #expect(withDepartures.all.recoveries == withoutDepartures.all.recoveries)
  }

  /// The driver scans ahead for a policy that changes only on notifications and wakes at every
  /// check for one on its own clock: with departures on, both find the same departures, for a
  /// policy that denies access only after grace and one that denies it in grace too.
  @Test func scanningAheadEqualsWakingEveryDayWithDepartures() throws {
    // No departures at a lockout's start, so that every departure is one without access.
    var population = try Self.typical(users: 2000, departures: 0.05)
    population.behaviour.leavesWhenLockedOut = 0
    let plan = try PopulationPlan(population)
    let reference = try #require(MonteCarloRunner.run(plan, policyTypes: [ReferencePolicy.self]))
    let referenceDaily = try #require(
      MonteCarloRunner.run(plan, policyTypes: [ClockSampled<ReferencePolicy>.self]))
    #expect(reference.all.sum(.departures, policy: 0) > 0)
    #expect(reference == referenceDaily)
    let activeOnly = try #require(MonteCarloRunner.run(plan, policyTypes: [ActiveOnlyPolicy.self]))
    let activeOnlyDaily = try #require(
      MonteCarloRunner.run(plan, policyTypes: [ClockSampled<ActiveOnlyPolicy>.self]))
    #expect(activeOnly.all.sum(.departures, policy: 0) > reference.all.sum(.departures, policy: 0))
    #expect(activeOnly == activeOnlyDaily)
  }

  /// The point of the model: with departures, losing access early costs recovery, so the App
  /// Store's grace raises recovery instead of lowering it.
  @Test func withDeparturesGraceRaisesRecovery() throws {
    func recovery(grace days: Int64, departures: Double) throws -> Double {
      var population = try Self.typical(users: 6000, departures: departures)
      for g in population.cohort.indices where population.cohort[g].store == .apple {
        population.cohort[g].product.grace = .days(days)
        population.cohort[g].product.hold = .days(60 - days)
      }
      let result = try MonteCarloTestSupport.run(population, policies: ["reference"])
      let apple = result.apple
      return Double(apple.sum(.recovered30, policy: 0)) / Double(apple.sum(.episodes, policy: 0))
    }
    #expect(try recovery(grace: 16, departures: 0.05) > recovery(grace: 0, departures: 0.05))
    #expect(try recovery(grace: 0, departures: 0.05) < recovery(grace: 0, departures: 0))
  }

  @Test func theKeyIsReadAndChecked() throws {
    let population = try MonteCarloTestSupport.population(
      """
      name: x
      cohort:
        - {store: apple}
      behaviour:
        leaves-per-day-without-access: 0.02
      """)
    #expect(population.behaviour.leavesPerDayWithoutAccess == 0.02)
    do {
      _ = try PopulationLoader.decode(
        """
        name: x
        cohort:
          - {store: apple}
        behaviour:
          leaves-per-day-without-access: 1.5
        """, path: "bad.pop")
      Issue.record("a probability above 1 was accepted")
    } catch {
      #expect(error.rendered.contains("bad.pop:5:34: error: expected a probability between 0 and 1"))
    }
  }
}
