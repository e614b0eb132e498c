import SubscriptionPolicy

/// The Google Play Developer API's answers about a subscription purchase, from the
/// `SubscriptionPurchaseV2` the store model builds for a token at an instant
/// (`GooglePlayModel.subscriptionResource(for:record:at:)`), already given the run's identity
/// (``GooglePlayWireRequest/wireValue(_:context:)``).
///
/// - `purchases.subscriptionsv2.get`: the resource's JSON with
///   `externalAccountIdentifiers.obfuscatedExternalAccountId`, the subscriber's own id.
/// - `purchases.subscriptions.get` (v1 `SubscriptionPurchase`, androidpublisher v3 reference):
///   `kind` `androidpublisher#subscriptionPurchase`; times as `…TimeMillis` strings; prices as
///   `priceAmountMicros` strings; `paymentState` 0 pending (grace, hold, a pending purchase), 1 received, 2 free
///   trial, absent once canceled or expired ("Not present for canceled, expired
///   subscriptions"); `cancelReason` 0 user, 1 system, 2 replaced, 3 developer;
///   `acknowledgementState` 0 yet to be acknowledged, 1 acknowledged.
/// - An unknown token: Google's 404 error body (`error.code`, `message`, `errors[]` with
///   `domain` `global` and `reason` `notFound`, `status` `NOT_FOUND`).
enum GooglePlayResponses {
  static let notFoundMessage = "The purchase token was not found."

  /// The resource a token (as on the wire) fetches at `instant`, with the run's identity: the
  /// current purchase's, or an older one the record still names (`linkedPurchaseToken`);
  /// `nil` for a token the store never issued to this subscriber.
  static func resource(
    token: String, model: GooglePlayModel, record: SubscriptionRecord?, at instant: Instant,
    context c: WireContext
  ) -> SubscriptionPurchaseV2? {
    // Before any purchase there is no token; a pending purchase (truth `never`) has one.
    guard let record, record.truth != .never || record.purchaseToken != nil else { return nil }
    let known = [record.purchaseToken, record.linkedPurchaseToken].compactMap { $0 }
    guard let engineToken = known.first(where: { c.ids.purchaseToken($0).text == token }) else { return nil }
    return GooglePlayWireRequest.wireValue(
      model.subscriptionResource(for: engineToken, record: record, at: instant), context: c)
  }

  /// `purchases.subscriptionsv2.get` for `token` at `instant`.
  static func subscriptionV2(
    token: String, model: GooglePlayModel, record: SubscriptionRecord?, at instant: Instant,
    context c: WireContext
  ) -> WireResponse {
    resource(token: token, model: model, record: record, at: instant, context: c)
      .map { subscriptionV2($0, context: c) } ?? notFound
  }

  /// `purchases.subscriptions.get` (v1) for `token` at `instant`.
  static func subscriptionV1(
    token: String, model: GooglePlayModel, record: SubscriptionRecord?, at instant: Instant,
    context c: WireContext
  ) -> WireResponse {
    resource(token: token, model: model, record: record, at: instant, context: c)
      .map { subscriptionV1($0, context: c) } ?? notFound
  }

  /// The `subscriptionsv2` resource of `s`.
  static func subscriptionV2(_ s: SubscriptionPurchaseV2, context c: WireContext) -> WireResponse {
    var o = s.json.objectValue ?? [:]
    o.append("externalAccountIdentifiers", ["obfuscatedExternalAccountId": .string(c.subscriberId)])
    return WireResponse(status: 200, body: .object(o))
  }

  /// The v1 `SubscriptionPurchase` of the same purchase.
  static func subscriptionV1(_ s: SubscriptionPurchaseV2, context c: WireContext) -> WireResponse {
    let item = s.lineItem
    let micros = (c.product(item.productId)?.priceMilliunits ?? 0) * 1000
    var o = JSONObject()
    o.append("kind", "androidpublisher#subscriptionPurchase")
    o.append("startTimeMillis", s.startTime.map { .string(String($0.millisecondsSinceEpoch)) })
    o.append("expiryTimeMillis", .string(String(item.expiryTime.millisecondsSinceEpoch)))
    o.append("autoResumeTimeMillis", s.autoResumeTime.map { .string(String($0.millisecondsSinceEpoch)) })
    o.append("autoRenewing", .bool(item.autoRenewEnabled))
    o.append("priceCurrencyCode", "USD")
    o.append("priceAmountMicros", .string(String(micros)))
    o.append("countryCode", .string(s.regionCode.text))
    o.append("paymentState", paymentState(s).map { .number(JSONNumber($0)) })
    o.append("cancelReason", cancelReason(s).map { .number(JSONNumber($0)) })
    o.append("orderId", item.latestSuccessfulOrderId.map { .string($0.text) })
    o.append("linkedPurchaseToken", s.linkedPurchaseToken.map { .string($0.text) })
    o.append(
      "acknowledgementState",
      .number(JSONNumber(s.acknowledgementState == GooglePlayModel.acknowledged ? 1 : 0)))
    o.append("obfuscatedExternalAccountId", .string(c.subscriberId))
    return WireResponse(status: 200, body: .object(o))
  }

  /// Google's answer for a token it does not know.
  static var notFound: WireResponse {
    let error: JSONValue = [
      "code": 404, "message": .string(notFoundMessage),
      "errors": [["message": .string(notFoundMessage), "domain": "global", "reason": "notFound"]],
      "status": "NOT_FOUND",
    ]
    return WireResponse(status: 404, body: ["error": error])
  }

  static func paymentState(_ s: SubscriptionPurchaseV2) -> Int? {
    switch s.subscriptionState {
    // 0, payment pending: a renewal not yet paid, or a purchase waiting for its payment.
    case .inGracePeriod, .onHold, .pending: 0
    case .active, .paused: s.lineItem.offerId == GooglePlayModel.freeTrialOfferId ? 2 : 1
    default: nil
    }
  }

  static func cancelReason(_ s: SubscriptionPurchaseV2) -> Int? {
    switch s.canceledStateContext {
    case .userInitiatedCancellation?: 0
    case .systemInitiatedCancellation?: 1
    case .replacementCancellation?: 2
    case .developerInitiatedCancellation?: 3
    default: nil
    }
  }
}
