import TestSupport
import Testing

@testable import SimSub

/// Runs a store model behind RevenueCat and reads the events sent.
struct RCRun<Store: StoreModel> {
  var engine: Engine<RevenueCatChannel<Store>, CountingPolicy, CardOnFile, TraceRecorder>

  init(_ store: Store, order: RevenueCatPairOrder = .billingIssueFirst, delivery: DeliverySettings = .onTime)
    throws
  {
    engine = Engine(
      store: try RevenueCatChannel(wrapping: store, billingIssueOrder: order), payments: CardOnFile(),
      observer: TraceRecorder(), start: testStart, delivery: delivery)
  }

  mutating func run(_ actions: [(SubscriberAction, Instant)], until end: Instant) {
    for (action, at) in actions { engine.schedule(action, at: at) }
    _ = engine.run(until: end)
  }

  /// Every event sent, with its instant.
  var sent: [(instant: Instant, event: RevenueCatEvent)] {
    engine.observer.entries.compactMap {
      if case .sent(.revenueCat(let e)) = $0.event { ($0.instant, e) } else { nil }
    }
  }

  /// The names sent at `instant`.
  func names(at instant: Instant) -> [String] {
    engine.observer.entries.compactMap {
      if case .sent(let n) = $0.event, $0.instant == instant { n.name } else { nil }
    }
  }

  var allNames: [String] { engine.observer.sentNames }
}

@Suite("RevenueCat channel")
struct RevenueCatChannelTests {
  let renewal1 = testStart + .days(31)
  static let monthly = Product(id: "premium.monthly", grace: .days(16), hold: .days(44))

  func apple(grace: TimeSpan = .days(16)) throws -> AppStoreModel {
    try AppStoreModel(products: [Product(id: "premium.monthly", grace: grace, hold: .days(60) - grace)])
  }

  @Test(arguments: RevenueCatPairOrder.allCases)
  func anAppleRenewalFailingIntoGraceSendsThePairInTheChannelsOrder(_ order: RevenueCatPairOrder) throws {
    var run = try RCRun(try apple(), order: order)
    run.run(
      [(.subscribe(product: 0, trial: false), testStart), (.cardFails(.expired), testStart + .days(20))],
      until: renewal1 + .hours(1))
    let pair =
      order == .billingIssueFirst
      ? ["BILLING_ISSUE", "CANCELLATION/BILLING_ERROR"] : ["CANCELLATION/BILLING_ERROR", "BILLING_ISSUE"]
    #expect(run.names(at: renewal1) == pair)
    let issue = try #require(run.sent.first { $0.event.type == .billingIssue }?.event)
    #expect(issue.gracePeriodExpirationAt == renewal1 + .days(16))
    #expect(issue.expirationAt == renewal1 + .days(16))
    #expect(issue.eventTimestamp == renewal1)
    #expect(issue.store == .appStore)
    #expect(issue.appUserId == Symbol(number: 1))
    #expect(issue.productId == "premium.monthly")
    #expect(issue.entitlementId == "premium")
    #expect(issue.transactionId == Symbol(number: 2_000_000_001_000_000))
    // The store's own notifications never reach the policy.
    #expect(!run.engine.observer.sent.contains { if case .appStore = $0 { true } else { false } })
    #expect(run.engine.record.truth == .grace)
  }

  @Test func graceEndingUnpaidIsTheExpirationAndARecoveryInHoldARenewal() throws {
    var run = try RCRun(try apple())
    run.run(
      [
        (.subscribe(product: 0, trial: false), testStart), (.cardFails(.expired), testStart + .days(20)),
        (.updateCard, renewal1 + .days(20)),
      ], until: renewal1 + .days(70))
    #expect(run.names(at: renewal1 + .days(16)) == ["EXPIRATION/BILLING_ERROR"])
    #expect(run.names(at: renewal1 + .days(20)) == ["RENEWAL"])
    #expect(run.allNames.filter { $0 == "BILLING_ISSUE" }.count == 1)
    // A second failure, never fixed: the retry window's end sends nothing more.
    var never = try RCRun(try apple())
    never.run(
      [(.subscribe(product: 0, trial: false), testStart), (.cardFails(.expired), testStart + .days(20))],
      until: renewal1 + .days(70))
    #expect(
      never.allNames == [
        "INITIAL_PURCHASE", "BILLING_ISSUE", "CANCELLATION/BILLING_ERROR", "EXPIRATION/BILLING_ERROR",
      ])
    #expect(never.engine.record.truth == .expired)
  }

  @Test func withoutGraceTheExpirationFollowsThePairAtOnce() throws {
    for order in RevenueCatPairOrder.allCases {
      var run = try RCRun(try apple(grace: .zero), order: order)
      run.run(
        [(.subscribe(product: 0, trial: false), testStart), (.cardFails(.declined), testStart + .days(20))],
        until: renewal1 + .hours(1))
      #expect(run.names(at: renewal1).last == "EXPIRATION/BILLING_ERROR")
      #expect(
        Set(run.names(at: renewal1)) == [
          "BILLING_ISSUE", "CANCELLATION/BILLING_ERROR", "EXPIRATION/BILLING_ERROR",
        ])
      let issue = try #require(run.sent.first { $0.event.type == .billingIssue }?.event)
      #expect(issue.gracePeriodExpirationAt == nil)
    }
  }

  @Test func appleCancelUncancelExpireRefundAndChanges() throws {
    var cancel = try RCRun(try apple())
    cancel.run(
      [
        (.subscribe(product: 0, trial: false), testStart), (.cancel, testStart + .days(3)),
        (.uncancel, testStart + .days(4)),
        (.cancel, testStart + .days(5)),
      ], until: renewal1 + .hours(1))
    #expect(
      cancel.allNames == [
        "INITIAL_PURCHASE", "CANCELLATION/UNSUBSCRIBE", "UNCANCELLATION", "CANCELLATION/UNSUBSCRIBE",
        "EXPIRATION/UNSUBSCRIBE",
      ])

    var refund = try RCRun(try apple())
    refund.run(
      [(.subscribe(product: 0, trial: false), testStart), (.refund, testStart + .days(3))],
      until: testStart + .days(4))
    #expect(refund.allNames == ["INITIAL_PURCHASE", "CANCELLATION/CUSTOMER_SUPPORT"])
    #expect(refund.sent.last?.event.expirationAt == testStart + .days(3))

    let basic = Product(id: "basic.monthly", priceMilliunits: 4_990, grace: .days(16), hold: .days(44))
    let plus = Product(id: "plus.monthly", priceMilliunits: 9_990, grace: .days(16), hold: .days(44))
    var change = try RCRun(try AppStoreModel(products: [basic, plus]))
    change.run(
      [
        (.subscribe(product: 0, trial: false), testStart), (.changeProduct(1), testStart + .days(5)),
        (.changeProduct(0), testStart + .days(6)),
      ],
      until: testStart + .days(7))
    #expect(change.allNames == ["INITIAL_PURCHASE", "PRODUCT_CHANGE", "RENEWAL", "PRODUCT_CHANGE"])
    let events = change.sent.map(\.event)
    #expect(events[1].productId == "basic.monthly")
    #expect(events[1].newProductId == "plus.monthly")
    #expect(events[3].productId == "plus.monthly")
    #expect(events[3].newProductId == "basic.monthly")
  }

  @Test func aTrialIsATrialPurchaseAndItsConversionARenewal() throws {
    var run = try RCRun(
      try AppStoreModel(products: [
        Product(id: "premium.monthly", grace: .days(16), hold: .days(44), trial: .days(7))
      ]))
    run.run([(.subscribe(product: 0, trial: true), testStart)], until: testStart + .days(8))
    let events = run.sent.map(\.event)
    #expect(events.map(\.type) == [.initialPurchase, .renewal])
    #expect(events[0].periodType == .trial)
    #expect(events[1].periodType == .normal)
    #expect(events[1].isTrialConversion == true)
  }

  @Test func googleGraceAfterTheSilentDayThenHoldThenRecovery() throws {
    var run = try RCRun(GP.model())
    run.run(
      [
        (.subscribe(product: 0, trial: false), testStart), (.cardFails(.declined), testStart + .days(20)),
        (.updateCard, renewal1 + .days(20)),
      ],
      until: renewal1 + .days(21))
    #expect(run.names(at: renewal1).isEmpty)
    #expect(run.names(at: renewal1 + .days(1)) == ["BILLING_ISSUE", "CANCELLATION/BILLING_ERROR"])
    #expect(
      run.sent.first { $0.event.type == .billingIssue }?.event.gracePeriodExpirationAt == renewal1 + .days(7))
    #expect(run.names(at: renewal1 + .days(7)) == ["EXPIRATION/BILLING_ERROR"])
    #expect(run.names(at: renewal1 + .days(20)) == ["RENEWAL"])
    #expect(run.sent.first?.event.productId == "premium.monthly:monthly")
    #expect(run.sent.first?.event.store == .playStore)
    #expect(run.sent.first?.event.transactionId == nil)
  }

  @Test func googleWithoutGraceAndAHoldThatRunsOut() throws {
    var run = try RCRun(GP.model([GP.product(grace: .zero, hold: .days(30))]))
    run.run(
      [(.subscribe(product: 0, trial: false), testStart), (.cardFails(.declined), testStart + .days(20))],
      until: renewal1 + .days(40))
    #expect(
      run.names(at: renewal1 + .days(1)) == [
        "BILLING_ISSUE", "CANCELLATION/BILLING_ERROR", "EXPIRATION/BILLING_ERROR",
      ])
    // The hold's end (Google's CANCELED and EXPIRED) sends nothing more.
    #expect(run.names(at: renewal1 + .days(30)).isEmpty)
    #expect(run.engine.record.truth == .expired)
  }

  @Test func googleCancelPauseRevokeAndChanges() throws {
    var cancel = try RCRun(GP.model())
    cancel.run(
      [
        (.subscribe(product: 0, trial: false), testStart), (.cancel, testStart + .days(3)),
        (.uncancel, testStart + .days(4)),
        (.cancel, testStart + .days(5)),
      ], until: renewal1 + .hours(1))
    #expect(
      cancel.allNames == [
        "INITIAL_PURCHASE", "CANCELLATION/UNSUBSCRIBE", "UNCANCELLATION", "CANCELLATION/UNSUBSCRIBE",
        "EXPIRATION/UNSUBSCRIBE",
      ])

    var pause = try RCRun(GP.model())
    pause.run(
      [(.subscribe(product: 0, trial: false), testStart), (.pause(.days(30)), testStart + .days(5))],
      until: renewal1 + .days(31))
    #expect(
      Array(pause.allNames.prefix(4)) == [
        "INITIAL_PURCHASE", "SUBSCRIPTION_PAUSED", "EXPIRATION/SUBSCRIPTION_PAUSED", "RENEWAL",
      ])
    let paused = try #require(pause.sent.first { $0.event.type == .subscriptionPaused }?.event)
    #expect(paused.autoResumeAt == BillingPeriod.oneMonth.advance(renewal1, by: 1))

    var revoke = try RCRun(GP.model())
    revoke.run(
      [(.subscribe(product: 0, trial: false), testStart), (.refund, testStart + .days(3))],
      until: testStart + .days(4))
    #expect(revoke.allNames == ["INITIAL_PURCHASE", "CANCELLATION/CUSTOMER_SUPPORT"])

    let basic = GP.product("basic", price: 4_990)
    let plus = GP.product("plus", price: 9_990)
    var up = try RCRun(GP.model([basic, plus]))
    up.run(
      [(.subscribe(product: 0, trial: false), testStart), (.changeProduct(1), testStart + .days(5))],
      until: testStart + .days(6))
    #expect(up.allNames == ["INITIAL_PURCHASE", "PRODUCT_CHANGE", "RENEWAL"])
    var down = try RCRun(GP.model([basic, plus]))
    down.run(
      [
        (.subscribe(product: 1, trial: false), testStart),
        (.changeProduct(0, terms: .init(replacementMode: .deferred)), testStart + .days(5)),
      ],
      until: testStart + .days(6))
    #expect(down.allNames == ["INITIAL_PURCHASE", "PRODUCT_CHANGE"])
    #expect(down.sent.last?.event.newProductId == "basic:monthly")
  }

  @Test(arguments: GoogleReplacementMode.allCases)
  func aGoogleChangeIsTranslatedByWhenItTakesEffect(_ mode: GoogleReplacementMode) throws {
    let basic = GP.product("basic", price: 4_990)
    let plus = GP.product("plus", price: 9_990)
    var run = try RCRun(GP.model([basic, plus]))
    let change = testStart + .days(5)
    run.run(
      [
        (.subscribe(product: 0, trial: false), testStart),
        (.changeProduct(1, terms: .init(replacementMode: mode)), change),
      ],
      until: change + .hours(1))
    let events = run.sent.filter { $0.instant == change }.map(\.event)
    if mode == .deferred {
      // At the next renewal: PRODUCT_CHANGE alone, naming the product to come.
      #expect(run.names(at: change) == ["PRODUCT_CHANGE"])
      #expect(events.first?.newProductId == "plus:monthly")
    } else {
      // At once, whether or not anything is charged now (simsub's assumption): the pair, the
      // renewal carrying the new token's expiry.
      #expect(run.names(at: change) == ["PRODUCT_CHANGE", "RENEWAL"])
      #expect(events.last?.expirationAt == run.engine.record.periodEnd)
    }
  }

  @Test func everyEventHasItsOwnIdAndRoundTrips() throws {
    var run = try RCRun(try apple())
    run.run(
      [
        (.subscribe(product: 0, trial: false), testStart), (.cardFails(.expired), testStart + .days(20)),
        (.updateCard, renewal1 + .days(3)), (.cardFails(.expired), renewal1 + .days(20)),
        (.cancel, renewal1 + .days(40)),
      ], until: renewal1 + .days(90))
    let events = run.sent.map(\.event)
    #expect(events.count >= 6)
    #expect(Set(events.map(\.id)).count == events.count)
    for e in events {
      let n = StoreNotification.revenueCat(e)
      #expect(try StoreNotification(jsonText: n.jsonText()) == n)
    }
  }

  @Test func redeliveryFollowsRevenueCat() throws {
    #expect(
      (1...6).map { RevenueCatChannel<AppStoreModel>.redeliveryDelay(afterFailedAttempt: $0) } == [
        .minutes(5), .minutes(10), .minutes(20), .minutes(40), .minutes(80), nil,
      ])
    let outage = DeliverySettings(outageStart: testStart, outageEnd: testStart + .hours(2))
    var run = try RCRun(try apple(), delivery: outage)
    run.run([(.subscribe(product: 0, trial: false), testStart)], until: testStart + .hours(3))
    // Attempts at 0, +5, +15, +35 and +75 minutes fail; the one at +155 minutes arrives.
    #expect(run.engine.policy.lastArrival == testStart + .minutes(155))
  }

  @Test func stripeIsNotPlayedBehindRevenueCat() throws {
    #expect(throws: StoreConfigurationError.self) {
      _ = try RevenueCatChannel(wrapping: try StripeModel(products: [ST.product()]))
    }
  }
}
