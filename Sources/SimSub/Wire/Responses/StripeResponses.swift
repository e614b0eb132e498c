import SubscriptionPolicy

/// The Stripe API's answers about a subscriber, built from the Stripe model's records up to an
/// instant, in the objects' shapes as the webhook events carry them (``StripeWireRequest``: the
/// `2025-03-31.basil` objects, `id` and `object` first then the members in alphabetical order,
/// the run's ids, `metadata.user_id` the subscriber's own id). Read from Stripe's API reference
/// in November 2026:
///
/// - `GET /v1/subscriptions/{id}`: the Subscription as ``StripeModel`` renders it at the
///   instant (`status` `trialing`, `active`, `past_due`, `unpaid`, `canceled`;
///   `items.data[0].current_period_start/_end`; `cancel_at_period_end`; `latest_invoice`), with
///   `canceled_at` the instant auto-renew went off (or, when the retries ended it, the end) and
///   `ended_at` the instant it ended, read from the records.
/// - `GET /v1/customers/{id}`: the Customer — `id`, `object`, `balance` 0, `created` (the first
///   purchase), `currency` `usd`, `delinquent` (an invoice is open and unpaid),
///   `invoice_prefix`, `livemode`, `metadata.user_id`, the rest `null` or empty.
/// - `GET /v1/invoices/{id}`: the open invoice while a payment is being retried (`status`
///   `open`, `attempt_count` the failed attempts, `next_payment_attempt`), or any invoice paid
///   so far (`status` `paid`, its amount and attempts from the records around its payment); the
///   subscription's `latest_invoice` is the open one, else the last paid. An invoice left open
///   when the retries ended the subscription is not kept by the model, so it is not found. Since `2025-03-31.basil` an Invoice has no `paid` member (Stripe's
///   changelog, "Adds support for multiple (partial) payments on invoices"): `status` says it.
/// - An unknown id: HTTP 404, `{"error":{"code":"resource_missing","doc_url":…,"message":"No
///   such subscription: 'sub_…'","param":"id","type":"invalid_request_error"}}`.
enum StripeResponses {
  /// The Subscription at `instant`, or `nil` before any subscription.
  static func subscription(
    model: StripeModel, history: RecordHistory, at instant: Instant, context c: WireContext
  ) -> StripeSubscription? {
    guard let record = history.record(at: instant), record.purchaseToken != nil else { return nil }
    var s = model.subscriptionObject(record, at: instant)
    let end = history.ended(through: instant)
    if s.canceledAt != nil { s.canceledAt = history.autoRenewOff(through: instant) ?? end ?? s.canceledAt }
    if s.endedAt != nil { s.endedAt = end ?? s.endedAt }
    return StripeWireRequest.wireValue(s, ids: c.ids)
  }

  /// `GET /v1/subscriptions/{id}`: the current subscription when `id` is its id.
  static func subscriptionResponse(
    _ id: String, model: StripeModel, history: RecordHistory, at instant: Instant, context c: WireContext
  ) -> WireResponse {
    guard let s = subscription(model: model, history: history, at: instant, context: c), s.id.text == id
    else {
      return notFound("subscription", id)
    }
    return WireResponse(status: 200, body: .object(StripeWireRequest.json(s, context: c)))
  }

  /// The Customer's id on the wire.
  static func customerId(_ record: SubscriptionRecord, context c: WireContext) -> String {
    c.ids.stripeId(StripeModel.customer(of: record), prefix: "cus").text
  }

  /// `GET /v1/customers/{id}` at `instant`.
  static func customerResponse(
    _ id: String, history: RecordHistory, at instant: Instant, context c: WireContext
  ) -> WireResponse {
    guard let record = history.record(at: instant), let created = record.originalPurchaseDate,
      customerId(record, context: c) == id
    else { return notFound("customer", id) }
    var o = JSONObject()
    o.append("id", .string(id))
    o.append("object", "customer")
    o.append("address", .null)
    o.append("balance", 0)
    o.append("created", .int(created.secondsSinceEpoch))
    o.append("currency", "usd")
    o.append("default_source", .null)
    o.append("delinquent", .bool(record.billingIssueStart != nil))
    o.append("description", .null)
    o.append("email", .null)
    o.append("invoice_prefix", .string(invoicePrefix(id)))
    o.append(
      "invoice_settings",
      ["custom_fields": nil, "default_payment_method": nil, "footer": nil, "rendering_options": nil])
    o.append("livemode", true)
    o.append("metadata", ["user_id": .string(c.subscriberId)])
    o.append("name", .null)
    o.append("phone", .null)
    o.append("preferred_locales", [])
    o.append("shipping", .null)
    o.append("tax_exempt", "none")
    o.append("test_clock", .null)
    return WireResponse(status: 200, body: .object(o))
  }

  /// Stripe's `invoice_prefix`: eight upper-case letters and digits, one per customer.
  static func invoicePrefix(_ customer: String) -> String {
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    return String(SHA256.hash(Array(customer.utf8)).prefix(8).map { letters[Int($0) % letters.count] })
  }

  /// The invoice open at `instant` while a payment is being retried (already given the run's
  /// ids): `attempt_count` the failed attempts, `next_payment_attempt` the next retry, none
  /// once the retries are over.
  static func openInvoice(model: StripeModel, record: SubscriptionRecord, context c: WireContext)
    -> StripeInvoice?
  {
    guard let failed = record.billingIssueStart, record.purchaseToken != nil else { return nil }
    let schedule = model.schedules[Int(record.product)]
    let next = Int(record.retryCount)
    let nextAttempt = record.retryWindowEnd != nil && next < schedule.count ? failed + schedule[next] : nil
    let invoice = model.openInvoice(of: record, failedAt: failed, nextPaymentAttempt: nextAttempt)
    return StripeWireRequest.wireValue(invoice, ids: c.ids)
  }

  /// The latest invoice at `instant` (already given the run's ids): the open one, or the last
  /// one paid; `nil` before any.
  static func latestInvoice(
    model: StripeModel, history: RecordHistory, at instant: Instant, context c: WireContext
  ) -> StripeInvoice? {
    let entries = Array(history.entries(through: instant))
    guard let record = entries.last?.record, record.purchaseToken != nil else { return nil }
    if let open = openInvoice(model: model, record: record, context: c) { return open }
    return paidInvoice(record.transactionCount, model: model, entries: entries)
      .map { StripeWireRequest.wireValue($0, ids: c.ids) }
  }

  /// The `n`-th invoice, paid: where the records show its transaction made, with the amount
  /// collected then, the attempts and dates of the billing episode it closed.
  static func paidInvoice(_ n: Int64, model: StripeModel, entries: [RecordHistory.Entry]) -> StripeInvoice? {
    guard n > 0, let index = entries.firstIndex(where: { $0.record.transactionCount == n }) else {
      return nil
    }
    let paid = entries[index]
    let r = paid.record
    let before = index > 0 ? entries[index - 1].record : SubscriptionRecord(subscriber: r.subscriber)
    let amount = StripeModel.cents(r.collectedMilliunits - before.collectedMilliunits)
    let reason: StripeBillingReason
    var attempts: Int32 = 1
    var created = paid.instant
    var usage = (paid.instant, paid.instant)
    var lineStart = r.periodStart
    if StripeModel.sellsNewSubscription(in: before.truth) {
      reason = .subscriptionCreate
      if amount == 0 { attempts = 0 }
    } else if let failed = before.billingIssueStart, StripeModel.isIncomplete(before) {
      // An `incomplete` subscription's first invoice, paid late.
      reason = .subscriptionCreate
      attempts = before.retryCount + 2
      created = failed
      usage = (failed, failed)
    } else if let failed = before.billingIssueStart {
      reason = .subscriptionCycle
      attempts = before.retryCount + 2
      created = failed
      usage = (before.periodStart, failed)
    } else if before.periodEnd <= paid.instant {
      reason = .subscriptionCycle
      usage = (before.periodStart, paid.instant)
    } else {
      reason = .subscriptionUpdate
      lineStart = paid.instant
      if model.products[Int(r.product)].period == model.products[Int(before.product)].period {
        usage = (paid.instant, r.periodEnd)
      }
    }
    let id = StripeModel.id(for: r, n)
    return StripeInvoice(
      id: id, customer: StripeModel.customer(of: r), subscription: r.purchaseToken, status: .paid,
      billingReason: reason, amountDue: amount, amountPaid: amount, amountRemaining: 0,
      attemptCount: attempts, attempted: attempts > 0, nextPaymentAttempt: nil, created: created,
      periodStart: usage.0, periodEnd: usage.1, paidAt: paid.instant,
      line: StripeInvoiceLine(
        id: id, amount: amount, periodStart: lineStart, periodEnd: r.periodEnd,
        price: Symbol(number: UInt64(r.product + 1))))
  }

  /// `GET /v1/invoices/{id}` at `instant`: the open invoice, or any invoice paid so far.
  static func invoiceResponse(
    _ id: String, model: StripeModel, history: RecordHistory, at instant: Instant, context c: WireContext
  ) -> WireResponse {
    let entries = Array(history.entries(through: instant))
    guard let record = entries.last?.record, record.transactionCount > 0 || record.billingIssueStart != nil
    else {
      return notFound("invoice", id)
    }
    if let open = openInvoice(model: model, record: record, context: c), open.id.text == id {
      return WireResponse(status: 200, body: .object(StripeWireRequest.json(open, context: c)))
    }
    for n in 1...max(1, record.transactionCount)
    where c.ids.stripeId(StripeModel.id(for: record, n), prefix: "in").text == id {
      guard let paid = paidInvoice(n, model: model, entries: entries) else { break }
      let invoice = StripeWireRequest.wireValue(paid, ids: c.ids)
      return WireResponse(status: 200, body: .object(StripeWireRequest.json(invoice, context: c)))
    }
    return notFound("invoice", id)
  }

  /// Stripe's answer for an id it does not know: `No such subscription: 'sub_…'`.
  static func notFound(_ object: String, _ id: String) -> WireResponse {
    var error = JSONObject()
    error.append("code", "resource_missing")
    error.append("doc_url", "https://stripe.com/docs/error-codes/resource-missing")
    error.append("message", .string("No such \(object): '\(id)'"))
    error.append("param", "id")
    error.append("type", "invalid_request_error")
    return WireResponse(status: 404, body: ["error": .object(error)])
  }
}
