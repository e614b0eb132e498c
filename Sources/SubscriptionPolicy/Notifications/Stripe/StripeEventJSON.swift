/// Stripe webhook events as JSON: the body Stripe posts to a webhook endpoint.
///
/// Shapes checked against Stripe's API reference (the Event, Subscription, Subscription Item,
/// Price, Invoice, Invoice Line Item and Charge objects) and the `2025-03-31.basil` changelog
/// ("Adds subscription item-level billing periods", "Invoicing resources now specify how they
/// were generated"), read in November 2026:
///
/// ```json
/// {
///   "id": "evt_1QxYz2LkdIwHu7ixA1b2C3d4",
///   "object": "event",
///   "api_version": "2025-03-31.basil",
///   "created": 1769850000,
///   "data": {
///     "object": {"id": "in_…", "object": "invoice", "attempt_count": 1, "next_payment_attempt": 1769936400, …},
///     "previous_attributes": {"status": "active"}
///   },
///   "livemode": true,
///   "pending_webhooks": 1,
///   "request": {"id": null, "idempotency_key": null},
///   "type": "invoice.payment_failed"
/// }
/// ```
///
/// Objects are written as Stripe writes them: `id` and `object` first, then the other members
/// in alphabetical order, with `null` for an absent value. Timestamps are Unix seconds, amounts
/// integers in the currency's smallest unit. A subscription's billing period is written on its
/// item (`items.data[0].current_period_start/_end`) and an invoice's subscription under
/// `parent.subscription_details.subscription`, as since `2025-03-31.basil`; reading also accepts
/// the older top-level `current_period_start`, `current_period_end` and `subscription`.
///
/// Ids: simsub's ids are numbers (so an engine run never interns text) written with Stripe's
/// prefix, `evt_100000001000001`; an id in that form reads back as the number, any other id
/// (`sub_1MowQVLkdIwHu7ix`) as its text. Unknown members are ignored and unknown `type` and
/// `status` strings are kept; an event whose `data.object` is not a subscription, an invoice or
/// a charge decodes with `StripeEventObject.other` naming it (`StripeEventDocument` keeps the
/// object itself, and every member the typed values leave out).
extension StripeEvent: JSONRepresentable {
  public var json: JSONValue {
    var data = JSONObject()
    data.append("object", object.json)
    if let previousAttributes { data.append("previous_attributes", previousAttributes.json) }
    var o = JSONObject()
    o.append("id", .stripeID(id, "evt"))
    o.append("object", "event")
    o.append("api_version", .symbol(apiVersion))
    o.append("created", .seconds(created))
    o.append("data", .object(data))
    o.append("livemode", .bool(livemode))
    o.append("pending_webhooks", .int(Int64(pendingWebhooks)))
    o.append("request", ["id": nil, "idempotency_key": nil])
    o.append("type", .string(type.rawValue))
    return .object(o)
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    let data = try json["data"].requireObject()
    let type: StripeEventType = try json["type"].storeString()
    self.init(
      id: try json["id"].stripeID("evt", unique: true), type: type,
      created: try json["created"].instantFromSeconds(),
      apiVersion: try json["api_version"].ifPresent?.symbol() ?? StripeEvent.modelledAPIVersion,
      livemode: try json["livemode"].ifPresent?.bool() ?? true,
      pendingWebhooks: try json["pending_webhooks"].ifPresent?.int32() ?? 0,
      object: try data["object"].decode(),
      previousAttributes: try data["previous_attributes"].ifPresent?.decode())
  }
}

extension StripeEventObject: JSONRepresentable {
  public var json: JSONValue {
    switch self {
    case .subscription(let s): s.json
    case .invoice(let i): i.json
    case .charge(let c): c.json
    case .other(let name): ["object": .symbol(name)]
    }
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    let kind = json["object"]
    switch try kind.string() {
    case "subscription": self = .subscription(try json.decode())
    case "invoice": self = .invoice(try json.decode())
    case "charge": self = .charge(try json.decode())
    case let other: self = .other(Symbol(other))
    }
  }
}

extension StripeSubscription: JSONRepresentable {
  public var json: JSONValue {
    var items = JSONObject()
    items.append("object", "list")
    items.append("data", [item.json(subscription: id)])
    items.append("has_more", false)
    items.append("total_count", 1)
    items.append("url", .string("/v1/subscription_items?subscription=\(JSONValue.stripeIDText(id, "sub"))"))
    var o = JSONObject()
    o.append("id", .stripeID(id, "sub"))
    o.append("object", "subscription")
    o.append("billing_cycle_anchor", .seconds(billingCycleAnchor))
    o.append("cancel_at", .seconds(cancelAt))
    o.append("cancel_at_period_end", .bool(cancelAtPeriodEnd))
    o.append("canceled_at", .seconds(canceledAt))
    o.append("collection_method", "charge_automatically")
    o.append("created", .seconds(created))
    o.append("currency", .symbol(item.price.currency))
    o.append("customer", .stripeID(customer, "cus"))
    o.append("ended_at", .seconds(endedAt))
    o.append("items", .object(items))
    o.append("latest_invoice", latestInvoice.map { .stripeID($0, "in") } ?? .null)
    o.append("livemode", true)
    o.append("start_date", .seconds(startDate))
    o.append("status", .string(status.rawValue))
    o.append("trial_end", .seconds(trialEnd))
    o.append("trial_start", .seconds(trialStart))
    return .object(o)
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    let data = json["items"]["data"]
    guard let first = try data.array().first else {
      throw data.error("expected at least one subscription item, found an empty list")
    }
    var item = try StripeSubscriptionItem(json: first)
    // Before 2025-03-31.basil the period was the subscription's own.
    if let start = try json["current_period_start"].ifPresent?.instantFromSeconds() {
      item.currentPeriodStart = start
    }
    if let end = try json["current_period_end"].ifPresent?.instantFromSeconds() {
      item.currentPeriodEnd = end
    }
    self.init(
      id: try json["id"].stripeID("sub"), customer: try json["customer"].stripeID("cus"),
      status: try json["status"].storeString(), created: try json["created"].instantFromSeconds(),
      startDate: try json["start_date"].instantFromSeconds(),
      billingCycleAnchor: try json["billing_cycle_anchor"].instantFromSeconds(),
      cancelAtPeriodEnd: try json["cancel_at_period_end"].bool(),
      cancelAt: try json["cancel_at"].ifPresent?.instantFromSeconds(),
      canceledAt: try json["canceled_at"].ifPresent?.instantFromSeconds(),
      endedAt: try json["ended_at"].ifPresent?.instantFromSeconds(),
      trialStart: try json["trial_start"].ifPresent?.instantFromSeconds(),
      trialEnd: try json["trial_end"].ifPresent?.instantFromSeconds(),
      latestInvoice: try json["latest_invoice"].ifPresent?.stripeID("in", unique: true), item: item)
  }
}

extension StripeSubscriptionItem {
  /// The item as it appears in `items.data`.
  func json(subscription: Symbol) -> JSONValue {
    var o = JSONObject()
    o.append("id", .stripeID(id, "si"))
    o.append("object", "subscription_item")
    o.append("current_period_end", .seconds(currentPeriodEnd))
    o.append("current_period_start", .seconds(currentPeriodStart))
    o.append("price", price.json)
    o.append("quantity", .int(Int64(quantity)))
    o.append("subscription", .stripeID(subscription, "sub"))
    return .object(o)
  }
}

extension StripeSubscriptionItem {
  /// Reads an item; an item written before `2025-03-31.basil` has no period of its own, and
  /// takes the subscription's (read by `StripeSubscription`).
  init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    self.init(
      id: try json["id"].stripeID("si"),
      currentPeriodStart: try json["current_period_start"].ifPresent?.instantFromSeconds() ?? .distantPast,
      currentPeriodEnd: try json["current_period_end"].ifPresent?.instantFromSeconds() ?? .distantPast,
      price: try json["price"].decode(), quantity: try json["quantity"].ifPresent?.int32() ?? 1)
  }
}

extension StripePrice: JSONRepresentable {
  public var json: JSONValue {
    var recurring = JSONObject()
    recurring.append("interval", .string(interval.rawValue))
    recurring.append("interval_count", .int(Int64(intervalCount)))
    recurring.append("usage_type", "licensed")
    var o = JSONObject()
    o.append("id", .stripeID(id, "price"))
    o.append("object", "price")
    o.append("active", true)
    o.append("currency", .symbol(currency))
    o.append("lookup_key", lookupKey.map(JSONValue.symbol) ?? .null)
    o.append("product", .stripeID(product, "prod"))
    o.append("recurring", .object(recurring))
    o.append("type", "recurring")
    o.append("unit_amount", .int(unitAmount))
    return .object(o)
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    let recurring = try json["recurring"].requireObject()
    self.init(
      id: try json["id"].stripeID("price"), product: try json["product"].stripeID("prod"),
      lookupKey: try json["lookup_key"].ifPresent?.symbol(), unitAmount: try json["unit_amount"].int64(),
      currency: try json["currency"].symbol(), interval: try recurring["interval"].storeString(),
      intervalCount: try recurring["interval_count"].ifPresent?.int32() ?? 1)
  }
}

extension StripeInvoice: JSONRepresentable {
  public var json: JSONValue {
    var lines = JSONObject()
    lines.append("object", "list")
    lines.append("data", .array(line.map { [$0.json(subscription: subscription)] } ?? []))
    lines.append("has_more", false)
    lines.append("total_count", .int(line == nil ? 0 : 1))
    lines.append("url", .string("/v1/invoices/\(JSONValue.stripeIDText(id, "in"))/lines"))
    var o = JSONObject()
    o.append("id", .stripeID(id, "in"))
    o.append("object", "invoice")
    o.append("amount_due", .int(amountDue))
    o.append("amount_paid", .int(amountPaid))
    o.append("amount_remaining", .int(amountRemaining))
    o.append("attempt_count", .int(Int64(attemptCount)))
    o.append("attempted", .bool(attempted))
    o.append("billing_reason", billingReason.map { .string($0.rawValue) } ?? .null)
    o.append("collection_method", "charge_automatically")
    o.append("created", .seconds(created))
    o.append("currency", .symbol(currency))
    o.append("customer", .stripeID(customer, "cus"))
    o.append("lines", .object(lines))
    o.append("livemode", true)
    o.append("next_payment_attempt", .seconds(nextPaymentAttempt))
    o.append(
      "parent",
      subscription.map { sub -> JSONValue in
        [
          "quote_details": nil,
          "subscription_details": ["metadata": [:], "subscription": .stripeID(sub, "sub")],
          "type": "subscription_details",
        ]
      } ?? .null)
    o.append("period_end", .seconds(periodEnd))
    o.append("period_start", .seconds(periodStart))
    o.append("status", .string(status.rawValue))
    o.append(
      "status_transitions",
      [
        "finalized_at": .seconds(created), "marked_uncollectible_at": nil, "paid_at": .seconds(paidAt),
        "voided_at": nil,
      ])
    return .object(o)
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    // Since 2025-03-31.basil under `parent`; before, at the top level.
    let parentSubscription = json["parent"]["subscription_details"]["subscription"]
    let subscription = parentSubscription.isPresent ? parentSubscription : json["subscription"]
    let lines = json["lines"]["data"]
    var line: StripeInvoiceLine?
    if lines.isPresent, let first = try lines.array().first { line = try StripeInvoiceLine(json: first) }
    self.init(
      // An upcoming invoice (`invoice.upcoming`) has no id yet.
      id: try json["id"].ifPresent?.stripeID("in", unique: true) ?? "",
      customer: try json["customer"].stripeID("cus"),
      subscription: try subscription.ifPresent?.stripeID("sub"), status: try json["status"].storeString(),
      billingReason: try json["billing_reason"].ifPresent?.storeString(),
      amountDue: try json["amount_due"].int64(), amountPaid: try json["amount_paid"].int64(),
      amountRemaining: try json["amount_remaining"].int64(), currency: try json["currency"].symbol(),
      attemptCount: try json["attempt_count"].int32(), attempted: try json["attempted"].bool(),
      nextPaymentAttempt: try json["next_payment_attempt"].ifPresent?.instantFromSeconds(),
      created: try json["created"].instantFromSeconds(),
      periodStart: try json["period_start"].instantFromSeconds(),
      periodEnd: try json["period_end"].instantFromSeconds(),
      paidAt: try json["status_transitions"]["paid_at"].ifPresent?.instantFromSeconds(), line: line)
  }
}

extension StripeInvoiceLine {
  /// The line as it appears in `lines.data`.
  func json(subscription: Symbol?) -> JSONValue {
    var pricing = JSONObject()
    pricing.append("price_details", price.map { ["price": .stripeID($0, "price")] } ?? .null)
    pricing.append("type", "price_details")
    var o = JSONObject()
    o.append("id", .stripeID(id, "il"))
    o.append("object", "line_item")
    o.append("amount", .int(amount))
    o.append(
      "parent",
      subscription.map { sub -> JSONValue in
        [
          "subscription_item_details": ["subscription": .stripeID(sub, "sub")],
          "type": "subscription_item_details",
        ]
      } ?? .null)
    o.append("period", ["end": .seconds(periodEnd), "start": .seconds(periodStart)])
    o.append("pricing", .object(pricing))
    return .object(o)
  }
}

extension StripeInvoiceLine {
  init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    let period = try json["period"].requireObject()
    // Since 2025-03-31.basil under `pricing.price_details`; before, `price.id`.
    let basilPrice = json["pricing"]["price_details"]["price"]
    let price = basilPrice.isPresent ? basilPrice : json["price"]["id"]
    self.init(
      id: try json["id"].stripeID("il"), amount: try json["amount"].int64(),
      periodStart: try period["start"].instantFromSeconds(),
      periodEnd: try period["end"].instantFromSeconds(),
      price: try price.ifPresent?.stripeID("price"))
  }
}

extension StripeCharge: JSONRepresentable {
  public var json: JSONValue {
    var o = JSONObject()
    o.append("id", .stripeID(id, "ch"))
    o.append("object", "charge")
    o.append("amount", .int(amount))
    o.append("amount_captured", .int(amountCaptured))
    o.append("amount_refunded", .int(amountRefunded))
    o.append("captured", true)
    o.append("created", .seconds(created))
    o.append("currency", .symbol(currency))
    o.append("customer", customer.map { .stripeID($0, "cus") } ?? .null)
    o.append("livemode", true)
    o.append("paid", .bool(paid))
    o.append("payment_intent", paymentIntent.map { .stripeID($0, "pi") } ?? .null)
    o.append("refunded", .bool(refunded))
    o.append("status", .symbol(status))
    return .object(o)
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    let amount = try json["amount"].int64()
    self.init(
      id: try json["id"].stripeID("ch", unique: true),
      customer: try json["customer"].ifPresent?.stripeID("cus"),
      amount: amount,
      amountCaptured: try json["amount_captured"].ifPresent?.int64() ?? amount,
      amountRefunded: try json["amount_refunded"].int64(), currency: try json["currency"].symbol(),
      paid: try json["paid"].ifPresent?.bool() ?? true, refunded: try json["refunded"].bool(),
      status: try json["status"].ifPresent?.symbol() ?? "succeeded",
      created: try json["created"].instantFromSeconds(),
      paymentIntent: try json["payment_intent"].ifPresent?.stripeID("pi"))
  }
}

extension StripePreviousAttributes: JSONRepresentable {
  public var json: JSONValue {
    var o = JSONObject()
    o.append("cancel_at_period_end", cancelAtPeriodEnd.map(JSONValue.bool))
    o.append("latest_invoice", latestInvoice.map { .stripeID($0, "in") })
    o.append("status", status.map { .string($0.rawValue) })
    return .object(o)
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    self.init(
      status: try json["status"].ifPresent?.storeString(),
      cancelAtPeriodEnd: try json["cancel_at_period_end"].ifPresent?.bool(),
      latestInvoice: try json["latest_invoice"].ifPresent?.stripeID("in", unique: true))
  }
}

// MARK: - Stripe ids and timestamps

extension JSONCursor {
  /// A Stripe id with `prefix` (`evt`, `sub`, …): `evt_123` in simsub's numeric form reads as
  /// the number 123; any other id keeps its whole text. `unique`: an id made anew per event or
  /// payment (`evt`, `in`, `ch`), digested while `Symbol.digestingUniqueIdentifiers`.
  public func stripeID(_ prefix: String, unique: Bool = false) throws(JSONDecodingError) -> Symbol {
    let text = try string()
    let utf8 = text.utf8
    let prefixLength = prefix.utf8.count
    if utf8.count > prefixLength + 1, text.hasPrefix(prefix),
      utf8[utf8.index(utf8.startIndex, offsetBy: prefixLength)] == UInt8(ascii: "_"),
      let n = Symbol.canonicalNumber(String(text.dropFirst(prefixLength + 1))), n < Symbol.internedFlag
    {
      return Symbol(number: n)
    }
    return unique ? Symbol.unique(text) : Symbol(text)
  }

  /// An instant from a JSON integer of Unix seconds (Stripe's timestamps).
  public func instantFromSeconds() throws(JSONDecodingError) -> Instant {
    Instant(secondsSinceEpoch: try int64())
  }
}

extension JSONValue {
  /// A Stripe id: a numeric one with its prefix (`evt_123`), any other as its text.
  static func stripeID(_ id: Symbol, _ prefix: String) -> JSONValue {
    .string(stripeIDText(id, prefix))
  }

  static func stripeIDText(_ id: Symbol, _ prefix: String) -> String {
    if let n = id.number { return "\(prefix)_\(n)" }
    return id.text
  }

  /// Unix seconds, or `null`.
  static func seconds(_ instant: Instant?) -> JSONValue {
    instant.map { .int($0.secondsSinceEpoch) } ?? .null
  }
}
