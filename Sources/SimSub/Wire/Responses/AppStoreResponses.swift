import SubscriptionPolicy

/// The App Store Server API's answers, from a notification's payload (already given the run's
/// identity) as the store stands at an instant.
///
/// - Get All Subscription Statuses (`GET /inApps/v1/subscriptions/{transactionId}`):
///   `StatusResponse` — `environment`, `bundleId`, `appAppleId`, `data[]` of
///   `SubscriptionGroupIdentifierItem` (`subscriptionGroupIdentifier`, `lastTransactions[]` of
///   `LastTransactionsItem`: `originalTransactionId`, `status` 1 active, 2 expired, 3 billing
///   retry, 4 grace, 5 revoked, `signedTransactionInfo`, `signedRenewalInfo`), the signed info
///   signed as in the notification (``AppStoreWireRequest``).
/// - An unknown id: `TransactionIdNotFoundError`, HTTP 404,
///   `{"errorCode":4040010,"errorMessage":"Transaction id not found."}`.
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

  /// Apple's answer for a transaction id it does not know.
  static var notFound: WireResponse {
    WireResponse(status: 404, body: ["errorCode": 4_040_010, "errorMessage": "Transaction id not found."])
  }
}
