/// Which subscribers a sweep need not play again: a subscriber's story depends only on the
/// seed, their index and the settings of their population that reach them, so where a point's
/// settings reach a subscriber exactly as the first point's do, the story at that point *is*
/// the first point's, outcome for outcome, and the sweep uses it instead of playing it again.
///
/// A swept key reaches one store (`apple.grace`) or everyone (`cancels-per-period`); the check
/// is made on the decoded populations, not on the key, so it holds for any setting: a point
/// reuses the first point's stories for a store when
/// - the subscribers are drawn alike (the cohort's shares, stores and periods, the start, the
///   horizon and the seed: the same profile for every index), and
/// - everything else the population says is the same, apart from the cohort groups of other
///   stores, and the policy is told the same settings.
///
/// So an App Store grace sweep plays its Google and Stripe subscribers once.
struct SweepReuse: Sendable {
  /// `sameProfiles[v]`: point `v` draws every subscriber's profile as the first point does.
  let sameProfiles: [Bool]
  /// `sameStories[v][s]`: at point `v` the subscribers of tally `s` (apple, google, stripe)
  /// play exactly as at the first point.
  let sameStories: [[Bool]]

  init(_ plans: [PopulationPlan]) {
    let base = plans[0]
    let sameProfiles = plans.map { plan in
      plan.groupCuts == base.groupCuts
        && plan.groups.map(\.startSpreadMinutes) == base.groups.map(\.startSpreadMinutes)
        && plan.population.start == base.population.start
        && plan.population.horizon == base.population.horizon
        && plan.population.seed == base.population.seed
    }
    self.sameProfiles = sameProfiles
    sameStories = plans.indices.map { v in
      var same = Array(repeating: false, count: StoreKind.allCases.count)
      for store in StoreKind.allCases {
        same[MonteCarloRunner.tallyIndex(store)] =
          v > 0 && sameProfiles[v] && plans[v].policySettings == base.policySettings
          && Self.reaching(store, plans[v].population) == Self.reaching(store, base.population)
      }
      return same
    }
  }

  /// The population as it reaches a subscriber of `store`: without the other stores' groups.
  static func reaching(_ store: StoreKind, _ population: Population) -> Population {
    var reached = population
    reached.cohort = population.cohort.filter { $0.store == store }
    return reached
  }
}
