/// An App Store Server Notification V2 on the wire: `POST` with `{"signedPayload":"<JWS>"}`,
/// the payload's `data.signedTransactionInfo` and `data.signedRenewalInfo` JWS too (see
/// ``AppStoreSignedData``).
///
/// The typed notification first takes the run's identity (``wireValue(_:context:)``): salted
/// transaction ids and notification UUID, the app's bundle id and `appAppleId`, the configured
/// environment everywhere Apple writes one, and a `webOrderLineItemId` per transaction. The
/// body's JSON is that value's (so it decodes back to it), with the fields Apple sends that the
/// typed value does not keep added beside them — from Apple's `JWSTransactionDecodedPayload`
/// and `JWSRenewalInfoDecodedPayload` references, read in November 2026:
///
/// | payload | added |
/// |---|---|
/// | transaction | `appAccountToken` (the subscriber's id), `storefrontId` (`143441` for `USA`), `appTransactionId`, `offerDiscountType` `FREE_TRIAL` in a trial |
/// | renewal info | `appAccountToken`, `appTransactionId`, `currency`, `renewalPrice` (what the next renewal charges, milliunits) |
enum AppStoreWireRequest {
  /// Apple's storefront ids for the storefronts simsub writes (App Store Connect's territory
  /// codes).
  static let storefrontIds: [String: String] = [
    "USA": "143441", "GBR": "143444", "DEU": "143443", "FRA": "143442", "JPN": "143462", "CAN": "143455",
  ]

  /// The notification with the run's identity.
  static func wireValue(_ n: AppStoreServerNotification, context c: WireContext) -> AppStoreServerNotification
  {
    var n = n
    n.notificationUUID = c.ids.uuid("apple.notificationUUID", n.notificationUUID.uuidString)
    let environment = c.settings.appleEnvironment
    let bundleId = Symbol(c.app.bundleId)
    n.data.bundleId = bundleId
    n.data.appAppleId = c.app.appAppleId
    n.data.environment = environment
    if var t = n.data.transactionInfo {
      t.webOrderLineItemId = c.ids.appleTransactionId(t.transactionId, kind: "apple.webOrderLineItem")
      t.originalTransactionId = c.ids.appleTransactionId(t.originalTransactionId)
      t.transactionId = c.ids.appleTransactionId(t.transactionId)
      t.bundleId = bundleId
      t.environment = environment
      n.data.transactionInfo = t
    }
    if var r = n.data.renewalInfo {
      r.originalTransactionId = c.ids.appleTransactionId(r.originalTransactionId)
      r.environment = environment
      n.data.renewalInfo = r
    }
    return n
  }

  /// The signed transaction info of a notification already given the run's identity.
  static func signedTransactionInfo(_ n: AppStoreServerNotification, context c: WireContext) -> String? {
    transactionPayload(n, context: c).map { AppStoreSignedData.sign(.object($0)) }
  }

  /// The signed renewal info of a notification already given the run's identity.
  static func signedRenewalInfo(_ n: AppStoreServerNotification, context c: WireContext) -> String? {
    renewalPayload(n, context: c).map { AppStoreSignedData.sign(.object($0)) }
  }

  /// The decoded transaction payload Apple signs: the typed value's JSON with the fields it
  /// does not keep.
  static func transactionPayload(_ n: AppStoreServerNotification, context c: WireContext) -> JSONObject? {
    guard let t = n.data.transactionInfo, var o = t.json.objectValue else { return nil }
    for (key, value) in transactionExtras(n, context: c) { o.append(key, value) }
    return o
  }

  /// The decoded renewal info payload Apple signs.
  static func renewalPayload(_ n: AppStoreServerNotification, context c: WireContext) -> JSONObject? {
    guard let r = n.data.renewalInfo, var o = r.json.objectValue else { return nil }
    for (key, value) in renewalExtras(n, context: c) { o.append(key, value) }
    return o
  }

  /// What the transaction payload holds beside the typed value's members, in order.
  static func transactionExtras(_ n: AppStoreServerNotification, context c: WireContext) -> [(
    key: String, value: JSONValue
  )] {
    guard let t = n.data.transactionInfo else { return [] }
    var extras: [(key: String, value: JSONValue)] = [("appAccountToken", .string(c.subscriberId))]
    if let id = t.storefront.flatMap({ storefrontIds[$0.text] }) {
      extras.append(("storefrontId", .string(id)))
    }
    extras.append(
      ("appTransactionId", .string(c.subscriber.appTransactionId(subscriber: c.subscriberNumber))))
    if t.offerType == 1, t.price == 0 { extras.append(("offerDiscountType", "FREE_TRIAL")) }
    if let offer = subscriptionOffer(t.offerType, productId: t.productId, context: c) {
      extras += offerFields(offer, productId: t.productId, context: c)
    }
    return extras
  }

  /// The product's subscription offer, when `offerType` names it (2 promotional, 3 offer code,
  /// 4 win-back).
  static func subscriptionOffer(_ offerType: Int32?, productId: Symbol, context c: WireContext)
    -> SubscriptionOffer?
  {
    guard let offerType, let offer = c.product(productId)?.offer, Int32(offer.type.rawValue) == offerType
    else { return nil }
    return offer
  }

  /// What a transaction or renewal info carrying a subscription offer says of it besides
  /// `offerType`: `offerIdentifier`, `offerDiscountType` and `offerPeriod` (the offer's whole
  /// duration, ISO 8601), as Apple's `JWSTransactionDecodedPayload` and
  /// `JWSRenewalInfoDecodedPayload` name them.
  static func offerFields(_ offer: SubscriptionOffer, productId: Symbol, context c: WireContext) -> [(
    key: String, value: JSONValue
  )] {
    var fields: [(key: String, value: JSONValue)] = [
      ("offerIdentifier", .string(offer.identifier.text)),
      ("offerDiscountType", .string(offer.payment.wireName)),
    ]
    if let period = c.product(productId)?.period {
      fields.append(("offerPeriod", .string(offer.isoPeriod(of: period))))
    }
    return fields
  }

  /// What the renewal info payload holds beside the typed value's members, in order.
  static func renewalExtras(_ n: AppStoreServerNotification, context c: WireContext) -> [(
    key: String, value: JSONValue
  )] {
    guard let r = n.data.renewalInfo else { return [] }
    var extras: [(key: String, value: JSONValue)] = [
      ("appAccountToken", .string(c.subscriberId)),
      ("appTransactionId", .string(c.subscriber.appTransactionId(subscriber: c.subscriberNumber))),
    ]
    if let currency = n.data.transactionInfo?.currency { extras.append(("currency", .string(currency.text))) }
    if let product = c.product(r.autoRenewProductId) {
      // What the next renewal charges: the raised price while an increase waits for it
      // (`priceIncreaseStatus`), else what was last paid for the product (its raised price once
      // the increase applied) unless an offer's price, else the product's price.
      let paid = n.data.transactionInfo.flatMap { t in
        t.productId == r.autoRenewProductId && t.offerType == nil ? t.price : nil
      }
      let price =
        r.priceIncreaseStatus != nil
        ? product.raisedPriceMilliunits ?? product.priceMilliunits
        : paid.flatMap { $0 > 0 ? $0 : nil } ?? product.priceMilliunits
      // An offer that applies at the next renewal charges its own price.
      if let offer = subscriptionOffer(r.offerType, productId: r.autoRenewProductId, context: c) {
        extras.append(("renewalPrice", .int(offer.priceMilliunits)))
        extras += offerFields(offer, productId: r.autoRenewProductId, context: c)
      } else {
        extras.append(("renewalPrice", .int(price)))
      }
    }
    return extras
  }

  /// The request for a notification already given the run's identity: the body written
  /// straight from the typed value and the extras (`AppStoreSignedPayloadWriter`), the bytes
  /// that signing `transactionPayload` and `renewalPayload` inside `n.json` give
  /// (`AppStoreWireRequestWriterTests`).
  static func request(_ n: AppStoreServerNotification, context c: WireContext) -> WireRequest {
    var extras = AppStoreSignedPayloadWriter.Extras()
    extras.transaction = transactionExtras(n, context: c)
    extras.renewal = renewalExtras(n, context: c)
    let body = AppStoreSignedPayloadWriter.requestBody(n, signing: AppStoreSignedData.signing, extras: extras)
    return WireRequest(
      path: WireRequest.appStorePath, headers: [.init("Content-Type", "application/json")],
      body: String(decoding: body, as: UTF8.self))
  }

  /// `request(_:context:)` built through the trees: each payload's `JSONValue` signed with
  /// `AppStoreSignedData.sign`. The reference the writer is tested against.
  static func requestThroughTrees(_ n: AppStoreServerNotification, context c: WireContext) -> WireRequest {
    var payload = n.json.objectValue ?? [:]
    var data = payload["data"]?.objectValue ?? [:]
    if let t = signedTransactionInfo(n, context: c) { data["signedTransactionInfo"] = .string(t) }
    if let r = signedRenewalInfo(n, context: c) { data["signedRenewalInfo"] = .string(r) }
    payload["data"] = .object(data)
    let body: JSONValue = ["signedPayload": .string(AppStoreSignedData.sign(.object(payload)))]
    return WireRequest(
      path: WireRequest.appStorePath, headers: [.init("Content-Type", "application/json")],
      body: body.serialized())
  }
}
