import Testing

@testable import SimSub

extension ScenarioTests {
  /// A file's errors come all at once, as the format promises: one mistake does not hide
  /// another on the same product or entry, and a near miss any user of a store would type gets
  /// a "did you mean". Diagnostics are asserted exactly, `line:column: message`.
  @Suite struct DiagnosticRoundsTests {
    static func errors(_ body: String) -> [String] {
      ScenarioTesting.errors("name: t\n" + body)
    }

    @Test func aTrialErrorComesWithAGraceErrorOnTheSameProductEachAtItsKey() {
      #expect(
        Self.errors(
          "store: apple\nproduct: {period: 1M, grace: 10d, trial: 5d}\ntimeline:\n  - {at: 1d, do: cancel}\n")
          == [
            "3:23: apple offers a billing grace period of 3, 16 or 28 days for monthly products (at most 6 days for weekly ones), or 0d for none, not 10d (product premium.monthly)",
            "3:35: apple offers free trials of 3d, 1w, 2w, or 1, 2, 3, 6 or 12 months (28–31d, 59–62d, 89–92d, 181–184d, 365–366d), not 5d (product premium.monthly)",
          ])
    }

    @Test func googleAndStripeReportEveryBrokenLimitToo() {
      #expect(
        Self.errors(
          "store: google\nproduct: {grace: 40d, hold: 70d, trial: 0d}\ntimeline:\n  - {at: 1d, do: cancel}\n")
          == [
            "3:11: google offers a grace period of 0 to 30 days for monthly products (at most 7 days for weekly ones), not 40d",
            "3:23: google offers an account hold of 0 to 60 days, not 70d",
            "3:34: a free trial must be longer than 0d, not 0d",
          ])
      #expect(
        Self.errors(
          "store: stripe\nproduct: {price: 0.001, hold: 10d}\ntimeline:\n  - {at: 1d, do: cancel}\n")
          == [
            "3:11: stripe charges a recurring price of at least 0.01, not 0.00 (product premium.monthly)",
            "3:25: stripe retries a failed payment within 1 week, 2 weeks, 3 weeks, 1 month or 2 months (7d, 14d, 21d, 28–31d, 59–62d), not 10d (product premium.monthly)",
          ])
    }

    @Test func aStoreLimitIsCheckedBesideAMisspeltKey() {
      #expect(
        Self.errors("store: apple\nproduct: {grace: 10d, trail: 1w}\ntimeline:\n  - {at: 1d, do: cancel}\n")
          == [
            "3:11: apple offers a billing grace period of 3, 16 or 28 days for monthly products (at most 6 days for weekly ones), or 0d for none, not 10d (product premium.monthly)",
            "3:23: unknown key 'trail' — did you mean 'trial'?",
          ])
    }

    @Test func aValueThatDidNotDecodeIsNotJudgedByItsDefault() {
      // The grace is wrong on its own; its default standing in is not then reported as a
      // limit, nor the hold that depends on it.
      #expect(
        Self.errors("store: apple\nproduct: {grace: 10x}\ntimeline:\n  - {at: 1d, do: cancel}\n").count == 1)
    }

    @Test func aMisspeltReasonIsReportedWhileTheActionsNameIsWrong() {
      #expect(
        Self.errors("store: apple\nproduct: {}\ntimeline:\n  - {at: 1d, do: card-fial, reason: expird}\n")
          == [
            "5:18: unknown action 'card-fial' — did you mean 'card-fails'?",
            "5:37: unknown reason 'expird' — did you mean 'expired'?",
          ])
      // And a pause's length while the store has no pause.
      #expect(
        Self.errors("store: apple\nproduct: {}\ntimeline:\n  - {at: 1d, do: pause, for: 0d}\n") == [
          "5:18: google has pause; apple does not",
          "5:30: a pause of 0 changes nothing: give a length such as '1M' or '2w'",
        ])
    }

    @Test(arguments: [
      ("store: googleplay", "2:8: unknown store 'googleplay' — did you mean 'google'?"),
      ("store: Google Play", "2:8: unknown store 'Google Play' — did you mean 'google'?"),
      ("store: app-store", "2:8: unknown store 'app-store' — did you mean 'apple'?"),
      ("store: ios", "2:8: unknown store 'ios' — did you mean 'apple'?"),
    ])
    func aStoresOtherNamesSuggestIt(line: String, expected: String) {
      #expect(Self.errors(line + "\nproduct: {}\ntimeline:\n  - {at: 1d, do: cancel}\n") == [expected])
    }

    @Test(arguments: [
      (
        "store: past_due",
        "unknown store state 'past_due' — did you mean 'grace'? (stripe's past_due is 'grace' while the app's grace lasts, then 'hold')"
      ),
      (
        "store: SUBSCRIPTION_STATE_ON_HOLD",
        "unknown store state 'SUBSCRIPTION_STATE_ON_HOLD' — did you mean 'hold'?"
      ),
      ("store: billing_retry", "unknown store state 'billing_retry' — did you mean 'hold'?"),
      ("store: cancelled", "unknown store state 'cancelled' — did you mean 'canceled'?"),
      ("store: ACTIVE", "unknown store state 'ACTIVE' — did you mean 'active'?"),
      (
        "entitlement: canceled",
        "unknown entitlement 'canceled' — did you mean 'active'? (a canceled subscription stays 'active' until its period ends)"
      ),
      ("entitlement: in_grace_period", "unknown entitlement 'in_grace_period' — did you mean 'grace'?"),
      ("entitlement: refunded", "unknown entitlement 'refunded' — did you mean 'revoked'?"),
      ("prompt: banner", "unknown prompt 'banner' — did you mean 'soft'?"),
    ])
    func anExpectationsStoreWordsSuggestSimsubs(line: String, expected: String) {
      #expect(
        Self.errors(
          "store: apple\nproduct: {}\ntimeline:\n  - {at: 1d, do: cancel}\nexpect:\n  - {at: 2d, \(line)}\n")
          == ["7:\(16 + line.prefix { $0 != ":" }.count): \(expected)"])
    }

    @Test func reasonsActionsChannelsLevelsAndRetryEndsHaveTheirAliases() {
      #expect(
        Self.errors(
          "store: apple\nproduct: {}\ntimeline:\n  - {at: 1d, do: card-fails, reason: insufficient_funds}\n")
          == ["5:38: unknown reason 'insufficient_funds' — did you mean 'insufficient-funds'?"])
      #expect(
        Self.errors("store: apple\nproduct: {}\ntimeline:\n  - {at: 1d, do: upgrade}\n")
          == ["5:18: unknown action 'upgrade' — did you mean 'change-product'?"])
      #expect(
        Self.errors("store: apple\nchannel: revenue_cat\nproduct: {}\ntimeline:\n  - {at: 1d, do: cancel}\n")
          == ["3:10: unknown channel 'revenue_cat' — did you mean 'revenuecat'?"])
      #expect(
        Self.errors(
          "store: apple\nproduct: {}\ntimeline:\n  - {at: 1d, do: cancel}\ninvariants: {no-free-access: warning}\n"
        )
          == ["6:30: unknown level 'warning' — did you mean 'warn'?"])
      #expect(
        Self.errors(
          "store: stripe\nproduct: {when-retries-end: past_due}\ntimeline:\n  - {at: 1d, do: cancel}\n")
          == ["3:29: unknown value 'past_due' — did you mean 'past-due'?"])
    }

    @Test func aChannelMappingsUnknownKeyComesWithItsStoreError() {
      #expect(
        Self.errors(
          "store: stripe\nchannel: {name: revenuecat, billing-issue-ordr: x}\nproduct: {}\ntimeline:\n  - {at: 1d, do: cancel}\n"
        ) == [
          "3:10: simsub plays the revenuecat channel for apple and google, not stripe",
          "3:29: unknown key 'billing-issue-ordr' — did you mean 'billing-issue-order'?",
        ])
    }
  }
}
