import Testing

@testable import SimSub

extension ScenarioTests {
  /// `sources:`: a subscriber with several subscriptions, and what the decoder makes of it.
  @Suite struct SeveralSourcesDecoderTests {
    static let twoSources = """
      name: t
      sources:
        - {name: app, store: apple, product: {period: 1M}}
        - {name: web, store: stripe, product: {id: premium.web, period: 1M, grace: 7d}}
      """

    @Test func sourcesAreDecodedWithTheirStoresProductsAndEntries() throws {
      let scenario = try ScenarioTesting.scenario(
        Self.twoSources + """

          timeline:
            - {at: 10d, source: web, do: subscribe, product: premium.web}
            - {at: 20d, source: app, do: card-fails}
          expect:
            - {at: renewal 1, source: app, store: grace}
            - {at: 40d, access: yes}
          """)
      #expect(scenario.subscriptions.map(\.name) == ["app", "web"])
      #expect(scenario.subscriptions.map(\.store) == [.apple, .stripe])
      #expect(scenario.subscriptions[1].products.map(\.id.text) == ["premium.web"])
      // The top level mirrors the first source.
      #expect(scenario.store == .apple)
      #expect(scenario.products == scenario.subscriptions[0].products)
      #expect(scenario.timeline.map(\.source) == [1, 0])
      #expect(scenario.expectations.map(\.source) == [0, nil])
      #expect(scenario.storeNames == "apple + stripe")
      // The app's promise during past_due comes from the Stripe source.
      #expect(scenario.policySettings.stripeGracePeriod == .days(7))
    }

    @Test func aSourcesNameIsItsStoresByDefault() throws {
      let scenario = try ScenarioTesting.scenario(
        """
        name: t
        sources:
          - {store: google, product: {}}
          - {store: stripe, product: {}}
        timeline:
          - {at: 1d, source: google, do: cancel}
        """)
      #expect(scenario.subscriptions.map(\.name) == ["google", "stripe"])
    }

    @Test func aSourceProjectsToAScenarioOfOneSubscription() throws {
      let scenario = try ScenarioTesting.scenario(
        Self.twoSources + """

          timeline:
            - {at: 10d, source: web, do: subscribe}
            - {at: 20d, source: app, do: card-fails}
          expect:
            - {at: renewal 1, source: web, store: active}
            - {at: 40d, access: yes}
          """)
      let web = scenario.projected(onSource: 1)
      #expect(web.store == .stripe && !web.hasSources && web.subscriptions.count == 1)
      #expect(web.timeline.map(\.line) == [scenario.timeline[0].line])
      #expect(web.expectations.map(\.line) == [scenario.expectations[0].line])
      // Expectations about the whole subscriber are placed with the first source.
      #expect(scenario.projected(onSource: 0).expectations.map(\.line) == [scenario.expectations[1].line])
    }

    static let cases: [DecoderErrorTests.Case] = [
      .init(
        label: "store beside sources",
        text: "name: t\nstore: apple\nsources:\n  - {store: apple, product: {}}\ntimeline: []\n",
        errors: ["2:1: 'store' goes inside each source in a scenario with 'sources'"]),
      .init(
        label: "product and channel beside sources",
        text:
          "name: t\nproduct: {}\nchannel: revenuecat\nsources:\n  - {store: apple, product: {}}\ntimeline: []\n",
        errors: [
          "2:1: 'product' goes inside each source in a scenario with 'sources'",
          "3:1: 'channel' goes inside each source in a scenario with 'sources'",
        ]),
      .init(
        label: "family members beside sources",
        text: "name: t\nfamily-members: 1\nsources:\n  - {store: apple, product: {}}\ntimeline: []\n",
        errors: [
          "2:1: family-members is played for a scenario of one apple subscription, not one with 'sources'"
        ]),
      .init(
        label: "an empty list of sources",
        text: "name: t\nsources: []\ntimeline: []\n",
        errors: ["2:10: expected at least one source, found an empty list"]),
      .init(
        label: "a source without a product",
        text: "name: t\nsources:\n  - {store: apple}\ntimeline: []\n",
        errors: ["3:5: missing required key 'product'"]),
      .init(
        label: "an unknown key in a source",
        text: "name: t\nsources:\n  - {store: apple, prodct: {}}\ntimeline: []\n",
        errors: [
          "3:5: missing required key 'product'", "3:20: unknown key 'prodct' — did you mean 'product'?",
        ]),
      .init(
        label: "two sources of one name",
        text:
          "name: t\nsources:\n  - {name: a, store: apple, product: {}}\n  - {name: a, store: stripe, product: {}}\ntimeline: []\n",
        errors: ["4:12: duplicate source name 'a': already used on line 3"]),
      .init(
        label: "two sources of one store",
        text:
          "name: t\nsources:\n  - {name: a, store: apple, product: {}}\n  - {name: b, store: apple, product: {}}\ntimeline: []\n",
        errors: [
          "4:5: a second apple source: each source must send its own kind of notification (one apple, one google, one stripe, one behind revenuecat), as servers tell sources apart by it"
        ]),
      .init(
        label: "two sources behind revenuecat",
        text:
          "name: t\nsources:\n  - {store: apple, channel: revenuecat, product: {}}\n  - {store: google, channel: revenuecat, product: {}}\ntimeline: []\n",
        errors: [
          "4:5: a second revenuecat source: each source must send its own kind of notification (one apple, one google, one stripe, one behind revenuecat), as servers tell sources apart by it"
        ]),
      .init(
        label: "a timeline entry without its source",
        text: twoSources + "\ntimeline:\n  - {at: 1d, do: cancel}\n",
        errors: ["6:5: missing required key 'source'"]),
      .init(
        label: "a timeline entry naming an unknown source",
        text: twoSources + "\ntimeline:\n  - {at: 1d, source: wbe, do: cancel}\n",
        errors: ["6:22: unknown source 'wbe' — did you mean 'web'?"]),
      .init(
        label: "a source on an entry of a one-subscription scenario",
        text: "name: t\nstore: apple\nproduct: {}\ntimeline:\n  - {at: 1d, source: app, do: cancel}\n",
        errors: ["5:14: 'source' names one of the scenario's 'sources'; this scenario has one subscription"]),
      .init(
        label: "an action the entry's source does not have",
        text: twoSources + "\ntimeline:\n  - {at: 1d, source: web, do: pause, for: 7d}\n",
        errors: ["6:31: google has pause; stripe does not"]),
      .init(
        label: "a product of another source",
        text: twoSources
          + "\ntimeline:\n  - {at: 1d, source: app, do: change-product, product: premium.web}\n",
        errors: ["6:56: unknown product 'premium.web': this scenario has 'premium.monthly'"]),
      .init(
        label: "an expectation naming only its source",
        text: twoSources + "\ntimeline: []\nexpect:\n  - {at: 1d, source: web}\n",
        errors: [
          "7:5: an expectation needs at least one of 'store', 'entitlement', 'access', 'prompt', 'sent', 'not-sent' or 'charges'"
        ]),
      .init(
        label: "since: previous with several sources",
        text: twoSources
          + "\ntimeline: []\nexpect:\n  - {at: 1d, access: yes}\n  - {at: 2d, source: web, sent: invoice.paid, since: previous}\n",
        errors: ["8:54: 'since: previous' is played in a scenario of one source; with 'sources' it is not"]),
      .init(
        label: "a name no source sends, for the whole subscriber",
        text: twoSources + "\ntimeline: []\nexpect:\n  - {at: 1d, sent: invoice.payed}\n",
        errors: [
          "7:20: 'invoice.payed' is not a notification any source sends (app: apple, web: stripe); add 'source:' for one source's own message"
        ]),
      .init(
        label: "a name of the other source, for one source",
        text: twoSources + "\ntimeline: []\nexpect:\n  - {at: 1d, source: app, sent: invoice.paid}\n",
        errors: [
          "7:33: unknown apple notification type 'invoice.paid': expected 'SUBSCRIBED', 'DID_RENEW', 'DID_FAIL_TO_RENEW', 'GRACE_PERIOD_EXPIRED', 'EXPIRED', 'DID_CHANGE_RENEWAL_STATUS', 'DID_CHANGE_RENEWAL_PREF', 'OFFER_REDEEMED', 'PRICE_INCREASE', 'REFUND', 'REFUND_DECLINED', 'REFUND_REVERSED', 'CONSUMPTION_REQUEST', 'RENEWAL_EXTENDED', 'RENEWAL_EXTENSION', 'REVOKE', 'TEST', 'EXTERNAL_PURCHASE_TOKEN' or 'ONE_TIME_CHARGE'"
        ]),
      .init(
        label: "a source on an expectation of a one-subscription scenario",
        text:
          "name: t\nstore: apple\nproduct: {}\ntimeline: []\nexpect:\n  - {at: 1d, source: app, access: yes}\n",
        errors: [
          "6:14: unknown key 'source': expected 'at', 'store', 'entitlement', 'access', 'prompt', 'sent', 'not-sent', 'charges', 'since', 'member' or 'reference-only'"
        ]),
    ]

    @Test(arguments: cases) func reportsTheError(_ c: DecoderErrorTests.Case) {
      #expect(ScenarioTesting.errors(c.text) == c.errors)
    }
  }
}
