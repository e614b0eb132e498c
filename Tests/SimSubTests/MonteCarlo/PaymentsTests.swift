import Testing

@testable import SimSub

/// The Monte Carlo payment processor: declines, reasons and retries at the population's rates.
@Suite struct PaymentsTests {
  func charge(_ rates: PaymentRates, renewals: Int, seed: UInt64 = 1) -> (
    failed: Int, reasons: [DeclineReason: Int]
  ) {
    var payments = PopulationPayments(
      rng: Xoshiro256StarStar.stream(seed: seed, subscriber: 0, purpose: 2), rates: .init(rates))
    let record = SubscriptionRecord(subscriber: 1)
    var reasons: [DeclineReason: Int] = [:]
    var failed = 0
    for _ in 0..<renewals where !payments.charge(.renewal, for: record, at: .distantPast) {
      failed += 1
      reasons[payments.reason, default: 0] += 1
    }
    #expect(Int(payments.renewals) == renewals && Int(payments.failedRenewals) == failed)
    return (failed, reasons)
  }

  @Test func declinesAndReasonsFollowTheRates() {
    let rates = PaymentRates(
      renewalFailure: 0.2, reasons: PerReason(expired: 0.5, insufficientFunds: 0.3, declined: 0.2))
    let (failed, reasons) = charge(rates, renewals: 200_000)
    // Binomial(200000, 0.2): sd ≈ 179.
    #expect(abs(failed - 40_000) < 1_100)
    // Among ≈ 40000 declines: sd ≤ 100.
    #expect(abs((reasons[.expired] ?? 0) - failed / 2) < 600)
    #expect(abs((reasons[.insufficientFunds] ?? 0) - failed * 3 / 10) < 600)
    #expect(abs((reasons[.declined] ?? 0) - failed / 5) < 600)
  }

  @Test func aReasonWithAllTheShareTakesEveryDecline() {
    for reason in DeclineReason.allCases {
      var shares = PerReason(expired: 0.0, insufficientFunds: 0.0, declined: 0.0)
      shares[reason] = 1
      let (failed, reasons) = charge(PaymentRates(renewalFailure: 1, reasons: shares), renewals: 5_000)
      #expect(failed == 5_000)
      #expect(reasons == [reason: 5_000])
    }
  }

  @Test func retriesSucceedByTheReasonOfTheDecline() {
    var payments = PopulationPayments(
      rng: Xoshiro256StarStar.stream(seed: 4, subscriber: 0, purpose: 2),
      rates: .init(
        PaymentRates(
          renewalFailure: 1, reasons: PerReason(expired: 1, insufficientFunds: 0, declined: 0),
          retrySuccess: PerReason(expired: 0, insufficientFunds: 1, declined: 1))))
    let record = SubscriptionRecord(subscriber: 1)
    let renewed = payments.charge(.renewal, for: record, at: .distantPast)
    #expect(!renewed)
    #expect(payments.reason == .expired)
    var retried = 0
    for n in 1...50 where payments.charge(.retry(Int32(n)), for: record, at: .distantPast) { retried += 1 }
    #expect(retried == 0)
    // A fixed card, a purchase and an upgrade go through.
    let others = [ChargeAttempt.cardUpdated, .purchase, .upgrade].map {
      payments.charge($0, for: record, at: .distantPast)
    }
    #expect(others == [true, true, true])
  }

  @Test func aForecastIsTheRetryDrawsInTurn() {
    let rates = PopulationPayments.Rates(
      PaymentRates(
        renewalFailure: 1, reasons: PerReason(expired: 0, insufficientFunds: 1, declined: 0),
        retrySuccess: PerReason(expired: 0, insufficientFunds: 0.1, declined: 0.1)))
    let record = SubscriptionRecord(subscriber: 1)
    var outcomes: Set<RetryForecast> = []
    for subscriber: UInt64 in 0..<300 {
      let rng = Xoshiro256StarStar.stream(seed: 9, subscriber: subscriber, purpose: 2)
      var inTurn = PopulationPayments(rng: rng, rates: rates)
      var forecasting = PopulationPayments(rng: rng, rates: rates)
      _ = inTurn.charge(.renewal, for: record, at: .distantPast)
      _ = forecasting.charge(.renewal, for: record, at: .distantPast)
      let count: Int32 = 12
      let firstInTurn = (1...count).first { inTurn.charge(.retry($0), for: record, at: .distantPast) }
      let forecast = forecasting.forecastRetries(count: count, for: record, at: .distantPast)
      #expect(forecast == (firstInTurn.map { .firstSucceeds($0) } ?? .noneSucceeds))
      outcomes.insert(forecast == .noneSucceeds ? .noneSucceeds : .firstSucceeds(0))
      // The forecast retry goes through and the others are declined, with no further draw.
      let answers = (1...count).map { forecasting.charge(.retry($0), for: record, at: .distantPast) }
      #expect(answers == (1...count).map { $0 == firstInTurn })
      // The next renewal ends the forecast: its retries draw in turn again.
      _ = inTurn.charge(.renewal, for: record, at: .distantPast)
      _ = forecasting.charge(.renewal, for: record, at: .distantPast)
      if firstInTurn != nil {
        var a = forecasting.rng
        var b = inTurn.rng
        #expect(a.next() == b.next())
        let next = (1...count).map { inTurn.charge(.retry($0), for: record, at: .distantPast) }
        #expect((1...count).map { forecasting.charge(.retry($0), for: record, at: .distantPast) } == next)
      }
    }
    // 0.9^12 ≈ 28% of episodes see no retry go through: both outcomes were met.
    #expect(outcomes.count == 2)
  }

  @Test func anExpiredCardIsForecastNeverToBeCollectedWithoutADraw() {
    let rates = PopulationPayments.Rates(
      PaymentRates(renewalFailure: 1, reasons: PerReason(expired: 1, insufficientFunds: 0, declined: 0)))
    var payments = PopulationPayments(
      rng: Xoshiro256StarStar.stream(seed: 2, subscriber: 0, purpose: 2), rates: rates)
    let record = SubscriptionRecord(subscriber: 1)
    _ = payments.charge(.renewal, for: record, at: .distantPast)
    var before = payments.rng
    #expect(payments.forecastRetries(count: 59, for: record, at: .distantPast) == .noneSucceeds)
    var after = payments.rng
    #expect(after.next() == before.next())
  }
}
