import Testing

@testable import SimSub

extension ScenarioTests {
  /// The runner with the reference policy: each expectation key passing and failing, anchors,
  /// the horizon and notes.
  @Suite struct RunnerTests {
    /// The format's own example: the card expires, Apple keeps the subscriber in a 16-day
    /// grace, the card is fixed 5 days in.
    static func cardExpired(expect: String) -> String {
      """
      name: Card expires at the first renewal
      store: apple
      product: {id: premium.monthly, period: 1M, grace: 16d}
      start: 2026-01-31T09:00:00Z
      timeline:
        - at: 20d
          do: card-fails
          reason: expired
        - at: renewal 1 + 5d
          do: update-card
      expect:
      \(expect)
      """
    }

    @Test func everyKeyPasses() throws {
      let result = try ScenarioTesting.play(
        Self.cardExpired(
          expect: """
              - at: renewal 1 + 1h
                store: grace
                entitlement: grace
                access: yes
                prompt: soft
                sent: DID_FAIL_TO_RENEW/GRACE_PERIOD
                charges: 1
              - at: renewal 1 + 5d 1h
                store: active
                entitlement: active
                access: yes
                prompt: none
                sent: DID_RENEW/BILLING_RECOVERY
                charges: 2

            """))
      #expect(result.passed)
      #expect(result.entryErrors.isEmpty)
      #expect(
        result.expectations.map { $0.instant.map(RFC3339.format) } == [
          "2026-02-28T10:00:00Z", "2026-03-05T10:00:00Z",
        ])
      #expect(
        ScenarioTesting.checks(result) == [
          "store grace: grace ✓", "entitlement grace: grace ✓", "access yes: yes ✓", "prompt soft: soft ✓",
          "sent DID_FAIL_TO_RENEW/GRACE_PERIOD: sent ✓", "charges 1: 1 ✓",
          "store active: active ✓", "entitlement active: active ✓", "access yes: yes ✓",
          "prompt none: none ✓",
          "sent DID_RENEW/BILLING_RECOVERY: sent ✓", "charges 2: 2 ✓",
        ])
    }

    @Test func everyKeyFailsWithTheActualValue() throws {
      let result = try ScenarioTesting.play(
        Self.cardExpired(
          expect: """
              - at: renewal 1 + 1h
                store: active
                entitlement: active
                access: no
                prompt: none
                sent: DID_RENEW/BILLING_RECOVERY
                charges: 2

            """))
      #expect(!result.passed)
      let e = try #require(result.expectations.first)
      #expect(!e.passed)
      #expect(
        ScenarioTesting.checks(result) == [
          "store active: grace ✗", "entitlement active: grace ✗", "access no: yes ✗", "prompt none: soft ✗",
          "sent DID_RENEW/BILLING_RECOVERY: not sent (sent: SUBSCRIBED/INITIAL_BUY, DID_FAIL_TO_RENEW/GRACE_PERIOD) ✗",
          "charges 2: 1 ✗",
        ])
      // The failure shows the last notifications that reached the policy.
      #expect(
        e.recentDeliveries.map(\.name) == ["SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW/GRACE_PERIOD"])
      // Invariants still hold: only the expectation failed.
      #expect(result.invariants.allSatisfy { $0.passed })
    }

    @Test(arguments: [
      // A bare type matches it with any subtype.
      ("DID_FAIL_TO_RENEW", true),
      ("SUBSCRIBED", true),
      // `TYPE/SUBTYPE` matches exactly.
      ("DID_FAIL_TO_RENEW/GRACE_PERIOD", true),
      ("SUBSCRIBED/INITIAL_BUY", true),
      ("SUBSCRIBED/RESUBSCRIBE", false),
      ("EXPIRED/BILLING_RETRY", false),
      // Not yet sent at this instant: it comes with the recovery, five days later.
      ("DID_RENEW", false),
    ])
    func sentMatchesTypesAndSubtypes(name: String, found: Bool) throws {
      let result = try ScenarioTesting.play(
        Self.cardExpired(expect: "  - at: renewal 1 + 1h\n    sent: \(name)\n"))
      #expect(result.passed == found)
      #expect(result.expectations.first?.checks.map(\.passed) == [found])
    }

    @Test func notSentPassesUntilTheNameIsSent() throws {
      // The recovery comes five days into grace: before it, not sent; after it, sent.
      let result = try ScenarioTesting.play(
        Self.cardExpired(
          expect: """
              - at: renewal 1 + 1h
                not-sent: [DID_RENEW/BILLING_RECOVERY, EXPIRED]
              - at: renewal 1 + 5d 1h
                not-sent: DID_RENEW
            """))
      #expect(
        ScenarioTesting.checks(result) == [
          "not-sent DID_RENEW/BILLING_RECOVERY: not sent ✓",
          "not-sent EXPIRED: not sent ✓",
          "not-sent DID_RENEW: sent ✗",
        ])
      #expect(!result.passed)
    }

    @Test func sinceTheVeryPreviousExpectationLooksOnlyAtWhatCameAfterIt() throws {
      // renewal 1 is 2026-02-28T09:00:00Z; the grace notice is sent there, the recovery five
      // days later. Since the first expectation (an hour into grace), only the recovery.
      let result = try ScenarioTesting.play(
        Self.cardExpired(
          expect: """
              - at: renewal 1 + 1h
                sent: DID_FAIL_TO_RENEW/GRACE_PERIOD
              - at: renewal 1 + 5d 1h
                since: previous
                sent: [DID_RENEW/BILLING_RECOVERY, DID_FAIL_TO_RENEW]
                not-sent: [DID_FAIL_TO_RENEW, SUBSCRIBED, DID_RENEW]
              - at: renewal 1 + 6d
                since: previous
                sent: DID_RENEW
            """))
      #expect(
        ScenarioTesting.checks(result) == [
          "sent DID_FAIL_TO_RENEW/GRACE_PERIOD: sent ✓",
          "sent DID_RENEW/BILLING_RECOVERY: sent since 2026-02-28T10:00:00Z ✓",
          "sent DID_FAIL_TO_RENEW: not sent since 2026-02-28T10:00:00Z (sent since: DID_RENEW/BILLING_RECOVERY) ✗",
          "not-sent DID_FAIL_TO_RENEW: not sent since 2026-02-28T10:00:00Z ✓",
          "not-sent SUBSCRIBED: not sent since 2026-02-28T10:00:00Z ✓",
          "not-sent DID_RENEW: sent since 2026-02-28T10:00:00Z ✗",
          "sent DID_RENEW: nothing sent since 2026-03-05T10:00:00Z ✗",
        ])
      // Without `since`, the same names are judged over everything sent so far.
      let whole = try ScenarioTesting.play(
        Self.cardExpired(
          expect: """
              - at: renewal 1 + 1h
                sent: DID_FAIL_TO_RENEW/GRACE_PERIOD
              - at: renewal 1 + 5d 1h
                sent: [DID_RENEW/BILLING_RECOVERY, DID_FAIL_TO_RENEW]
            """))
      #expect(whole.passed)
    }

    @Test func sinceAPreviousExpectationNotYetCheckedFails() throws {
      // The previous expectation in the file comes later in time: there is no window to judge.
      let result = try ScenarioTesting.play(
        Self.cardExpired(
          expect: """
              - at: renewal 1 + 5d 1h
                store: active
              - at: renewal 1 + 1h
                since: previous
                sent: DID_FAIL_TO_RENEW
            """))
      #expect(
        ScenarioTesting.checks(result) == [
          "store active: active ✓",
          "sent DID_FAIL_TO_RENEW: the previous expectation (line 12) was not checked before this one ✗",
        ])
      #expect(!result.passed)
    }

    @Test func aBareTypeSentWithoutSubtypeDoesNotMatchASubtype() throws {
      // With no grace, Apple sends DID_FAIL_TO_RENEW with no subtype.
      let text = """
        name: t
        store: apple
        product: {grace: 0d}
        timeline:
          - {at: 20d, do: card-fails}
        expect:
          - at: renewal 1 + 1h
            sent: [DID_FAIL_TO_RENEW, DID_FAIL_TO_RENEW/GRACE_PERIOD]

        """
      let result = try ScenarioTesting.play(text)
      #expect(
        ScenarioTesting.checks(result) == [
          "sent DID_FAIL_TO_RENEW: sent ✓",
          "sent DID_FAIL_TO_RENEW/GRACE_PERIOD: not sent (sent: SUBSCRIBED/INITIAL_BUY, DID_FAIL_TO_RENEW) ✗",
        ])
      #expect(!result.passed)
    }

    @Test func aListChecksEveryName() throws {
      let passing = try ScenarioTesting.play(
        Self.cardExpired(
          expect: "  - at: renewal 1 + 5d 1h\n    sent: [SUBSCRIBED, DID_FAIL_TO_RENEW, DID_RENEW]\n"))
      #expect(passing.passed)
      #expect(passing.expectations[0].checks.count == 3)
      let failing = try ScenarioTesting.play(
        Self.cardExpired(expect: "  - at: renewal 1 + 5d 1h\n    sent: [SUBSCRIBED, EXPIRED, DID_RENEW]\n"))
      #expect(!failing.passed)
      #expect(failing.expectations[0].checks.map(\.passed) == [true, false, true])
    }

    @Test func sentCountsANotificationNotYetDelivered() throws {
      // Six hours of delivery delay: the store has sent the grace notice, the policy has not
      // heard it, and its answer is still the active one.
      let text = """
        name: t
        store: apple
        product: {}
        delivery: {delay: 6h}
        timeline:
          - {at: 20d, do: card-fails}
        expect:
          - at: renewal 1 + 1h
            sent: DID_FAIL_TO_RENEW/GRACE_PERIOD
            store: grace
            entitlement: active
            prompt: none

        """
      let result = try ScenarioTesting.play(text)
      #expect(result.passed, "\(ScenarioTesting.checks(result))")
    }

    @Test func chargesCountTheFirstPurchase() throws {
      let text = """
        name: t
        store: apple
        product: {}
        timeline: []
        expect:
          - {at: 1h, charges: 1}
          - {at: 31d 1h, charges: 2}
          - {at: 59d 1h, charges: 3}
          - {at: 59d 1h, charges: 2}

        """
      let result = try ScenarioTesting.play(text)
      #expect(result.expectations.map(\.passed) == [true, true, true, false])
      #expect(result.expectations[3].checks.map(\.actual) == ["3"])
    }

    @Test func anExpectationIsCheckedAfterEverythingAtItsInstant() throws {
      // `renewal 1` is the instant of the renewal's charge attempt: by then the store has
      // moved to grace and the policy has heard it.
      let result = try ScenarioTesting.play(
        Self.cardExpired(expect: "  - at: renewal 1\n    store: grace\n    prompt: soft\n"))
      #expect(result.passed)
      #expect(result.expectations[0].instant == ScenarioTesting.instant("2026-02-28T09:00:00Z"))
    }

    // MARK: Anchors

    @Test func aRecoveryFromHoldMovesTheNextRenewal() throws {
      // No grace: the failed renewal on Feb 1 goes straight to billing retry; the fix on
      // Feb 11 recovers, and Apple bills from then on: renewal 2 is Mar 11, not Mar 1.
      let text = """
        name: t
        store: apple
        product: {grace: 0d}
        timeline:
          - {at: 20d, do: card-fails}
          - {at: renewal 1 + 10d, do: update-card}
          - {at: renewal 2, do: note, text: second renewal}
        expect:
          - {at: renewal 2 - 1h, store: active, charges: 2}
          - {at: renewal 2 + 1h, store: active, charges: 3}

        """
      let result = try ScenarioTesting.play(text)
      #expect(result.passed, "\(ScenarioTesting.checks(result))")
      #expect(
        result.expectations.map { $0.instant.map(RFC3339.format) } == [
          "2026-03-10T23:00:00Z", "2026-03-11T01:00:00Z",
        ])
      let note = try #require(result.rows.first { if case .note = $0.event { true } else { false } })
      #expect(RFC3339.format(note.instant) == "2026-03-11T00:00:00Z")
    }

    @Test func aRecoveryInGraceKeepsTheBillingDate() throws {
      let result = try ScenarioTesting.play(
        Self.cardExpired(expect: "  - {at: renewal 2 + 1h, store: active, charges: 3}\n"))
      #expect(result.passed)
      #expect(result.expectations[0].instant == ScenarioTesting.instant("2026-03-31T10:00:00Z"))
    }

    @Test func anUpgradeMovesTheRenewalItStartsOver() throws {
      // Apple upgrades at once and starts a new period: the first renewal is one month after
      // the upgrade, so anchors placed at the purchase move with it.
      let text = """
        name: t
        store: apple
        product:
          - {id: basic, price: 4.99}
          - {id: pro, price: 9.99}
        timeline:
          - {at: 10d, do: change-product, product: pro}
          - {at: renewal 1, do: note, text: first renewal}
        expect:
          - {at: renewal 1 - 1h, charges: 2}
          - {at: renewal 1 + 1h, charges: 3, sent: DID_RENEW}

        """
      let result = try ScenarioTesting.play(text)
      #expect(result.passed, "\(ScenarioTesting.checks(result))")
      #expect(
        result.expectations.map { $0.instant.map(RFC3339.format) } == [
          "2026-02-10T23:00:00Z", "2026-02-11T01:00:00Z",
        ])
      let notes = result.rows.filter { if case .note = $0.event { true } else { false } }
      #expect(notes.map { RFC3339.format($0.instant) } == ["2026-02-11T00:00:00Z"])
    }

    @Test func anAnchorNeverReachedIsAnErrorOfItsEntry() throws {
      let text = """
        name: t
        store: apple
        product: {}
        timeline:
          - {at: 10d, do: cancel}
          - {at: renewal 3, do: note, text: never}
        expect:
          - {at: renewal 1 + 1h, store: expired}
          - {at: renewal 2 + 1h, store: expired}

        """
      let result = try ScenarioTesting.play(text)
      #expect(!result.passed)
      #expect(
        result.entryErrors.map { "\($0.line):\($0.column): \($0.message)" } == [
          "6:10: 'renewal 3' was never reached: the subscription ended first",
          "9:10: 'renewal 2 + 1h' was never reached: the subscription ended first",
        ])
      #expect(result.expectations.map(\.passed) == [true, false])
      #expect(result.expectations[1].instant == nil)
    }

    @Test func anAnchorBeyondAnExplicitHorizonIsAnError() throws {
      let text = """
        name: t
        store: apple
        product: {}
        horizon: 45d
        timeline:
          - {at: renewal 2, do: note, text: too late}
          - {at: 50d, do: cancel}
        expect:
          - {at: 46d, store: active}

        """
      let result = try ScenarioTesting.play(text)
      #expect(result.end == ScenarioTesting.instant("2026-02-15T00:00:00Z"))
      #expect(
        result.entryErrors.map { "\($0.line):\($0.column): \($0.message)" } == [
          "6:10: 'renewal 2' falls on 2026-03-01T00:00:00Z, after the run ended at 2026-02-15T00:00:00Z (horizon 45d)",
          "7:10: '50d' falls on 2026-02-20T00:00:00Z, after the run ended at 2026-02-15T00:00:00Z (horizon 45d)",
          "9:10: '46d' falls on 2026-02-16T00:00:00Z, after the run ended at 2026-02-15T00:00:00Z (horizon 45d)",
        ])
      #expect(!result.rows.contains { if case .action(.cancel) = $0.event { true } else { false } })
    }

    @Test func anAnchorThatHadPassedWhenItBecameKnownIsAnError() throws {
      let text = """
        name: t
        store: apple
        product: {}
        timeline:
          - {at: renewal 1 - 40d, do: cancel}
        expect:
          - {at: renewal 1 - 1d, store: active}

        """
      let result = try ScenarioTesting.play(text)
      #expect(
        result.entryErrors.map { "\($0.line):\($0.column): \($0.message)" } == [
          "5:10: 'renewal 1 - 40d' falls on 2025-12-23T00:00:00Z, which had passed when renewal 1 became known at 2026-01-01T00:00:00Z"
        ])
      #expect(result.expectations.map(\.passed) == [true])
      #expect(!result.passed)
    }

    // MARK: Horizon

    @Test func theDefaultHorizonIsOnePeriodPastTheLastEntry() throws {
      // The last expectation is at renewal 1 + 5d 1h = 2026-03-05T10:00:00Z.
      let result = try ScenarioTesting.play(
        Self.cardExpired(expect: "  - {at: renewal 1 + 5d 1h, store: active}\n"))
      #expect(result.end == ScenarioTesting.instant("2026-04-05T10:00:00Z"))
      // The renewal of 2026-03-31 is inside it.
      #expect(result.rows.contains { RFC3339.format($0.instant) == "2026-03-31T09:00:00Z" })
    }

    @Test func theDefaultHorizonFollowsTheLastTimelineEntryToo() throws {
      let text = """
        name: t
        store: apple
        product: {period: 1W}
        timeline:
          - {at: 20d, do: note, text: last}
        expect:
          - {at: 1d, store: active}

        """
      let result = try ScenarioTesting.play(text)
      #expect(result.end == ScenarioTesting.instant("2026-01-28T00:00:00Z"))
    }

    @Test func anExplicitHorizonEndsTheRun() throws {
      let text = """
        name: t
        store: apple
        product: {}
        horizon: 100d
        timeline: []
        expect:
          - {at: 99d, charges: 4}

        """
      let result = try ScenarioTesting.play(text)
      #expect(result.passed)
      #expect(result.end == ScenarioTesting.instant("2026-04-11T00:00:00Z"))
      #expect(result.rows.last.map { RFC3339.format($0.instant) } == "2026-04-01T00:00:00Z")
    }

    // MARK: Notes and the timeline

    @Test func notesAppearInTheTimelineBeforeTheStoreAtTheirInstant() throws {
      let text = """
        name: t
        store: apple
        product: {}
        timeline:
          - {at: renewal 1, do: note, text: the first renewal}
          - {at: renewal 1, do: note, text: and a second note}
          - {at: 3d, do: note, text: 'day three: nothing happens'}
        expect:
          - {at: 1d, store: active}

        """
      let result = try ScenarioTesting.play(text)
      let described = result.rows.map {
        "\(RFC3339.format($0.instant)) \(Describe.event($0.event, products: []))"
      }
      #expect(
        described == [
          "2026-01-01T00:00:00Z subscribe #0", "2026-01-01T00:00:00Z delivered SUBSCRIBED/INITIAL_BUY",
          "2026-01-04T00:00:00Z note: day three: nothing happens",
          "2026-02-01T00:00:00Z note: the first renewal", "2026-02-01T00:00:00Z note: and a second note",
          "2026-02-01T00:00:00Z store: period ends", "2026-02-01T00:00:00Z delivered DID_RENEW",
          "2026-03-01T00:00:00Z store: period ends", "2026-03-01T00:00:00Z delivered DID_RENEW",
        ])
      // A note carries the state at its instant.
      let note = try #require(
        result.rows.first { if case .note("day three: nothing happens") = $0.event { true } else { false } })
      #expect(note.truth == .active && note.decision.access)
    }

    @Test func aSubscribeEntryReplacesTheImplicitPurchase() throws {
      let text = """
        name: t
        store: apple
        product: {}
        timeline:
          - {at: 10d, do: subscribe}
        expect:
          - {at: 9d, store: never, access: no, charges: 0}
          - {at: 10d, store: active, access: yes, charges: 1}
          - {at: renewal 1 + 1h, charges: 2}

        """
      let result = try ScenarioTesting.play(text)
      #expect(result.passed, "\(ScenarioTesting.checks(result))")
      #expect(result.expectations[2].instant == ScenarioTesting.instant("2026-02-11T01:00:00Z"))
    }

    @Test func entriesAtTheSameInstantHappenInFileOrderBeforeTheStore() throws {
      // `card-fails` and then `update-card` at `renewal 1`: the card works again before the
      // renewal is charged, so it succeeds.
      let text = """
        name: t
        store: apple
        product: {}
        timeline:
          - {at: renewal 1, do: card-fails}
          - {at: renewal 1, do: update-card}
        expect:
          - {at: renewal 1, store: active, charges: 2}

        """
      #expect(try ScenarioTesting.play(text).passed)
      let reversed = text.replacingOccurrences(
        of: "do: card-fails}\n  - {at: renewal 1, do: update-card",
        with: "do: update-card}\n  - {at: renewal 1, do: card-fails")
      #expect(reversed != text)
      let result = try ScenarioTesting.play(reversed)
      #expect(ScenarioTesting.checks(result) == ["store active: grace ✗", "charges 2: 1 ✗"])
    }

    @Test func thePolicyCanBeChosenAtRunTime() throws {
      let text = Self.cardExpired(expect: "  - {at: renewal 1 + 1h, access: yes}\n")
      let scenario = try ScenarioTesting.scenario(text)
      let result = try ScenarioPlayer.play(scenario, policy: "active-only")
      #expect(result.policy == "active-only")
      #expect(!result.passed)
      #expect(ScenarioTesting.checks(result) == ["access yes: no ✗"])
      #expect(throws: ScenarioPlayer.Failure.self) { try ScenarioPlayer.play(scenario, policy: "nonesuch") }
    }
  }
}
