/// Combines the results of `simsub montecarlo --shard k/n` runs into the result of one run
/// over the whole population: the tallies add exactly, the first violations are the earliest
/// of the parts', so the merged numbers are the very numbers one run prints.
public enum MonteCarloMerge {
  /// Why parts cannot be merged.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
  }

  /// Merges `parts` (in any order); they must be all `n` shards of one run.
  public static func merge(_ parts: [(name: String, result: MonteCarloResult)]) throws(Failure)
    -> MonteCarloResult
  {
    guard let first = parts.first else { throw Failure("nothing to merge") }
    if parts.count == 1, first.result.shard == nil { return first.result }
    var seen: [Int: String] = [:]
    var count: Int?
    for (name, part) in parts {
      guard let shard = part.shard else {
        throw Failure(
          "'\(name)' is the result of a whole run, not of a shard: it cannot be merged with others")
      }
      var a = part.setup
      var b = first.result.setup
      a.file = ""
      b.file = ""
      guard a == b else {
        throw Failure("'\(name)' played a different population or options than '\(first.name)'")
      }
      if let count, count != shard.count {
        throw Failure(
          "'\(name)' is shard \(shard) but '\(first.name)' is one of \(Plural.count(count, "shard"))")
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
    var merged = first.result
    merged.shard = nil
    merged.apple = StoreTally(policies: first.result.setup.policies.count)
    merged.google = merged.apple
    merged.stripe = first.result.stripe == nil ? nil : merged.apple
    merged.firstViolations = Array(repeating: FirstViolations(), count: first.result.setup.policies.count)
    merged.counterexamples = []
    var files: [CounterexampleFile] = []
    for (_, part) in parts {
      merged.apple.add(part.apple)
      merged.google.add(part.google)
      if let stripe = part.stripe { merged.stripe?.add(stripe) }
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
}
