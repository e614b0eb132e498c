import Foundation
import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// `prompt-wears-off-per-day` (a prompt works best on its first day, then less each day) and
/// `opens-app-per-day-without-access` (a subscriber without access opens the app at their own
/// rate): the day's chance of fixing the card, and the scan ahead that finds the first fix.
@Suite struct PromptWearAndAccessTests {
  static func behaviour(wear: Double, opensWithoutAccess: Double?) -> Behaviour {
    Behaviour(
      opensAppPerDay: 0.5, opensAppPerDayWithoutAccess: opensWithoutAccess,
      fixesCardPerDay: PerPrompt(none: 0.01, soft: 0.21, hard: 0.41), promptWearsOffPerDay: wear)
  }

  static func probability(_ chance: Chance) -> Double { Double(chance.threshold) / 0x1.0p64 }

  /// Worked by hand: with access the subscriber opens the app one day in two; the soft prompt
  /// adds 0.20 to the emails' 0.01 on its first day, half as much on each day after.
  @Test func theDailyChancesAreTheFormulaDayByDay() {
    let chances = DailyFixChances(Self.behaviour(wear: 0.5, opensWithoutAccess: 0.1))
    #expect(chances.dependOnAccess)
    let withAccess: [Double] = [0.11, 0.06, 0.035, 0.0225]  // 0.5 × (0.01 + 0.2 / 2^d) + 0.5 × 0.01
    for (day, expected) in withAccess.enumerated() {
      let chance = Self.probability(chances.chance(.soft, access: true, day: day))
      #expect(abs(chance - expected) < 1e-12, "day \(day)")
    }
    // Without access: opens one day in ten; the hard prompt adds 0.40 on its first day.
    let hard = Self.probability(chances.chance(.hard, access: false, day: 0))
    let expected: Double = 0.1 * 0.41 + 0.9 * 0.01
    #expect(abs(hard - expected) < 1e-12)
    // `none` does not wear off, and after enough days every prompt is worth the emails alone.
    #expect(chances.chance(.none, access: true, day: 0) == chances.chance(.none, access: true, day: 30))
    #expect(chances.days > 30 && chances.days < DailyFixChances.mostDays)
    let late = Self.probability(chances.chance(.hard, access: true, day: 10_000))
    #expect(abs(late - 0.01) < 1e-12)
  }

  /// Without the two keys, every chance is the one a population always had.
  @Test func withoutTheKeysAChanceIsTheSameEveryDay() {
    let behaviour = Self.behaviour(wear: 0, opensWithoutAccess: nil)
    let chances = DailyFixChances(behaviour)
    #expect(chances.days == 1)
    #expect(!chances.dependOnAccess)
    for prompt in RecoveryPrompt.allCases {
      let expected = Chance(0.5 * behaviour.fixesCardPerDay[prompt] + 0.5 * 0.01)
      #expect(chances.chance(prompt, access: false, day: 9) == expected)
    }
    // The same rate written out is the same as leaving it out.
    #expect(!DailyFixChances(Self.behaviour(wear: 0, opensWithoutAccess: 0.5)).dependOnAccess)
  }

  /// A scenario-sized plan: Google Play subscribers only, with every behaviour on.
  static func plan(wear: Double = 0.4, opensWithoutAccess: Double = 0.1) throws -> PopulationPlan {
    var population = try MonteCarloTestSupport.typical(users: 2000)
    population.cohort = population.cohort.filter { $0.store == .google }
    population.cohort[0].share = 1
    population.cohort[0].payments.renewalFailure = 0.3
    population.behaviour.fixesCardPerDay = PerPrompt(none: 0.005, soft: 0.3, hard: 0.5)
    population.behaviour.promptWearsOffPerDay = wear
    population.behaviour.opensAppPerDayWithoutAccess = opensWithoutAccess
    population.behaviour.leavesPerDayWithoutAccess = 0.03
    return try PopulationPlan(population)
  }

  /// A prompt counts its days from the first check that showed it: one that changes and changes
  /// back before the next check was never interrupted, while one that gave way to another for
  /// a check starts afresh.
  @Test func aPromptKeepsItsDaysUnlessAnotherWasShownAtACheck() throws {
    let plan = try Self.plan(wear: 0.3, opensWithoutAccess: 0.5)
    func soft(_ access: Bool = true) -> Decision { Decision(state: .grace, access: access, prompt: .soft) }
    let hard = Decision(state: .grace, access: true, prompt: .hard)
    var restarted = 0
    var found = 0
    for index: UInt64 in 0..<400 {
      let profile = plan.profile(of: index)
      var steady = SubscriberBehaviour(plan: plan, decidesOnlyOnNotifications: true)
      steady.reset(profile: profile, streamFold: plan.streamFold(of: index))
      var blip = steady
      var interrupted = steady
      let failure = profile.start + .days(40)
      let windowEnd = failure + .days(60)
      let first = steady.episodeBegan(
        at: failure, reason: .declined, now: failure, windowEnd: windowEnd, decision: soft())
      _ = blip.episodeBegan(
        at: failure, reason: .declined, now: failure, windowEnd: windowEnd, decision: soft())
      _ = interrupted.episodeBegan(
        at: failure, reason: .declined, now: failure, windowEnd: windowEnd, decision: soft())
      // Only subscribers who did not fix the card in the first days tell the cases apart.
      guard let first, first.at > failure + .days(6) else { continue }
      found += 1
      // An hour of the hard prompt, then soft again before the next check.
      _ = blip.promptOrAccessChanged(hard, at: failure + .days(3) + .minutes(1))
      let afterBlip = blip.promptOrAccessChanged(soft(), at: failure + .days(3) + .minutes(2))
      #expect(afterBlip?.at == first.at, "subscriber \(index)")
      // Two days of the hard prompt (checks saw it), then soft again: soft is new.
      _ = interrupted.promptOrAccessChanged(hard, at: failure + .days(3) + .minutes(1))
      let afresh = interrupted.promptOrAccessChanged(soft(), at: failure + .days(5) + .minutes(1))
      if afresh?.at != first.at { restarted += 1 }
    }
    #expect(found > 20)
    #expect(restarted > 0)
  }

  /// The driver scans ahead for a policy that changes only on notifications and wakes at every
  /// check for one on its own clock: with a prompt that wears off and fewer app opens without
  /// access, both give every subscriber the same story.
  @Test(arguments: [0.4, 0.0])
  func scanningAheadEqualsWakingEveryDay(wear: Double) throws {
    let plan = try Self.plan(wear: wear)
    let reference = try #require(MonteCarloRunner.run(plan, policyTypes: [ReferencePolicy.self]))
    let referenceDaily = try #require(
      MonteCarloRunner.run(plan, policyTypes: [ClockSampled<ReferencePolicy>.self]))
    #expect(reference.all.sum(.recoveredByFix30, policy: 0) > 0)
    #expect(reference == referenceDaily)
    let activeOnly = try #require(MonteCarloRunner.run(plan, policyTypes: [ActiveOnlyPolicy.self]))
    let activeOnlyDaily = try #require(
      MonteCarloRunner.run(plan, policyTypes: [ClockSampled<ActiveOnlyPolicy>.self]))
    #expect(activeOnly == activeOnlyDaily)
  }

  /// Fewer app opens without access cost recovery only to a policy that takes access away: a
  /// policy that never does plays every subscriber the same.
  @Test func fewerOpensWithoutAccessCostOnlyWhereAccessIsDenied() throws {
    let same = try Self.plan(wear: 0.4, opensWithoutAccess: 0.5)
    let fewer = try Self.plan(wear: 0.4, opensWithoutAccess: 0.05)
    func run<P: EntitlementPolicy>(_ plan: PopulationPlan, _ policy: P.Type) throws -> MonteCarloResult {
      try #require(MonteCarloRunner.run(plan, policyTypes: [policy]))
    }
    let always = try run(same, DepartureTests.AlwaysAccess.self)
    let alwaysFewer = try run(fewer, DepartureTests.AlwaysAccess.self)
    #expect(always.all.sum(.recoveredByFix30, policy: 0) > 0)
    for counter in Counter.allCases {
      #expect(always.all.sum(counter, policy: 0) == alwaysFewer.all.sum(counter, policy: 0), "\(counter)")
    }
    #expect(always.all.recoveries == alwaysFewer.all.recoveries)
    let before = try run(same, ReferencePolicy.self).all.sum(.recoveredByFix30, policy: 0)
    let after = try run(fewer, ReferencePolicy.self).all.sum(.recoveredByFix30, policy: 0)
    #expect(after < before)
  }

  /// A prompt that wears off recovers fewer cards than one that does not, all else equal.
  @Test func aPromptThatWearsOffRecoversLess() throws {
    let steady = try #require(
      MonteCarloRunner.run(try Self.plan(wear: 0), policyTypes: [ReferencePolicy.self]))
    let wearing = try #require(
      MonteCarloRunner.run(try Self.plan(wear: 0.4), policyTypes: [ReferencePolicy.self]))
    #expect(wearing.all.sum(.recoveredByFix30, policy: 0) < steady.all.sum(.recoveredByFix30, policy: 0))
  }

  @Test func theKeysAreReadAndChecked() throws {
    let population = try MonteCarloTestSupport.population(
      """
      name: x
      cohort:
        - {store: apple}
      behaviour:
        opens-app-per-day-without-access: 0.1
        prompt-wears-off-per-day: 0.25
      """)
    #expect(population.behaviour.opensAppPerDayWithoutAccess == 0.1)
    #expect(population.behaviour.promptWearsOffPerDay == 0.25)
    for (key, column) in [("opens-app-per-day-without-access", 37), ("prompt-wears-off-per-day", 29)] {
      do {
        _ = try PopulationLoader.decode(
          """
          name: x
          cohort:
            - {store: apple}
          behaviour:
            \(key): 1.5
          """, path: "bad.pop")
        Issue.record("\(key): a probability above 1 was accepted")
      } catch {
        #expect(error.rendered.contains("bad.pop:5:\(column): error: expected a probability between 0 and 1"))
      }
    }
  }
}
