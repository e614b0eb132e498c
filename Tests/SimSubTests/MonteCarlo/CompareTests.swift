import Foundation
import Testing

@testable import SimSub

/// `--compare`: two policies on the same random draws.
@Suite struct CompareTests {
  @Test func compareTellsReferenceFromActiveOnly() throws {
    let population = try MonteCarloTestSupport.typical(users: 3000)
    let result = try MonteCarloTestSupport.run(population, policies: ["active-only", "reference"])
    let all = result.all
    // active-only locks grace subscribers out; reference never does.
    #expect(all.sum(.lockedOut, policy: 0) > 0)
    #expect(all.sum(.lockedOut, policy: 1) == 0)
    let lockedOut = Estimator.difference(.lockedOutShare, all)
    #expect(lockedOut.low > 0, "\(lockedOut)")
    let days = Estimator.difference(.lockoutDaysPerSubscriber, all)
    #expect(days.low > 0, "\(days)")
    // Subscribers leave after a lockout, so fewer episodes recover and less money comes in.
    let recovery = Estimator.difference(.recoveredEventually, all)
    #expect(recovery.high < 0, "\(recovery)")
    let revenue = Estimator.difference(.collectedPerSubscriber, all)
    #expect(revenue.high < 0, "\(revenue)")
    #expect(result.firstViolations[0].lockout != nil && result.firstViolations[1].lockout == nil)
  }

  @Test func eachSideOfAComparisonIsExactlyItsOwnRun() throws {
    // Common random numbers: a subscriber meets the same declines and the same daily draws under
    // either policy, so each side of the comparison is the run of that policy alone.
    let population = try MonteCarloTestSupport.typical(users: 1500)
    let both = try MonteCarloTestSupport.run(population, policies: ["active-only", "reference"])
    let activeOnly = try MonteCarloTestSupport.run(population, policies: ["active-only"])
    let reference = try MonteCarloTestSupport.run(population, policies: ["reference"])
    for counter in Counter.allCases {
      #expect(both.all.sum(counter, policy: 0) == activeOnly.all.sum(counter, policy: 0), "\(counter)")
      #expect(both.all.sum(counter, policy: 1) == reference.all.sum(counter, policy: 0), "\(counter)")
    }
    #expect(both.firstViolations[0] == activeOnly.firstViolations[0])
  }

  @Test func pairingNarrowsTheDifferenceInterval() throws {
    // Two policies that decide alike (reference, and arrival-order, which differs only when
    // notifications arrive out of order, never here) differ by exactly nothing on the same
    // draws: the paired interval is a point at zero.
    let population = try MonteCarloTestSupport.typical(users: 1500)
    let result = try MonteCarloTestSupport.run(population, policies: ["reference", "arrival-order"])
    var undefined: [Metric] = []
    for metric in Metric.allCases {
      let d = Estimator.difference(metric, result.all)
      guard d.isDefined else {
        undefined.append(metric)
        continue
      }
      #expect(abs(d.value) < 1e-12 && d.high - d.low < 1e-9, "\(metric): \(d)")
    }
    // On 1,500 typical subscribers every metric has data: the point-at-zero check above covers
    // them all, none skipped.
    #expect(undefined.isEmpty, "metrics without data: \(undefined)")
  }

  @Test func countersAgreeExactlyWhereEverySubscriberAgrees() throws {
    let population = try MonteCarloTestSupport.typical(users: 1500)
    // Policies that decide alike agree on every counter the estimates read, for every subscriber.
    let alike = try MonteCarloTestSupport.run(population, policies: ["reference", "arrival-order"])
    for metric in Metric.allCases {
      #expect(alike.all.sidesAgree(on: metric.numerator), "\(metric)")
      #expect(alike.all.sidesAgree(on: metric.denominator), "\(metric)")
    }
    // active-only locks grace subscribers out: its lockouts are not the reference policy's, and
    // their difference keeps an interval.
    let unlike = try MonteCarloTestSupport.run(population, policies: ["reference", "active-only"])
    #expect(!unlike.all.sidesAgree(on: .lockouts))
    #expect(!unlike.all.sidesAgree(on: .lockoutSeconds))
    let lockouts = Estimator.difference(.lockoutDaysPerSubscriber, unlike.all)
    #expect(lockouts.high > lockouts.low)
  }

  @Test func theCommandReportsBothPoliciesAndTheirDifference() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let run = MonteCarloTestSupport.simsub([
      "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "1500", "--policy", "active-only",
      "--compare",
      "reference", "--counterexamples", dir.at("examples"),
    ])
    #expect(run.status == .checkFailed)
    #expect(run.output.contains("Estimates with 95% intervals: active-only"))
    #expect(run.output.contains("Estimates with 95% intervals: reference"))
    #expect(run.output.contains("Paired difference active-only − reference (same draws), 95% intervals"))
    #expect(run.output.contains("✗ no-lockout-in-grace (active-only)"))
    #expect(run.output.contains("✓ no-lockout-in-grace (reference, compared)"))
    #expect(run.error.contains("under 2 policies"))
  }

  /// Only the policy under test decides the verdict: compared with a known-bad policy, a run of
  /// the reference policy passes (exit 0, PASS, `"passed": true`) and lists the compared
  /// policy's violations as findings, in every format.
  @Test func aComparedPolicysViolationsAreFindingsNotTheVerdict() throws {
    let base = [
      "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "1500", "--compare", "active-only",
    ]
    let text = MonteCarloTestSupport.simsub(base)
    #expect(text.status == .success)
    #expect(text.output.contains("✓ no-lockout-in-grace (reference)"))
    #expect(text.output.contains("! no-lockout-in-grace (active-only, compared): "))
    #expect(text.output.contains("a finding, not the verdict, which is reference's"))
    #expect(!text.output.contains("✗"))

    let json = MonteCarloTestSupport.simsub(base + ["--format", "json"])
    #expect(json.status == .success)
    let root = try JSONValue(parsing: json.output)
    #expect(root["passed"] == .bool(true))

    let html = MonteCarloTestSupport.simsub(base + ["--format", "html"])
    #expect(html.status == .success)
    // The invariants table: the compared policy's violation is a finding (⚠), not a failure (✗).
    #expect(
      html.output.contains(
        "<td>⚠</td><td>active-only (compared)</td><td class=\"mono\">no-lockout-in-grace</td><td>finding: "))
    #expect(!html.output.contains("title=\"failed\">✗"))

    let markdown = MonteCarloTestSupport.simsub(base + ["--format", "markdown"])
    #expect(markdown.output.contains("⚠️ no-lockout-in-grace (active-only, compared)"))

    // The policy under test's own violation still fails the run, whatever it is compared with.
    let failing = MonteCarloTestSupport.simsub(
      [
        "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "1500", "--policy", "active-only",
        "--compare", "reference", "--format", "json",
      ])
    #expect(failing.status == .checkFailed)
    #expect(try JSONValue(parsing: failing.output)["passed"] == .bool(false))
  }

  /// `ClockSampled<ReferencePolicy>` declares that it may change on its own clock: the engine
  /// then samples it at every step and the driver wakes at every daily check instead of scanning
  /// ahead. Its answers are the reference policy's, so every number must be the same.
  @Test func scanningAheadForFixesEqualsWakingEveryDay() throws {
    let population = try MonteCarloTestSupport.typical(users: 1500)
    let plan = try PopulationPlan(population)
    let scanned = try #require(MonteCarloRunner.run(plan, policyTypes: [ReferencePolicy.self]))
    let daily = try #require(MonteCarloRunner.run(plan, policyTypes: [ClockSampled<ReferencePolicy>.self]))
    #expect(scanned.all.sum(.recoveredByFix30, policy: 0) > 0)
    #expect(scanned == daily)
  }

  @Test func aStoppedRunReturnsNothing() throws {
    let plan = try PopulationPlan(try MonteCarloTestSupport.typical(users: 100_000))
    let stop = MonteCarloStop()
    stop.stop()
    let result = try MonteCarloRunner.run(
      plan, policies: ["reference"], options: .init(threads: 2, stop: stop))
    #expect(result == nil)
  }
}
