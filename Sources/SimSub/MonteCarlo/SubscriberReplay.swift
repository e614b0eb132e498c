/// Plays one subscriber of a population again, exactly as the run did (the same driver, the
/// same seed, index and draws), recording their story: every decline, recovery, card fix and
/// cancel, as scenario timeline entries, written by the subscriber's behaviour as it decides
/// (``SubscriberBehaviour/story``). What a counterexample is made from.
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
      let lane = plan.groups[profile.group].storeLane
      // The plan opened every lane of its groups when it was made: this one opens again.
      do {
        return try StoreLanes.open(
          lane, selling: plan.catalogs[lane.store] ?? [],
          Play<Policy>(plan: plan, profile: profile))
      } catch {
        preconditionFailure("a plan's lane no longer opens: \(error)")
      }
    }
  }

  /// Plays the subscriber through the lane's model it is handed, recording the story.
  private struct Play<Policy: EntitlementPolicy>: StoreModelVisitor {
    let plan: PopulationPlan
    let profile: SubscriberProfile
    func visit<Store: StoreModel>(_ store: Store) -> SubscriberReplay {
      var driver = SubscriberDriver<Store, Policy>(store: store, plan: plan)
      driver.engine.observer.behaviour.story = []
      let outcome = driver.play(profile)
      return SubscriberReplay(
        profile: profile, group: plan.population.cohort[profile.group],
        story: driver.engine.observer.behaviour.story ?? [],
        outcome: outcome, firstLockout: driver.engine.observer.firstLockout,
        firstFreeAccess: driver.engine.observer.firstFreeAccess)
    }
  }
}
