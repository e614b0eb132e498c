/// The JSON form of a ``MonteCarloResult``: everything the reports print, the estimates, and
/// the exact tallies, so `simsub merge` can add shard results into the numbers one run prints.
///
/// Keys are written in a fixed order by simsub's own JSON writer; 128-bit sums are decimal
/// strings, since JSON readers lose integers beyond 2^53. The last member, `sha256`, is the
/// SHA-256 of what the estimates are computed from (the tool, the run, the shard, the
/// violations and the tallies, in their compact form): a part altered after its run (by hand,
/// or damaged on the way to the merging machine) is refused even where its numbers still look
/// possible, and the estimates are checked by computing them again.
public enum MonteCarloResultJSON {
  /// Bumped whenever the tallies' layout changes, so parts from another version are refused.
  /// 2: the document ends with its `sha256`. 3: the `departures` counter. 4: the
  /// `price-increase-expiries` counter.
  public static let resultsVersion: Int64 = 4

  // MARK: Writing

  public static func render(_ result: MonteCarloResult) -> String {
    document(result).serialized(.pretty) + "\n"
  }

  /// The document, ending with the digest of everything before it; `version` is the simsub
  /// version it says wrote it (a reader checking a part renders it again with the part's own).
  static func document(_ result: MonteCarloResult, version: String = simsubVersion) -> JSONValue {
    var root = contents(result, version: version)
    root.append("sha256", .string(digest(root)))
    return .object(root)
  }

  /// The members the digest covers: everything but what is computed from them.
  static let digested: Set<String> = [
    "tool", "version", "results-version", "run", "shard", "violations", "tallies",
  ]

  /// The SHA-256, in hex, of the document's digested members in their compact form.
  static func digest(_ document: JSONObject) -> String {
    SHA256.hexDigest(
      of: JSONValue.object(
        JSONObject(document.filter { digested.contains($0.key) }.map { ($0.key, $0.value) })
      ).serialized())
  }

  static func contents(_ result: MonteCarloResult, version: String) -> JSONObject {
    let setup = result.setup
    var root = JSONObject([
      ("tool", .string("simsub")), ("version", .string(version)),
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
    root.append("passed", .bool(result.passed))
    root.append("estimates", estimates(result))
    root.append("violations", violations(result))
    root.append("tallies", tallies(result))
    return root
  }

  static func number(_ e: Estimate) -> JSONValue {
    var o = JSONObject([("value", .double(e.value)), ("low", .double(e.low)), ("high", .double(e.high))])
    if let k = e.successes { o.append("successes", .int(k)) }
    if let n = e.trials { o.append("trials", .int(n)) }
    return .object(o)
  }

  /// The group's totals (the per-subscriber means times its subscribers, intervals scaled
  /// alike), money in the population's currency: `{"currency": "USD", "revenue-collected":
  /// {"value", "low", "high"}, …, "wrongful-lockout-days": {…}}`.
  static func totals(_ tally: StoreTally, policy p: Int, currency: String) -> JSONValue {
    var o = JSONObject([("currency", .string(currency))])
    let n = Double(tally.sum(.subscribers, policy: p))
    for metric in Metric.allCases {
      guard let key = metric.total else { continue }
      let e = Estimator.estimate(metric, tally, policy: p)
      o.append(
        key,
        e.isDefined
          ? .object([
            ("value", .double(e.value * n)), ("low", .double(e.low * n)), ("high", .double(e.high * n)),
          ])
          : .null)
    }
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
        metrics.append("totals", totals(tally, policy: p, currency: result.setup.currency))
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
          let d = Estimator.difference(metric, tally)
          difference.append(metric.key, favouring(number(d), d, metric, names: result.setup.policies))
        }
        entry.append("difference", .object(difference))
      }
      groups.append(group.rawValue, .object(entry))
    }
    return .object(groups)
  }

  /// A difference's JSON with the side it favours for the business and for the subscriber
  /// (``Metric/favoured(_:_:)``), by name, when it favours one.
  static func favouring(_ json: JSONValue, _ d: Estimate, _ metric: Metric, names: [String]) -> JSONValue {
    guard case .object(var o) = json else { return json }
    for (key, better) in [
      ("better-for-business", metric.betterForBusiness),
      ("better-for-subscriber", metric.betterForSubscriber),
    ] {
      guard let side = Metric.favoured(d, better) else { continue }
      o.append(key, .string(side == .first ? names[0] : names[1]))
    }
    return .object(o)
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

  /// Why a results file cannot be merged: the field at fault and what is wrong with it.
  public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: JSONPath
    public var message: String
    public init(_ message: String, at path: JSONPath = JSONPath()) {
      self.path = path
      self.message = message
    }
    init(_ error: JSONDecodingError) { self.init(error.message, at: error.path) }
    public var description: String { path.components.isEmpty ? message : "\(path): \(message)" }
  }

  /// A part as read: the result and the simsub version that wrote it.
  public struct Part: Sendable {
    public var result: MonteCarloResult
    public var version: String
  }

  /// Reads a result written by ``render(_:)``.
  public static func parse(_ text: String) throws(ReadError) -> MonteCarloResult {
    try read(text).result
  }

  /// Reads a result written by ``render(_:)``, with the version that wrote it, and checks it:
  /// every number must be one a run could have counted (``MonteCarloPartCheck``), and the
  /// document must be exactly what its result renders, estimates and digest included.
  public static func read(_ text: String) throws(ReadError) -> Part {
    let root: JSONValue
    do {
      root = try JSONValue(parsing: text)
    } catch {
      throw ReadError("not JSON: \(error.description)")
    }
    return try read(root)
  }

  /// Reads and checks a parsed result: the cheap checks first, the digest last.
  static func read(_ root: JSONValue) throws(ReadError) -> Part {
    let part: Part
    do {
      part = try decode(JSONCursor(root))
    } catch {
      throw ReadError(error)
    }
    if let problem = MonteCarloPartCheck.problems(part.result).first { throw ReadError(problem) }
    // The estimates must be the ones the tallies give, every key where a run writes it.
    // Numbers are compared as their text, which the writer makes the same for the same value.
    var expected = contents(part.result, version: part.version)
    let recorded = root["sha256"]
    expected.append("sha256", recorded ?? .string(""))
    if let (path, message) = difference(root, .object(expected), at: JSONPath()) {
      throw ReadError(message, at: path)
    }
    let digest = digest(expected)
    guard recorded?.stringValue == digest else {
      throw ReadError(
        "the part was altered after its run wrote it: its contents give SHA-256 \(digest), not the \(recorded?.stringValue ?? "") it records",
        at: JSONPath([.key("sha256")]))
    }
    return part
  }

  static func decode(_ c: JSONCursor) throws(JSONDecodingError) -> Part {
    try c.requireObject()
    guard c["tool"].value?.stringValue == "simsub", c["results-version"].isPresent else {
      throw JSONDecodingError(path: JSONPath(), message: "not a 'simsub montecarlo --format json' result")
    }
    let resultsVersion = try c["results-version"].int64()
    guard resultsVersion == Self.resultsVersion else {
      throw c["results-version"].error(
        "results version \(resultsVersion) is not \(Self.resultsVersion), the version this simsub reads")
    }
    let version = try c["version"].string()
    guard let setup = RunSetup(json: try c["run"].requireObject().value ?? .null) else {
      throw c["run"].error("the run's setup is malformed")
    }
    var shard: Shard?
    if c["shard"].isPresent {
      let s = c["shard"]
      let n = try s["count"].int64()
      guard n >= 1, n <= 1_000_000 else {
        throw s["count"].error("expected from 1 to 1000000 shards, found \(n)")
      }
      let k = try s["index"].int64()
      guard k >= 1, k <= n else { throw s["index"].error("expected a shard from 1 to \(n), found \(k)") }
      shard = Shard(index: Int(k), count: Int(n))
      let range = Shard(index: Int(k), count: Int(n)).subscribers(of: setup.users)
      for (key, bound) in [("first-subscriber", range.lowerBound), ("end-subscriber", range.upperBound)] {
        let found = try s[key].int64()
        guard found >= 0, UInt64(found) == bound else {
          throw s[key].error(
            "shard \(k)/\(n) of \(setup.users) subscribers \(key == "first-subscriber" ? "starts" : "ends") at \(bound), not \(found)"
          )
        }
      }
    } else if c["shard"].value == nil {
      throw c["shard"].expected("an object or null")
    }
    let policies = setup.policies.count
    let t = c["tallies"]
    try t.requireObject()
    let apple = try tally(t["apple"], policies: policies)
    let google = try tally(t["google"], policies: policies)
    let stripe = t["stripe"].value == nil ? nil : try tally(t["stripe"], policies: policies)
    let firstList = try t["first-violations"].array()
    guard firstList.count == policies else {
      throw t["first-violations"].error(
        "expected \(policies) entr\(policies == 1 ? "y" : "ies"), one per policy, found \(firstList.count)")
    }
    var first: [FirstViolations] = []
    for f in firstList {
      func index(_ invariant: Invariant) throws(JSONDecodingError) -> UInt64? {
        let v = f[invariant.rawValue]
        guard v.value != nil else { throw v.expected("a subscriber's index or null") }
        guard v.isPresent else { return nil }
        let i = try v.int64()
        guard i >= 0 else { throw v.error("expected a subscriber's index, 0 or more, found \(i)") }
        return UInt64(i)
      }
      first.append(
        FirstViolations(lockout: try index(.noLockoutInGrace), freeAccess: try index(.noFreeAccess)))
    }
    var files: [CounterexampleFile] = []
    for v in try c["violations"].array() {
      let invariantName = try v["invariant"].string()
      guard let invariant = Invariant(rawValue: invariantName) else {
        throw v["invariant"].error("unknown invariant '\(invariantName)'")
      }
      let policy = try v["policy"].string()
      let subscriber = try v["first-subscriber"].int64()
      guard subscriber >= 0 else {
        throw v["first-subscriber"].error("expected 0 or more, found \(subscriber)")
      }
      guard v["counterexample"].isPresent else { continue }
      let story = try v["story-entries"].int64()
      let entries = try v["entries"].int64()
      guard story >= 1, entries >= 1, entries <= story, story <= Int64(Int32.max) else {
        throw v["entries"].error(
          "a counterexample keeps from 1 to all of its story's entries, not \(entries) of \(story)")
      }
      files.append(
        CounterexampleFile(
          policy: policy, invariant: invariant, subscriber: UInt64(subscriber),
          path: try v["counterexample"].string(), storyEntries: Int(story), entries: Int(entries)))
    }
    let result = MonteCarloResult(
      setup: setup, shard: shard, apple: apple, google: google, stripe: stripe, firstViolations: first,
      counterexamples: files)
    return Part(result: result, version: version)
  }

  static func tally(_ c: JSONCursor, policies: Int) throws(JSONDecodingError) -> StoreTally {
    let plan = ProductPlan.shared
    let list = try c["policies"].array()
    guard list.count == policies else {
      throw c["policies"].error(
        "expected \(policies) tall\(policies == 1 ? "y" : "ies"), one per policy, found \(list.count)")
    }
    var counters: [Int64] = []
    var products: [WideSum] = []
    var recoveries: [Int64] = []
    func wide(_ c: JSONCursor) throws(JSONDecodingError) -> WideSum {
      let text = try c.string()
      guard let v = WideSum(decimal: text) else {
        throw c.error("expected a whole number within 128 bits, in decimal digits, found '\(text)'")
      }
      return v
    }
    for p in list {
      for counter in Counter.allCases { counters.append(try p["counters"][counter.key].int64()) }
      for pair in plan.single { products.append(try wide(p["products"][pair.key])) }
      let r = try p["recoveries"].array()
      guard r.count == RecoveryCurve.buckets else {
        throw p["recoveries"].error("expected \(RecoveryCurve.buckets) days, found \(r.count)")
      }
      for v in r { recoveries.append(try v.int64()) }
    }
    var cross: [WideSum] = []
    if policies == 2 {
      for pair in plan.cross { cross.append(try wide(c["cross"][pair.key])) }
    }
    guard
      let tally = StoreTally(
        policies: policies, counters: counters, products: products, cross: cross, recoveries: recoveries)
    else { throw c.error("the tally's sizes do not fit \(policies) polic\(policies == 1 ? "y" : "ies")") }
    return tally
  }

  /// The first place where `found` is not `expected`, and why; `nil` when they are the same.
  static func difference(_ found: JSONValue, _ expected: JSONValue, at path: JSONPath) -> (JSONPath, String)?
  {
    switch (found, expected) {
    case (.object(let a), .object(let b)):
      for member in b {
        guard let value = a[member.key] else {
          return (path, "the key '\(member.key)' is missing: a run writes it")
        }
        if let d = difference(value, member.value, at: path.appending(.key(member.key))) { return d }
      }
      if let extra = a.first(where: { b[$0.key] == nil }) {
        return (path.appending(.key(extra.key)), "a run writes no key '\(extra.key)' here")
      }
      if a.keys != b.keys { return (path, "the keys are not in the order a run writes them") }
      return nil
    case (.array(let a), .array(let b)):
      for (i, (x, y)) in zip(a, b).enumerated() {
        if let d = difference(x, y, at: path.appending(.index(i))) { return d }
      }
      if a.count != b.count { return (path, "expected \(b.count) elements, found \(a.count)") }
      return nil
    default:
      guard found != expected else { return nil }
      return (path, "\(found.serialized()) is not what the part's tallies give (\(expected.serialized()))")
    }
  }
}
