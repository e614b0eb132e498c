/// A RevenueCat webhook on the wire: `POST` of `{"api_version":"1.0","event":{…}}` with the
/// `Authorization` value configured in RevenueCat's dashboard.
///
/// The typed event first takes the run's identity (``wireValue(_:context:)``): a UUID `id`,
/// the app's `app_id`, the subscriber's own id as `app_user_id` and `original_app_user_id`, and
/// for the App Store salted transaction ids. The body is that value's JSON with the fields
/// RevenueCat's "Event Types and Fields" lists for every subscription event and its sample
/// events show, read in November 2026: `aliases`, `subscriber_attributes`,
/// `presented_offering_id`, `currency`, `price` and `price_in_purchased_currency` (the
/// product's price in USD; 0 in a trial, negative for a refund), `takehome_percentage`,
/// `tax_percentage`, `commission_percentage` (the sample's 0.7, 0.0, 0.3) and `offer_code`.
enum RevenueCatWireRequest {
  /// The event with the run's identity.
  static func wireValue(_ e: RevenueCatEvent, context c: WireContext) -> RevenueCatEvent {
    var e = e
    e.id = Symbol(c.ids.uuid("revenuecat.event", e.id.text).uuidString)
    e.appId = Symbol(c.app.revenueCatAppId)
    let user = Symbol(c.subscriberId)
    e.appUserId = user
    e.originalAppUserId = user
    if e.store == .appStore {
      e.transactionId = e.transactionId.map { c.ids.appleTransactionId($0) }
      e.originalTransactionId = e.originalTransactionId.map { c.ids.appleTransactionId($0) }
    }
    return e
  }

  /// The request for an event already given the run's identity.
  static func request(_ e: RevenueCatEvent, context c: WireContext) -> WireRequest {
    var event = e.eventJSON.objectValue ?? [:]
    let milliunits = e.periodType == .trial ? 0 : c.product(e.productId)?.priceMilliunits ?? 0
    let refund = e.type == .cancellation && e.cancelReason == .customerSupport
    let price = WireContext.decimalPrice(milliunits, negative: refund)
    event.append("aliases", [.string(c.subscriberId)])
    event.append("subscriber_attributes", .object([:]))
    event.append("presented_offering_id", .null)
    event.append("currency", "USD")
    event.append("price", price)
    event.append("price_in_purchased_currency", price)
    event.append("takehome_percentage", .number(JSONNumber(text: "0.7")!))
    event.append("tax_percentage", .number(JSONNumber(text: "0.0")!))
    event.append("commission_percentage", .number(JSONNumber(text: "0.3")!))
    event.append("offer_code", .null)
    let body: JSONValue = ["api_version": .string(e.apiVersion.text), "event": .object(event)]
    return WireRequest(
      path: WireRequest.revenueCatPath,
      headers: [
        .init("Content-Type", "application/json"), .init("Authorization", c.settings.revenueCatAuthorization),
      ],
      body: body.serialized())
  }
}
