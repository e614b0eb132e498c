import Foundation
import Testing

@testable import SimSub

/// The same file, seed and options print the same numbers whatever the thread count, and shard
/// results merged are exactly what one run prints.
@Suite struct DeterminismTests {
  @Test func threadCountsDoNotChangeTheNumbers() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let base = [
      "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "3000", "--seed", "11", "--policy",
      "active-only",
      "--compare", "reference", "--format", "json", "--counterexamples", dir.at("examples"),
    ]
    var outputs: [String] = []
    for threads in ["1", "2", "4"] {
      let run = MonteCarloTestSupport.simsub(base + ["--threads", threads])
      #expect(run.status == .checkFailed)
      outputs.append(run.output)
    }
    #expect(outputs[0] == outputs[1])
    #expect(outputs[0] == outputs[2])
    #expect(outputs[0].contains("\"recovery-rate-30d\""))
    // And the text report too.
    let text1 = MonteCarloTestSupport.simsub(
      ["montecarlo", MonteCarloTestSupport.typicalPath, "--users", "2000", "--threads", "1"])
    let text3 = MonteCarloTestSupport.simsub(
      ["montecarlo", MonteCarloTestSupport.typicalPath, "--users", "2000", "--threads", "3"])
    #expect(text1.status == .success)
    #expect(text1.output == text3.output)
  }

  @Test func aDifferentSeedGivesDifferentNumbers() throws {
    let population = try MonteCarloTestSupport.typical(users: 2000)
    var other = population
    other.seed = 2
    let a = try MonteCarloTestSupport.run(population, policies: ["reference"])
    let b = try MonteCarloTestSupport.run(other, policies: ["reference"])
    #expect(a.all != b.all)
    #expect(a.all.sum(.subscribers, policy: 0) == b.all.sum(.subscribers, policy: 0))
  }

  @Test func mergedShardsAreExactlyOneRun() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let common = [
      "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "2500", "--seed", "5", "--policy",
      "active-only",
      "--counterexamples", dir.at("examples"),
    ]
    let whole = MonteCarloTestSupport.simsub(common + ["--format", "json"])
    let wholeText = MonteCarloTestSupport.simsub(common)
    #expect(whole.status == .checkFailed)
    var parts: [String] = []
    for k in 1...3 {
      let part = dir.at("part\(k).json")
      let run = MonteCarloTestSupport.simsub(
        common + ["--shard", "\(k)/3", "--format", "json", "--output", part])
      #expect(run.status == .checkFailed || run.status == .success)
      #expect(run.output.isEmpty)
      parts.append(part)
    }
    // Each part is a slice, not the whole.
    let first = try MonteCarloResultJSON.parse(dir.read("part1.json"))
    #expect(first.shard == Shard(index: 1, count: 3))
    #expect(first.all.sum(.subscribers, policy: 0) == 833)

    for order in [parts, parts.reversed(), [parts[1], parts[2], parts[0]]] {
      let merged = MonteCarloTestSupport.simsub(["merge"] + order + ["--format", "json"])
      #expect(merged.status == whole.status)
      #expect(merged.output == whole.output)
    }
    let mergedText = MonteCarloTestSupport.simsub(["merge"] + parts)
    #expect(mergedText.output == wholeText.output)
    #expect(
      mergedText.output.contains(
        "counterexample \(dir.at("examples"))/typical-active-only-no-lockout-in-grace-seed5-subscriber"))
    let mergedMarkdown = MonteCarloTestSupport.simsub(["merge"] + parts + ["--format", "markdown"])
    #expect(mergedMarkdown.output == MonteCarloTestSupport.simsub(common + ["--format", "markdown"]).output)
  }

  @Test func mergeRefusesPartsThatDoNotMakeOneRun() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let common = ["montecarlo", MonteCarloTestSupport.typicalPath, "--users", "300", "--format", "json"]
    for (name, extra) in [
      ("a1", ["--shard", "1/2"]), ("a2", ["--shard", "2/2"]), ("b2", ["--shard", "2/2", "--seed", "9"]),
      ("c1", ["--shard", "1/3"]), ("whole", []),
    ] {
      _ = MonteCarloTestSupport.simsub(common + extra + ["--output", dir.at("\(name).json")])
    }
    try dir.file("broken.json", "{\"tool\": \"simsub\"")
    func merge(_ names: [String]) -> MonteCarloTestSupport.Invocation {
      MonteCarloTestSupport.simsub(["merge"] + names.map { dir.at("\($0).json") })
    }
    #expect(merge(["a1", "a2"]).status == .success)
    let cases: [([String], String)] = [
      (["a1"], "shard 2/2 missing: merge needs all 2"),
      (["a1", "a1"], "are both shard 1/2"),
      (["a1", "b2"], "run.seed: played a different population or options than"),
      (["a1", "c1"], "shard.count: shard 1/3, but"),
      (["a1", "whole"], "shard: the result of a whole run, not of a shard"),
      (["a1", "broken"], "not JSON"),
      (["a1", "missing"], "No such file or directory"),
    ]
    for (names, message) in cases {
      let run = merge(names)
      #expect(run.status == .badInput, "\(names)")
      #expect(run.output.isEmpty)
      #expect(run.error.contains(message), "\(names): \(run.error)")
    }
  }
}
