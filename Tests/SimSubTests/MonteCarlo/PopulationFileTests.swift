import Foundation
import Testing

@testable import SimSub

/// `.pop` files: the shipped population, the defaults, and every kind of mistake reported the
/// way a scenario's are (file, line, column, the line, a caret), all at once, with status 2.
@Suite struct PopulationFileTests {
  @Test func theTypicalPopulationLoadsAsDocumented() throws {
    let p = try PopulationLoader.load(path: MonteCarloTestSupport.typicalPath)
    #expect(p.name == "Typical monthly app on both stores")
    #expect(p.users == 100_000)
    #expect(p.horizon == .days(365))
    #expect(p.seed == 1)
    #expect(p.policy == "reference")
    #expect(p.cohort.map(\.share) == [0.6, 0.4])
    #expect(p.cohort.map(\.store) == [.apple, .google])
    let apple = p.cohort[0]
    let google = p.cohort[1]
    #expect(apple.product.grace == .days(16) && apple.product.hold == .days(44))
    #expect(google.product.grace == .days(7) && google.product.hold == .days(53))
    #expect(apple.product.priceMilliunits == 9_990)
    // Per-group overrides on top of the population's rates.
    #expect(apple.payments.renewalFailure == 0.0491 && google.payments.renewalFailure == 0.1064)
    #expect(apple.payments.retrySuccess == PerReason(expired: 0, insufficientFunds: 0.045, declined: 0.025))
    #expect(google.payments.retrySuccess == PerReason(expired: 0, insufficientFunds: 0.003, declined: 0.002))
    #expect(apple.payments.reasons == PerReason(expired: 0.35, insufficientFunds: 0.45, declined: 0.20))
    // Recurly's 7.2% a month, split between the stores in the ratio 13 : 6.
    let monthly: Double = 0.6 * 0.0491 + 0.4 * 0.1064
    #expect(abs(monthly - 0.072) < 5e-5)
    #expect(abs(0.1064 / 0.0491 - 13.0 / 6.0) < 1e-3)
    #expect(p.behaviour.fixesCardPerDay == PerPrompt(none: 0.0015, soft: 0.4, hard: 0.7))
    #expect(p.behaviour.opensAppPerDay == 0.9 && p.behaviour.opensAppPerDayWithoutAccess == 0.4)
    #expect(p.behaviour.promptWearsOffPerDay == 0.45 && p.behaviour.leavesPerDayWithoutAccess == 0.05)
  }

  @Test func everyShippedNumberSaysWhereItComesFrom() throws {
    let text = try String(contentsOfFile: MonteCarloTestSupport.typicalPath, encoding: .utf8)
    // Each line with a number after a key is commented, on the line or just above.
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for (i, line) in lines.enumerated() {
      let content = line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
      guard content.contains(":"), content.contains(where: \.isNumber) else { continue }
      let commented =
        line.contains("#") || (i > 0 && lines[i - 1].trimmingCharacters(in: .whitespaces).hasPrefix("#"))
      #expect(commented, "line \(i + 1) has no comment: \(line)")
    }
  }

  @Test func everyNumberHasADefault() throws {
    let p = try MonteCarloTestSupport.population("name: minimal\ncohort:\n  - {store: google}\n")
    #expect(p.users == 100_000 && p.horizon == .days(365) && p.seed == 1 && p.policy == "reference")
    #expect(p.step == .days(1) && p.start == Population.defaultStart)
    #expect(p.cohort.count == 1 && p.cohort[0].share == 1)
    #expect(p.cohort[0].product.grace == .days(7) && p.cohort[0].product.hold == .days(53))
    #expect(p.payments == PaymentRates() && p.behaviour == Behaviour())
    #expect(p.payments.renewalFailure == 0.07)
    #expect(p.behaviour.fixesCardPerDay == PerPrompt(none: 0.01, soft: 0.05, hard: 0.08))
  }

  struct BadFile: Sendable, CustomTestStringConvertible {
    var text: String
    var errors: [String]
    var testDescription: String { errors.first ?? text }
  }

  static let badFiles: [BadFile] = [
    BadFile(
      text:
        "name: x\ncohort:\n  - store: stripe\n    share: 0.5\n    price-increase: {at: 60d, accepts: 0.5}\n  - store: apple\n    share: 0.5\n    product: {price: 9.99, raised-price: 12.99}\n    price-increase: {at: 40d, accepts: 2}\n",
      errors: [
        "p.pop:5:21: error: price-increase is a price increase, which apple and google play; stripe does not",
        "p.pop:9:40: error: expected a probability between 0 and 1, such as 0.07, found '2'",
      ]),
    BadFile(
      text:
        "name: x\ncohort:\n  - store: apple\n    product: {price: 9.99}\n    price-increase: {at: 10d, accepts: 0.5}\n",
      errors: [
        "p.pop:5:21: error: price-increase raises the product to its 'raised-price': give the product one, such as 'raised-price: 12.99'",
        "p.pop:5:26: error: a price increase comes after every subscriber has started: at least one period (1M), not 10d",
      ]),
    BadFile(
      text: "name: x\ncohort:\n  - {share: 0.6, store: apple}\n  - {share: 0.3, store: google}\n",
      errors: ["p.pop:3:3: error: the groups' shares add up to 0.9; they must add up to 1"]),
    BadFile(
      text: "name: x\ncohort:\n  - {store: apple}\nbehavior:\n  opens-app-per-day: 0.5\n",
      errors: ["p.pop:4:1: error: unknown key 'behavior' — did you mean 'behaviour'?"]),
    BadFile(
      text:
        "name: x\ncohort:\n  - {store: apple}\npayments:\n  renewal-failure: 1.5\n  reasons: {expired: 0.5, declined: 0.4}\n",
      errors: [
        "p.pop:5:20: error: expected a probability between 0 and 1, such as 0.07, found '1.5'",
        "p.pop:6:12: error: the reasons' shares add up to 0.9; they must add up to 1",
      ]),
    BadFile(
      text: "name: x\ncohort:\n  - {store: apple}\npayments:\n  renewal-failure: 7%\n",
      errors: ["p.pop:5:20: error: expected a probability between 0 and 1, such as 0.07, found '7%'"]),
    BadFile(
      text:
        "name: x\ncohort:\n  - {store: apple, product: {grace: 10d}}\n  - {store: stripe, channel: revenuecat}\nusers: 0\nseed: -1\nhorizon: 0d\n",
      errors: [
        "p.pop:3:5: error: missing required key 'share'",
        "p.pop:3:30: error: apple offers a billing grace period of 3, 16 or 28 days for monthly products (at most 6 days for weekly ones), or 0d for none, not 10d (product premium.monthly)",
        "p.pop:4:5: error: missing required key 'share'",
        "p.pop:4:30: error: simsub plays the revenuecat channel for apple and google, not stripe",
        "p.pop:5:8: error: 0 is out of range: expected 1 to 10000000000",
        "p.pop:6:7: error: expected a seed, a whole number from 0 to 18446744073709551615, found '-1'",
        "p.pop:7:10: error: horizon must be longer than 0 and at most 36500d, not 0d",
      ]),
    BadFile(
      text:
        "name: x\ncohort:\n  - {store: google, product: {grace: 40d}, payments: {retry-success: {late: 0.1}}}\n",
      errors: [
        "p.pop:3:31: error: google offers a grace period of 0 to 30 days for monthly products (at most 7 days for weekly ones), not 40d",
        "p.pop:3:71: error: unknown key 'late': expected 'expired', 'insufficient-funds' or 'declined'",
      ]),
    BadFile(
      text:
        "name: x\ncohort:\n  - {store: apple}\npolicy: refrence\nbehaviour: {fixes-card-per-day: {hrd: 0.1}}\n",
      errors: [
        "p.pop:4:9: error: unknown policy 'refrence' — did you mean 'reference'?",
        "p.pop:5:34: error: unknown key 'hrd' — did you mean 'hard'?",
      ]),
    BadFile(
      text:
        "name: x\ncohort:\n  - {share: 0.5, store: stripe, product: {grace: 7d}}\n  - {share: 0.5, store: stripe, product: {id: b, grace: 14d}}\n",
      errors: [
        "p.pop:4:57: error: the app's grace during stripe's past_due is one promise for every stripe group: group 1 has 7d, group 2 has 14d"
      ]),
    BadFile(
      text: "name: x\ncohort:\n  - {store: google, channel: revenuecta}\n",
      errors: ["p.pop:3:30: error: unknown channel 'revenuecta' — did you mean 'revenuecat'?"]),
    BadFile(
      text:
        "name: x\ncohort:\n  - {store: apple, channel: {name: direct, billing-issue-order: cancellation-first}}\n",
      errors: ["p.pop:3:44: error: billing-issue-order is a revenuecat setting; the direct channel has none"]),
    BadFile(text: "", errors: ["p.pop:1:1: error: empty file: expected a mapping with 'name' and 'cohort'"]),
    BadFile(
      text: "name: x\ncohort: []\n", errors: ["p.pop:2:9: error: expected at least one group in the cohort"]),
    BadFile(text: "name: x\n", errors: ["p.pop:1:1: error: missing required key 'cohort'"]),
    BadFile(text: "name: x\ncohort:\n\t- {store: apple}\n", errors: ["p.pop:3:1: error:"]),
    BadFile(
      text: "name: x\ncohort:\n  - {store: apple}\nseed: 1e3\n", errors: ["p.pop:4:7: error: expected a seed"]
    ),
    BadFile(
      text: "name: x\ncohort:\n  - {store: apple}\ncurrency: usd\n",
      errors: [
        "p.pop:4:11: error: expected a currency code of three capital letters such as USD or EUR (ISO 4217), found 'usd'"
      ]),
    BadFile(
      text: "name: x\ncohort:\n  - {store: apple}\ncurrency: EURO\n",
      errors: ["p.pop:4:11: error: expected a currency code of three capital letters"]),
  ]

  @Test func theCurrencyIsUSDUnlessTheFileSaysAnother() throws {
    #expect(try MonteCarloTestSupport.population("name: x\ncohort:\n  - {store: apple}\n").currency == "USD")
    let euro = try MonteCarloTestSupport.population("name: x\ncurrency: EUR\ncohort:\n  - {store: apple}\n")
    #expect(euro.currency == "EUR")
    #expect(RunSetup(population: euro, policies: ["reference"]).currency == "EUR")
  }

  @Test(arguments: badFiles)
  func mistakesAreReportedTogetherWithTheirPlace(_ bad: BadFile) {
    do {
      _ = try PopulationLoader.decode(bad.text, path: "p.pop")
      Issue.record("loaded a bad population")
    } catch {
      let lines = error.rendered.split(separator: "\n").map(String.init).filter { $0.hasPrefix("p.pop:") }
      #expect(lines.count == bad.errors.count, "\(error.rendered)")
      for (line, expected) in zip(lines, bad.errors) {
        #expect(line.hasPrefix(expected), "\(line)")
      }
    }
  }

  @Test func theCommandRejectsABadFileWithStatus2AndWritesNothing() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file("bad.pop", "name: x\ncohort:\n  - {store: apple}\nusers: many\n")
    let run = MonteCarloTestSupport.simsub(["montecarlo", dir.at("bad.pop"), "--output", dir.at("out.json")])
    #expect(run.status == .badInput)
    #expect(run.output.isEmpty)
    #expect(run.error.contains("bad.pop:4:8: error: expected an integer, found 'many'\n"))
    #expect(run.error.contains("  users: many\n         ^"))
    #expect(try dir.entries() == ["bad.pop"])
  }

  @Test func randomBytesNeverCrashTheLoader() {
    var g = Xoshiro256StarStar(s0: 3, s1: 1, s2: 4, s3: 1)
    let alphabet = Array(
      "name:cohort- {}[],\"'#\n  \tstore: apple google share 0.5 1 product period grace 16d users seed".utf8)
    for _ in 0..<500 {
      let length = Int(g.next(below: 120))
      let bytes = (0..<length).map { _ in alphabet[Int(g.next(below: UInt64(alphabet.count)))] }
      _ = try? PopulationLoader.decode(String(decoding: bytes, as: UTF8.self), path: "fuzz.pop")
    }
  }
}
