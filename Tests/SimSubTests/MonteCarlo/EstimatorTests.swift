import Foundation
import Testing

@testable import SimSub

/// The estimates against closed forms: when only the store's retries recover (each succeeding
/// with probability p) or only card fixes do (with probability q a day), the share recovered
/// within d days is 1 − (1 − p)^k, k the retries (or daily checks) in those d days.
@Suite struct EstimatorTests {
  /// A population in which nothing but the store's retries can recover an episode.
  static func retriesOnly(store: String, grace: String, p: Double, users: Int, seed: Int) -> String {
    """
    name: only the store's retries recover
    users: \(users)
    seed: \(seed)
    cohort:
      - {store: \(store), product: {period: 1M, grace: \(grace)}}
    payments:
      renewal-failure: 0.3
      reasons: {declined: 1}
      retry-success: {declined: \(p)}
    behaviour:
      cancels-per-period: 0
      opens-app-per-day: 0.7
      fixes-card-per-day: {none: 0, soft: 0, hard: 0}
      leaves-when-locked-out: 0
    """
  }

  static func analytic(_ p: Double, retries k: Int) -> Double {
    var miss = 1.0
    for _ in 0..<k { miss *= 1 - p }
    return 1 - miss
  }

  @Test func appleRetriesOnly() throws {
    // Apple's assumed cadence retries on days 1, 3, 5, 7, 10, 14, 21 and 28 within 30 days.
    let p = 0.2
    let population = try MonteCarloTestSupport.population(
      Self.retriesOnly(store: "apple", grace: "16d", p: p, users: 2500, seed: 3))
    let result = try MonteCarloTestSupport.run(population, policies: ["reference"])
    let tally = result.apple
    #expect(tally.sum(.episodes, policy: 0) > 4_000)
    let rate = Estimator.estimate(.recoveryRate, tally, policy: 0)
    #expect(rate.contains(Self.analytic(p, retries: 8)), "\(rate)")
    // The test can tell one retry more or less.
    #expect(!rate.contains(Self.analytic(p, retries: 7)))
    #expect(!rate.contains(Self.analytic(p, retries: 9)))
    // Nothing but retries recovered, and never on a day without a retry.
    #expect(tally.sum(.recoveredByFix30, policy: 0) == 0)
    #expect(tally.sum(.recoveredByRetry30, policy: 0) == tally.sum(.recovered30, policy: 0))
    let curve = Estimator.recoveryCurve(tally, policy: 0)
    let retryDays = [1, 3, 5, 7, 10, 14, 21, 28, 35, 42, 49, 56]
    for day in 0...60 {
      let k = retryDays.filter { $0 <= day }.count
      // The curve's 12 distinct points, checked together: Bonferroni, 1 − 0.05/12 two-sided.
      let recovered = Estimator.wilson(
        successes: curve[day].successes ?? 0, trials: curve[day].trials ?? 0, z: 2.865)
      #expect(recovered.contains(Self.analytic(p, retries: k)), "day \(day): \(recovered)")
      if day > 0, !retryDays.contains(day) {
        #expect(curve[day].successes == curve[day - 1].successes, "day \(day)")
      }
    }
  }

  @Test func googleRetriesOnly() throws {
    // Google's assumed cadence retries daily: 30 retries within 30 days.
    let p = 0.04
    let population = try MonteCarloTestSupport.population(
      Self.retriesOnly(store: "google", grace: "7d", p: p, users: 2500, seed: 4))
    let result = try MonteCarloTestSupport.run(population, policies: ["reference"])
    let rate = Estimator.estimate(.recoveryRate, result.google, policy: 0)
    #expect(result.google.sum(.episodes, policy: 0) > 4_000)
    #expect(rate.contains(Self.analytic(p, retries: 30)), "\(rate)")
    #expect(!rate.contains(Self.analytic(p, retries: 26)))
    #expect(!rate.contains(Self.analytic(p, retries: 34)))
  }

  @Test func cardFixesOnly() throws {
    // No retries succeed, nobody opens the app: a card is fixed with `none`'s chance at each of
    // the 30 daily checks within 30 days of the failure, whatever the prompt.
    let q = 0.03
    let population = try MonteCarloTestSupport.population(
      """
      name: only card fixes recover
      users: 2500
      seed: 8
      cohort:
        - {share: 0.5, store: apple, product: {period: 1M, grace: 16d}}
        - {share: 0.5, store: google, product: {period: 1M, grace: 7d}}
      payments:
        renewal-failure: 0.3
        reasons: {expired: 1}
        retry-success: {expired: 0}
      behaviour:
        cancels-per-period: 0
        opens-app-per-day: 0
        fixes-card-per-day: {none: \(q), soft: 0.9, hard: 0.9}
        leaves-when-locked-out: 0
      """)
    let result = try MonteCarloTestSupport.run(population, policies: ["reference"])
    let rate = Estimator.estimate(.recoveryRate, result.all, policy: 0)
    #expect(rate.contains(Self.analytic(q, retries: 30)), "\(rate)")
    #expect(!rate.contains(Self.analytic(q, retries: 27)))
    #expect(result.all.sum(.recoveredByRetry30, policy: 0) == 0)
  }

  @Test func thePromptMovesFixesAsTheDayChanceSays() throws {
    // Everyone opens the app every day: in grace the soft prompt's chance applies, so the share
    // fixed on the first check of a 16-day grace is the soft chance.
    let population = try MonteCarloTestSupport.population(
      """
      name: soft prompt
      users: 2000
      cohort:
        - {store: apple, product: {period: 1M, grace: 16d}}
      payments:
        renewal-failure: 0.3
        reasons: {expired: 1}
      behaviour:
        cancels-per-period: 0
        opens-app-per-day: 1
        fixes-card-per-day: {none: 0, soft: 0.1, hard: 0.5}
        leaves-when-locked-out: 0
      """)
    let result = try MonteCarloTestSupport.run(population, policies: ["reference"])
    let curve = Estimator.recoveryCurve(result.apple, policy: 0)
    #expect(curve[1].contains(0.1), "\(curve[1])")
    // Days 1–16 are in grace (soft); from day 17 the hold's hard prompt: 1 − 0.9^16 · 0.5.
    let afterGrace = 1 - pow(0.9, 16) * 0.5
    #expect(curve[17].contains(afterGrace), "\(curve[17])")
    #expect(result.apple.sum(.recoveredInHold30, policy: 0) > 0)
  }

  @Test func wilsonMatchesItsFormula() {
    let e = Estimator.wilson(successes: 40, trials: 50)
    #expect(e.value == 0.8)
    // Wilson (1927) for 40/50 at z = 1.96: 0.6696 to 0.8876.
    #expect(abs(e.low - 0.66959) < 1e-4 && abs(e.high - 0.88755) < 1e-4)
    let none = Estimator.wilson(successes: 0, trials: 20)
    #expect(none.low == 0 && abs(none.high - 0.16112) < 1e-4)
    #expect(!Estimator.wilson(successes: 0, trials: 0).isDefined)
  }
}
