import SubscriptionPolicy

/// `simsub merge` of `simsub replay --shard K/N --format json` reports: the slices' counts
/// added up and their subscribers listed together, which is the report one run over the whole
/// logs gives (the slices hold disjoint subscribers; the unreadable records and the bodies
/// about no subscription are counted in slice 1 alone).
enum ReplayMerge {
  /// A part that is not a replay report.
  struct ReadError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// Whether `value` is a replay report (`"command": "replay"`).
  static func isReplay(_ value: JSONValue) -> Bool { value["command"]?.stringValue == "replay" }

  /// The reports added up, as one report.
  static func merge(_ parts: [(name: String, value: JSONValue)]) throws(ReadError) -> ReplayReport {
    var groups: [ReplaySubscribers.Group] = []
    var groupOfIds: [[String]: Int] = [:]
    func subscriber(_ v: JSONValue?, _ part: String) throws(ReadError) -> Int {
      guard let ids = v?.arrayValue?.compactMap(\.stringValue), !ids.isEmpty else {
        throw ReadError(message: "\(part): error: expected a subscriber's ids")
      }
      if let g = groupOfIds[ids] { return g }
      groupOfIds[ids] = groups.count
      groups.append(ReplaySubscribers.Group(ids: ids, entries: []))
      return groups.count - 1
    }
    func decision(_ v: JSONValue?, _ part: String) throws(ReadError) -> Decision {
      guard let state = EntitlementState.allCases.first(where: { $0.name == v?["state"]?.stringValue }),
        let access = v?["access"]?.boolValue,
        let prompt = RecoveryPrompt.allCases.first(where: { $0.name == v?["prompt"]?.stringValue })
      else { throw ReadError(message: "\(part): error: expected a decision's state, access and prompt") }
      return Decision(state: state, access: access, prompt: prompt)
    }
    func instant(_ v: JSONValue?, _ part: String) throws(ReadError) -> Instant {
      guard let text = v?.stringValue, let at = RFC3339.parse(text) else {
        throw ReadError(message: "\(part): error: expected an RFC 3339 instant for 'from'")
      }
      return at
    }
    func int(_ v: JSONValue, _ key: String, _ part: String) throws(ReadError) -> Int {
      // Counts a run could have made: any number of parts adds up without overflow.
      guard let n = v[key]?.int64Value, n >= 0, n < 1 << 40 else {
        throw ReadError(message: "\(part): error: expected '\(key)', a count")
      }
      return Int(n)
    }
    guard let first = parts.first else { throw ReadError(message: "no report to merge") }
    let policy = first.value["policy"]?.stringValue ?? ""
    let compared = first.value["compared"]?.stringValue
    var files = 0
    var notifications = 0
    var subscriberCount = 0
    var unattached = 0
    var perStore = ["apple", "google", "stripe", "revenuecat"].map { ($0, 0) }
    var problems: [ReplayProblem] = []
    var outcome = ReplayPlayer.Outcome()
    var differences: [ReplayPlayer.Difference] = []
    var counterexamples: [ReplayCounterexampleWriter.Written] = []
    var missing: [String] = []
    var timelines: [Int: [ReplayTimeline.Row]] = [:]
    guard parts.count < 1 << 20 else { throw ReadError(message: "too many reports to merge") }
    for (name, v) in parts {
      guard isReplay(v) else {
        throw ReadError(message: "\(name): error: not a 'simsub replay --format json' report")
      }
      guard v["policy"]?.stringValue == policy, v["compared"]?.stringValue == compared else {
        throw ReadError(
          message:
            "\(name): error: played with policy '\(v["policy"]?.stringValue ?? "")'\(v["compared"]?.stringValue.map { " compared with '\($0)'" } ?? ""), not as \(first.name) was; merge the shards of one run"
        )
      }
      files = max(files, try int(v, "logs", name))
      notifications += try int(v, "notifications", name)
      subscriberCount += try int(v, "subscribers", name)
      unattached += try int(v, "unattached", name)
      outcome.samples += try int(v, "samples", name)
      outcome.knownSamples += try int(v, "known-samples", name)
      for (s, store) in perStore.enumerated() {
        if let counts = v["per-store"], counts[store.0] != nil {
          perStore[s].1 += try int(counts, store.0, name)
        }
      }
      for p in v["unreadable"]?.arrayValue ?? [] {
        guard let text = p.stringValue else {
          throw ReadError(message: "\(name): error: expected an unreadable record's line")
        }
        problems.append(ReplayProblem(rendered: text))
      }
      for item in v["violations"]?.arrayValue ?? [] {
        guard let invariant = Invariant(rawValue: item["invariant"]?.stringValue ?? "") else {
          throw ReadError(message: "\(name): error: expected an invariant")
        }
        let who = try subscriber(item["subscriber"], name)
        outcome.violations.append(
          ReplayPlayer.Violation(
            invariant: invariant, subscriber: who, at: try instant(item["from"], name),
            decision: try decision(item["decision"], name)))
        if let rows = item["timeline"]?.arrayValue {
          timelines[who] = try rows.map { row throws(ReadError) in
            guard let notification = row["notification"]?.stringValue,
              let truth = ["entitled": true, "not entitled": false, "unknown": nil as Bool?][
                row["store"]?.stringValue ?? ""]
            else { throw ReadError(message: "\(name): error: expected a timeline row") }
            return ReplayTimeline.Row(
              at: try instant(row["at"], name), notification: notification, entitled: truth,
              decision: try decision(row["decision"], name))
          }
        }
      }
      for item in v["differences"]?.arrayValue ?? [] {
        guard let kind = ReplayPlayer.Difference.Kind(rawValue: item["kind"]?.stringValue ?? "") else {
          throw ReadError(message: "\(name): error: expected a difference's kind")
        }
        differences.append(
          ReplayPlayer.Difference(
            subscriber: try subscriber(item["subscriber"], name), at: try instant(item["from"], name),
            old: try decision(item["old"], name), new: try decision(item["new"], name), kind: kind))
      }
      for item in v["counterexamples"]?.arrayValue ?? [] {
        guard let invariant = Invariant(rawValue: item["invariant"]?.stringValue ?? ""),
          let path = item["path"]?.stringValue
        else { throw ReadError(message: "\(name): error: expected a counterexample's invariant and path") }
        counterexamples.append(
          .init(subscriber: try subscriber(item["subscriber"], name), invariant: invariant, path: path))
      }
      missing += (v["counterexamples-missing"]?.arrayValue ?? []).compactMap(\.stringValue)
    }
    var report = ReplayReport(
      files: files, notifications: notifications, perStore: perStore.filter { $0.1 > 0 },
      subscribers: ReplaySubscribers(groups: groups), unattached: unattached, problems: problems,
      policy: policy, outcome: outcome)
    report.subscriberCount = subscriberCount
    report.compared = compared
    report.differences = differences
    report.counterexamples = counterexamples
    report.missingCounterexamples = missing
    // Each shard made the timelines of its own first violators: one run makes those of the
    // first of all.
    let listed = ReplayCounterexampleWriter.wanted(report)
    report.timelines = timelines.filter { listed.contains($0.key) }
    return report
  }
}
