import Foundation
import Testing

@testable import SimSub

/// `simsub merge` trusts no part: honest shards in any order merge to exactly one run's
/// output, and a part altered in any single number, or holding sums no run could count, is
/// refused with exit status 2 at the part's field.
@Suite(.serialized) struct MergeTrustTests {
  /// Three shards and the whole run of a comparison with violations, so the parts hold cross
  /// products, first violations and counterexamples; made once for the suite.
  struct Run {
    let parts: [String]
    let whole: String
    let directory: CommandLineScratchDirectory

    init() throws {
      directory = try CommandLineScratchDirectory()
      let common = [
        "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "900", "--seed", "3", "--policy",
        "active-only", "--compare", "reference", "--format", "json", "--counterexamples",
        directory.at("examples"),
      ]
      var parts: [String] = []
      for k in 1...3 {
        let run = MonteCarloTestSupport.simsub(common + ["--shard", "\(k)/3"])
        #expect(run.status == .checkFailed, "\(run.error)")
        parts.append(run.output)
      }
      self.parts = parts
      whole = MonteCarloTestSupport.simsub(common).output
    }
  }

  /// A fresh run, its counterexamples removed when the test ends.
  final class Scratch {
    let run: Run
    init() throws { run = try Run() }
    deinit { run.directory.remove() }
  }

  /// Merges parts, reading those not in `read` (already-read honest parts) from their parsed
  /// JSON; the name of the part refused, or `nil` when they merge.
  func refusedPart(_ roots: [JSONValue], read: [Int: MonteCarloResultJSON.Part] = [:]) -> String? {
    var parts: [(name: String, part: MonteCarloResultJSON.Part)] = []
    for (i, root) in roots.enumerated() {
      if let part = read[i] {
        parts.append(("part\(i + 1).json", part))
        continue
      }
      do {
        parts.append(("part\(i + 1).json", try MonteCarloResultJSON.read(root)))
      } catch {
        return "part\(i + 1).json"
      }
    }
    do {
      _ = try MonteCarloMerge.merge(parts)
      return nil
    } catch {
      return error.part ?? error.message
    }
  }

  /// `simsub merge` on the texts, written to files.
  func merge(_ texts: [String], _ extra: [String] = []) throws -> MonteCarloTestSupport.Invocation {
    let directory = try CommandLineScratchDirectory()
    defer { directory.remove() }
    for (i, text) in texts.enumerated() { try directory.file("part\(i + 1).json", text) }
    return MonteCarloTestSupport.simsub(
      ["merge"] + texts.indices.map { directory.at("part\($0 + 1).json") } + extra)
  }

  @Test func honestShardsInEveryOrderMergeToExactlyOneRun() throws {
    let scratch = try Scratch()
    let run = scratch.run
    #expect(run.whole.contains("\"cross\""))
    #expect(run.whole.contains("\"counterexample\": \"\(run.directory.at("examples"))/"))
    for order in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
      let merged = try merge(order.map { run.parts[$0] }, ["--format", "json"])
      #expect(merged.status == .checkFailed)
      #expect(merged.error.isEmpty)
      #expect(merged.output == run.whole, "order \(order)")
    }
  }

  /// Every number in `value` (JSON numbers, and the decimal strings of 128-bit sums and the
  /// seed), with its path.
  func numbers(in value: JSONValue, at path: [JSONPath.Component] = []) -> [[JSONPath.Component]] {
    switch value {
    case .object(let o): o.flatMap { numbers(in: $0.value, at: path + [.key($0.key)]) }
    case .array(let a): a.enumerated().flatMap { numbers(in: $1, at: path + [.index($0)]) }
    case .number: [path]
    case .string(let s): WideSum(decimal: s) != nil ? [path] : []
    default: []
    }
  }

  /// `value` with the value at `path` replaced.
  func replacing(_ value: JSONValue, at path: ArraySlice<JSONPath.Component>, with new: JSONValue)
    -> JSONValue
  {
    guard let head = path.first else { return new }
    switch (value, head) {
    case (.object(let o), .key(let key)):
      return .object(
        JSONObject(
          o.map { ($0.key, $0.key == key ? replacing($0.value, at: path.dropFirst(), with: new) : $0.value) })
      )
    case (.array(let a), .index(let i)):
      var copy = a
      copy[i] = replacing(a[i], at: path.dropFirst(), with: new)
      return .array(copy)
    default: return value
    }
  }

  /// The value at `path`.
  func value(_ root: JSONValue, at path: [JSONPath.Component]) -> JSONValue? {
    var here: JSONValue? = root
    for c in path {
      switch c {
      case .key(let k): here = here?[k]
      case .index(let i): here = here?[i]
      }
    }
    return here
  }

  /// The number moved by ±1 and to large values, each as it would be written in the part.
  func perturbations(of value: JSONValue) -> [JSONValue] {
    switch value {
    case .number(let n):
      if let i = n.int64 { return [i &+ 1, i &- 1, i == .max ? 0 : .max].map { .int($0) } }
      let d = n.double ?? 0
      return [d + 1, d - 1, d == 1e300 ? 0 : 1e300].map { .double($0) }
    case .string(let s):
      let w = WideSum(decimal: s) ?? WideSum()
      return [w + WideSum(1), w + WideSum(-1), WideSum(high: .max, low: .max)].map { .string($0.description) }
    default: return []
    }
  }

  /// Every number of the middle part, and the subscriber counts of the others, each moved by
  /// +1, −1 and to an extreme: every one is refused, naming the part.
  @Test func anyPartAlteredInAnySingleNumberIsRefused() throws {
    let scratch = try Scratch()
    let run = scratch.run
    let roots = try run.parts.map { try JSONValue(parsing: $0) }
    var read: [Int: MonteCarloResultJSON.Part] = [:]
    for (i, text) in run.parts.enumerated() { read[i] = try MonteCarloResultJSON.read(text) }
    #expect(refusedPart(roots) == nil)
    var tried = 0
    for (index, root) in roots.enumerated() {
      var others = read
      others[index] = nil
      let paths = index == 1 ? numbers(in: root) : numbers(in: root).filter { $0.last == .key("subscribers") }
      if index == 1 { #expect(paths.count > 2_000, "the part has \(paths.count) numbers") }
      for path in paths {
        guard let old = value(root, at: path) else { continue }
        for new in perturbations(of: old) {
          var altered = roots
          altered[index] = replacing(root, at: path[...], with: new)
          tried += 1
          let refused = refusedPart(altered, read: others)
          if refused != "part\(index + 1).json" {
            Issue.record(
              "\(JSONPath(path)) = \(new.serialized()) in part \(index + 1): \(refused ?? "merged")")
          }
        }
      }
    }
    #expect(tried > 6_000)
  }

  /// `root` with the value at `path` (dotted keys and indices) replaced, as a part's text.
  func edit(_ root: JSONValue, _ path: [JSONPath.Component], _ new: JSONValue) -> String {
    replacing(root, at: path[...], with: new).serialized(.pretty) + "\n"
  }

  /// The first line of `simsub merge`'s refusal after `partN.json:line:col: error: `, with
  /// the place checked: the line holding `"key": value` and the column of the value.
  func refusal(_ texts: [String], part: Int, key: String, value: String) throws -> String {
    let merged = try merge(texts)
    #expect(merged.status == .badInput)
    #expect(merged.output.isEmpty)
    let needle = "\"\(key)\": \(value)"
    let lines = texts[part - 1].components(separatedBy: "\n")
    let line = try #require(lines.firstIndex { $0.contains(needle) })
    let start = try #require(lines[line].range(of: needle)).lowerBound
    let column = lines[line].distance(from: lines[line].startIndex, to: start) + key.count + 5
    let first = merged.error.components(separatedBy: "\n")[0]
    let prefix = "/part\(part).json:\(line + 1):\(column): error: "
    let at = try #require(first.range(of: prefix), "\(merged.error)")
    #expect(merged.error.contains("\n  \(lines[line])\n"))
    return String(first[at.upperBound...])
  }

  @Test func handEditedNumbersAreRefusedAtTheirField() throws {
    let scratch = try Scratch()
    let run = scratch.run
    let roots = try run.parts.map { try JSONValue(parsing: $0) }
    let policy: [JSONPath.Component] = [.key("tallies"), .key("apple"), .key("policies"), .index(0)]

    // A rate far outside [0, 1] in the estimates.
    var texts = run.parts
    let rate: [JSONPath.Component] = [
      .key("estimates"), .key("all"), .key("policies"), .key("active-only"), .key("recovery-rate-30d"),
      .key("value"),
    ]
    let honestRate = try #require(value(roots[1], at: rate)).serialized()
    texts[1] = edit(roots[1], rate, .double(56_022.9))
    #expect(
      try refusal(texts, part: 2, key: "value", value: "56022.9")
        == "estimates.all.policies.active-only.recovery-rate-30d.value: 56022.9 is not what the part's tallies give (\(honestRate))"
    )

    // Every counter of a part's stores doubled: more subscribers than the shard holds.
    var doubled = roots[0]
    for store in ["apple", "google"] {
      for p in 0..<2 {
        for counter in Counter.allCases {
          let path: [JSONPath.Component] = [
            .key("tallies"), .key(store), .key("policies"), .index(p), .key("counters"), .key(counter.key),
          ]
          let old = try #require(value(doubled, at: path)?.int64Value)
          doubled = replacing(doubled, at: path[...], with: .int(2 * old))
        }
      }
    }
    texts = run.parts
    texts[0] = doubled.serialized(.pretty) + "\n"
    #expect(
      try refusal(texts, part: 1, key: "tallies", value: "{")
        == "tallies: the stores' subscribers add up to 600 under active-only, but shard 1/3 of 900 subscribers holds 300"
    )

    // A Stripe tally for a population that sells nothing on Stripe.
    texts = run.parts
    let apple = try #require(value(roots[2], at: [.key("tallies"), .key("apple")]))
    guard case .object(var tallies) = try #require(value(roots[2], at: [.key("tallies")])) else {
      Issue.record("no tallies")
      return
    }
    tallies.append("stripe", apple)
    texts[2] = edit(roots[2], [.key("tallies")], .object(tallies))
    #expect(
      try refusal(texts, part: 3, key: "stripe", value: "{")
        == "tallies.stripe: the population sells nothing on stripe: a run writes no stripe tally")

    // A first violation outside the shard's slice.
    texts = run.parts
    let first: [JSONPath.Component] = [
      .key("tallies"), .key("first-violations"), .index(0), .key("no-lockout-in-grace"),
    ]
    #expect(value(roots[0], at: first)?.int64Value != nil)
    texts[0] = edit(roots[0], first, .int(600))
    #expect(
      try refusal(texts, part: 1, key: "no-lockout-in-grace", value: "600")
        == "tallies.first-violations[0].no-lockout-in-grace: subscriber 600 is not among the 300 subscribers 0–299 the part played"
    )

    // A count no sum of products allows: Int64.max collected.
    texts = run.parts
    texts[1] = edit(roots[1], policy + [.key("counters"), .key("collected")], .int(.max))
    let square = try #require(value(roots[1], at: policy + [.key("products"), .key("collected*collected")]))
    let squareText = try #require(square.stringValue)
    #expect(
      try refusal(texts, part: 2, key: "collected*collected", value: square.serialized())
        == "tallies.apple.policies[0].products.collected*collected: \(squareText) is less than collected (9223372036854775807): a whole number's square is at least the number"
    )

    // A number no check of sums can see: only the digest notices.
    texts = run.parts
    let entries: [JSONPath.Component] = [.key("violations"), .index(0), .key("story-entries")]
    let storyEntries = try #require(value(roots[0], at: entries)?.int64Value)
    texts[0] = edit(roots[0], entries, .int(storyEntries + 1))
    let digest = try #require(roots[0]["sha256"]?.stringValue)
    let altered = try refusal(texts, part: 1, key: "sha256", value: "\"\(digest)\"")
    #expect(
      altered.hasPrefix("sha256: the part was altered after its run wrote it: its contents give SHA-256 "))
    #expect(altered.hasSuffix(", not the \(digest) it records"))
  }

  /// Parts a forger wrote with simsub's own writer, digest and estimates consistent: the
  /// merge still refuses what one run could not have produced.
  @Test func partsConsistentOnTheirOwnButNotTogetherAreRefused() throws {
    let scratch = try Scratch()
    let run = scratch.run
    let parts = try run.parts.map { try MonteCarloResultJSON.read($0).result }

    // Another simsub's parts.
    var texts = run.parts
    texts[1] = MonteCarloResultJSON.document(parts[1], version: "0.0.9").serialized(.pretty) + "\n"
    let version = try refusal(texts, part: 2, key: "version", value: "\"0.0.9\"")
    #expect(version.hasPrefix("version: written by simsub 0.0.9, but '/"))
    #expect(
      version.hasSuffix(
        "/part1.json' by simsub \(simsubVersion): merge parts of one run, played by one version"))

    // Two parts whose renewals, each possible, add past 64 bits.
    func inflated(_ result: MonteCarloResult) throws -> String {
      var r = result
      let t = r.apple
      var counters = t.counters
      counters[Counter.renewals.rawValue] = Int64(1) << 62 + 1
      var products = t.products
      let square = try #require(
        ProductPlan.shared.single.firstIndex { $0.a == .renewals && $0.b == .renewals })
      products[square] = WideSum(Int64(1) << 62 + 1)
      r.apple = try #require(
        StoreTally(
          policies: t.policies, counters: counters, products: products, cross: t.cross,
          recoveries: t.recoveries))
      return MonteCarloResultJSON.render(r)
    }
    texts = run.parts
    texts[0] = try inflated(parts[0])
    texts[2] = try inflated(parts[2])
    #expect(try merge([texts[0], run.parts[1]]).status == .badInput)  // shard 3/3 missing, not the sums
    #expect(
      try refusal(texts, part: 3, key: "renewals", value: "4611686018427387905")
        == "tallies.apple.policies[0].counters.renewals: the parts' sum overflows: no run could have counted it"
    )
  }
}
