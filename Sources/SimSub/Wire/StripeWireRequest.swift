/// A Stripe webhook event on the wire: `POST` of the event's JSON with `Stripe-Signature`.
///
/// The typed event first takes the run's identity (``wireValue(_:context:)``): every id
/// (`evt_`, `sub_`, `si_`, `cus_`, `in_`, `il_`, `ch_`, `pi_`, `price_`, `prod_`) salted in
/// Stripe's shape. The body is that value's JSON with the `metadata` Stripe writes on every
/// subscription, invoice and charge (the API reference lists `metadata` on each, always
/// present): the subscription's carries `user_id`, the subscriber's own id, as an app sets it
/// at checkout, and so does the invoice's copy of it under
/// `parent.subscription_details.metadata`. Dates stay simulated; only the signature's `t` is
/// the wall clock (see ``StripeSignature``).
enum StripeWireRequest {
  /// The event with the run's identity.
  static func wireValue(_ e: StripeEvent, context c: WireContext) -> StripeEvent {
    var e = e
    let ids = c.ids
    e.id = ids.stripeId(e.id, prefix: "evt")
    switch e.object {
    case .subscription(let s):
      e.object = .subscription(wireValue(s, ids: ids))
    case .invoice(let i):
      e.object = .invoice(wireValue(i, ids: ids))
    case .charge(var ch):
      ch.id = ids.stripeId(ch.id, prefix: "ch")
      ch.customer = ch.customer.map { ids.stripeId($0, prefix: "cus") }
      ch.paymentIntent = ch.paymentIntent.map { ids.stripeId($0, prefix: "pi") }
      e.object = .charge(ch)
    case .other:
      // Events about other objects are kept as read; the store models send none.
      break
    }
    if var previous = e.previousAttributes {
      previous.latestInvoice = previous.latestInvoice.map { ids.stripeId($0, prefix: "in") }
      e.previousAttributes = previous
    }
    return e
  }

  /// The subscription with the run's ids.
  static func wireValue(_ s: StripeSubscription, ids: WireIdentifiers) -> StripeSubscription {
    var s = s
    s.id = ids.stripeId(s.id, prefix: "sub")
    s.customer = ids.stripeId(s.customer, prefix: "cus")
    s.latestInvoice = s.latestInvoice.map { ids.stripeId($0, prefix: "in") }
    s.item.id = ids.stripeId(s.item.id, prefix: "si")
    s.item.price.id = ids.stripeId(s.item.price.id, prefix: "price")
    s.item.price.product = ids.stripeId(s.item.price.product, prefix: "prod")
    return s
  }

  /// The invoice with the run's ids.
  static func wireValue(_ i: StripeInvoice, ids: WireIdentifiers) -> StripeInvoice {
    var i = i
    i.id = ids.stripeId(i.id, prefix: "in")
    i.customer = ids.stripeId(i.customer, prefix: "cus")
    i.subscription = i.subscription.map { ids.stripeId($0, prefix: "sub") }
    if var line = i.line {
      line.id = ids.stripeId(line.id, prefix: "il")
      line.price = line.price.map { ids.stripeId($0, prefix: "price") }
      i.line = line
    }
    return i
  }

  /// A subscription's JSON (already given the run's ids) with its `metadata.user_id`.
  static func json(_ s: StripeSubscription, context c: WireContext) -> JSONObject {
    var object = s.json.objectValue ?? [:]
    insertSorted(&object, "metadata", ["user_id": .string(c.subscriberId)])
    return object
  }

  /// An invoice's JSON (already given the run's ids) with its `metadata` and the
  /// subscription's `user_id` under `parent.subscription_details.metadata`.
  static func json(_ i: StripeInvoice, context c: WireContext) -> JSONObject {
    var object = i.json.objectValue ?? [:]
    insertSorted(&object, "metadata", .object([:]))
    if var parent = object["parent"]?.objectValue, var details = parent["subscription_details"]?.objectValue {
      details["metadata"] = ["user_id": .string(c.subscriberId)]
      parent["subscription_details"] = .object(details)
      object["parent"] = .object(parent)
    }
    return object
  }

  /// The request for an event already given the run's identity.
  static func request(_ e: StripeEvent, context c: WireContext) -> WireRequest {
    var event = e.json.objectValue ?? [:]
    var data = event["data"]?.objectValue ?? [:]
    if var object = data["object"]?.objectValue {
      switch e.object {
      case .subscription(let s):
        object = json(s, context: c)
      case .invoice(let i):
        object = json(i, context: c)
      case .charge:
        insertSorted(&object, "metadata", .object([:]))
      case .other:
        break
      }
      data["object"] = .object(object)
    }
    event["data"] = .object(data)
    let body = JSONValue.object(event).serialized()
    let signature = StripeSignature.header(
      body: body, timestamp: c.settings.wallClock(), secret: c.settings.stripeSecret)
    return WireRequest(
      path: WireRequest.stripePath,
      headers: [
        .init("Content-Type", "application/json; charset=utf-8"), .init("Stripe-Signature", signature),
      ],
      body: body)
  }

  /// Adds `key` where Stripe writes it: after `id` and `object`, in alphabetical order.
  static func insertSorted(_ object: inout JSONObject, _ key: String, _ value: JSONValue) {
    var out = JSONObject()
    var placed = false
    for (index, member) in object.enumerated() {
      if !placed, index >= 2 || (member.key != "id" && member.key != "object"), member.key > key {
        out.append(key, value)
        placed = true
      }
      out.append(member.key, member.value)
    }
    if !placed { out.append(key, value) }
    object = out
  }
}
