/// What one run of a population could have counted, checked on a result read back from JSON
/// before `simsub merge` adds it to others: each subscriber adds the same relations to every
/// tally (an episode ends at most once, a recovery within 30 days is in grace or in hold, by a
/// retry or by a fixed card, a product of counters is at least as large as its sums allow), so
/// the sums keep them, and a part that breaks one was not written by a run.
///
/// Every problem is at the field a reader would look at, as a path into the part's JSON.
enum MonteCarloPartCheck {
  static func problems(_ result: MonteCarloResult) -> [JSONDecodingError] {
    var found: [JSONDecodingError] = []
    let setup = result.setup
    let slice = (result.shard ?? .whole).subscribers(of: setup.users)
    let holds = UInt64(slice.count)
    let whose = result.shard.map { "shard \($0) of \(setup.users) subscribers holds" } ?? "the run has"
    let tallies = JSONPath([.key("tallies")])
    let sold = Set(
      (setup.parameters["cohort"]?.arrayValue ?? []).compactMap { $0["store"]?.stringValue }
    )
    let stores: [(StoreKind, StoreTally?)] = [
      (.apple, result.apple), (.google, result.google), (.stripe, result.stripe),
    ]
    // Every subscriber of the slice is counted once, under each policy, in the store it buys on.
    for p in setup.policies.indices {
      var total: UInt64 = 0
      // Only the stores sold on: a tally of another is refused below for itself.
      for (store, tally) in stores where sold.contains(store.name) {
        total &+= UInt64(truncatingIfNeeded: max(0, tally?.sum(.subscribers, policy: p) ?? 0))
      }
      if total != holds {
        found.append(
          .init(
            path: tallies,
            message:
              "the stores' subscribers add up to \(total) under \(setup.policies[p]), but \(whose) \(holds)"))
      }
    }
    for (store, tally) in stores {
      let at = tallies.appending(.key(store.name))
      guard let tally else {
        if sold.contains(store.name) {
          found.append(
            .init(
              path: tallies,
              message: "the population sells on \(store.name), but there is no '\(store.name)' tally"))
        }
        continue
      }
      if !sold.contains(store.name), tally != StoreTally(policies: tally.policies) {
        found.append(
          .init(
            path: at,
            message: store == .stripe
              ? "the population sells nothing on stripe: a run writes no stripe tally"
              : "the population sells nothing on \(store.name), yet the tally counts subscribers or events"))
        continue
      }
      found += problems(tally, at: at)
    }
    // The first violations: inside the slice, and there exactly when the tallies count one.
    for (p, first) in result.firstViolations.enumerated() {
      let at = tallies.appending(.key("first-violations")).appending(.index(p))
      for (invariant, subscriber, counter) in [
        (Invariant.noLockoutInGrace, first.lockout, Counter.lockouts),
        (.noFreeAccess, first.freeAccess, .freeAccessSpans),
      ] {
        let path = at.appending(.key(invariant.rawValue))
        let counted = stores.contains { ($0.1?.sum(counter, policy: p) ?? 0) > 0 }
        if let subscriber, !slice.contains(subscriber) {
          found.append(
            .init(
              path: path,
              message:
                "subscriber \(subscriber) is not among the \(holds) subscribers \(slice.lowerBound)–\(slice.upperBound == 0 ? 0 : slice.upperBound - 1) the part played"
            ))
        } else if (subscriber != nil) != counted {
          found.append(
            .init(
              path: path,
              message: subscriber == nil
                ? "the tallies count \(counter.key) under \(setup.policies[p]), but no first subscriber is recorded"
                : "a first subscriber is recorded, but the tallies count no \(counter.key) under \(setup.policies[p])"
            ))
        }
      }
    }
    return found
  }

  /// The relations every subscriber's counters keep, on one store's tally.
  static func problems(_ tally: StoreTally, at store: JSONPath) -> [JSONDecodingError] {
    var found: [JSONDecodingError] = []
    let plan = ProductPlan.shared
    for p in 0..<tally.policies {
      let at = store.appending(.key("policies")).appending(.index(p))
      func sum(_ c: Counter) -> Int64 { tally.sum(c, policy: p) }
      func path(_ c: Counter) -> JSONPath { at.appending(.key("counters")).appending(.key(c.key)) }
      func fail(_ c: Counter, _ message: String) { found.append(.init(path: path(c), message: message)) }
      var negative = false
      for c in Counter.allCases where sum(c) < 0 {
        fail(c, "expected a count of 0 or more, found \(sum(c))")
        negative = true
      }
      for (i, pair) in plan.single.enumerated() where tally.products[p * plan.single.count + i].isNegative {
        found.append(
          .init(
            path: at.appending(.key("products")).appending(.key(pair.key)),
            message: "expected a sum of products of counts, 0 or more"))
        negative = true
      }
      for d in 0..<RecoveryCurve.buckets where tally.recoveries[p * RecoveryCurve.buckets + d] < 0 {
        found.append(
          .init(
            path: at.appending(.key("recoveries")).appending(.index(d)),
            message: "expected a count of 0 or more"))
        negative = true
      }
      // The relations below add counts, which could wrap if a count were negative.
      guard !negative else { continue }
      func equal(_ total: Counter, _ a: Counter, _ b: Counter, _ why: String) {
        let (s, overflow) = sum(a).addingReportingOverflow(sum(b))
        if overflow || s != sum(total) {
          fail(total, "\(sum(total)) is not \(a.key) + \(b.key) (\(sum(a)) + \(sum(b))): \(why)")
        }
      }
      func atMost(_ a: Counter, _ b: Counter, _ why: String) {
        if sum(a) > sum(b) { fail(a, "\(sum(a)) is more than \(b.key) (\(sum(b))): \(why)") }
      }
      equal(
        .recovered30, .recoveredInGrace30, .recoveredInHold30,
        "each recovery within 30 days is in grace or after it")
      equal(
        .recovered30, .recoveredByRetry30, .recoveredByFix30,
        "each recovery within 30 days is by a retry or a fixed card")
      atMost(.recovered30, .recovered, "recoveries within 30 days are recoveries")
      atMost(.failedRenewals, .renewals, "a declined renewal is a renewal")
      atMost(.departures, .episodes, "a subscriber gives up on an episode at most once")
      atMost(.priceIncreaseExpiries, .cancellations, "an expiry after a price increase is a cancellation")
      atMost(.retained, .subscribers, "a subscriber counts once")
      let ended = [sum(.recovered), sum(.leftInEpisode), sum(.involuntary)].reduce(Int64(0)) {
        $0.addingReportingOverflow($1).overflow ? .max : $0 + $1
      }
      if ended > sum(.episodes) {
        fail(
          .episodes,
          "\(sum(.episodes)) episodes, but recovered + left-in-episode + involuntary-churn is \(ended): an episode ends at most once"
        )
      }
      let cancelled = [sum(.involuntary), sum(.voluntaryCancels), sum(.leftAfterLockout)].reduce(Int64(0)) {
        $0.addingReportingOverflow($1).overflow ? .max : $0 + $1
      }
      if cancelled > sum(.cancellations) {
        fail(
          .cancellations,
          "\(sum(.cancellations)) cancellations, but involuntary-churn + voluntary-cancels + lost-to-lockout is \(cancelled): each is a cancellation"
        )
      }
      // Counters that are 0 or 1 per subscriber, and the spans they are 1 for.
      for (flag, spans) in [(Counter.lockedOut, Counter.lockouts), (.hadFreeAccess, .freeAccessSpans)] {
        atMost(flag, .subscribers, "a subscriber counts once")
        atMost(flag, spans, "each such subscriber had a span")
        if sum(spans) > 0, sum(flag) == 0 {
          fail(flag, "0, but \(spans.key) is \(sum(spans)): someone had the span")
        }
      }
      atMost(.leftAfterLockout, .lockedOut, "only a subscriber locked out can leave after a lockout")
      if sum(.lockoutSeconds) > 0, sum(.lockouts) == 0 {
        fail(.lockoutSeconds, "\(sum(.lockoutSeconds)) seconds, but no lockout")
      }
      if sum(.freeAccessSeconds) > 0, sum(.freeAccessSpans) == 0 {
        fail(.freeAccessSeconds, "\(sum(.freeAccessSeconds)) seconds, but no free-access span")
      }
      var byDay: Int64 = 0
      var byDay30: Int64 = 0
      for d in 0..<RecoveryCurve.buckets {
        let (s, overflow) = byDay.addingReportingOverflow(tally.recoveries[p * RecoveryCurve.buckets + d])
        byDay = overflow ? .max : s
        if d == 30 { byDay30 = byDay }
      }
      if byDay > sum(.recovered) {
        found.append(
          .init(
            path: at.appending(.key("recoveries")),
            message: "the days' recoveries add up to \(byDay), more than recovered (\(sum(.recovered)))"))
      } else if byDay30 > sum(.recovered30) {
        found.append(
          .init(
            path: at.appending(.key("recoveries")),
            message:
              "the first 31 days' recoveries add up to \(byDay30), more than recovered-30d (\(sum(.recovered30)))"
          ))
      }
      // Σa·b of counts: at least Σa when a = b (a² ≥ a for whole numbers), at most Σa·Σb.
      for (i, pair) in plan.single.enumerated() {
        let product = tally.products[p * plan.single.count + i]
        let bound = WideSum(product: sum(pair.a), sum(pair.b))
        let path = at.appending(.key("products")).appending(.key(pair.key))
        if bound < product {
          found.append(
            .init(path: path, message: "\(product) is more than \(pair.a.key) × \(pair.b.key) (\(bound))"))
        } else if pair.a == pair.b, product < WideSum(sum(pair.a)) {
          found.append(
            .init(
              path: path,
              message:
                "\(product) is less than \(pair.a.key) (\(sum(pair.a))): a whole number's square is at least the number"
            ))
        }
      }
    }
    if tally.policies == 2 {
      for (i, pair) in plan.cross.enumerated() {
        let product = tally.cross[i]
        let path = store.appending(.key("cross")).appending(.key(pair.key))
        if product.isNegative {
          found.append(.init(path: path, message: "expected a sum of products of counts, 0 or more"))
        } else if WideSum(product: tally.sum(pair.a, policy: 0), tally.sum(pair.b, policy: 1)) < product {
          found.append(
            .init(
              path: path, message: "\(product) is more than the two policies' \(pair.a.key) × \(pair.b.key)"))
        }
      }
    }
    return found
  }
}
