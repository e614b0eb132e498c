import Foundation

/// A scenario that reproduces a violation one Monte Carlo subscriber met, shortened to the
/// fewest timeline entries that still reproduce it.
///
/// The subscriber's story (``SubscriberReplay``) becomes a plain scenario: the store, the
/// product and the policy of the run, the subscriber's start as `start`, and one timeline entry
/// per thing that happened, at its absolute instant — `card-fails` (with the reason drawn) at
/// each declined renewal, `update-card` where a store retry or a card fix recovered it,
/// `cancel` where the subscriber cancelled. A scenario's card fails from `card-fails` until
/// `update-card`, so every charge in between fails, as the run's did. The horizon ends a day
/// after the violation began.
///
/// Delta debugging (Zeller's ddmin) then drops entries while the violation persists, so the
/// file keeps only what causes it; typically the one `card-fails` that opened grace.
/// Every invariant stays at `error`, so `simsub run` on the file fails.
public struct Counterexample: Sendable {
  public var scenario: Scenario
  public var invariant: Invariant
  public var subscriber: UInt64
  /// When the violation began in the run.
  public var violationStart: Instant
  /// Timeline entries in the whole story, before shortening.
  public var storyEntries: Int

  /// Builds and shortens the counterexample for `subscriber`'s `invariant`, or `nil` when the
  /// replayed subscriber did not violate it (which would be a bug) or the scenario does not
  /// reproduce it.
  public static func make(
    plan: PopulationPlan, policy: String, invariant: Invariant, subscriber: UInt64
  ) throws(UnknownPolicyError) -> Counterexample? {
    let replay = try SubscriberReplay.replay(plan, policy: policy, subscriber: subscriber)
    let violation: Instant?
    switch invariant {
    case .noLockoutInGrace: violation = replay.firstLockout
    case .noFreeAccess: violation = replay.firstFreeAccess
    case .promptMatches: violation = nil
    }
    guard let violation else { return nil }
    let start = replay.profile.start
    let days = (violation - start).seconds / 86_400 + 2
    let horizon = TimeSpan.days(days)
    let end = start + horizon
    // A subscriber who leaves when locked out cancels at the lockout's instant, after the store
    // acted; a scenario plays its entries before the store at an instant, so such a cancel would
    // come first and prevent the renewal that failed. Nothing from the violation on causes it.
    let story = replay.story.filter { $0.at < end && !($0.at >= violation && $0.action == .cancel) }
    let entries = story.map { entry in
      TimelineEntry(at: .absolute(entry.at), action: .subscriber(entry.action))
    }
    let base = Scenario(
      path: "<counterexample>", name: "", store: replay.group.store,
      products: [product(replay.group.product)],
      start: start, horizon: horizon, step: plan.population.step, policy: policy,
      channel: replay.group.channel, timeline: entries)
    func reproduces(_ timeline: [TimelineEntry]) -> Bool {
      var s = base
      s.timeline = timeline
      guard let result = try? ScenarioPlayer.play(s) else { return false }
      return result.entryErrors.isEmpty && result.violations.contains { $0.invariant == invariant }
    }
    guard reproduces(entries) else { return nil }
    var scenario = base
    scenario.timeline = DeltaDebugging.minimize(entries, keeping: reproduces)
    scenario.name =
      "\(policy) breaks \(invariant.rawValue) for subscriber \(subscriber) of \(plan.population.name)"
    return Counterexample(
      scenario: scenario, invariant: invariant, subscriber: subscriber, violationStart: violation,
      storyEntries: entries.count)
  }

  /// The product with a fixed id, so the scenario names it the same whatever the cohort.
  static func product(_ p: Product) -> Product {
    var product = p
    product.group = "default"
    return product
  }

  // MARK: The file

  /// `typical-active-only-no-lockout-in-grace-seed1-subscriber42.scn`.
  public static func fileName(
    population: String, policy: String, invariant: Invariant, seed: UInt64, subscriber: UInt64
  )
    -> String
  {
    let base = ((population as NSString).lastPathComponent as NSString).deletingPathExtension
    let safe = String(base.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
    return
      "\(safe.isEmpty ? "population" : safe)-\(policy)-\(invariant.rawValue)-seed\(seed)-subscriber\(subscriber).scn"
  }

  /// The scenario as a `.scn` file, with a comment saying where it came from.
  public func text(population: Population) -> String {
    let s = scenario
    var lines: [String] = []
    let what =
      invariant == .noLockoutInGrace
      ? "The policy denied this subscriber access while the store still entitled them"
      : "The policy granted this subscriber access while the store did not entitle them"
    lines.append(
      "# A counterexample found by `simsub montecarlo`: subscriber \(subscriber) (counted from 0) of")
    lines.append("# \(population.path), seed \(population.seed), policy \(s.policy).")
    lines.append("# \(what) (\(invariant.rawValue)),")
    lines.append(
      "# from \(RFC3339.format(violationStart)). Shortened by delta debugging from the subscriber's story")
    lines.append(
      "# (\(Self.entries(storyEntries))) to the \(Self.entries(s.timeline.count)) that still \(Plural.choose(s.timeline.count, one: "reproduces", other: "reproduce")) it: `simsub run` on this file fails."
    )
    return (lines + Self.body(s)).joined(separator: "\n") + "\n"
  }

  /// A plain scenario of one product and absolute timeline entries as `.scn` lines, from
  /// `name:` on: what every counterexample file holds below its comment (`simsub montecarlo`'s
  /// and `simsub replay`'s).
  static func body(_ s: Scenario) -> [String] {
    let p = s.products[0]
    var lines: [String] = []
    lines.append("name: \(Self.quoted(s.name))")
    lines.append("store: \(s.store.name)")
    var product =
      "{id: \(Self.quoted(p.id.text)), period: \(p.period.code), price: \(Self.price(p.priceMilliunits)), grace: \(p.grace), hold: \(p.hold)"
    if let trial = p.trial { product += ", trial: \(trial)" }
    if p.whenRetriesEnd != .cancel { product += ", when-retries-end: \(p.whenRetriesEnd.name)" }
    if p.graceRenewals != .all { product += ", grace-renewals: \(p.graceRenewals.name)" }
    lines.append("product: \(product)}")
    lines.append("start: \(RFC3339.format(s.start))")
    if let horizon = s.horizon { lines.append("horizon: \(horizon)") }
    lines.append("step: \(s.step)")
    lines.append("policy: \(s.policy)")
    if case .revenueCat(let order) = s.channel {
      lines.append(
        order == .billingIssueFirst
          ? "channel: revenuecat" : "channel: {name: revenuecat, billing-issue-order: \(order.name)}")
    }
    lines.append("")
    if s.timeline.isEmpty {
      lines.append("timeline: []")
    } else {
      lines.append("timeline:")
      for entry in s.timeline {
        guard case .absolute(let at) = entry.at, case .subscriber(let action) = entry.action else { continue }
        lines.append("  - at: \(RFC3339.format(at))")
        switch action {
        case .cardFails(let reason):
          lines.append("    do: card-fails")
          lines.append("    reason: \(reason.name)")
        case .cardFailsHard(let code):
          lines.append("    do: card-fails")
          lines.append("    reason: \(code.name)")
        case .updateCard: lines.append("    do: update-card")
        case .cancel: lines.append("    do: cancel")
        case .uncancel: lines.append("    do: uncancel")
        case .refund: lines.append("    do: refund")
        default:
          lines.append(
            "    do: note\n    text: \(Self.quoted(Describe.action(action, products: s.products)))")
        }
      }
    }
    return lines
  }

  /// `1 timeline entry`, `3 timeline entries`.
  static func entries(_ n: Int) -> String { Plural.count(n, "timeline entry", plural: "timeline entries") }

  /// A double-quoted YAML scalar.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for c in text {
      switch c {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      default: out.append(c)
      }
    }
    return out + "\""
  }

  /// `9.99`, `9.995`: the price with as many decimals as it needs (two at least).
  static func price(_ milliunits: Int64) -> String {
    let whole = milliunits / 1000
    let fraction = milliunits % 1000
    if fraction % 10 == 0 {
      let cents = String(fraction / 10)
      return "\(whole).\(String(repeating: "0", count: 2 - cents.count))\(cents)"
    }
    let text = String(fraction)
    return "\(whole).\(String(repeating: "0", count: 3 - text.count))\(text)"
  }
}

/// Zeller and Hildebrandt's ddmin: the smallest subsequence (1-minimal: dropping any one more
/// element loses the property) that still has a property the whole sequence has.
enum DeltaDebugging {
  static func minimize<T>(_ items: [T], keeping test: ([T]) -> Bool) -> [T] {
    if test([]) { return [] }
    var current = items
    var granularity = 2
    while current.count >= 2 {
      let chunks = split(current, into: granularity)
      var reduced = false
      for chunk in chunks where test(chunk) {
        current = chunk
        granularity = 2
        reduced = true
        break
      }
      if !reduced {
        for i in chunks.indices {
          let complement = chunks.enumerated().filter { $0.offset != i }.flatMap(\.element)
          if test(complement) {
            current = complement
            granularity = max(granularity - 1, 2)
            reduced = true
            break
          }
        }
      }
      if !reduced {
        if granularity >= current.count { break }
        granularity = min(current.count, granularity * 2)
      }
    }
    return current
  }

  /// `items` cut into `n` runs of nearly equal length, in order.
  static func split<T>(_ items: [T], into n: Int) -> [[T]] {
    var chunks: [[T]] = []
    var start = 0
    for k in 0..<n {
      let end = items.count * (k + 1) / n
      if end > start { chunks.append(Array(items[start..<end])) }
      start = end
    }
    return chunks
  }
}
