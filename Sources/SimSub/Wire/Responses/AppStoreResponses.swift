import SubscriptionPolicy

/// The App Store Server API's answers, built from the App Store model's record as it stands at
/// an instant (or, for the status, from a notification's payload already given the run's
/// identity). Field names and order as Apple's App Store Server API reference gives them (read
/// November 2026):
///
/// - Get All Subscription Statuses (`GET /inApps/v1/subscriptions/{transactionId}`):
///   `StatusResponse` — `environment`, `bundleId`, `appAppleId`, `data[]` of
///   `SubscriptionGroupIdentifierItem` (`subscriptionGroupIdentifier`, `lastTransactions[]` of
///   `LastTransactionsItem`: `originalTransactionId`, `status` 1 active, 2 expired, 3 billing
///   retry, 4 grace, 5 revoked, `signedTransactionInfo`, `signedRenewalInfo`), the signed info
///   signed as in the notification (``AppStoreWireRequest``).
/// - Get Transaction History (`GET /inApps/v2/history/{transactionId}`): `HistoryResponse` —
///   `revision`, `bundleId`, `appAppleId`, `environment`, `hasMore`, `signedTransactions[]`, one
///   `JWSTransaction` per transaction made so far (each purchase, trial and renewal), oldest
///   first (the default `sort=ASCENDING`), in one page.
/// - Get Transaction Info (`GET /inApps/v1/transactions/{transactionId}`):
///   `TransactionInfoResponse` — `signedTransactionInfo`.
/// - An unknown id: `TransactionIdNotFoundError`, HTTP 404,
///   `{"errorCode":4040010,"errorMessage":"Transaction id not found."}`.
///
/// Each transaction is built as ``AppStoreNotificationBuilder`` describes the record, signed at
/// the instant asked (`signedDate`): the latest from the record at that instant, an earlier one
/// from the last record in which it was the latest (a refund revokes only the latest).
enum AppStoreResponses {
  /// The `StatusResponse` of the subscription `n` is about, or nil when it carries no
  /// transaction or status.
  static func statusResponse(_ n: AppStoreServerNotification, context c: WireContext) -> WireResponse? {
    guard let t = n.data.transactionInfo, let status = n.data.status else { return nil }
    var last = JSONObject()
    last.append("originalTransactionId", .string(t.originalTransactionId.text))
    last.append("status", .number(JSONNumber(Int64(status.rawValue))))
    last.append(
      "signedTransactionInfo", AppStoreWireRequest.signedTransactionInfo(n, context: c).map(JSONValue.string))
    last.append(
      "signedRenewalInfo", AppStoreWireRequest.signedRenewalInfo(n, context: c).map(JSONValue.string))
    var item = JSONObject()
    item.append("subscriptionGroupIdentifier", t.subscriptionGroupIdentifier.map { .string($0.text) })
    item.append("lastTransactions", .array([.object(last)]))
    var o = JSONObject()
    o.append("environment", .string(n.data.environment.rawValue))
    o.append("bundleId", .string(n.data.bundleId.text))
    o.append("appAppleId", n.data.appAppleId.map { .number(JSONNumber($0)) })
    o.append("data", .array([.object(item)]))
    return WireResponse(status: 200, body: .object(o))
  }

  /// The record described as a notification's payload signed at `instant`, with the run's
  /// identity: its `data` carries the status, the latest transaction and the renewal info.
  /// `nil` before any transaction, and while the store has no status for it (paused).
  static func payload(
    model: AppStoreModel, record: SubscriptionRecord, at instant: Instant, context c: WireContext
  ) -> AppStoreServerNotification? {
    guard record.transactionCount > 0, AppStoreNotificationBuilder.status(for: record.truth) != nil else {
      return nil
    }
    var copy = record
    guard
      case .appStore(let n) = model.notifications.makeAmended(
        .didRenew, nil, record: &copy, products: model.products, at: instant)
    else { return nil }
    return AppStoreWireRequest.wireValue(n, context: c)
  }

  /// Get All Subscription Statuses at `instant`.
  static func statusResponse(
    model: AppStoreModel, record: SubscriptionRecord?, at instant: Instant, context c: WireContext
  ) -> WireResponse {
    guard let record, let n = payload(model: model, record: record, at: instant, context: c) else {
      return notFound
    }
    return statusResponse(n, context: c) ?? notFound
  }

  /// The record Apple answers from at `instant`: the latest, except for a Family Sharing
  /// member whose sharing was withdrawn, whose record then goes on following the purchaser's
  /// periods (``SubscriptionRecord/purchaserTruth``) while Apple tells the member nothing more:
  /// the member's record as it stood at the withdrawal.
  static func record(in history: RecordHistory, at instant: Instant) -> SubscriptionRecord? {
    let entries = history.entries(through: instant)
    return entries.first { $0.record.purchaserTruth != nil }?.record ?? entries.last?.record
  }

  /// Every transaction made up to `instant` (for a family member, up to the withdrawal of
  /// sharing), oldest first, each as the last record in which it was the latest describes it.
  static func transactions(
    model: AppStoreModel, history: RecordHistory, at instant: Instant, context c: WireContext
  ) -> [AppStoreServerNotification] {
    var latest: [Int64: SubscriptionRecord] = [:]
    for entry in history.entries(through: instant) where entry.record.transactionCount > 0 {
      latest[entry.record.transactionCount] = entry.record
      if entry.record.purchaserTruth != nil { break }
    }
    return latest.keys.sorted().compactMap { k in
      latest[k].flatMap { payload(model: model, record: $0, at: instant, context: c) }
    }
  }

  /// Get Transaction History at `instant`, in one page.
  static func historyResponse(
    model: AppStoreModel, history: RecordHistory, at instant: Instant, context c: WireContext
  ) -> WireResponse {
    let all = transactions(model: model, history: history, at: instant, context: c)
    guard let newest = all.last else { return notFound }
    var o = JSONObject()
    o.append("revision", .string(revision(of: newest, count: all.count, context: c)))
    o.append("bundleId", .string(newest.data.bundleId.text))
    o.append("appAppleId", newest.data.appAppleId.map { .number(JSONNumber($0)) })
    o.append("environment", .string(newest.data.environment.rawValue))
    o.append("hasMore", false)
    o.append(
      "signedTransactions",
      .array(
        all.compactMap { AppStoreWireRequest.signedTransactionInfo($0, context: c).map(JSONValue.string) }))
    return WireResponse(status: 200, body: .object(o))
  }

  /// Get Transaction Info at `instant` for the transaction whose `transactionId` (as on the
  /// wire) is `id`.
  static func transactionInfo(
    _ id: String, model: AppStoreModel, history: RecordHistory, at instant: Instant, context c: WireContext
  ) -> WireResponse {
    let all = transactions(model: model, history: history, at: instant, context: c)
    guard let n = all.first(where: { $0.data.transactionInfo?.transactionId.text == id }),
      let signed = AppStoreWireRequest.signedTransactionInfo(n, context: c)
    else { return notFound }
    return WireResponse(status: 200, body: ["signedTransactionInfo": .string(signed)])
  }

  /// Apple's `revision`, an opaque token naming the page's end: here the newest transaction's
  /// id and the count, hashed with the run's salt.
  static func revision(of newest: AppStoreServerNotification, count: Int, context c: WireContext) -> String {
    let key = "\(newest.data.transactionInfo?.transactionId.text ?? "")#\(count)"
    return JWS.base64URLEncode(c.ids.bytes("apple.revision", key, count: 24).prefix(24).map { $0 })
  }

  /// Apple's answer for a transaction id it does not know.
  static var notFound: WireResponse {
    WireResponse(status: 404, body: ["errorCode": 4_040_010, "errorMessage": "Transaction id not found."])
  }
}
