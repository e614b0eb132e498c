import Testing

@testable import SubscriptionPolicy

/// What each fixture must decode to, beyond its type.
struct StripeExpectation: Sendable, CustomTestStringConvertible {
  var fixture: StripeFixture
  var id: String
  var created: Int64
  var object: String
  /// For a subscription: status, period start and end, cancel_at_period_end, previous status.
  var status: String? = nil
  var period: (Int64, Int64)? = nil
  var cancelAtPeriodEnd = false
  var previousStatus: String? = nil
  /// For an invoice: status, billing reason, attempt count, next attempt, amount paid.
  var invoice: (status: String, reason: String, attempts: Int32, next: Int64?, paid: Int64)? = nil
  var testDescription: String { fixture.name }
}

@Suite("Stripe webhook event JSON")
struct StripeJSONTests {
  static let renewal1: Int64 = 1_772_269_200
  static let renewal2: Int64 = 1_774_947_600
  static let subscription = "sub_1QfZ3nLkdIwHu7ixWq8rTt2P"
  static let customer = "cus_RZk2X9aTn5RmEw"

  static let expectations: [StripeExpectation] = [
    .init(
      fixture: .subscriptionCreated, id: "evt_1QfZ3oLkdIwHu7ixCr3a7eD1", created: 1_769_850_002,
      object: "subscription", status: "active", period: (1_769_850_000, renewal1)),
    .init(
      fixture: .firstInvoicePaid, id: "evt_1QfZ3pLkdIwHu7ixPa1dFr5t", created: 1_769_850_003,
      object: "invoice",
      invoice: ("paid", "subscription_create", 1, nil, 999)),
    .init(
      fixture: .paymentFailed, id: "evt_1QpNAeLkdIwHu7ixFa1l3d01", created: renewal1 + 3607,
      object: "invoice",
      invoice: ("open", "subscription_cycle", 1, renewal1 + 3607 + 86400, 0)),
    .init(
      fixture: .pastDue, id: "evt_1QpNAfLkdIwHu7ixPa5tDu3x", created: renewal1 + 3608, object: "subscription",
      status: "past_due", period: (renewal1, renewal2), previousStatus: "active"),
    .init(
      fixture: .retryFailed, id: "evt_1QpyB2LkdIwHu7ixFa1l3d02", created: renewal1 + 3607 + 86400,
      object: "invoice", invoice: ("open", "subscription_cycle", 2, renewal1 + 3 * 86400 + 12000, 0)),
    .init(
      fixture: .recoveredPaid, id: "evt_1QrE5aLkdIwHu7ixRec0v3r1", created: renewal1 + 3 * 86400 + 12000,
      object: "invoice", invoice: ("paid", "subscription_cycle", 3, nil, 999)),
    .init(
      fixture: .recoveredActive, id: "evt_1QrE5bLkdIwHu7ixAct1v3Ag", created: renewal1 + 3 * 86400 + 12001,
      object: "subscription", status: "active", period: (renewal1, renewal2), previousStatus: "past_due"),
    .init(
      fixture: .cancelRequested, id: "evt_1QsK0aLkdIwHu7ixCnc3lReq", created: 1_774_015_929,
      object: "subscription", status: "active", period: (renewal1, renewal2), cancelAtPeriodEnd: true),
    .init(
      fixture: .unpaid, id: "evt_1QuU9cLkdIwHu7ixUnpa1d01", created: renewal1 + 14 * 86400,
      object: "subscription",
      status: "unpaid", period: (renewal1, renewal2), previousStatus: "past_due"),
    .init(
      fixture: .deleted, id: "evt_1QuU9dLkdIwHu7ixDe1et3d1", created: renewal1 + 14 * 86400,
      object: "subscription",
      status: "canceled", period: (renewal1, renewal2)),
    .init(
      fixture: .chargeRefunded, id: "evt_3QsL2aLkdIwHu7ix0Refund1", created: 1_774_015_929, object: "charge"),
    .init(
      fixture: .legacyPastDue, id: "evt_1PlG8xLkdIwHu7ixLeg4cy01", created: renewal1 + 3608,
      object: "subscription",
      status: "past_due", period: (renewal1, renewal2), previousStatus: "active"),
    .init(
      fixture: .legacyPaymentFailed, id: "evt_1PlG8wLkdIwHu7ixLeg4cy02", created: renewal1 + 3607,
      object: "invoice", invoice: ("open", "subscription_cycle", 1, renewal1 + 3607 + 86400, 0)),
  ]

  @Test func everyFixtureHasAnExpectation() {
    #expect(Set(Self.expectations.map(\.fixture.name)) == Set(StripeFixture.all.map(\.name)))
    #expect(StripeFixture.all.count == 13)
  }

  @Test(arguments: expectations)
  func fixtureDecodesToTheDocumentedFields(_ e: StripeExpectation) throws {
    let event = try StripeEvent(jsonText: e.fixture.text)
    #expect(event.id.text == e.id)
    #expect(event.type.rawValue == e.fixture.type)
    #expect(StoreNotification.stripe(event).name == e.fixture.type)
    #expect(event.created == Instant(secondsSinceEpoch: e.created))
    #expect(StoreNotification.stripe(event).sentDate == event.created)
    #expect(event.livemode)
    #expect(event.pendingWebhooks == 1)
    switch event.object {
    case .subscription(let s):
      #expect(e.object == "subscription")
      #expect(s.id.text == Self.subscription)
      #expect(s.customer.text == Self.customer)
      #expect(s.status.rawValue == e.status)
      #expect(s.currentPeriodStart.secondsSinceEpoch == e.period?.0)
      #expect(s.currentPeriodEnd.secondsSinceEpoch == e.period?.1)
      #expect(s.cancelAtPeriodEnd == e.cancelAtPeriodEnd)
      #expect(s.cancelAt == (e.cancelAtPeriodEnd ? s.currentPeriodEnd : nil))
      #expect(s.billingCycleAnchor == Instant(secondsSinceEpoch: 1_769_850_000))
      #expect(s.item.price.lookupKey == "premium.monthly")
      #expect(s.item.price.unitAmount == 999)
      #expect(s.item.price.interval == .month)
      #expect(s.item.price.intervalCount == 1)
      #expect(s.item.price.currency == "usd")
      #expect(s.endedAt == (e.status == "canceled" ? Instant(secondsSinceEpoch: e.created) : nil))
      #expect(event.previousAttributes?.status?.rawValue == e.previousStatus)
    case .invoice(let i):
      #expect(e.object == "invoice")
      let expected = try #require(e.invoice)
      #expect(i.subscription?.text == Self.subscription)
      #expect(i.customer.text == Self.customer)
      #expect(i.status.rawValue == expected.status)
      #expect(i.billingReason?.rawValue == expected.reason)
      #expect(i.attemptCount == expected.attempts)
      #expect(i.attempted)
      #expect(i.nextPaymentAttempt?.secondsSinceEpoch == expected.next)
      #expect(i.amountDue == 999)
      #expect(i.amountPaid == expected.paid)
      #expect(i.amountRemaining == 999 - expected.paid)
      #expect((i.paidAt != nil) == (expected.status == "paid"))
      let line = try #require(i.line)
      #expect(line.amount == 999)
      #expect(line.price?.text == "price_1QfYy2LkdIwHu7ixM0nthly")
      #expect(line.periodEnd > line.periodStart || expected.reason == "subscription_create")
    case .charge(let c):
      #expect(e.object == "charge")
      #expect(c.id.text == "ch_3QpNAdLkdIwHu7ix0Charge2")
      #expect(c.refunded)
      #expect(c.amount == 999)
      #expect(c.amountRefunded == 999)
      #expect(c.paymentIntent?.text == "pi_3QpNAdLkdIwHu7ix0Intent")
    case .other(let name):
      Issue.record("a fixture of simsub's own decoded as \(name)")
    }
  }

  @Test(arguments: StripeFixture.all)
  func fixtureRoundTrips(_ fixture: StripeFixture) throws {
    let event = try StripeEvent(jsonText: fixture.text)
    #expect(try StripeEvent(json: event.json) == event)
    #expect(try StripeEvent(jsonText: event.jsonText()) == event)
    #expect(try StripeEvent(jsonText: event.jsonText(.pretty)) == event)
    #expect(try StripeEvent(json: event.json).jsonText() == event.jsonText())
    #expect(try StoreNotification(jsonText: StoreNotification.stripe(event).jsonText()) == .stripe(event))
  }

  @Test("the 2024 shape and the 2025 shape of one moment decode alike")
  func legacyAndBasilShapesAgree() throws {
    var legacy = try StripeEvent(jsonText: StripeFixture.legacyPastDue.text)
    let basil = try StripeEvent(jsonText: StripeFixture.pastDue.text)
    #expect(legacy.apiVersion == "2024-06-20")
    legacy.apiVersion = basil.apiVersion
    legacy.id = basil.id
    #expect(legacy == basil)

    var legacyInvoice = try StripeEvent(jsonText: StripeFixture.legacyPaymentFailed.text)
    let basilInvoice = try StripeEvent(jsonText: StripeFixture.paymentFailed.text)
    legacyInvoice.apiVersion = basilInvoice.apiVersion
    legacyInvoice.id = basilInvoice.id
    #expect(legacyInvoice == basilInvoice)
  }

  @Test func simsubIdsAreNumbersWrittenWithTheirPrefix() throws {
    let raw = try JSONValue(parsing: StripeFixture.pastDue.text)
    var object = try #require(raw["data"]?["object"]?.objectValue)
    object["id"] = "sub_100000001000000"
    object["latest_invoice"] = "in_100000001000002"
    var data = try #require(raw["data"]?.objectValue)
    data["object"] = .object(object)
    var event = try #require(raw.objectValue)
    event["id"] = "evt_100000001000007"
    event["data"] = .object(data)
    let decoded = try StripeEvent(json: .object(event))
    #expect(decoded.id == Symbol(number: 100_000_001_000_007))
    #expect(decoded.subscription?.id == Symbol(number: 100_000_001_000_000))
    #expect(decoded.subscription?.latestInvoice == Symbol(number: 100_000_001_000_002))
    // A real id keeps its text; a prefix alone, or digits with a leading zero, are text too.
    #expect(try JSONCursor("sub_1QfZ3n").stripeID("sub") == Symbol("sub_1QfZ3n"))
    #expect(try JSONCursor("sub_").stripeID("sub") == Symbol("sub_"))
    #expect(try JSONCursor("sub_007").stripeID("sub") == Symbol("sub_007"))
    #expect(try JSONCursor("in_42").stripeID("sub") == Symbol("in_42"))
    #expect(JSONValue.stripeID(Symbol(number: 42), "in") == "in_42")
    #expect(JSONValue.stripeID(Symbol("in_1Abc"), "in") == "in_1Abc")
  }

  @Test func encodesStripeOrderAndNulls() throws {
    let at = Instant(secondsSinceEpoch: 1_772_269_200)
    let event = StripeEvent(
      id: Symbol(number: 7), type: .invoicePaymentFailed, created: at,
      object: .invoice(
        StripeInvoice(
          id: Symbol(number: 2), customer: Symbol(number: 1), subscription: Symbol(number: 9), status: .open,
          billingReason: .subscriptionCycle, amountDue: 999, amountPaid: 0, amountRemaining: 999,
          attemptCount: 1,
          attempted: true, nextPaymentAttempt: nil, created: at, periodStart: at - .days(28), periodEnd: at)))
    let json = event.json
    #expect(
      json.objectValue?.keys == [
        "id", "object", "api_version", "created", "data", "livemode", "pending_webhooks", "request", "type",
      ])
    #expect(json["id"] == "evt_7")
    #expect(json["api_version"] == "2025-03-31.basil")
    #expect(json["data"]?.objectValue?.keys == ["object"])
    let invoice = try #require(json["data"]?["object"])
    #expect(invoice.objectValue?.keys.prefix(2) == ["id", "object"])
    let rest = Array(invoice.objectValue?.keys.dropFirst(2) ?? [])
    #expect(rest == rest.sorted())
    #expect(invoice["next_payment_attempt"] == .null)
    #expect(invoice["parent"]?["subscription_details"]?["subscription"] == "sub_9")
    #expect(invoice["lines"]?["data"] == [])
    #expect(invoice["lines"]?["total_count"] == 0)
    #expect(json["request"] == ["id": nil, "idempotency_key": nil])
  }

  func decodingError(_ text: String) -> String? {
    do {
      _ = try StripeEvent(jsonText: text)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func errorsNameThePath() throws {
    #expect(decodingError(#"{"id":"evt_1"}"#) == "data: expected an object, but the field is missing")
    // An event about an object simsub does not play decodes, naming it.
    let customer = try StripeEvent(
      jsonText:
        #"{"id":"evt_1","type":"customer.created","created":1,"data":{"object":{"object":"customer"}}}"#)
    #expect(customer.object == .other("customer"))
    #expect(
      decodingError(#"{"id":"evt_1","type":"x","created":"1","data":{"object":{"object":"charge"}}}"#)
        == "created: expected a number, found a string")
    let noItems = StripeFixture.pastDue.text.replacingOccurrences(
      of: #""items": {"#, with: #""elements": {"#)
    #expect(noItems != StripeFixture.pastDue.text)
    #expect(
      decodingError(noItems) == "data.object.items.data: expected an array, but the field is missing")
  }

  @Test func unknownTypesAndStatusesAreKept() throws {
    let text = StripeFixture.pastDue.text
      .replacingOccurrences(of: #""status": "past_due""#, with: #""status": "on_fire""#)
      .replacingOccurrences(
        of: #""type": "customer.subscription.updated""#, with: #""type": "customer.subscription.evolved""#)
    let event = try StripeEvent(jsonText: text)
    #expect(event.type.rawValue == "customer.subscription.evolved")
    #expect(event.subscription?.status.rawValue == "on_fire")
    #expect(try StripeEvent(jsonText: event.jsonText()) == event)
  }
}
