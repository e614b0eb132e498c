/// `SubscriptionPurchaseV2` as `purchases.subscriptionsv2.get` returns it.
///
/// Shape checked against Google's reference
/// (developers.google.com/android-publisher/api-ref/rest/v3/purchases.subscriptionsv2:
/// `SubscriptionPurchaseV2`, `PausedStateContext`, `CanceledStateContext`,
/// `SubscriptionPurchaseLineItem`, `AutoRenewingPlan`, `OfferDetails`), read in November 2026;
/// `AutoRenewingPlan.priceChangeDetails` (`SubscriptionItemPriceChangeDetailsJSON.swift`) in
/// December 2026.
/// Keys are written in the order of Google's JSON representation:
///
/// ```json
/// {
///   "kind": "androidpublisher#subscriptionPurchaseV2",
///   "regionCode": "US",
///   "lineItems": [{
///     "productId": "premium",
///     "expiryTime": "2026-03-01T09:00:00.000Z",
///     "autoRenewingPlan": {"autoRenewEnabled": true, "priceChangeDetails": {…}},
///     "offerDetails": {"basePlanId": "monthly", "offerId": "trial"},
///     "latestSuccessfulOrderId": "GPA.3372-1234-5678-90123..1"
///   }],
///   "startTime": "2026-01-01T09:00:00.000Z",
///   "subscriptionState": "SUBSCRIPTION_STATE_ACTIVE",
///   "latestOrderId": "GPA.3372-1234-5678-90123..1",
///   "linkedPurchaseToken": "…",
///   "pausedStateContext": {"autoResumeTime": "2026-04-01T09:00:00.000Z"},
///   "canceledStateContext": {"userInitiatedCancellation": {}},
///   "acknowledgementState": "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED"
/// }
/// ```
///
/// Times are RFC 3339 in UTC; simsub writes milliseconds (`.000Z`) as Google's own output
/// does and reads any RFC 3339 timestamp, dropping fractions of a second. Google's cancellation
/// details (`cancelSurveyResult`, `cancelTime`) are written as `{}` and ignored on reading; a
/// `canceledStateContext` whose member simsub does not know decodes as `nil`, so a new kind of
/// cancellation does not stop a replay (`subscriptionState` still says canceled).
///
/// Only the first line item is kept in the typed value (simsub plays one auto-renewing base plan
/// per purchase); `GooglePlayDocument` keeps the others and every member not modelled here
/// (`externalAccountIdentifiers`, `testPurchase`, …). A resource without `regionCode` or
/// `acknowledgementState` decodes with `noRegion` and `unspecifiedAcknowledgement`, and a line
/// item without `offerDetails` (a prepaid plan) with an empty `basePlanId`.
/// proto3 JSON omits `false`, so a missing `autoRenewEnabled` (or `autoRenewingPlan`) reads as
/// `false`. `kind` is written and ignored on reading.
extension SubscriptionPurchaseV2: JSONRepresentable {
  /// Google's `kind` for this resource.
  public static let kind = "androidpublisher#subscriptionPurchaseV2"
  /// `regionCode` when the resource has none (Google omits it for some test purchases).
  public static let noRegion: Symbol = ""
  /// `acknowledgementState` when the resource has none.
  public static let unspecifiedAcknowledgement: Symbol = "ACKNOWLEDGEMENT_STATE_UNSPECIFIED"

  public var json: JSONValue {
    var o = JSONObject()
    o.append("kind", .string(Self.kind))
    o.append("regionCode", .symbol(regionCode))
    o.append("lineItems", [lineItem.json])
    o.append("startTime", startTime.map { .string(RFC3339.formatWithMilliseconds($0)) })
    o.append("subscriptionState", .string(subscriptionState.rawValue))
    o.append("latestOrderId", latestOrderId.map(JSONValue.symbol))
    o.append("linkedPurchaseToken", linkedPurchaseToken.map(JSONValue.symbol))
    o.append(
      "pausedStateContext",
      autoResumeTime.map { ["autoResumeTime": .string(RFC3339.formatWithMilliseconds($0))] })
    o.append("canceledStateContext", canceledStateContext.map { [$0.jsonKey: [:]] })
    o.append("acknowledgementState", .symbol(acknowledgementState))
    return .object(o)
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    let items = try json["lineItems"].array()
    guard let first = items.first else {
      throw json["lineItems"].error("expected at least one line item, found an empty array")
    }
    var canceled: CanceledStateContext? = nil
    if let context = json["canceledStateContext"].ifPresent {
      let members = try context.object()
      canceled = CanceledStateContext.jsonCases.first { members[$0.jsonKey] != nil }
    }
    self.init(
      regionCode: try json["regionCode"].ifPresent?.symbol() ?? Self.noRegion,
      startTime: try json["startTime"].ifPresent?.instantFromRFC3339(),
      subscriptionState: try json["subscriptionState"].storeString(),
      latestOrderId: try json["latestOrderId"].ifPresent?.symbol(),
      linkedPurchaseToken: try json["linkedPurchaseToken"].ifPresent?.symbol(),
      autoResumeTime: try json["pausedStateContext"].ifPresent?.requireObject()["autoResumeTime"]
        .ifPresent?.instantFromRFC3339(),
      canceledStateContext: canceled,
      acknowledgementState: try json["acknowledgementState"].ifPresent?.symbol()
        ?? Self.unspecifiedAcknowledgement,
      lineItem: try first.decode())
  }
}

extension CanceledStateContext {
  /// Every case, in Google's documented order.
  public static let jsonCases: [CanceledStateContext] = [
    .userInitiatedCancellation, .systemInitiatedCancellation, .developerInitiatedCancellation,
    .replacementCancellation,
  ]

  /// The member of `canceledStateContext` that names this case.
  public var jsonKey: String {
    switch self {
    case .userInitiatedCancellation: "userInitiatedCancellation"
    case .systemInitiatedCancellation: "systemInitiatedCancellation"
    case .developerInitiatedCancellation: "developerInitiatedCancellation"
    case .replacementCancellation: "replacementCancellation"
    }
  }
}

/// One `lineItems[]` entry of an auto-renewing plan; see `SubscriptionPurchaseV2`'s JSON.
extension SubscriptionPurchaseLineItem: JSONRepresentable {
  public var json: JSONValue {
    var offer = JSONObject()
    offer.append("basePlanId", .symbol(basePlanId))
    offer.append("offerId", offerId.map(JSONValue.symbol))
    var o = JSONObject()
    o.append("productId", .symbol(productId))
    o.append("expiryTime", .string(RFC3339.formatWithMilliseconds(expiryTime)))
    var plan: JSONObject = ["autoRenewEnabled": .bool(autoRenewEnabled)]
    plan.append("priceChangeDetails", priceChangeDetails?.json)
    o.append("autoRenewingPlan", .object(plan))
    o.append("offerDetails", .object(offer))
    o.append("latestSuccessfulOrderId", latestSuccessfulOrderId.map(JSONValue.symbol))
    return .object(o)
  }

  public init(json: JSONCursor) throws(JSONDecodingError) {
    try json.requireObject()
    let offer = json["offerDetails"]
    if offer.isPresent { try offer.requireObject() }
    let plan = try json["autoRenewingPlan"].ifPresent?.requireObject()
    self.init(
      productId: try json["productId"].symbol(),
      expiryTime: try json["expiryTime"].instantFromRFC3339(),
      autoRenewEnabled: try plan?["autoRenewEnabled"].ifPresent?.bool() ?? false,
      basePlanId: try offer["basePlanId"].ifPresent?.symbol() ?? "",
      offerId: try offer["offerId"].ifPresent?.symbol(),
      latestSuccessfulOrderId: try json["latestSuccessfulOrderId"].ifPresent?.symbol(),
      priceChangeDetails: try plan?["priceChangeDetails"].ifPresent?.decode())
  }
}
