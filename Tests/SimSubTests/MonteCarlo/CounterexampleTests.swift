import Foundation
import Testing

@testable import SimSub

/// Counterexamples: a run that sees a wrongful lockout writes the first such subscriber's story
/// as a scenario, shortened, on which `simsub run` fails with the invariant.
@Suite struct CounterexampleTests {
  @Test func activeOnlyOverTheTypicalPopulationWritesFailingScenarios() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let run = MonteCarloTestSupport.simsub([
      "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "2000", "--policy", "active-only",
      "--counterexamples", dir.at("examples"),
    ])
    #expect(run.status == .checkFailed)
    let files = try dir.entries("examples")
    #expect(files.count == 1)
    #expect(
      files.allSatisfy {
        $0.hasPrefix("typical-active-only-no-lockout-in-grace-seed1-subscriber") && $0.hasSuffix(".scn")
      })
    for file in files {
      let path = dir.at("examples/\(file)")
      #expect(run.output.contains("counterexample \(path)"))
      let replay = MonteCarloTestSupport.simsub(["run", path])
      #expect(replay.status == .checkFailed, "\(replay.output)")
      #expect(replay.output.contains("✗ no-lockout-in-grace"))
      #expect(replay.output.contains("✓ no-free-access"))
      let scenario = try ScenarioLoader.load(path: path)
      #expect(scenario.policy == "active-only")
      #expect(!scenario.timeline.isEmpty)
    }
  }

  /// A violation whose scenario does not fail when played is not written, and is named.
  @Test func aCounterexampleThatDoesNotReproduceIsNamedNotWritten() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let population = try MonteCarloTestSupport.typical(users: 2000)
    let plan = try PopulationPlan(population)
    let result = try MonteCarloTestSupport.run(population, policies: ["active-only"])
    let first = try #require(result.firstViolations[0].lockout)
    let refused = try CounterexampleWriter.write(
      result, plan: plan, directory: dir.at("examples"), reproducing: { _, _, _ in false })
    #expect(refused.result.counterexamples.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: dir.at("examples")))
    #expect(
      refused.missing == [
        "active-only, no-lockout-in-grace, subscriber \(first): the scenario written from the story does not fail with it when played"
      ])
    // With the real check the same run writes its one counterexample and misses none.
    let written = try CounterexampleWriter.write(result, plan: plan, directory: dir.at("examples"))
    #expect(written.missing.isEmpty)
    #expect(written.result.counterexamples.map(\.subscriber) == [first])
  }

  @Test func theStoryIsShortenedToWhatCausesTheViolation() throws {
    // A subscriber far into the population, whose story has several episodes before the lockout.
    let population = try MonteCarloTestSupport.typical(users: 4000)
    let plan = try PopulationPlan(population)
    let result = try MonteCarloTestSupport.run(population, policies: ["active-only"])
    let first = try #require(result.firstViolations[0].lockout)
    let made = try #require(
      try Counterexample.make(
        plan: plan, policy: "active-only", invariant: .noLockoutInGrace, subscriber: first))
    #expect(made.scenario.timeline.count <= made.storyEntries)
    // Every entry left is needed: dropping any one loses the violation.
    for i in made.scenario.timeline.indices {
      var shorter = made.scenario
      shorter.timeline.remove(at: i)
      let played = try ScenarioPlayer.play(shorter)
      #expect(!played.violations.contains { $0.invariant == .noLockoutInGrace }, "entry \(i) is not needed")
    }
    // And the story itself is the subscriber's: replaying it gives the run's counters.
    let replay = try SubscriberReplay.replay(plan, policy: "active-only", subscriber: first)
    #expect(replay.outcome[.lockouts] > 0)
    #expect(replay.firstLockout == made.violationStart)
  }

  @Test func unknownIsActiveGivesFreeAccessAndItsCounterexample() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let run = MonteCarloTestSupport.simsub([
      "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "2000", "--policy", "unknown-is-active",
      "--counterexamples", dir.at("examples"),
    ])
    #expect(run.status == .checkFailed)
    #expect(run.output.contains("✗ no-free-access (unknown-is-active)"))
    let files = try dir.entries("examples").filter { $0.contains("no-free-access") }
    #expect(files.count == 1)
    for file in files {
      let replay = MonteCarloTestSupport.simsub(["run", dir.at("examples/\(file)")])
      #expect(replay.status == .checkFailed)
      #expect(replay.output.contains("✗ no-free-access"))
    }
  }

  @Test func theReferencePolicyWritesNoCounterexample() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let run = MonteCarloTestSupport.simsub([
      "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "2000", "--counterexamples",
      dir.at("examples"),
    ])
    #expect(run.status == .success)
    #expect(!FileManager.default.fileExists(atPath: dir.at("examples")))
    #expect(run.output.contains("✓ no-lockout-in-grace (reference)"))
  }
}
