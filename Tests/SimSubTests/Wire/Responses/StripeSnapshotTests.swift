import SubscriptionPolicy
import Testing

@testable import SimSub

/// Stripe's subscription, customer and invoice objects built from the Stripe model's records at
/// an instant of the shipped scenarios, checked against the record and against the events
/// Stripe sent.
@Suite struct StripeSnapshotTests {
  static let played = PlayedSubscription.of(.stripe)

  static let states:
    [(played: PlayedSubscription, model: StripeModel, instant: Instant, record: SubscriptionRecord)] =
      played.flatMap { p in
        p.stripeModel.map { model in p.states.map { (p, model, $0.instant, $0.record) } } ?? []
      }

  /// The events delivered at an instant where exactly one event changed the record, so the
  /// record then is the one each event describes.
  static func unambiguous(_ p: PlayedSubscription) -> [(sentAt: Instant, event: StripeEvent)] {
    p.delivered.compactMap { sentAt, _, notification in
      // When the retries end the subscription, the model keeps nothing of the invoice left
      // open: its last event is not answered.
      guard case .stripe(let e) = notification, p.history.entries.filter({ $0.instant == sentAt }).count == 1,
        !(e.invoice?.status == .open && p.history.record(at: sentAt)?.billingIssueStart == nil)
      else { return nil }
      return (sentAt, e)
    }
  }

  /// The subscription at the instant of each event about it is the event's object, the
  /// `canceled_at` aside (the events stamp the instant of sending; the answer keeps when
  /// auto-renew went off).
  @Test func subscriptionIsTheEventsObject() throws {
    var compared = 0
    for p in Self.played {
      let model = try #require(p.stripeModel)
      let events = Self.unambiguous(p)
      for (index, (sentAt, e)) in events.enumerated() {
        guard let s = e.subscription else { continue }
        // A rule that moves the subscription twice at one instant (`past_due`, then `unpaid`
        // when Stripe makes no retry) sends both; the answer at that instant is the last.
        guard
          !events[(index + 1)...].contains(where: { $0.sentAt == sentAt && $0.event.subscription?.id == s.id }
          )
        else { continue }
        let r = StripeResponses.subscriptionResponse(
          s.id.text, model: model, history: p.history, at: sentAt, context: p.context)
        #expect(r.status == 200)
        var expected = StripeWireRequest.json(s, context: p.context)
        var actual = try #require(r.body.objectValue)
        expected["canceled_at"] = nil
        actual["canceled_at"] = nil
        #expect(actual == expected, "\(p.scenario.path) \(e.type.rawValue) at \(RFC3339.format(sentAt))")
        compared += 1
      }
    }
    #expect(compared > 20)
  }

  /// The latest invoice at the instant of each invoice event is the event's invoice.
  @Test func invoiceIsTheEventsObject() throws {
    var compared = 0
    for p in Self.played {
      let model = try #require(p.stripeModel)
      for (sentAt, e) in Self.unambiguous(p) {
        guard let i = e.invoice else { continue }
        let r = StripeResponses.invoiceResponse(
          i.id.text, model: model, history: p.history, at: sentAt, context: p.context)
        #expect(r.status == 200, "\(p.scenario.path) \(e.type.rawValue)")
        #expect(
          r.body == .object(StripeWireRequest.json(i, context: p.context)),
          "\(p.scenario.path) \(e.type.rawValue)")
        compared += 1
      }
    }
    #expect(compared > 20)
  }

  /// Each status the shipped scenarios reach, with the fields that follow from the record.
  @Test(arguments: ["active", "past_due", "unpaid", "canceled"])
  func subscriptionPerStatus(status: String) throws {
    let (p, model, instant, r) = try #require(
      Self.states.first {
        $0.record.purchaseToken != nil
          && StripeModel.status(of: $0.record, products: $0.model.products).rawValue == status
      })
    let s = try #require(
      StripeResponses.subscription(model: model, history: p.history, at: instant, context: p.context))
    let response = StripeResponses.subscriptionResponse(
      s.id.text, model: model, history: p.history, at: instant, context: p.context)
    let body = response.body
    #expect(body["object"] == "subscription")
    #expect(body["status"] == .string(status))
    #expect(body["cancel_at_period_end"] == .bool(r.truth == .canceled))
    #expect(body["metadata"]?["user_id"] == .string(p.context.subscriberId))
    #expect(
      at(body, ["items", "data", 0, "price", "lookup_key"]) == .string(model.products[Int(r.product)].id.text)
    )
    let periodEnd = r.billingIssueStart == nil ? r.periodEnd : s.item.currentPeriodEnd
    #expect(at(body, ["items", "data", 0, "current_period_end"]) == .int(periodEnd.secondsSinceEpoch))
    if status == "canceled" {
      let deleted = p.delivered.compactMap { _, _, n -> StripeEvent? in
        if case .stripe(let e) = n, e.type.rawValue == "customer.subscription.deleted" { e } else { nil }
      }
      let ended = deleted.last { $0.created <= instant }
      #expect(body["ended_at"] == ended.map { .int($0.created.secondsSinceEpoch) })
    } else {
      #expect(body["ended_at"] == .null)
    }
    let invoiceId = try #require(body["latest_invoice"]?.stringValue)
    let invoice = StripeResponses.invoiceResponse(
      invoiceId, model: model, history: p.history, at: instant, context: p.context
    ).body
    let price = StripeModel.cents(model.products[Int(r.product)].priceMilliunits)
    switch status {
    case "past_due", "unpaid":
      #expect(invoice["status"] == "open")
      #expect(invoice["attempt_count"] == .int(Int64(r.retryCount + 1)))
      #expect(invoice["amount_remaining"] == .int(price))
      #expect(invoice["amount_paid"] == 0)
      if status == "unpaid" { #expect(invoice["next_payment_attempt"] == .null) }
    default:
      #expect(invoice["status"] == "paid")
      #expect(invoice["amount_remaining"] == 0)
      #expect(invoice["next_payment_attempt"] == .null)
    }
    let customer = StripeResponses.customerResponse(
      try #require(body["customer"]?.stringValue), history: p.history, at: instant, context: p.context)
    #expect(customer.status == 200)
    #expect(
      customer.body.objectValue?.keys == [
        "id", "object", "address", "balance", "created", "currency", "default_source", "delinquent",
        "description",
        "email", "invoice_prefix", "invoice_settings", "livemode", "metadata", "name", "phone",
        "preferred_locales",
        "shipping", "tax_exempt", "test_clock",
      ])
    #expect(customer.body["created"] == .int(try #require(r.originalPurchaseDate).secondsSinceEpoch))
    #expect(customer.body["metadata"]?["user_id"] == .string(p.context.subscriberId))
    #expect(customer.body["delinquent"] == .bool(status == "past_due" || status == "unpaid"))
  }

  /// No shipped Stripe scenario has a trial: a model played directly through one.
  @Test func trialingFromAModelPlayedDirectly() throws {
    let model = ST.model([ST.product(trial: .days(7))])
    var e = ST.engine(model)
    let start = ST.at(2026, 1, 31, 9)
    e.schedule(.subscribe(product: 0, trial: true), at: start)
    _ = e.run(until: start + .days(8))
    var history = RecordHistory()
    for entry in e.observer.entries {
      if let record = entry.record { history.append(record, at: entry.instant) }
    }
    let c = WireContext(
      settings: WireTesting.settings(), app: AppIdentity(), scope: "trial", products: model.products)
    let during = start + .days(1)
    let s = try #require(StripeResponses.subscription(model: model, history: history, at: during, context: c))
    #expect(s.status == .trialing)
    #expect(s.trialEnd == start + .days(7))
    let invoice = StripeResponses.invoiceResponse(
      try #require(s.latestInvoice?.text), model: model, history: history, at: during, context: c
    ).body
    #expect(invoice["status"] == "paid")
    #expect(invoice["amount_paid"] == 0)
    #expect(invoice["attempt_count"] == 0)
    #expect(invoice["billing_reason"] == "subscription_create")
    let after = try #require(
      StripeResponses.subscription(model: model, history: history, at: start + .days(8), context: c))
    #expect(after.status == .active)
    let renewal = StripeResponses.invoiceResponse(
      try #require(after.latestInvoice?.text), model: model, history: history, at: start + .days(8),
      context: c
    ).body
    #expect(renewal["amount_paid"] == .int(StripeModel.cents(model.products[0].priceMilliunits)))
    #expect(renewal["billing_reason"] == "subscription_cycle")
  }

  /// A past-due invoice names the next retry the events announced.
  @Test func openInvoiceNamesTheNextRetry() throws {
    var compared = 0
    for p in Self.played {
      let model = try #require(p.stripeModel)
      for (sentAt, e) in Self.unambiguous(p) where e.type.rawValue == "invoice.payment_failed" {
        let i = try #require(e.invoice)
        let r = StripeResponses.invoiceResponse(
          i.id.text, model: model, history: p.history, at: sentAt, context: p.context)
        #expect(
          r.body["next_payment_attempt"] == (i.nextPaymentAttempt.map { .int($0.secondsSinceEpoch) } ?? .null)
        )
        #expect(r.body["attempt_count"] == .int(Int64(i.attemptCount)))
        compared += 1
      }
    }
    #expect(compared > 5)
  }

  /// The customer's id is the one every event names.
  @Test func customerIdIsTheEventsCustomer() throws {
    for p in Self.played {
      guard let end = p.history.entries.last else { continue }
      let events = p.delivered.compactMap { if case .stripe(let e) = $0.notification { e } else { nil } }
      let customers = Set(events.compactMap { $0.subscription?.customer.text ?? $0.invoice?.customer.text })
      #expect(customers == [StripeResponses.customerId(end.record, context: p.context)], "\(p.scenario.path)")
    }
  }

  @Test func unknownIdsAreStripes404() throws {
    let (p, model, instant, _) = try #require(Self.states.last)
    let r = StripeResponses.subscriptionResponse(
      "sub_1Unknown", model: model, history: p.history, at: instant, context: p.context)
    #expect(r.status == 404)
    #expect(
      r.json
        == #"{"error":{"code":"resource_missing","doc_url":"https://stripe.com/docs/error-codes/resource-missing","message":"No such subscription: 'sub_1Unknown'","param":"id","type":"invalid_request_error"}}"#
    )
    let c = StripeResponses.customerResponse(
      "cus_Unknown", history: p.history, at: instant, context: p.context)
    #expect(c.status == 404)
    #expect(c.body["error"]?["message"] == "No such customer: 'cus_Unknown'")
    let i = StripeResponses.invoiceResponse(
      "in_1Unknown", model: model, history: p.history, at: instant, context: p.context)
    #expect(i.body["error"]?["message"] == "No such invoice: 'in_1Unknown'")
    #expect(
      StripeResponses.subscriptionResponse(
        "sub_1Unknown", model: model, history: RecordHistory(), at: instant, context: p.context
      ).status
        == 404)
  }
}

/// Google's answers built from the Google Play model's record at an instant.
@Suite struct GooglePlaySnapshotTests {
  /// At each delivery where at most one event changed the record at that instant, the resource for the
  /// notification's token is the one the server fetched then.
  @Test func resourceIsTheOneFetchedOnDelivery() throws {
    var compared = 0
    for p in PlayedSubscription.of(.google) {
      let model = try #require(p.googleModel)
      for (_, arrival, notification) in p.delivered {
        guard case .googlePlay(let n) = notification, let fetched = n.subscription,
          p.history.entries.filter({ $0.instant == arrival }).count <= 1
        else { continue }
        let token = n.subscriptionNotification.purchaseToken.text
        let record = p.history.record(at: arrival)
        #expect(
          GooglePlayResponses.resource(
            token: token, model: model, record: record, at: arrival, context: p.context)
            == fetched, "\(p.scenario.path)")
        #expect(
          GooglePlayResponses.subscriptionV2(
            token: token, model: model, record: record, at: arrival, context: p.context)
            == GooglePlayResponses.subscriptionV2(fetched, context: p.context))
        compared += 1
      }
    }
    #expect(compared > 20)
  }

  @Test func unknownTokenIs404() throws {
    let p = try #require(PlayedSubscription.of(.google).first)
    let model = try #require(p.googleModel)
    let end = try #require(p.history.entries.last)
    #expect(
      GooglePlayResponses.subscriptionV2(
        token: "unknown", model: model, record: end.record, at: end.instant, context: p.context)
        == GooglePlayResponses.notFound)
    #expect(
      GooglePlayResponses.subscriptionV1(
        token: "unknown", model: model, record: end.record, at: end.instant, context: p.context)
        == GooglePlayResponses.notFound)
  }
}
