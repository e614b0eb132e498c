import SubscriptionPolicy

extension PolicyTable {
  /// The table of a policy file's policy, through `connection`: the same rows as a built-in
  /// policy's (``PolicyTable/build(_:)``), but a policy in another process keeps its state by
  /// subscriber and cannot be copied, so every row is a subscriber of its own who hears the
  /// row's prefix and then its notification. The store APIs answer with the resource each
  /// delivery carried (Google's `subscriptionsv2`), since no simulated store holds these
  /// subscribers. `nil` once the policy failed (``ExternalPolicyConnection/failure``).
  package static func build(through connection: ExternalPolicyConnection) -> PolicyTable? {
    var rows: [Row] = []
    for source in PolicyTableStories.Source.allCases {
      let material = PolicyTableStories.material(for: source)
      let scope = ExternalPolicyScope(
        connection: connection, scenario: story(of: source), settings: WireSettings(), subscriptions: [],
        servesDeliveredResources: true)
      // Subscriber 1 is a purchaser and N + 1 family member N (``ExternalPolicyScope``): the
      // family member's rows start at 2.
      var next: UInt64 = source == .appleFamilyMember ? 2 : 1
      PolicyUnderTestSlot.binding.with(scope) {
        for (prior, prefix) in material.prefixes {
          let last = prefix.last?.1 ?? Scenario.defaultStart
          let at = last + .hours(1)
          for n in material.notifications {
            var policy = ExternalPolicy<PolicyUnderTestSlot>(
              context: PolicyContext(subscriber: SubscriberIdentity(number: next)))
            next += 1
            for (delivered, arrival) in prefix { policy.receive(delivered, at: arrival) }
            let before = policy.decision(at: at)
            policy.receive(PolicyTableStories.restamped(n, at: at), at: at)
            rows.append(
              Row(
                store: source.name, prior: prior, before: before, notification: PolicyTableStories.label(n),
                after: policy.decision(at: at)))
          }
        }
      }
      if connection.failure != nil { return nil }
    }
    return PolicyTable(policy: connection.file.name, rows: rows)
  }

  /// The scenario whose identity a source's rows carry on the wire: its store, products and
  /// channel, named after the table's section.
  static func story(of source: PolicyTableStories.Source) -> Scenario {
    let store: StoreKind
    let channel: ScenarioChannel
    switch source {
    case .apple, .appleFamilyMember: (store, channel) = (.apple, .direct)
    case .google: (store, channel) = (.google, .direct)
    case .stripe: (store, channel) = (.stripe, .direct)
    case .revenueCatApple: (store, channel) = (.apple, .revenueCat(.billingIssueFirst))
    case .revenueCatGoogle: (store, channel) = (.google, .revenueCat(.billingIssueFirst))
    }
    return Scenario(
      path: "policy-table/\(source.name)", name: "policy table: \(source.name)", store: store,
      products: PolicyTableStories.products(for: store), start: Scenario.defaultStart, channel: channel,
      familyMembers: source == .appleFamilyMember ? 1 : 0, timeline: [])
  }
}
