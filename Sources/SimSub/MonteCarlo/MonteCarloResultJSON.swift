/// The JSON form of a ``MonteCarloResult``: everything the reports print, the estimates, and
/// the exact tallies, so `simsub merge` can add shard results into the numbers one run prints.
///
/// Keys are written in a fixed order by simsub's own JSON writer; 128-bit sums are decimal
/// strings, since JSON readers lose integers beyond 2^53.
public enum MonteCarloResultJSON {
  /// Bumped whenever the tallies' layout changes, so parts from another version are refused.
  public static let resultsVersion: Int64 = 1

  // MARK: Writing

  public static func render(_ result: MonteCarloResult) -> String {
    document(result).serialized(.pretty) + "\n"
  }

  static func document(_ result: MonteCarloResult) -> JSONValue {
    let setup = result.setup
    var root = JSONObject([
      ("tool", .string("simsub")), ("version", .string(simsubVersion)),
      ("results-version", .int(resultsVersion)), ("run", setup.json),
    ])
    if let shard = result.shard {
      let range = shard.subscribers(of: setup.users)
      root.append(
        "shard",
        .object([
          ("index", .int(Int64(shard.index))), ("count", .int(Int64(shard.count))),
          ("first-subscriber", .int(Int64(range.lowerBound))),
          ("end-subscriber", .int(Int64(range.upperBound))),
        ]))
    } else {
      root.append("shard", .null)
    }
    root.append("passed", .bool(!setup.policies.indices.contains { result.sawViolation(policy: $0) }))
    root.append("estimates", estimates(result))
    root.append("violations", violations(result))
    root.append("tallies", tallies(result))
    return .object(root)
  }

  static func number(_ e: Estimate) -> JSONValue {
    var o = JSONObject([("value", .double(e.value)), ("low", .double(e.low)), ("high", .double(e.high))])
    if let k = e.successes { o.append("successes", .int(k)) }
    if let n = e.trials { o.append("trials", .int(n)) }
    return .object(o)
  }

  static func estimates(_ result: MonteCarloResult) -> JSONValue {
    var groups = JSONObject()
    for group in result.groups {
      let tally = result.tally(group)
      var policies = JSONObject()
      for (p, name) in result.setup.policies.enumerated() {
        var metrics = JSONObject()
        metrics.append("subscribers", .int(tally.sum(.subscribers, policy: p)))
        metrics.append("episodes", .int(tally.sum(.episodes, policy: p)))
        for metric in Metric.allCases {
          metrics.append(metric.key, number(Estimator.estimate(metric, tally, policy: p)))
        }
        metrics.append(
          "recovery-curve",
          .array(
            Estimator.recoveryCurve(tally, policy: p).enumerated().map { day, e in
              .object([
                ("day", .int(Int64(day))), ("value", .double(e.value)), ("low", .double(e.low)),
                ("high", .double(e.high)),
              ])
            }))
        policies.append(name, .object(metrics))
      }
      var entry = JSONObject([("policies", .object(policies))])
      if result.setup.policies.count == 2 {
        var difference = JSONObject([
          ("of", .string("\(result.setup.policies[0]) - \(result.setup.policies[1])"))
        ])
        for metric in Metric.allCases {
          difference.append(metric.key, number(Estimator.difference(metric, tally)))
        }
        entry.append("difference", .object(difference))
      }
      groups.append(group.rawValue, .object(entry))
    }
    return .object(groups)
  }

  static func violations(_ result: MonteCarloResult) -> JSONValue {
    var list: [JSONValue] = []
    for (p, name) in result.setup.policies.enumerated() {
      for invariant in [Invariant.noLockoutInGrace, .noFreeAccess] {
        guard let subscriber = result.firstViolations[p].subscriber(for: invariant) else { continue }
        let file = result.counterexamples.first { $0.policy == name && $0.invariant == invariant }
        var o = JSONObject([
          ("policy", .string(name)), ("invariant", .string(invariant.rawValue)),
          ("first-subscriber", .int(Int64(subscriber))),
        ])
        o.append("counterexample", file.map { .string($0.path) } ?? .null)
        if let file {
          o.append("story-entries", .int(Int64(file.storyEntries)))
          o.append("entries", .int(Int64(file.entries)))
        }
        list.append(.object(o))
      }
    }
    return .array(list)
  }

  static func tallies(_ result: MonteCarloResult) -> JSONValue {
    var stores: [(String, JSONValue)] = [("apple", tally(result.apple)), ("google", tally(result.google))]
    if let stripe = result.stripe { stores.append(("stripe", tally(stripe))) }
    return .object(
      JSONObject(
        stores + [
          (
            "first-violations",
            .array(
              result.firstViolations.map { f in
                .object([
                  (Invariant.noLockoutInGrace.rawValue, f.lockout.map { .int(Int64($0)) } ?? .null),
                  (Invariant.noFreeAccess.rawValue, f.freeAccess.map { .int(Int64($0)) } ?? .null),
                ])
              })
          )
        ]))
  }

  static func tally(_ t: StoreTally) -> JSONValue {
    let plan = ProductPlan.shared
    var policies: [JSONValue] = []
    for p in 0..<t.policies {
      let counters = JSONObject(Counter.allCases.map { ($0.key, .int(t.sum($0, policy: p))) })
      let products = JSONObject(
        plan.single.enumerated().map { i, pair in
          (pair.key, .string(t.products[p * plan.single.count + i].description))
        })
      let recoveries = (0..<RecoveryCurve.buckets).map {
        JSONValue.int(t.recoveries[p * RecoveryCurve.buckets + $0])
      }
      policies.append(
        .object([
          ("counters", .object(counters)), ("products", .object(products)),
          ("recoveries", .array(recoveries)),
        ]))
    }
    var o = JSONObject([("policies", .array(policies))])
    if t.policies == 2 {
      o.append(
        "cross",
        .object(
          JSONObject(plan.cross.enumerated().map { i, pair in (pair.key, .string(t.cross[i].description)) })))
    }
    return .object(o)
  }

  // MARK: Reading

  /// Why a results file cannot be merged.
  public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
  }

  /// Reads a result written by ``render(_:)``.
  public static func parse(_ text: String) throws(ReadError) -> MonteCarloResult {
    let root: JSONValue
    do {
      root = try JSONValue(parsing: text)
    } catch {
      throw ReadError("not JSON: \(error.description)")
    }
    guard root["tool"]?.stringValue == "simsub", root["results-version"] != nil else {
      throw ReadError("not a 'simsub montecarlo --format json' result")
    }
    guard root["results-version"]?.int64Value == resultsVersion else {
      throw ReadError(
        "results version \(root["results-version"]?.int64Value.map(String.init) ?? "?") is not \(resultsVersion), the version this simsub reads"
      )
    }
    guard let runJSON = root["run"], let setup = RunSetup(json: runJSON) else {
      throw ReadError("the 'run' section is missing or malformed")
    }
    var shard: Shard?
    if let s = root["shard"], !s.isNull {
      guard let k = s["index"]?.int64Value, let n = s["count"]?.int64Value, n >= 1, n <= 1_000_000, k >= 1,
        k <= n
      else {
        throw ReadError("the 'shard' section is malformed")
      }
      shard = Shard(index: Int(k), count: Int(n))
    }
    let policies = setup.policies.count
    guard let t = root["tallies"], let apple = tally(t["apple"], policies: policies),
      let google = tally(t["google"], policies: policies)
    else { throw ReadError("the 'tallies' section is missing or malformed") }
    var stripe: StoreTally?
    if let s = t["stripe"] {
      guard let read = tally(s, policies: policies) else {
        throw ReadError("the 'tallies' section is missing or malformed")
      }
      stripe = read
    }
    guard let firstList = t["first-violations"]?.arrayValue, firstList.count == policies else {
      throw ReadError("the 'first-violations' tally is missing or malformed")
    }
    var first: [FirstViolations] = []
    for f in firstList {
      func index(_ key: String) throws(ReadError) -> UInt64? {
        guard let v = f[key] else { throw ReadError("the 'first-violations' tally is malformed") }
        if v.isNull { return nil }
        guard let i = v.int64Value, i >= 0 else {
          throw ReadError("the 'first-violations' tally is malformed")
        }
        return UInt64(i)
      }
      first.append(
        FirstViolations(
          lockout: try index(Invariant.noLockoutInGrace.rawValue),
          freeAccess: try index(Invariant.noFreeAccess.rawValue)))
    }
    var files: [CounterexampleFile] = []
    for v in root["violations"]?.arrayValue ?? [] {
      guard let policy = v["policy"]?.stringValue,
        let inv = v["invariant"]?.stringValue.flatMap(Invariant.init(rawValue:)),
        let subscriber = v["first-subscriber"]?.int64Value, let path = v["counterexample"]?.stringValue
      else { continue }
      files.append(
        CounterexampleFile(
          policy: policy, invariant: inv, subscriber: UInt64(subscriber), path: path,
          storyEntries: Int(v["story-entries"]?.int64Value ?? 0), entries: Int(v["entries"]?.int64Value ?? 0))
      )
    }
    return MonteCarloResult(
      setup: setup, shard: shard, apple: apple, google: google, stripe: stripe, firstViolations: first,
      counterexamples: files
    )
  }

  static func tally(_ json: JSONValue?, policies: Int) -> StoreTally? {
    guard let json, let list = json["policies"]?.arrayValue, list.count == policies else { return nil }
    let plan = ProductPlan.shared
    var counters: [Int64] = []
    var products: [WideSum] = []
    var recoveries: [Int64] = []
    for p in list {
      for counter in Counter.allCases {
        guard let v = p["counters"]?[counter.key]?.int64Value else { return nil }
        counters.append(v)
      }
      for pair in plan.single {
        guard let text = p["products"]?[pair.key]?.stringValue, let v = WideSum(decimal: text) else {
          return nil
        }
        products.append(v)
      }
      guard let r = p["recoveries"]?.arrayValue, r.count == RecoveryCurve.buckets else { return nil }
      for v in r {
        guard let i = v.int64Value else { return nil }
        recoveries.append(i)
      }
    }
    var cross: [WideSum] = []
    if policies == 2 {
      for pair in plan.cross {
        guard let text = json["cross"]?[pair.key]?.stringValue, let v = WideSum(decimal: text) else {
          return nil
        }
        cross.append(v)
      }
    }
    return StoreTally(
      policies: policies, counters: counters, products: products, cross: cross, recoveries: recoveries)
  }
}
