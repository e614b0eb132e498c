import Foundation
import TestSupport
import Testing

@testable import SimSub

/// The estimates a product decision reads: total churn and its parts, subscribers retained,
/// revenue lost to the horizon, access never paid for; and the better/worse marks of a paired
/// difference. Each on a population whose answer can be worked out by hand.
@Suite struct DecisionMetricTests {
  /// Weekly App Store subscribers (a week is exactly 7 days) whose first renewal fails for good:
  /// 3 days of grace, then billing retry to 60 days, then expiry, 100 days of horizon.
  static func failing(policy: String = "reference", cancels: String = "0") throws -> MonteCarloResult {
    let population = try MonteCarloTestSupport.population(
      """
      name: every renewal fails
      users: 200
      horizon: 100d
      cohort:
        - {store: apple, product: {period: 1W, price: 9.99, grace: 3d}}
      payments:
        renewal-failure: 1
        retry-success: {expired: 0, insufficient-funds: 0, declined: 0}
      behaviour:
        cancels-per-period: \(cancels)
        fixes-card-per-day: {none: 0, soft: 0, hard: 0}
        leaves-when-locked-out: 0
      """)
    return try MonteCarloTestSupport.run(population, policies: [policy])
  }

  static func value(_ metric: Metric, _ result: MonteCarloResult) -> Double {
    Estimator.estimate(metric, result.all, policy: 0).value
  }

  @Test func everySubscriberLostToAFailedRenewal() throws {
    let result = try Self.failing()
    let all = result.all
    #expect(all.sum(.episodes, policy: 0) == 200)
    #expect(all.sum(.involuntary, policy: 0) == 200)
    // Everyone churned, involuntarily; no one is retained.
    #expect(Self.value(.totalChurn, result) == 1)
    #expect(Self.value(.involuntaryChurnOfSubscribers, result) == 1)
    #expect(Self.value(.voluntaryChurn, result) == 0)
    #expect(Self.value(.retainedShare, result) == 0)
    // The reference policy keeps access through the 3 days of grace, and no payment covers
    // them: 3 days, worth 3/7 of a week's 9.99 (259,200 s × 9,990 / 604,800 s, rounded down).
    #expect(all.sum(.unpaidAccessSeconds, policy: 0) == 200 * 3 * 86_400)
    #expect(all.sum(.unpaidAccessValue, policy: 0) == 200 * 4_281)
    #expect(abs(Self.value(.unpaidAccessDaysPerSubscriber, result) - 3) < 1e-12)
    // The renewal fails 7 days in; 93 days of the horizon are left: 93/7 weeks at 9.99
    // (8,035,200 s × 9,990 / 604,800 s = 132,724.28…), against one renewal's 9.99.
    #expect(all.sum(.lostRevenueToHorizon, policy: 0) == 200 * 132_724)
    #expect(all.sum(.lostRevenue, policy: 0) == 200 * 9_990)
    #expect(abs(Self.value(.lostRevenueToHorizonPerSubscriber, result) - 132.724) < 1e-9)
  }

  @Test func aPolicyWithoutGraceGivesNoUnpaidAccess() throws {
    let result = try Self.failing(policy: "active-only")
    #expect(result.all.sum(.unpaidAccessSeconds, policy: 0) == 0)
    #expect(result.all.sum(.unpaidAccessValue, policy: 0) == 0)
    #expect(Self.value(.totalChurn, result) == 1)
  }

  @Test func aVoluntaryCancelIsChurnButNotInvoluntary() throws {
    // Everyone turns auto-renew off in the first week: no renewal, so no episode.
    let result = try Self.failing(cancels: "1")
    #expect(result.all.sum(.episodes, policy: 0) == 0)
    #expect(Self.value(.totalChurn, result) == 1)
    #expect(Self.value(.voluntaryChurn, result) == 1)
    #expect(Self.value(.involuntaryChurnOfSubscribers, result) == 0)
    #expect(Self.value(.retainedShare, result) == 0)
    #expect(result.all.sum(.unpaidAccessSeconds, policy: 0) == 0)
  }

  @Test func nobodyFailingIsEveryoneRetained() throws {
    let population = try MonteCarloTestSupport.population(
      """
      name: nothing fails
      users: 100
      horizon: 100d
      cohort:
        - {store: google, product: {period: 1M, price: 4.99}}
      payments:
        renewal-failure: 0
      behaviour:
        cancels-per-period: 0
      """)
    let result = try MonteCarloTestSupport.run(population, policies: ["reference"])
    #expect(Self.value(.retainedShare, result) == 1)
    #expect(Self.value(.totalChurn, result) == 0)
  }

  @Test func theChurnPartsAddUpOnTheTypicalPopulation() throws {
    let result = try MonteCarloTestSupport.run(
      MonteCarloTestSupport.typical(users: 3000), policies: ["active-only", "reference"])
    for p in 0..<2 {
      let all = result.all
      let parts =
        all.sum(.voluntaryCancels, policy: p) + all.sum(.involuntary, policy: p)
        + all.sum(.leftAfterLockout, policy: p)
      #expect(all.sum(.cancellations, policy: p) == parts)
      #expect(all.sum(.retained, policy: p) + all.sum(.cancellations, policy: p) == 3000)
    }
  }

  // MARK: Marks

  static func difference(_ low: Double, _ high: Double) -> Estimate {
    Estimate(value: (low + high) / 2, low: low, high: high)
  }

  @Test func theMarksFollowTheIntervalAndTheDirection() {
    // More recovery is better for both; an interval above zero favours the first side.
    #expect(Metric.recoveryRate.marks(Self.difference(0.1, 0.2)) == "B▲ S▲")
    #expect(Metric.recoveryRate.marks(Self.difference(-0.2, -0.1)) == "B▼ S▼")
    // An interval across zero favours no one.
    #expect(Metric.recoveryRate.marks(Self.difference(-0.1, 0.2)) == "")
    // Access never paid for costs the business and is the subscriber's gain.
    #expect(Metric.unpaidAccessDaysPerSubscriber.marks(Self.difference(0.5, 1)) == "B▼ S▲")
    // Revenue says nothing about the subscriber.
    #expect(Metric.collectedPerSubscriber.marks(Self.difference(1, 2)) == "B▲")
    // How recoveries split has no better side.
    #expect(Metric.recoveredInGrace.marks(Self.difference(1, 2)) == "")
    #expect(Metric.favoured(.undefined, .higher) == nil)
  }

  @Test func everyPairedRowOfACompareCarriesItsMarks() throws {
    let run = MonteCarloTestSupport.simsub([
      "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "3000", "--compare", "active-only",
      "--format", "json",
    ])
    let json = try JSONValue(parsing: run.output)
    let difference = json["estimates"]?["all"]?["difference"]
    #expect(difference?["recovery-rate-30d"]?["better-for-business"] == .string("reference"))
    #expect(difference?["recovery-rate-30d"]?["better-for-subscriber"] == .string("reference"))
    #expect(
      difference?["unpaid-access-days-per-subscriber"]?["better-for-business"] == .string("active-only"))
    #expect(
      difference?["unpaid-access-days-per-subscriber"]?["better-for-subscriber"] == .string("reference"))
    #expect(difference?["recovered-in-grace-30d"]?["better-for-business"] == nil)
    let text = MonteCarloTestSupport.simsub([
      "montecarlo", MonteCarloTestSupport.typicalPath, "--users", "3000", "--compare", "active-only",
    ])
    #expect(text.output.contains(Metric.marksLegend))
  }
}

/// Totals: each per-subscriber money and day figure times the group's subscribers, in the
/// population's currency, in every format.
@Suite struct TotalsTests {
  static let text = """
    name: totals
    currency: EUR
    cohort:
      - {share: 0.5, store: apple, product: {period: 1M, price: 4.99, grace: 16d}}
      - {share: 0.5, store: google, product: {period: 1M, price: 4.99, grace: 7d}}
    payments: {renewal-failure: 0.2}

    """

  @Test func theJSONTotalsAreTheMeansTimesTheSubscribers() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let pop = dir.at("t.pop")
    try Self.text.write(toFile: pop, atomically: true, encoding: .utf8)
    let run = MonteCarloTestSupport.simsub(["montecarlo", pop, "--users", "700", "--format", "json"])
    #expect(run.status == .success, "\(run.error)")
    let root = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect((root["run"] as? [String: Any])?["currency"] as? String == "EUR")
    let estimates = try #require(root["estimates"] as? [String: [String: Any]])
    for group in ["all", "apple", "google"] {
      let policy = try #require(
        (estimates[group]?["policies"] as? [String: Any])?["reference"] as? [String: Any])
      let totals = try #require(policy["totals"] as? [String: Any])
      #expect(totals["currency"] as? String == "EUR")
      let n = try #require(policy["subscribers"] as? Double)
      for metric in Metric.allCases {
        guard let key = metric.total else { continue }
        let mean = try #require(policy[metric.key] as? [String: Double], "\(metric.key)")
        let total = try #require(totals[key] as? [String: Double], "\(key)")
        for bound in ["value", "low", "high"] {
          let expected = try #require(mean[bound]) * n
          #expect(
            abs(try #require(total[bound]) - expected) <= 1e-9 * max(1, abs(expected)), "\(group) \(key)")
        }
      }
      // Collected money is never nothing here: the total is a real sum, not a zero that
      // multiplies to zero.
      #expect(try #require((totals["revenue-collected"] as? [String: Double])?["value"]) > 0)
    }
    // The whole population's collected total is the stores' totals added up.
    func collected(_ group: String) throws -> Double {
      let policy = try #require(
        (estimates[group]?["policies"] as? [String: Any])?["reference"] as? [String: Any])
      return try #require(
        ((policy["totals"] as? [String: Any])?["revenue-collected"] as? [String: Double])?["value"])
    }
    #expect(abs(try collected("all") - (try collected("apple") + collected("google"))) < 1e-6)
  }

  @Test func textMarkdownAndHTMLPrintTheTotalsInTheCurrency() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    let pop = dir.at("t.pop")
    try Self.text.write(toFile: pop, atomically: true, encoding: .utf8)
    for format in ["text", "markdown", "html"] {
      let run = MonteCarloTestSupport.simsub(["montecarlo", pop, "--users", "200", "--format", format])
      #expect(run.status == .success)
      #expect(run.output.contains("in all, EUR"), "\(format)")
      #expect(run.output.contains("EUR: every price and revenue figure"), "\(format)")
      #expect(!run.output.contains("USD"), "\(format)")
    }
  }
}
