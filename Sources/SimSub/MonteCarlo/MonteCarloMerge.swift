/// Combines the results of `simsub montecarlo --shard k/n` runs into the result of one run
/// over the whole population: the tallies add exactly, the first violations are the earliest
/// of the parts', so the merged numbers are the very numbers one run prints.
///
/// It trusts no part: each was checked on reading (``MonteCarloResultJSON/read(_:)``) against
/// the setup it records; here the parts must be the `n` shards of one run, written by one
/// version of simsub, and every sum is added with overflow checked: a sum that does not fit is
/// one no run could have counted, and is refused rather than wrapped.
public enum MonteCarloMerge {
  /// Why parts cannot be merged: the part and the field at fault, when there is one.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    /// The part's name as given on the command line.
    public var part: String?
    /// The field, as a path into the part's JSON.
    public var path: JSONPath?

    public init(_ message: String, part: String? = nil, at path: JSONPath? = nil) {
      self.message = message
      self.part = part
      self.path = path
    }

    public var description: String {
      let field = path.map { $0.components.isEmpty ? "" : "\($0): " } ?? ""
      return part.map { "'\($0)': \(field)\(message)" } ?? message
    }
  }

  /// Merges `parts` (in any order); they must be all `n` shards of one run.
  public static func merge(_ parts: [(name: String, result: MonteCarloResult)]) throws(Failure)
    -> MonteCarloResult
  {
    try merge(
      parts.map {
        (name: $0.name, part: MonteCarloResultJSON.Part(result: $0.result, version: simsubVersion))
      })
  }

  /// Merges parts read with ``MonteCarloResultJSON/read(_:)``, each with the version that
  /// wrote it.
  public static func merge(_ parts: [(name: String, part: MonteCarloResultJSON.Part)]) throws(Failure)
    -> MonteCarloResult
  {
    guard let first = parts.first else { throw Failure("nothing to merge") }
    if parts.count == 1, first.part.result.shard == nil { return first.part.result }
    var seen: [Int: String] = [:]
    var count: Int?
    for (name, read) in parts {
      let part = read.result
      guard let shard = part.shard else {
        throw Failure(
          "the result of a whole run, not of a shard: it cannot be merged with others", part: name,
          at: JSONPath([.key("shard")]))
      }
      if read.version != first.part.version {
        throw Failure(
          "written by simsub \(read.version), but '\(first.name)' by simsub \(first.part.version): merge parts of one run, played by one version",
          part: name, at: JSONPath([.key("version")]))
      }
      if let field = difference(part.setup, first.part.result.setup) {
        throw Failure(
          "played a different population or options than '\(first.name)'", part: name,
          at: JSONPath([.key("run"), .key(field)]))
      }
      if let count, count != shard.count {
        throw Failure(
          "shard \(shard), but '\(first.name)' is one of \(Plural.count(count, "shard"))", part: name,
          at: JSONPath([.key("shard"), .key("count")]))
      }
      count = shard.count
      if let other = seen[shard.index] {
        throw Failure("'\(name)' and '\(other)' are both shard \(shard)")
      }
      seen[shard.index] = name
    }
    let n = count ?? 1
    let missing = (1...n).filter { seen[$0] == nil }
    guard missing.isEmpty else {
      let list = missing.prefix(5).map { "\($0)/\(n)" }.joined(separator: ", ")
      throw Failure(
        "\(Plural.noun(missing.count, "shard")) \(list)\(missing.count > 5 ? ", …" : "") missing: merge needs all \(n)"
      )
    }
    let policies = first.part.result.setup.policies.count
    var merged = first.part.result
    merged.shard = nil
    merged.apple = StoreTally(policies: policies)
    merged.google = merged.apple
    merged.stripe = first.part.result.stripe == nil ? nil : merged.apple
    merged.firstViolations = Array(repeating: FirstViolations(), count: policies)
    merged.counterexamples = []
    var files: [CounterexampleFile] = []
    for (name, read) in parts {
      let part = read.result
      merged.apple = try add(merged.apple, part.apple, part: name, store: "apple")
      merged.google = try add(merged.google, part.google, part: name, store: "google")
      if let stripe = part.stripe, let sum = merged.stripe {
        merged.stripe = try add(sum, stripe, part: name, store: "stripe")
      } else if (part.stripe == nil) != (merged.stripe == nil) {
        throw Failure(
          "has \(part.stripe == nil ? "no" : "a") stripe tally, unlike '\(first.name)'", part: name,
          at: JSONPath([.key("tallies")]))
      }
      for p in merged.firstViolations.indices { merged.firstViolations[p].merge(part.firstViolations[p]) }
      files += part.counterexamples
    }
    // Keep the counterexample of each violation's first subscriber, as one run would write.
    for (p, policy) in merged.setup.policies.enumerated() {
      for invariant in [Invariant.noLockoutInGrace, .noFreeAccess] {
        guard let subscriber = merged.firstViolations[p].subscriber(for: invariant),
          let file = files.first(where: {
            $0.policy == policy && $0.invariant == invariant && $0.subscriber == subscriber
          })
        else { continue }
        merged.counterexamples.append(file)
      }
    }
    return merged
  }

  /// The first field of the run's setup two parts disagree on (the file's name may differ:
  /// each machine names the population its own way); `nil` when they agree.
  static func difference(_ a: RunSetup, _ b: RunSetup) -> String? {
    if a.name != b.name { return "name" }
    if a.users != b.users { return "users" }
    if a.seed != b.seed { return "seed" }
    if a.horizon != b.horizon { return "horizon" }
    if a.start != b.start { return "start" }
    if a.step != b.step { return "step" }
    if a.policies != b.policies { return "policies" }
    if a.cohort != b.cohort { return "cohort" }
    if a.parameters != b.parameters { return "parameters" }
    return nil
  }

  /// `sum + part`, refusing a sum that overflows, at the part's field that made it.
  static func add(_ sum: StoreTally, _ part: StoreTally, part name: String, store: String) throws(Failure)
    -> StoreTally
  {
    let tally = JSONPath([.key("tallies"), .key(store)])
    func overflow(_ path: JSONPath) -> Failure {
      Failure("the parts' sum overflows: no run could have counted it", part: name, at: path)
    }
    let plan = ProductPlan.shared
    let counterCount = Counter.allCases.count
    var counters = sum.counters
    for i in counters.indices {
      let (s, o) = counters[i].addingReportingOverflow(part.counters[i])
      if o {
        throw overflow(
          tally.appending(.key("policies")).appending(.index(i / counterCount)).appending(.key("counters"))
            .appending(.key(Counter.allCases[i % counterCount].key)))
      }
      counters[i] = s
    }
    var products = sum.products
    for i in products.indices {
      let (s, o) = products[i].addingReportingOverflow(part.products[i])
      if o {
        throw overflow(
          tally.appending(.key("policies")).appending(.index(i / plan.single.count)).appending(
            .key("products")
          )
          .appending(.key(plan.single[i % plan.single.count].key)))
      }
      products[i] = s
    }
    var cross = sum.cross
    for i in cross.indices {
      let (s, o) = cross[i].addingReportingOverflow(part.cross[i])
      if o { throw overflow(tally.appending(.key("cross")).appending(.key(plan.cross[i].key))) }
      cross[i] = s
    }
    var recoveries = sum.recoveries
    for i in recoveries.indices {
      let (s, o) = recoveries[i].addingReportingOverflow(part.recoveries[i])
      if o {
        throw overflow(
          tally.appending(.key("policies")).appending(.index(i / RecoveryCurve.buckets)).appending(
            .key("recoveries")
          )
          .appending(.index(i % RecoveryCurve.buckets)))
      }
      recoveries[i] = s
    }
    guard
      let added = StoreTally(
        policies: sum.policies, counters: counters, products: products, cross: cross, recoveries: recoveries)
    else { throw Failure("the tallies do not have the same size", part: name, at: tally) }
    return added
  }
}
