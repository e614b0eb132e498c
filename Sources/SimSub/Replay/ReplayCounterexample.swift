import SubscriptionPolicy

/// A scenario that reproduces one replayed subscriber's violation, where the log allows: the
/// subscriber's notifications read as the store's states (``StoreReading``, as ``ReplayTruth``
/// reads them) and turned into what the subscriber did, in a plain scenario of one product.
///
/// | the log shows | the scenario has |
/// |---|---|
/// | the first notification | `start:` at its receipt; the product's period from the paid-through date it names |
/// | active (or never) → grace or hold | `card-fails` at the renewal that failed (the paid-through date last named) |
/// | grace or hold → active | `update-card` when it was received |
/// | → revoked | `refund` when it was received |
/// | grace's end (Apple `gracePeriodExpiresDate`, Google `expiryTime`) | the product's `grace:` |
///
/// A subscriber of several stores, or of RevenueCat, or whose log names no paid-through
/// date, allows none. The scenario is then shortened by delta debugging as a Monte Carlo
/// counterexample is (``DeltaDebugging``), and kept only when, played, it breaks the same
/// invariant under the same policy.
struct ReplayCounterexample: Sendable {
  var scenario: Scenario
  var invariant: Invariant
  /// The subscriber's ids.
  var ids: [String]
  /// When the violation began in the replay.
  var violationStart: Instant
  /// Timeline entries made from the log, before shortening.
  var storyEntries: Int
  /// The policy's name (its `policy:` line may be a policy file's path).
  var policyName: String

  /// The counterexample for `subscriber`'s `invariant`, from `at`, or nil when the log does not
  /// allow one (see the type's table) or the scenario it allows does not show the violation.
  /// `policy` is the scenario's `policy:` (a built-in name, or a policy file's path from where
  /// the file is written), `named` the policy's name, and `play` plays a scenario with it.
  static func make(
    entries: [ReplayEntry], group: ReplaySubscribers.Group, policy: String, named: String? = nil,
    invariant: Invariant, at violation: Instant, step: TimeSpan, settings: PolicySettings,
    play: (Scenario) -> ScenarioResult? = { try? ScenarioPlayer.play($0) }
  ) -> ReplayCounterexample? {
    let name = named ?? policy
    let played = group.entries.compactMap { i in entries[i].notification.map { (entries[i].received, $0) } }
    guard let first = played.first else { return nil }
    let storeNames = Set(group.entries.map { entries[$0].document.store })
    guard storeNames.count == 1, let store = StoreKind.allCases.first(where: { $0.name == storeNames.first })
    else { return nil }
    var state = EntitlementState.never
    var paidThrough: Instant?
    var period: BillingPeriod?
    var grace = TimeSpan.zero
    var timeline: [TimelineEntry] = []
    for (received, notification) in played {
      guard let reading = StoreReading(notification, after: state, settings: settings) else { continue }
      let was = state
      state = reading.state
      if period == nil, let end = reading.paidThrough, reading.state == .active {
        period = nearestPeriod(days: Double((end - received).seconds) / 86_400)
      }
      switch (was, reading.state) {
      case (.active, .grace), (.active, .hold), (.never, .grace), (.never, .hold):
        let renewal = paidThrough ?? received
        timeline.append(TimelineEntry(at: .absolute(renewal), action: .subscriber(.cardFails(.declined))))
        if let end = reading.gracePeriodExpiresDate, end > renewal {
          grace = max(grace, TimeSpan.days(((end - renewal).seconds + 43_200) / 86_400))
        }
      case (.grace, .active), (.hold, .active):
        timeline.append(TimelineEntry(at: .absolute(received), action: .subscriber(.updateCard)))
      case (_, .revoked) where was != .revoked:
        timeline.append(TimelineEntry(at: .absolute(received), action: .subscriber(.refund)))
      default:
        break
      }
      if let end = reading.paidThrough { paidThrough = end }
    }
    guard let period else { return nil }
    let start = first.0
    if store == .stripe { grace = settings.stripeGracePeriod }
    let product = Product(
      id: "replayed", period: period, grace: grace,
      // Apple retries for 60 days, grace included.
      hold: store == .apple ? .days(max(0, 60 - grace.seconds / 86_400)) : .days(30))
    let horizon = TimeSpan.days((violation - start).seconds / 86_400 + 2)
    let story = timeline.filter { if case .absolute(let t) = $0.at { t < start + horizon } else { false } }
    var base = Scenario(
      path: "<counterexample>", name: "", store: store, products: [product], start: start, horizon: horizon,
      step: step, policy: policy, timeline: story)
    base.name = "\(name) breaks \(invariant.rawValue) for a replayed subscriber"
    func reproduces(_ timeline: [TimelineEntry]) -> Bool {
      var s = base
      s.timeline = timeline
      guard let result = play(s) else { return false }
      return result.entryErrors.isEmpty && result.violations.contains { $0.invariant == invariant }
    }
    guard reproduces(story) else { return nil }
    var scenario = base
    scenario.timeline = DeltaDebugging.minimize(story, keeping: reproduces)
    return ReplayCounterexample(
      scenario: scenario, invariant: invariant, ids: group.ids, violationStart: violation,
      storyEntries: story.count, policyName: name)
  }

  /// The billing period closest to `days`.
  static func nearestPeriod(days: Double) -> BillingPeriod {
    BillingPeriod.allCases.min { abs(Double($0.nominalDays) - days) < abs(Double($1.nominalDays) - days) }!
  }

  /// `replay-active-only-no-lockout-in-grace-3f2a…c1.scn`: the subscriber by their group key's
  /// hash (``ReplayShard/hash(_:)``), so no id reaches a file name.
  var fileName: String {
    let hash = String(ReplayShard.hash(ids.first ?? ""), radix: 16)
    return
      "replay-\(policyName)-\(invariant.rawValue)-\(String(repeating: "0", count: 16 - hash.count))\(hash).scn"
  }

  /// The scenario as a `.scn` file, with a comment saying where it came from.
  func text(logs: [String]) -> String {
    let what =
      invariant == .noLockoutInGrace
      ? "The policy denied this subscriber access while the store still entitled them"
      : "The policy granted this subscriber access while the store did not entitle them"
    let lines = [
      "# A counterexample found by `simsub replay \(logs.joined(separator: " "))`, policy \(policyName):",
      "# the subscriber \(ids.prefix(2).joined(separator: ", ")).",
      "# \(what) (\(invariant.rawValue)),",
      "# from \(RFC3339.format(violationStart)). Made from the log's notifications and shortened by delta",
      "# debugging from \(Counterexample.entries(storyEntries)) to the \(Counterexample.entries(scenario.timeline.count)) that still \(Plural.choose(scenario.timeline.count, one: "reproduces", other: "reproduce")) it: `simsub run` on this file fails.",
    ]
    return (lines + Counterexample.body(scenario)).joined(separator: "\n") + "\n"
  }
}
