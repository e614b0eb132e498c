import Foundation

/// The store APIs a handler calls back, one function per store: the answer to a `GET` of
/// `path` (the real API's path, query ignored) at `instant`, from the subscriptions of a played
/// run (``SimulatedSubscription``). An unknown id is the store's own 404; a path the store API
/// does not serve is a 404 whose `message` names the paths it serves.
///
/// | store | paths | answer |
/// |---|---|---|
/// | App Store Server API | `/inApps/v1/subscriptions/{transactionId}`, `/inApps/v2/history/{transactionId}`, `/inApps/v1/transactions/{transactionId}` | ``AppStoreResponses`` |
/// | Google Play Developer API | `/androidpublisher/v3/applications/{packageName}/purchases/subscriptionsv2/tokens/{token}`, `…/purchases/subscriptions/{subscriptionId}/tokens/{token}` | ``GooglePlayResponses`` |
/// | Stripe | `/v1/subscriptions/{id}`, `/v1/customers/{id}`, `/v1/invoices/{id}` | ``StripeResponses`` |
/// | RevenueCat | `/v1/subscribers/{app_user_id}` | ``RevenueCatResponses`` |
///
/// Any transaction id of a subscription (the original or a later one) finds it, as Apple's do.
package enum StoreAPI {
  package static func appStore(
    _ path: String, at instant: Instant, among subscriptions: [SimulatedSubscription]
  )
    -> WireResponse
  {
    let parts = components(path)
    guard parts.count == 4, parts[0] == "inApps", let id = parts.last,
      ["v1/subscriptions", "v2/history", "v1/transactions"].contains("\(parts[1])/\(parts[2])")
    else { return notServed(path, serving: appStorePaths) }
    for s in subscriptions {
      guard let model = s.appStoreModel,
        let record = AppStoreResponses.record(in: s.history, at: instant), record.transactionCount > 0
      else { continue }
      let ids = (1...record.transactionCount).map { n in
        s.context.ids.appleTransactionId(
          Symbol(
            number: AppStoreNotificationBuilder.transactionId(
              subscriber: record.subscriber, transaction: n, member: UInt8(s.member)))
        ).text
      }
      guard ids.contains(id) else { continue }
      switch parts[2] {
      case "subscriptions":
        return AppStoreResponses.statusResponse(model: model, record: record, at: instant, context: s.context)
      case "history":
        return AppStoreResponses.historyResponse(
          model: model, history: s.history, at: instant, context: s.context)
      default:
        return AppStoreResponses.transactionInfo(
          id, model: model, history: s.history, at: instant, context: s.context)
      }
    }
    return AppStoreResponses.notFound
  }

  package static func googlePlay(
    _ path: String, at instant: Instant, among subscriptions: [SimulatedSubscription]
  ) -> WireResponse {
    let p = components(path)
    let v2 = p.count == 8 && p[5] == "subscriptionsv2" && p[6] == "tokens"
    let v1 = p.count == 9 && p[5] == "subscriptions" && p[7] == "tokens"
    guard v1 || v2, p[0] == "androidpublisher", p[1] == "v3", p[2] == "applications", p[4] == "purchases",
      let token = p.last
    else { return notServed(path, serving: googlePlayPaths) }
    for s in subscriptions where s.context.app.packageName == p[3] {
      guard let model = s.googlePlayModel,
        let resource = GooglePlayResponses.resource(
          token: token, model: model, record: s.history.record(at: instant), at: instant, context: s.context),
        v2 || resource.lineItem.productId.text == p[6]
      else { continue }
      return v2
        ? GooglePlayResponses.subscriptionV2(resource, context: s.context)
        : GooglePlayResponses.subscriptionV1(resource, context: s.context)
    }
    return GooglePlayResponses.notFound
  }

  package static func stripe(
    _ path: String, at instant: Instant, among subscriptions: [SimulatedSubscription]
  )
    -> WireResponse
  {
    let p = components(path)
    guard p.count == 3, p[0] == "v1", let id = p.last,
      ["subscriptions", "customers", "invoices"].contains(p[1])
    else { return notServed(path, serving: stripePaths) }
    let object = String(p[1].dropLast())
    for s in subscriptions {
      guard let model = s.stripeModel else { continue }
      let r: WireResponse
      switch object {
      case "subscription":
        r = StripeResponses.subscriptionResponse(
          id, model: model, history: s.history, at: instant, context: s.context)
      case "customer":
        r = StripeResponses.customerResponse(id, history: s.history, at: instant, context: s.context)
      default:
        r = StripeResponses.invoiceResponse(
          id, model: model, history: s.history, at: instant, context: s.context)
      }
      if r.status == 200 { return r }
    }
    return StripeResponses.notFound(object, id)
  }

  package static func revenueCat(
    _ path: String, at instant: Instant, among subscriptions: [SimulatedSubscription]
  ) -> WireResponse {
    let p = components(path)
    guard p.count == 3, p[0] == "v1", p[1] == "subscribers", let user = p.last?.removingPercentEncoding else {
      return notServed(path, serving: revenueCatPaths)
    }
    let known = subscriptions.filter { $0.context.subscriberId == user }.compactMap {
      $0.revenueCat(at: instant)
    }
    return RevenueCatResponses.subscriber(user, subscriptions: known, at: instant)
  }

  static let appStorePaths = [
    "/inApps/v1/subscriptions/{transactionId}", "/inApps/v2/history/{transactionId}",
    "/inApps/v1/transactions/{transactionId}",
  ]
  static let googlePlayPaths = [
    "/androidpublisher/v3/applications/{packageName}/purchases/subscriptionsv2/tokens/{token}",
    "/androidpublisher/v3/applications/{packageName}/purchases/subscriptions/{subscriptionId}/tokens/{token}",
  ]
  static let stripePaths = ["/v1/subscriptions/{id}", "/v1/customers/{id}", "/v1/invoices/{id}"]
  static let revenueCatPaths = ["/v1/subscribers/{app_user_id}"]

  /// The path's segments, without the query.
  static func components(_ path: String) -> [String] {
    let bare = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    return bare.split(separator: "/").map(String.init)
  }

  /// A path the emulated API does not serve.
  static func notServed(_ path: String, serving: [String]) -> WireResponse {
    WireResponse(
      status: 404,
      body: [
        "message": .string("simsub does not serve \(path); it serves \(serving.joined(separator: ", "))")
      ])
  }
}
