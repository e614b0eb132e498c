/// Plays one subscriber of a population again, exactly as the run did (same seed, same index,
/// same draws), recording their story: every decline, recovery, card fix and cancel, as
/// scenario timeline entries. What a counterexample is made from.
public struct SubscriberReplay: Sendable {
  public var profile: SubscriberProfile
  public var group: CohortGroup
  /// What happened, in order.
  var story: [StoryEntry]
  /// The subscriber's counters, as the run tallied them.
  public var outcome: SubscriberOutcome
  /// When the first wrongful lockout and the first free access began, if they did.
  public var firstLockout: Instant?
  public var firstFreeAccess: Instant?

  /// Replays subscriber `index` of `plan` under the built-in policy `policy`.
  public static func replay(_ plan: PopulationPlan, policy: String, subscriber index: UInt64)
    throws(UnknownPolicyError)
    -> SubscriberReplay
  {
    guard let entry = PolicyRegistry.entry(named: policy) else { throw UnknownPolicyError(name: policy) }
    return BuiltInPolicyDispatch.open(entry.type, with: Visit(plan: plan, index: index))
  }

  private struct Visit: PolicyVisitor {
    let plan: PopulationPlan
    let index: UInt64
    func visit<Policy: EntitlementPolicy>(_ type: Policy.Type) -> SubscriberReplay {
      let profile = plan.profile(of: index)
      switch plan.groups[profile.group].lane {
      case .apple:
        var driver = SubscriberDriver<AppStoreModel, Policy>(store: plan.apple, plan: plan)
        return play(&driver, profile)
      case .google:
        var driver = SubscriberDriver<GooglePlayModel, Policy>(store: plan.google, plan: plan)
        return play(&driver, profile)
      case .stripe:
        var driver = SubscriberDriver<StripeModel, Policy>(store: plan.stripe, plan: plan)
        return play(&driver, profile)
      case .appleRevenueCat(let order):
        var driver = SubscriberDriver<RevenueCatChannel<AppStoreModel>, Policy>(
          store: plan.appleRevenueCat[Int(order.rawValue)], plan: plan)
        return play(&driver, profile)
      case .googleRevenueCat(let order):
        var driver = SubscriberDriver<RevenueCatChannel<GooglePlayModel>, Policy>(
          store: plan.googleRevenueCat[Int(order.rawValue)], plan: plan)
        return play(&driver, profile)
      }
    }

    func play<S: StoreModel, P: EntitlementPolicy>(
      _ driver: inout SubscriberDriver<S, P>, _ profile: SubscriberProfile
    ) -> SubscriberReplay {
      driver.story = []
      let outcome = driver.play(profile)
      return SubscriberReplay(
        profile: profile, group: plan.population.cohort[profile.group], story: driver.story ?? [],
        outcome: outcome, firstLockout: driver.engine.observer.firstLockout,
        firstFreeAccess: driver.engine.observer.firstFreeAccess)
    }
  }
}
