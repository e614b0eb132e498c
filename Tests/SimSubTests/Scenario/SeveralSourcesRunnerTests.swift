import Testing

@testable import SimSub

extension ScenarioTests {
  /// Scenarios of a subscriber with several sources: one engine per source in lockstep, one
  /// policy, the subscriber's truth as the best standing of any source.
  @Suite struct SeveralSourcesRunnerTests {
    /// An App Store subscription from day 0 and a Stripe one from day 10; the App Store card
    /// expires before its first renewal (2026-02-01) and is never fixed.
    static func appAndWeb(policy: String = "reference", expect: String = "") -> String {
      """
      name: app and web
      sources:
        - {name: app, store: apple, product: {period: 1M, grace: 16d}}
        - {name: web, store: stripe, product: {id: premium.web, period: 1M, grace: 7d}}
      policy: \(policy)
      horizon: 120d
      timeline:
        - {at: 10d, source: web, do: subscribe}
        - {at: 20d, source: app, do: card-fails, reason: expired}
      expect:
        - {at: renewal 1 + 1h, source: app, store: grace}
      \(expect)

      """
    }

    @Test func theSubscriberStandsAsWellAsTheBestSource() throws {
      let result = try ScenarioTesting.play(Self.appAndWeb())
      #expect(result.passed)
      #expect(Set(result.rows.compactMap(\.source)) == ["app", "web"])
      #expect(result.rows.allSatisfy { $0.source != nil })
      // The App Store subscription goes through grace, billing retry and expiry, but from the
      // web purchase on the web subscription pays: the subscriber is active throughout.
      let web = result.scenario.start + .days(10)
      #expect(result.rows.filter { $0.instant >= web }.allSatisfy { $0.truth == .active })
      #expect(result.rows.contains { $0.source == "app" && $0.sent.contains("EXPIRED/BILLING_RETRY") })
      #expect(result.violations.isEmpty)
    }

    @Test func notificationsOfEverySourceReachThePolicyInTimeOrder() throws {
      let result = try ScenarioTesting.play(Self.appAndWeb())
      let delivered = result.rows.filter {
        if case .delivered = $0.event { true } else { false }
      }
      #expect(Set(delivered.compactMap(\.source)) == ["app", "web"])
      #expect(zip(delivered, delivered.dropFirst()).allSatisfy { $0.instant <= $1.instant })
      #expect(zip(result.deliveries, result.deliveries.dropFirst()).allSatisfy { $0.instant <= $1.instant })
    }

    @Test func expectationsCheckTheirSourceOrTheWholeSubscriber() throws {
      let result = try ScenarioTesting.play(
        Self.appAndWeb(
          expect: """
              - {at: renewal 1 + 1h, store: active, prompt: none, charges: 2}
              - {at: renewal 1 + 1h, source: web, store: active, charges: 2, sent: invoice.paid}
              - {at: renewal 1 + 1h, source: app, charges: 1, sent: DID_FAIL_TO_RENEW/GRACE_PERIOD}
              - {at: renewal 1 + 1h, source: web, sent: invoice.payment_failed}
              - {at: renewal 1 + 1h, sent: [DID_FAIL_TO_RENEW, customer.subscription.created]}
            """))
      let verdicts = result.expectations.map(\.passed)
      // Every one holds but the web source's `sent: invoice.payment_failed`: the App Store card
      // failed, not the web one. (The web source's `renewal 1` is its own, ten days after the
      // App Store's.)
      #expect(verdicts == [true, true, true, true, false, true])
      let failed = try #require(result.expectations.first { !$0.passed })
      #expect(failed.checks.filter { !$0.passed }.map(\.key) == ["sent"])
      #expect(failed.instant == result.scenario.start + .days(41) + .hours(1))
    }

    @Test func aSourceOfOneIsTheScenarioOfOneSubscription() throws {
      let classic = """
        name: one
        store: stripe
        product: {period: 1M, grace: 7d}
        timeline:
          - {at: 20d, do: card-fails}
          - {at: renewal 1 + 3d, do: update-card}
        expect:
          - {at: renewal 1 + 1h, store: grace, access: yes, prompt: soft}
          - {at: renewal 2, store: active, charges: 3}
        """
      let sourced = """
        name: one
        sources:
          - {name: web, store: stripe, product: {period: 1M, grace: 7d}}
        timeline:
          - {at: 20d, source: web, do: card-fails}
          - {at: renewal 1 + 3d, source: web, do: update-card}
        expect:
          - {at: renewal 1 + 1h, source: web, store: grace, access: yes, prompt: soft}
          - {at: renewal 2, source: web, store: active, charges: 3}
        """
      for policy in ["reference", "past-due-is-free", "active-only"] {
        let a = try ScenarioPlayer.play(try ScenarioTesting.scenario(classic), policy: policy)
        let b = try ScenarioPlayer.play(try ScenarioTesting.scenario(sourced), policy: policy)
        func trace(_ r: ScenarioResult) -> [String] {
          r.rows.map { "\($0.instant) \($0.event) \($0.sent) \($0.truth) \($0.decision)" }
        }
        #expect(trace(a) == trace(b), "\(policy)")
        #expect(a.violations == b.violations, "\(policy)")
        #expect(a.expectations.map(\.checks) == b.expectations.map(\.checks), "\(policy)")
        #expect(a.end == b.end)
      }
    }

    @Test func latestSourceWinsIsCaught() throws {
      let bad = try ScenarioTesting.play(Self.appAndWeb(policy: "latest-source-wins"))
      #expect(Set(bad.violations.map(\.invariant)) == [.noLockoutInGrace, .promptMatches])
      let lockout = try #require(bad.violations.first { $0.invariant == .noLockoutInGrace })
      #expect(lockout.truth == .active)
      #expect(lockout.cause?.name == "GRACE_PERIOD_EXPIRED")
      #expect(try ScenarioTesting.play(Self.appAndWeb()).violations.isEmpty)
    }

    @Test func aLateNotificationOfOneSourceExcusesTheSubscriber() throws {
      // Stripe events reach the server six hours late, so the web purchase is not heard of at
      // once; a second source's delay excuses the subscriber as one source's does.
      let text = """
        name: late web
        sources:
          - {name: app, store: apple, product: {period: 1M}}
          - {name: web, store: stripe, product: {period: 1M, grace: 7d}}
        timeline:
          - {at: 1d, source: web, do: delivery, delay: 6h}
          - {at: 20d, source: app, do: cancel}
          - {at: 25d, source: web, do: subscribe}
        expect:
          - {at: 2026-02-01T01:00:00Z, store: active, access: yes}
        """
      let result = try ScenarioTesting.play(text)
      #expect(result.passed)
      #expect(result.violations.isEmpty)
    }

    @Test func reportsNameEachSource() throws {
      let result = try ScenarioTesting.play(Self.appAndWeb())
      let text = ScenarioTextReport().render(result)
      #expect(text.contains("  sources  app (apple): premium.monthly (1M, 9.99, grace 16d, hold 44d)\n"))
      #expect(text.contains("\n           web (stripe): premium.web (1M, 9.99, grace 7d, hold 14d)\n"))
      #expect(text.contains("web: subscribe premium.web "))
      #expect(text.contains("app: card-fails (expired)"))
      #expect(text.contains("  ✓ app, renewal 1 + 1h (2026-02-01T01:00:00Z, day 31): store grace\n"))
      let json = try JSONValue(parsing: ScenarioJSONReport.render([result]))
      let scenario = json["scenarios"]?[0]
      #expect(scenario?["scenario"]?["sources"]?[1]?["name"] == "web")
      #expect(scenario?["scenario"]?["sources"]?[1]?["store"] == "stripe")
      #expect(scenario?["trace"]?[0]?["source"] == "app")
      #expect(scenario?["trace"]?[0]?["event"] == "app: subscribe premium.monthly")
    }

    /// Every prefix of a several-source scenario, and the scenario with any one line left out,
    /// is either rejected with diagnostics or played to the end.
    @Test func truncatedAndDamagedScenariosAreRejectedOrPlayed() throws {
      let whole = Self.appAndWeb(
        expect: """
            - {at: renewal 1 + 1h, store: active, prompt: none, charges: 2}
            - {at: renewal 1 + 1h, source: web, store: active}
          """)
      #expect(try ScenarioTesting.play(whole).passed)
      let lines = whole.split(separator: "\n", omittingEmptySubsequences: false)
      var texts = stride(from: 0, to: whole.utf8.count, by: 7).map {
        String(decoding: whole.utf8.prefix($0), as: UTF8.self)
      }
      texts += lines.indices.map { i in (lines[..<i] + lines[(i + 1)...]).joined(separator: "\n") }
      var rejected = 0
      var played = 0
      for text in texts {
        switch ScenarioTesting.decode(text) {
        case .failure(let failure):
          #expect(!failure.rendered.isEmpty, "\(text)")
          rejected += 1
        case .success(let scenario):
          let result = try ScenarioPlayer.play(scenario)
          #expect(result.end >= scenario.start)
          played += 1
        }
      }
      #expect(rejected > 10 && played > 5, "rejected \(rejected), played \(played)")
    }

    /// The decoder refuses Stripe behind RevenueCat; a scenario built by hand with it is
    /// refused when played, with one source or with several, the same way.
    @Test func stripeBehindRevenueCatIsRefusedByBothPlayPaths() throws {
      var one = try ScenarioTesting.scenario(Self.appAndWeb()).projected(onSource: 1)
      one.channel = .revenueCat(.billingIssueFirst)
      var several = try ScenarioTesting.scenario(Self.appAndWeb())
      several.subscriptions[1].channel = .revenueCat(.billingIssueFirst)
      for scenario in [one, several] {
        let error = #expect(throws: ScenarioPlayer.Failure.self) { try ScenarioPlayer.play(scenario) }
        #expect(error?.rendered.hasSuffix("not stripe") == true)
      }
    }

    @Test func bestStandingRanksEveryTruth() {
      #expect(StoreTruth.bestStanding([.expired, .active]) == .active)
      #expect(StoreTruth.bestStanding([.grace, .canceled]) == .canceled)
      #expect(StoreTruth.bestStanding([.hold, .grace]) == .grace)
      #expect(StoreTruth.bestStanding([.expired, .hold]) == .hold)
      #expect(StoreTruth.bestStanding([.revoked, .paused]) == .paused)
      #expect(StoreTruth.bestStanding([.never, .expired]) == .expired)
      #expect(StoreTruth.bestStanding([]) == .never)
      // Entitled if any source entitles.
      for a in StoreTruth.allCases {
        for b in StoreTruth.allCases {
          #expect(StoreTruth.bestStanding([a, b]).isEntitled == (a.isEntitled || b.isEntitled))
        }
      }
    }
  }
}
