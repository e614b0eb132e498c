import Testing

@testable import SimSub

extension ScenarioTests {
  /// Each delivery fault played through the runner with the reference policy.
  @Suite struct DeliveryFaultTests {
    static func cardExpired(_ delivery: String) -> String {
      """
      name: Card expires at the first renewal
      store: apple
      product: {period: 1M, grace: 16d}
      start: 2026-01-31T09:00:00Z
      \(delivery)
      timeline:
        - {at: 20d, do: card-fails, reason: expired}
        - {at: renewal 1 + 5d, do: update-card}
      expect:
        - {at: renewal 1 + 5d 7h, store: active, entitlement: active, access: yes, prompt: none}

      """
    }

    /// The events of a run in the report's words, `instant event`.
    static func events(_ result: ScenarioResult) -> [String] {
      result.rows.map {
        "\(RFC3339.format($0.instant)) \(Describe.event($0.event, products: result.scenario.products))"
      }
    }

    @Test func onTimeIsTheDefault() throws {
      let result = try ScenarioTesting.play(Self.cardExpired(""))
      #expect(
        ScenarioTesting.deliveries(result) == [
          "SUBSCRIBED/INITIAL_BUY@2026-01-31T09:00:00Z",
          "DID_FAIL_TO_RENEW/GRACE_PERIOD@2026-02-28T09:00:00Z",
          "DID_RENEW/BILLING_RECOVERY@2026-03-05T09:00:00Z", "DID_RENEW@2026-03-31T09:00:00Z",
        ])
    }

    @Test func delayDeliversEveryNotificationLater() throws {
      let result = try ScenarioTesting.play(Self.cardExpired("delivery: {delay: 6h}"))
      #expect(
        ScenarioTesting.deliveries(result) == [
          "SUBSCRIBED/INITIAL_BUY@2026-01-31T15:00:00Z",
          "DID_FAIL_TO_RENEW/GRACE_PERIOD@2026-02-28T15:00:00Z",
          "DID_RENEW/BILLING_RECOVERY@2026-03-05T15:00:00Z", "DID_RENEW@2026-03-31T15:00:00Z",
        ])
      // Each delivered row knows when its notification was sent.
      let sentAt = result.rows.compactMap { row -> String? in
        if case .delivered(_, let sent) = row.event { RFC3339.format(sent) } else { nil }
      }
      #expect(
        sentAt == [
          "2026-01-31T09:00:00Z", "2026-02-28T09:00:00Z", "2026-03-05T09:00:00Z", "2026-03-31T09:00:00Z",
        ])
      #expect(result.passed, "\(ScenarioTesting.violations(result)) \(ScenarioTesting.checks(result))")
    }

    @Test func duplicateDeliversTwiceAndTheReferencePolicyAnswersTheSame() throws {
      let once = try ScenarioTesting.play(Self.cardExpired(""))
      let twice = try ScenarioTesting.play(Self.cardExpired("delivery: {duplicate: yes}"))
      #expect(twice.deliveries.count == 2 * once.deliveries.count)
      #expect(twice.deliveries.map(\.name) == once.deliveries.flatMap { [$0.name, $0.name] })
      #expect(twice.deliveries.map(\.instant) == once.deliveries.flatMap { [$0.instant, $0.instant] })
      // The answer after each instant's events is the same with and without the copies.
      func answers(_ r: ScenarioResult) -> [String] {
        var last: [Instant: Decision] = [:]
        for row in r.rows { last[row.instant] = row.decision }
        return last.keys.sorted().map { "\(RFC3339.format($0)) \(Describe.decision(last[$0]!))" }
      }
      #expect(answers(twice) == answers(once))
      #expect(twice.passed && twice.violations.isEmpty)
    }

    @Test func reorderHoldsAWindowAndDeliversNewestFirst() throws {
      let text = """
        name: t
        store: apple
        product: {}
        delivery: {reorder: 1d}
        timeline:
          - {at: 1h, do: cancel}
          - {at: 2h, do: uncancel}
          - {at: 1d 3h, do: cancel}
        expect:
          - {at: 1d, store: active, entitlement: active, access: yes}
          - {at: 2d, store: canceled, entitlement: active, access: yes}

        """
      let result = try ScenarioTesting.play(text)
      #expect(
        ScenarioTesting.deliveries(result) == [
          "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED@2026-01-02T00:00:00Z",
          "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED@2026-01-02T00:00:00Z",
          "SUBSCRIBED/INITIAL_BUY@2026-01-02T00:00:00Z",
          "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED@2026-01-03T00:00:00Z",
          // Expired on Feb 1, held to the end of that day's window.
          "EXPIRED/VOLUNTARY@2026-02-02T00:00:00Z",
        ])
      // The reference policy orders by the store's signedDate, not by arrival.
      #expect(result.passed, "\(ScenarioTesting.violations(result)) \(ScenarioTesting.checks(result))")
    }

    @Test func anAppleOutageRedeliversOnApplesSchedule() throws {
      // Every attempt in the first two days fails; Apple retries 1, 12, 24 and 48 hours after
      // each failed attempt: at 01:00, 13:00, the next day 13:00, and on Jan 4 at 13:00.
      let text = "name: t\nstore: apple\nproduct: {}\ndelivery: {outage: {for: 2d}}\ntimeline: []\n"
      let result = try ScenarioTesting.play(text)
      #expect(
        Self.events(result).prefix(6) == [
          "2026-01-01T00:00:00Z subscribe premium.monthly",
          "2026-01-01T00:00:00Z delivery 1 of SUBSCRIBED/INITIAL_BUY failed, retry 2026-01-01T01:00:00Z",
          "2026-01-01T01:00:00Z delivery 2 of SUBSCRIBED/INITIAL_BUY failed, retry 2026-01-01T13:00:00Z",
          "2026-01-01T13:00:00Z delivery 3 of SUBSCRIBED/INITIAL_BUY failed, retry 2026-01-02T13:00:00Z",
          "2026-01-02T13:00:00Z delivery 4 of SUBSCRIBED/INITIAL_BUY failed, retry 2026-01-04T13:00:00Z",
          "2026-01-04T13:00:00Z delivered SUBSCRIBED/INITIAL_BUY",
        ])
      // The subscriber paid and was locked out until then: excused, a purchase not yet heard of.
      #expect(result.violations.isEmpty)
      #expect(result.passed)
    }

    @Test func pastApplesLastRetryANotificationIsLostForever() throws {
      // Attempts at +0, +1h, +13h, +37h, +85h and +157h all fall in the outage; then Apple
      // gives up. The policy first hears of the subscriber at the first renewal.
      let text = """
        name: t
        store: apple
        product: {}
        delivery: {outage: {for: 10d}}
        timeline: []
        expect:
          - {at: 9d, store: active, entitlement: never, access: no}
          - {at: renewal 1, entitlement: active, access: yes}

        """
      let result = try ScenarioTesting.play(text)
      #expect(
        Self.events(result).filter { $0.contains("delivery ") } == [
          "2026-01-01T00:00:00Z delivery 1 of SUBSCRIBED/INITIAL_BUY failed, retry 2026-01-01T01:00:00Z",
          "2026-01-01T01:00:00Z delivery 2 of SUBSCRIBED/INITIAL_BUY failed, retry 2026-01-01T13:00:00Z",
          "2026-01-01T13:00:00Z delivery 3 of SUBSCRIBED/INITIAL_BUY failed, retry 2026-01-02T13:00:00Z",
          "2026-01-02T13:00:00Z delivery 4 of SUBSCRIBED/INITIAL_BUY failed, retry 2026-01-04T13:00:00Z",
          "2026-01-04T13:00:00Z delivery 5 of SUBSCRIBED/INITIAL_BUY failed, retry 2026-01-07T13:00:00Z",
          "2026-01-07T13:00:00Z delivery 6 of SUBSCRIBED/INITIAL_BUY failed, store gives up",
        ])
      #expect(
        ScenarioTesting.deliveries(result) == [
          "DID_RENEW@2026-02-01T00:00:00Z", "DID_RENEW@2026-03-01T00:00:00Z",
        ])
      #expect(result.passed, "\(ScenarioTesting.violations(result)) \(ScenarioTesting.checks(result))")
    }

    @Test func aGoogleOutageRedeliversWithGooglesBackoff() throws {
      // Pub/Sub: 10 s doubling to 600 s. Attempts at 0, 10, 30, 70, 150, 310, 630, 1230,
      // 1830, 2430 and 3030 s fail; the one at 3630 s is after the hour.
      let text = "name: t\nstore: google\nproduct: {}\ndelivery: {outage: {for: 1h}}\ntimeline: []\n"
      let result = try ScenarioTesting.play(text)
      let failures = result.rows.filter { if case .deliveryFailed = $0.event { true } else { false } }
      #expect(
        failures.map { $0.instant - result.scenario.start }
          == [0, 10, 30, 70, 150, 310, 630, 1230, 1830, 2430, 3030].map {
            TimeSpan(seconds: $0)
          })
      #expect(ScenarioTesting.deliveries(result).first == "SUBSCRIPTION_PURCHASED@2026-01-01T01:00:30Z")
    }

    @Test func deliveryChangesMidRun() throws {
      // Six hours late from day 10; on time again from renewal 1 + 1d; an outage of a day
      // from an hour before renewal 2, so its DID_RENEW is retried.
      let text = """
        name: t
        store: apple
        product: {}
        timeline:
          - {at: 10d, do: delivery, delay: 6h}
          - {at: renewal 1 + 1d, do: delivery}
          - {at: renewal 2 - 1h, do: delivery, outage: {for: 1d}}
        expect:
          - {at: renewal 3 + 1h, charges: 4}

        """
      let result = try ScenarioTesting.play(text)
      #expect(
        ScenarioTesting.deliveries(result) == [
          "SUBSCRIBED/INITIAL_BUY@2026-01-01T00:00:00Z", "DID_RENEW@2026-02-01T06:00:00Z",
          "DID_RENEW@2026-03-02T13:00:00Z", "DID_RENEW@2026-04-01T00:00:00Z",
          "DID_RENEW@2026-05-01T00:00:00Z",
        ])
      #expect(
        Self.events(result).filter { $0.contains("delivery") } == [
          "2026-01-11T00:00:00Z delivery: delay 6h",
          "2026-02-02T00:00:00Z delivery: on time",
          "2026-02-28T23:00:00Z delivery: outage for 1d",
          "2026-03-01T00:00:00Z delivery 1 of DID_RENEW failed, retry 2026-03-01T01:00:00Z",
          "2026-03-01T01:00:00Z delivery 2 of DID_RENEW failed, retry 2026-03-01T13:00:00Z",
          "2026-03-01T13:00:00Z delivery 3 of DID_RENEW failed, retry 2026-03-02T13:00:00Z",
        ])
      #expect(result.passed, "\(ScenarioTesting.violations(result)) \(ScenarioTesting.checks(result))")
    }
  }
}
