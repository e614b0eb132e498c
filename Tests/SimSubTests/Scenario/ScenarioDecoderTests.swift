import Testing

@testable import SimSub

extension ScenarioTests {
  /// What a valid scenario decodes to: every default the format promises, and every value form.
  @Suite struct DecoderTests {
    @Test func theDefaultsAreFilledIn() throws {
      let s = try ScenarioTesting.scenario("name: Minimal\nstore: apple\nproduct: {}\ntimeline: []\n")
      #expect(s.path == "t.scn")
      #expect(s.name == "Minimal")
      #expect(s.store == .apple)
      #expect(s.start == ScenarioTesting.instant("2026-01-01T00:00:00Z"))
      #expect(s.horizon == nil)
      #expect(s.step == .hours(1))
      #expect(s.policy == "reference")
      #expect(s.delivery == DeliveryFaults())
      #expect(s.familyMembers == 0)
      #expect(s.timeline.isEmpty && s.expectations.isEmpty)
      #expect(s.invariants.isEmpty && s.expectedViolations.isEmpty)
      for invariant in Invariant.allCases { #expect(s.level(of: invariant) == .error) }
      let p = try #require(s.products.first)
      #expect(s.products.count == 1)
      #expect(p.id.text == "premium.monthly")
      #expect(p.period == .oneMonth)
      #expect(p.priceMilliunits == 9_990)
      // Apple: 16 days of grace for a monthly product, then billing retry to 60 days.
      #expect(p.grace == .days(16))
      #expect(p.hold == .days(44))
      #expect(p.trial == nil)
      #expect(p.group.text == "default")
    }

    @Test(arguments: [
      ("apple", "1W", "premium.weekly", TimeSpan.days(6), TimeSpan.days(54)),
      ("apple", "1Y", "premium.yearly", .days(16), .days(44)),
      ("google", "1M", "premium.monthly", .days(7), .days(53)),
      ("google", "1W", "premium.weekly", .days(3), .days(57)),
    ])
    func theStoreGivesGraceAndHold(store: String, period: String, id: String, grace: TimeSpan, hold: TimeSpan)
      throws
    {
      let s = try ScenarioTesting.scenario(
        "name: t\nstore: \(store)\nproduct: {period: \(period)}\ntimeline: []\n")
      let p = try #require(s.products.first)
      #expect(p.id.text == id)
      #expect(p.grace == grace)
      #expect(p.hold == hold)
    }

    @Test func anExplicitGraceLeavesTheRestOfTheWindowToHold() throws {
      let apple = try ScenarioTesting.scenario("name: t\nstore: apple\nproduct: {grace: 0d}\ntimeline: []\n")
      #expect(apple.products[0].grace == .zero && apple.products[0].hold == .days(60))
      let google = try ScenarioTesting.scenario(
        "name: t\nstore: google\nproduct: {grace: 14d}\ntimeline: []\n")
      #expect(google.products[0].grace == .days(14) && google.products[0].hold == .days(46))
    }

    @Test func everyTopLevelValueIsRead() throws {
      let s = try ScenarioTesting.scenario(
        """
        name: "Everything: given"
        store: google
        product:
          - {id: basic, period: P1M, price: 4.5, grace: 3d, hold: 27d, trial: 7d, group: family}
          - {id: pro, period: 1Y, price: '99'}
        start: 2026-01-31T09:00:00Z
        horizon: 90d
        step: 30min
        policy: arrival-order
        channel: direct
        delivery: {delay: 6h, duplicate: yes, reorder: 1d, outage: {for: 2d}}
        timeline: []
        invariants: {no-free-access: warn, prompt-matches: off}
        expect-violations: [no-lockout-in-grace]

        """)
      #expect(s.name == "Everything: given")
      #expect(s.store == .google)
      #expect(s.start == ScenarioTesting.instant("2026-01-31T09:00:00Z"))
      #expect(s.horizon == .days(90))
      #expect(s.step == .minutes(30))
      #expect(s.policy == "arrival-order")
      #expect(
        s.delivery == DeliveryFaults(delay: .hours(6), duplicate: true, reorder: .days(1), outage: .days(2)))
      #expect(s.invariants == [.noFreeAccess: .warn, .promptMatches: .off])
      #expect(s.level(of: .noLockoutInGrace) == .error)
      #expect(s.expectedViolations == [.noLockoutInGrace])
      #expect(s.products.map(\.id.text) == ["basic", "pro"])
      let basic = s.products[0]
      #expect(basic.period == .oneMonth && basic.priceMilliunits == 4_500)
      #expect(basic.grace == .days(3) && basic.hold == .days(27) && basic.trial == .days(7))
      #expect(basic.group.text == "family")
      let pro = s.products[1]
      #expect(pro.period == .oneYear && pro.priceMilliunits == 99_000)
      #expect(pro.grace == .days(7) && pro.hold == .days(53) && pro.group.text == "default")
    }

    @Test func everyInstantFormIsRead() throws {
      let s = try ScenarioTesting.scenario(
        """
        name: t
        store: apple
        product: {}
        start: 2026-01-31T09:00:00Z
        timeline:
          - at: 30d
            do: note
            text: a
          - at: 40d 12h
            do: note
            text: b
          - at: 2026-03-02T10:00:00Z
            do: note
            text: c
          - at: renewal 1
            do: note
            text: d
          - at: renewal 2 + 6h
            do: note
            text: e
          - at: renewal 1 - 1d
            do: note
            text: f
          - at: "renewal 3 + 1d 2h"
            do: note
            text: g

        """)
      let fortyDaysTwelveHours = TimeSpan.days(40) + TimeSpan.hours(12)
      let oneDayTwoHours = TimeSpan.days(1) + TimeSpan.hours(2)
      let expected: [ScenarioInstant] = [
        .afterStart(.days(30)), .afterStart(fortyDaysTwelveHours),
        .absolute(ScenarioTesting.instant("2026-03-02T10:00:00Z")), .renewal(1, offset: .zero),
        .renewal(2, offset: .hours(6)), .renewal(1, offset: -TimeSpan.days(1)),
        .renewal(3, offset: oneDayTwoHours),
      ]
      #expect(s.timeline.map(\.at) == expected)
      let descriptions: [String] = [
        "30d", "40d 12h", "2026-03-02T10:00:00Z", "renewal 1", "renewal 2 + 6h", "renewal 1 - 1d",
        "renewal 3 + 1d 2h",
      ]
      #expect(s.timeline.map(\.at.description) == descriptions)
      // Each entry remembers where its `at` value is, for entry errors.
      #expect(s.timeline.map(\.line) == [6, 9, 12, 15, 18, 21, 24])
      #expect(s.timeline.allSatisfy { $0.column == 9 })
    }

    @Test func everyActionIsRead() throws {
      let s = try ScenarioTesting.scenario(
        """
        name: t
        store: google
        product:
          - {id: a, trial: 7d}
          - {id: b}
        timeline:
          - {at: 0d, do: subscribe}
          - {at: 1d, do: subscribe, product: b, trial: no}
          - {at: 2d, do: card-fails}
          - {at: 2d, do: card-fails, reason: expired}
          - {at: 2d, do: card-fails, reason: insufficient-funds}
          - {at: 3d, do: update-card}
          - {at: 4d, do: cancel}
          - {at: 5d, do: uncancel}
          - {at: 6d, do: resubscribe}
          - {at: 6d, do: resubscribe, product: b}
          - {at: 7d, do: refund}
          - {at: 8d, do: change-product, product: b}
          - {at: 9d, do: pause, for: 1M}
          - {at: 10d, do: resume}
          - {at: 11d, do: note, text: 'hello: world'}
          - {at: 12d, do: delivery, delay: 1h}
          - {at: 13d, do: delivery}

        """)
      let expected: [TimelineAction] = [
        .subscriber(.subscribe(product: 0, trial: true)), .subscriber(.subscribe(product: 1, trial: false)),
        .subscriber(.cardFails(.declined)), .subscriber(.cardFails(.expired)),
        .subscriber(.cardFails(.insufficientFunds)), .subscriber(.updateCard), .subscriber(.cancel),
        .subscriber(.uncancel), .subscriber(.resubscribe(product: 0)), .subscriber(.resubscribe(product: 1)),
        .subscriber(.refund), .subscriber(.changeProduct(1)), .subscriber(.pause(.days(30))),
        .subscriber(.resume), .note("hello: world"), .delivery(DeliveryFaults(delay: .hours(1))),
        .delivery(DeliveryFaults()),
      ]
      #expect(s.timeline.map(\.action) == expected)
    }

    @Test func productChangeTermsAreRead() throws {
      func terms(_ store: String, _ keys: String) throws -> ProductChangeTerms? {
        let s = try ScenarioTesting.scenario(
          "name: t\nstore: \(store)\nproduct: [{id: a}, {id: b}]\ntimeline:\n  - {at: 1d, do: change-product, product: b\(keys)}\n"
        )
        guard case .subscriber(.changeProduct(1, let terms)) = s.timeline.first?.action else { return nil }
        return terms
      }
      for mode in GoogleReplacementMode.allCases {
        #expect(
          try terms("google", ", replacement-mode: \(mode.name)") == ProductChangeTerms(replacementMode: mode)
        )
      }
      for behavior in StripeProrationBehavior.allCases {
        #expect(
          try terms("stripe", ", proration: \(behavior.name)") == ProductChangeTerms(proration: behavior))
      }
      // Nothing written: each store's own default, chosen by the model.
      #expect(try terms("google", "") == .storeDefault)
      #expect(try terms("stripe", "") == .storeDefault)
    }

    @Test func familySharingIsRead() throws {
      let s = try ScenarioTesting.scenario(
        """
        name: t
        store: apple
        product: {}
        family-members: 3
        timeline:
          - {at: 1d, do: leave-family, member: 3}
          - {at: 2d, do: stop-sharing}
        expect:
          - {at: 1d, member: 3, store: revoked, sent: REVOKE}
          - {at: 1d, member: 1, access: yes}
          - {at: 2d, access: yes}

        """)
      #expect(s.familyMembers == 3)
      #expect(
        s.timeline.map(\.action) == [
          .subscriber(.stopSharing(member: 3)), .subscriber(.stopSharing(member: 0)),
        ])
      #expect(s.expectations.map(\.member) == [3, 1, 0])
      #expect(s.expectations[0].store == .revoked)
      #expect(s.expectations[0].sent == ["REVOKE"])
      // Zero family members is the default, and allowed for every store.
      let google = try ScenarioTesting.scenario(
        "name: t\nstore: google\nproduct: {}\nfamily-members: 0\ntimeline: []\n")
      #expect(google.familyMembers == 0)
      let five = try ScenarioTesting.scenario(
        "name: t\nstore: apple\nproduct: {}\nfamily-members: 5\ntimeline: []\n")
      #expect(five.familyMembers == AppStoreDefaults.familyMembersMax)
    }

    @Test func everyExpectationKeyIsRead() throws {
      let s = try ScenarioTesting.scenario(
        """
        name: t
        store: apple
        product: {}
        timeline: []
        expect:
          - at: 1d
            store: grace
            entitlement: hold
            access: no
            prompt: hard
            sent: DID_FAIL_TO_RENEW
            charges: 3
          - at: 2d
            access: true
            sent: [SUBSCRIBED/INITIAL_BUY, DID_RENEW]

        """)
      #expect(
        s.expectations == [
          Expectation(
            at: .afterStart(.days(1)), store: .grace, entitlement: .hold, access: false, prompt: .hard,
            sent: ["DID_FAIL_TO_RENEW"], charges: 3, line: 6, column: 9),
          Expectation(
            at: .afterStart(.days(2)), access: true, sent: ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW"], line: 13,
            column: 9),
        ])
    }
  }
}
