import SubscriptionPolicy

/// What `simsub replay` prints: the log's size per store, each invariant's verdict, and each
/// subscriber who broke one, named by store ids only (never a payload's other fields).
struct ReplayReport {
  var files: Int
  /// Notifications read (of the shard's subscribers, and in slice 1 the bodies about none).
  var notifications: Int
  /// Notifications per store, in the stores' order.
  var perStore: [(store: String, count: Int)]
  /// The subscribers by ids: every one of a run, or in a merged report those listed.
  var subscribers: ReplaySubscribers
  var subscriberCount: Int
  /// Bodies about no subscription.
  var unattached: Int
  var problems: [ReplayProblem]
  var policy: String
  var outcome: ReplayPlayer.Outcome
  /// With `--compare`: the other policy, and each subscriber whose answers differ.
  var compared: String?
  var differences: [ReplayPlayer.Difference] = []
  /// With `--counterexamples`: the scenarios written, and the violations the log allows none for.
  var counterexamples: [ReplayCounterexampleWriter.Written] = []
  var missingCounterexamples: [String] = []
  /// The timelines of the violators listed (``ReplayTimeline``), by subscriber.
  var timelines: [Int: [ReplayTimeline.Row]] = [:]
  /// How many violators the text lists per invariant.
  static let listed = 20

  init(
    files: Int, notifications: Int, perStore: [(store: String, count: Int)], subscribers: ReplaySubscribers,
    unattached: Int, problems: [ReplayProblem], policy: String, outcome: ReplayPlayer.Outcome
  ) {
    self.files = files
    self.notifications = notifications
    self.perStore = perStore
    self.subscribers = subscribers
    subscriberCount = subscribers.groups.count
    self.unattached = unattached
    self.problems = problems
    self.policy = policy
    self.outcome = outcome
  }

  /// The report of a log read whole.
  init(
    files: Int, entries: [ReplayEntry], subscribers: ReplaySubscribers, problems: [ReplayProblem],
    policy: String, outcome: ReplayPlayer.Outcome
  ) {
    let perStore: [(store: String, count: Int)] = ["apple", "google", "stripe", "revenuecat"].compactMap {
      store in
      let n = entries.filter { $0.document.store == store }.count
      return n > 0 ? (store, n) : nil
    }
    self.init(
      files: files, notifications: entries.count, perStore: perStore, subscribers: subscribers,
      unattached: subscribers.unattached.count, problems: problems, policy: policy, outcome: outcome)
  }

  /// The report of a streamed log (``ReplayStream``).
  init(files: Int, index: ReplayStream.Index, policy: String, outcome: ReplayPlayer.Outcome) {
    self.init(
      files: files, notifications: index.notifications, perStore: index.perStore,
      subscribers: index.subscribers, unattached: index.unattached, problems: index.problems, policy: policy,
      outcome: outcome)
  }

  /// Lists in the order every report prints them, whatever order the subscribers were played
  /// in (a shard's, a merge's): by when it began, then by the subscriber's ids.
  private func ordered<T>(_ items: [T], at: (T) -> Instant, subscriber: (T) -> Int) -> [T] {
    items.sorted { a, b in
      at(a) != at(b)
        ? at(a) < at(b)
        : subscribers.groups[subscriber(a)].ids.lexicographicallyPrecedes(
          subscribers.groups[subscriber(b)].ids)
    }
  }

  var orderedViolations: [ReplayPlayer.Violation] {
    ordered(outcome.violations, at: \.at, subscriber: \.subscriber)
  }
  var orderedDifferences: [ReplayPlayer.Difference] {
    ordered(differences, at: \.at, subscriber: \.subscriber)
  }

  func violations(of invariant: Invariant) -> [ReplayPlayer.Violation] {
    orderedViolations.filter { $0.invariant == invariant }
  }

  /// No invariant broken, and, with `--compare`, no new lockout and no new free access.
  var passed: Bool {
    outcome.violations.isEmpty
      && !differences.contains { $0.kind == .newLockout || $0.kind == .newFreeAccess }
  }

  func differences(_ kind: ReplayPlayer.Difference.Kind) -> [ReplayPlayer.Difference] {
    orderedDifferences.filter { $0.kind == kind }
  }

  func describe(_ d: Decision) -> String {
    "\(d.state.name), \(d.access ? "access" : "no access")\(d.prompt == .none ? "" : ", \(d.prompt.name) prompt")"
  }

  /// `ids: from instant (old: decision; new: decision)`, one subscriber's difference.
  func line(for d: ReplayPlayer.Difference) -> String {
    return
      "\(name(d.subscriber)): from \(RFC3339.format(d.at)) (\(policy): \(describe(d.old)); \(compared ?? ""): \(describe(d.new)))"
  }

  var text: String {
    let stores = perStore.map { "\($0.store) \(Format.grouped(Int64($0.count)))" }.joined(separator: ", ")
    var out =
      "Replay of \(Plural.count(files, "log")): \(Plural.count(notifications, as: Format.grouped(Int64(notifications)), "notification")) (\(stores.isEmpty ? "none" : stores)) of \(Plural.count(subscriberCount, as: Format.grouped(Int64(subscriberCount)), "subscriber")); \(Plural.count(problems.count, "unreadable record"))\n"
    if unattached > 0 {
      out +=
        "  \(Plural.count(unattached, "body", plural: "bodies")) about no subscription (test notifications, one-time products)\n"
    }
    out += "Policy: \(policy)\n"
    for invariant in [Invariant.noLockoutInGrace, .noFreeAccess] {
      let found = violations(of: invariant)
      let what = invariant == .noLockoutInGrace ? "wrongly locked out" : "given access the store did not"
      guard !found.isEmpty else {
        out += "  ✓ \(invariant.rawValue)\n"
        continue
      }
      out += "  ✗ \(invariant.rawValue)  \(Plural.count(found.count, "subscriber")) \(what)\n"
      for v in found.prefix(Self.listed) {
        let ids = subscribers.groups[v.subscriber].ids.prefix(2).joined(separator: ", ")
        out +=
          "      \(ids): from \(RFC3339.format(v.at)) (policy: \(v.decision.state.name), \(v.decision.access ? "access" : "no access"))\n"
        for line in timeline(of: v) { out += "        \(line)\n" }
      }
      if found.count > Self.listed {
        out += "      … and \(found.count - Self.listed) more (--format json lists all)\n"
      }
    }
    if let compared {
      out +=
        "Compared with \(compared): \(Plural.count(differences.count, "subscriber")) answered differently\n"
      for kind in ReplayPlayer.Difference.Kind.allCases {
        let found = differences(kind)
        guard !found.isEmpty else { continue }
        let serious = kind == .newLockout || kind == .newFreeAccess
        out += "  \(serious ? "✗" : "·") \(kind.rawValue)  \(Plural.count(found.count, "subscriber"))\n"
        for d in found.prefix(Self.listed) { out += "      \(line(for: d))\n" }
        if found.count > Self.listed {
          out += "      … and \(found.count - Self.listed) more (--format json lists all)\n"
        }
      }
    }
    if !counterexamples.isEmpty || !missingCounterexamples.isEmpty {
      out += "Counterexamples: \(Plural.count(counterexamples.count, "scenario")) written\n"
      for c in counterexamples { out += "  \(c.path)  (\(c.invariant.rawValue), \(name(c.subscriber)))\n" }
      for m in missingCounterexamples { out += "  none for \(m)\n" }
    }
    let share = outcome.samples > 0 ? 100 * Double(outcome.knownSamples) / Double(outcome.samples) : 0
    out +=
      "The store's truth was known at \(Format.fixed(share, decimals: 1))% of \(Format.grouped(Int64(outcome.samples))) samples.\n"
    return out
  }

  var json: JSONValue {
    var o = JSONObject()
    o.append("tool", "simsub")
    o.append("command", "replay")
    o.append("policy", .string(policy))
    o.append("logs", .int(Int64(files)))
    o.append("notifications", .int(Int64(notifications)))
    var stores = JSONObject()
    for (store, count) in perStore { stores.append(store, .int(Int64(count))) }
    o.append("per-store", .object(stores))
    o.append("subscribers", .int(Int64(subscriberCount)))
    o.append("unattached", .int(Int64(unattached)))
    o.append("unreadable", .array(problems.map { .string($0.description) }))
    o.append("samples", .int(Int64(outcome.samples)))
    o.append("known-samples", .int(Int64(outcome.knownSamples)))
    o.append(
      "violations",
      .array(
        orderedViolations.map { v in
          var item: JSONObject = [
            "invariant": .string(v.invariant.rawValue),
            "subscriber": .array(subscribers.groups[v.subscriber].ids.map(JSONValue.string)),
            "from": .string(RFC3339.formatWithMilliseconds(v.at)),
            "decision": Self.json(v.decision),
          ]
          if let rows = timelines[v.subscriber] { item.append("timeline", .array(rows.map(Self.json))) }
          return .object(item)
        }))
    if let compared {
      o.append("compared", .string(compared))
      o.append(
        "differences",
        .array(
          orderedDifferences.map { d in
            [
              "kind": .string(d.kind.rawValue),
              "subscriber": .array(subscribers.groups[d.subscriber].ids.map(JSONValue.string)),
              "from": .string(RFC3339.formatWithMilliseconds(d.at)),
              "old": [
                "state": .string(d.old.state.name), "access": .bool(d.old.access),
                "prompt": .string(d.old.prompt.name),
              ],
              "new": [
                "state": .string(d.new.state.name), "access": .bool(d.new.access),
                "prompt": .string(d.new.prompt.name),
              ],
            ]
          }))
    }
    if !counterexamples.isEmpty || !missingCounterexamples.isEmpty {
      o.append(
        "counterexamples",
        .array(
          counterexamples.map { c in
            [
              "invariant": .string(c.invariant.rawValue),
              "subscriber": .array(subscribers.groups[c.subscriber].ids.map(JSONValue.string)),
              "path": .string(c.path),
            ]
          }))
      o.append("counterexamples-missing", .array(missingCounterexamples.map(JSONValue.string)))
    }
    o.append("passed", .bool(passed))
    return .object(o)
  }

  /// A decision as the JSON report writes it.
  static func json(_ d: Decision) -> JSONValue {
    ["state": .string(d.state.name), "access": .bool(d.access), "prompt": .string(d.prompt.name)]
  }

  /// A timeline row as the JSON report writes it.
  static func json(_ row: ReplayTimeline.Row) -> JSONValue {
    [
      "at": .string(RFC3339.formatWithMilliseconds(row.at)), "notification": .string(row.notification),
      "store": .string(ReplayTimeline.truth(row.entitled)), "decision": json(row.decision),
    ]
  }

  /// How many rows of a violator's timeline the text, Markdown, JUnit and HTML reports show:
  /// the last ones up to where the violation began (the JSON report has them all).
  static let timelineRows = 8

  /// The lines of `v`'s timeline the reports show: the last ``timelineRows`` notifications up to
  /// the violation, and the step it began at when no notification came then.
  func timeline(of v: ReplayPlayer.Violation) -> [String] {
    guard let rows = timelines[v.subscriber] else { return [] }
    let before = rows.filter { $0.at <= v.at }
    var lines: [String] = []
    if before.count > Self.timelineRows {
      lines.append("… \(Plural.count(before.count - Self.timelineRows, "earlier notification"))")
    }
    lines += before.suffix(Self.timelineRows).map { ReplayTimeline.line($0, describe: describe) }
    if before.last?.at != v.at {
      let row = ReplayTimeline.Row(
        at: v.at, notification: "(no notification)", entitled: v.invariant == .noLockoutInGrace,
        decision: v.decision)
      lines.append(ReplayTimeline.line(row, describe: describe))
    }
    return lines
  }
}
