import SubscriptionPolicy

/// StoreKit 2's subscription status as an app reads it on the device
/// (`Product.SubscriptionInfo.Status`, StoreKit reference, read November 2026), from the App
/// Store model's record at an instant:
///
/// ```json
/// {"state": "inGracePeriod", "transaction": {…}, "renewalInfo": {…}}
/// ```
///
/// - `state`: the `Product.SubscriptionInfo.RenewalState` case — `subscribed`, `expired`,
///   `inBillingRetryPeriod`, `inGracePeriod`, `revoked` (raw values 1–5, the App Store Server
///   API's `status`); auto-renew off and paid through is still `subscribed`.
/// - `transaction` and `renewalInfo`: `Transaction.jsonRepresentation` and
///   `RenewalInfo.jsonRepresentation`, the same JSON as the App Store Server API's decoded
///   `JWSTransactionDecodedPayload` and `JWSRenewalInfoDecodedPayload` (what the signed info of
///   ``AppStoreResponses`` carries).
enum StoreKitSubscriptionStatus {
  /// `RenewalState`'s case names, by the App Store Server API's `status` (1–5).
  static let states = [
    1: "subscribed", 2: "expired", 3: "inBillingRetryPeriod", 4: "inGracePeriod", 5: "revoked",
  ]

  /// The status at `instant`, or nil when StoreKit has none (nothing bought yet, or paused).
  static func status(
    model: AppStoreModel, record: SubscriptionRecord?, at instant: Instant, context c: WireContext
  ) -> JSONValue? {
    guard let record,
      let n = AppStoreResponses.payload(model: model, record: record, at: instant, context: c),
      let status = n.data.status, let state = states[Int(status.rawValue)],
      let transaction = AppStoreWireRequest.transactionPayload(n, context: c),
      let renewal = AppStoreWireRequest.renewalPayload(n, context: c)
    else { return nil }
    var o = JSONObject()
    o.append("state", .string(state))
    o.append("transaction", .object(transaction))
    o.append("renewalInfo", .object(renewal))
    return .object(o)
  }
}
