import Foundation
import Testing

@testable import SimSub

/// Stripe cohorts and the RevenueCat channel in a population: they play deterministically, the
/// policy is told the Stripe groups' grace, known-bad policies are told apart on them, and their
/// counterexamples are scenarios that `simsub run` fails.
@Suite struct MonteCarloStoreCohortTests {
  static var webPath: String {
    MonteCarloTestSupport.packageRoot + "/Scenarios/populations/web-and-app-store.pop"
  }

  static let stripeOnly = """
    name: web only
    users: 3000
    seed: 7
    cohort:
      - {store: stripe, product: {period: 1M, price: 9.99, grace: 14d, hold: 14d}}
    payments: {renewal-failure: 0.1}
    """

  static let revenueCatApple = """
    name: apple through revenuecat
    users: 3000
    seed: 7
    cohort:
      - {share: 0.5, store: apple, channel: revenuecat}
      - {share: 0.5, store: google, channel: {name: revenuecat, billing-issue-order: cancellation-first}}
    payments: {renewal-failure: 0.1}
    """

  @Test func aStripeCohortPlaysTheSameWithOneAndTwoThreads() throws {
    let population = try MonteCarloTestSupport.population(Self.stripeOnly)
    let one = try MonteCarloTestSupport.run(population, policies: ["reference"], threads: 1)
    let two = try MonteCarloTestSupport.run(population, policies: ["reference"], threads: 2)
    #expect(one == two)
    let stripe = try #require(one.stripe)
    #expect(stripe.sum(.subscribers, policy: 0) == 3000)
    #expect(stripe.sum(.episodes, policy: 0) > 0)
    #expect(one.apple.sum(.subscribers, policy: 0) == 0 && one.google.sum(.subscribers, policy: 0) == 0)
    #expect(one.groups == [.all, .apple, .google, .stripe])
    #expect(one.all == stripe)
  }

  @Test func aRevenueCatCohortPlaysTheSameWithOneAndTwoThreads() throws {
    let population = try MonteCarloTestSupport.population(Self.revenueCatApple)
    #expect(
      population.cohort.map(\.channel) == [.revenueCat(.billingIssueFirst), .revenueCat(.cancellationFirst)])
    let one = try MonteCarloTestSupport.run(
      population, policies: ["billing-error-is-end", "reference"], threads: 1)
    let two = try MonteCarloTestSupport.run(
      population, policies: ["billing-error-is-end", "reference"], threads: 2)
    #expect(one == two)
    #expect(one.stripe == nil)
    #expect(one.groups == [.all, .apple, .google])
    #expect(one.apple.sum(.episodes, policy: 0) > 0 && one.google.sum(.episodes, policy: 0) > 0)
  }

  @Test func theRevenueCatChannelIsWhatTheCohortIsPlayedThrough() throws {
    // billing-error-is-end misreads RevenueCat's CANCELLATION/BILLING_ERROR: behind RevenueCat
    // it locks subscribers out; on Apple's own notifications it behaves like the reference.
    var viaRevenueCat = try MonteCarloTestSupport.population(Self.revenueCatApple)
    viaRevenueCat.cohort = [viaRevenueCat.cohort[0]]
    viaRevenueCat.cohort[0].share = 1
    var direct = viaRevenueCat
    direct.cohort[0].channel = .direct
    let rc = try MonteCarloTestSupport.run(viaRevenueCat, policies: ["billing-error-is-end"])
    let plain = try MonteCarloTestSupport.run(direct, policies: ["billing-error-is-end"])
    #expect(rc.firstViolations[0].lockout != nil)
    #expect(rc.all.sum(.lockouts, policy: 0) > 0)
    #expect(plain.firstViolations[0].lockout == nil)
    #expect(plain.all.sum(.lockouts, policy: 0) == 0)
  }

  @Test func comparingTellsPastDueIsFreeFromTheReferenceOnAStripeCohort() throws {
    let population = try MonteCarloTestSupport.population(Self.stripeOnly)
    let result = try MonteCarloTestSupport.run(population, policies: ["reference", "past-due-is-free"])
    let stripe = try #require(result.stripe)
    #expect(stripe.sum(.lockouts, policy: 0) == 0)
    #expect(stripe.sum(.lockouts, policy: 1) > 0)
    #expect(result.firstViolations[0].lockout == nil)
    #expect(result.firstViolations[1].lockout != nil)
    let difference = Estimator.difference(.lockedOutShare, stripe)
    #expect(difference.high < 0)
    // The same draws on an App Store cohort: past_due never happens, the two agree.
    var apple = population
    apple.cohort[0] = CohortGroup(
      share: 1, store: .apple, product: Product(id: "premium.monthly", grace: .days(16), hold: .days(44)),
      payments: population.cohort[0].payments)
    let onApple = try MonteCarloTestSupport.run(apple, policies: ["reference", "past-due-is-free"])
    #expect(onApple.all.sum(.lockouts, policy: 1) == 0)
    #expect(onApple.firstViolations[1].lockout == nil)
  }

  @Test func thePolicyIsToldTheStripeGroupsGrace() throws {
    // With no grace promised, past_due is a hold: no lockout while Stripe retries is wrongful.
    let text = Self.stripeOnly.replacingOccurrences(of: "grace: 14d", with: "grace: 0d")
    let population = try MonteCarloTestSupport.population(text)
    #expect(population.policySettings.stripeGracePeriod == .zero)
    let result = try MonteCarloTestSupport.run(population, policies: ["past-due-is-free"])
    #expect(result.firstViolations[0].lockout == nil)
    #expect(try #require(result.stripe).sum(.episodes, policy: 0) > 0)
  }

  @Test func theCommandComparesAndItsStripeCounterexampleFailsSimsubRun() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("web.pop", Self.stripeOnly + "\n")
    let run = MonteCarloTestSupport.simsub([
      "montecarlo", dir.at("web.pop"), "--compare", "past-due-is-free", "--counterexamples",
      dir.at("examples"),
    ])
    // The compared policy's lockouts are a finding: the reference policy, under test, passes.
    #expect(run.status == .success)
    #expect(run.output.contains("  day  all "))
    #expect(run.output.contains(" stripe"))
    #expect(run.output.contains("✓ no-lockout-in-grace (reference)"))
    #expect(run.output.contains("! no-lockout-in-grace (past-due-is-free, compared)"))
    let files = try dir.entries("examples")
    #expect(files.count == 1)
    let file = try #require(files.first)
    #expect(file.contains("past-due-is-free-no-lockout-in-grace"))
    let text = try String(contentsOfFile: dir.at("examples/" + file), encoding: .utf8)
    #expect(text.contains("\nstore: stripe\n"))
    #expect(text.contains("grace: 14d, hold: 14d"))
    let replay = MonteCarloTestSupport.simsub(["run", dir.at("examples/" + file)])
    #expect(replay.status == .checkFailed)
    #expect(replay.output.contains("✗ no-lockout-in-grace"))
  }

  @Test(arguments: [
    ("apple", "revenuecat", "channel: revenuecat"),
    (
      "google", "{name: revenuecat, billing-issue-order: cancellation-first}",
      "channel: {name: revenuecat, billing-issue-order: cancellation-first}"
    ),
  ])
  func aRevenueCatCounterexampleKeepsItsChannel(store: String, channel: String, line: String) throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let population =
      "name: rc\nusers: 2000\ncohort:\n  - {store: \(store), channel: \(channel)}\npayments: {renewal-failure: 0.1}\n"
    try dir.file("rc.pop", population)
    let run = MonteCarloTestSupport.simsub([
      "montecarlo", dir.at("rc.pop"), "--policy", "billing-error-is-end", "--counterexamples",
      dir.at("examples"),
    ])
    #expect(run.status == .checkFailed)
    #expect(run.output.contains("\(store) premium.monthly") && run.output.contains("via revenuecat"))
    let files = try dir.entries("examples")
    #expect(files.count == 1)
    let file = try #require(files.first)
    let text = try String(contentsOfFile: dir.at("examples/" + file), encoding: .utf8)
    #expect(text.contains("\nstore: \(store)\n"))
    #expect(text.contains("\n\(line)\n"))
    let replay = MonteCarloTestSupport.simsub(["run", dir.at("examples/" + file)])
    #expect(replay.status == .checkFailed)
    #expect(replay.output.contains("✗ no-lockout-in-grace"))
  }

  @Test func theWebPopulationLoadsAndEveryNumberIsCommented() throws {
    let p = try PopulationLoader.load(path: Self.webPath)
    #expect(p.cohort.map(\.store) == [.apple, .stripe])
    #expect(p.cohort.map(\.share) == [0.7, 0.3])
    #expect(p.policySettings.stripeGracePeriod == .days(14))
    #expect(p.cohort[1].product.hold == .days(14))
    let text = try String(contentsOfFile: Self.webPath, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (i, line) in lines.enumerated() {
      let content = line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
      guard content.contains(":"), content.contains(where: \.isNumber) else { continue }
      let commented =
        line.contains("#") || (i > 0 && lines[i - 1].trimmingCharacters(in: .whitespaces).hasPrefix("#"))
      #expect(commented, "line \(i + 1) has no comment: \(line)")
    }
  }

  @Test func stripeShardsMergeIntoExactlyOneRun() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let common = [
      "montecarlo", Self.webPath, "--users", "1500", "--seed", "3", "--compare", "past-due-is-free",
      "--format", "json",
    ]
    let whole = MonteCarloTestSupport.simsub(common)
    #expect(whole.status == .success)
    #expect(whole.output.contains("\"stripe\""))
    var parts: [String] = []
    for k in 1...2 {
      let part = dir.at("part\(k).json")
      let run = MonteCarloTestSupport.simsub(common + ["--shard", "\(k)/2", "--output", part])
      #expect(run.status == .checkFailed || run.status == .success)
      parts.append(part)
    }
    let merged = MonteCarloTestSupport.simsub(["merge"] + parts + ["--format", "json"])
    #expect(merged.output == whole.output)
  }
}
