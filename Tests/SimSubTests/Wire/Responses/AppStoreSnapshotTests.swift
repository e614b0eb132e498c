import SubscriptionPolicy
import Testing

@testable import SimSub

/// The App Store Server API's answers and StoreKit 2's status built from the App Store model's
/// record at an instant of the shipped scenarios, checked against the record and against the
/// notifications the store sent.
@Suite struct AppStoreSnapshotTests {
  /// Every instant of every shipped App Store subscription, with its model.
  static let states:
    [(played: PlayedSubscription, model: AppStoreModel, instant: Instant, record: SubscriptionRecord)] =
      PlayedSubscription.of(.apple).flatMap { p in
        p.appleModel.map { model in
          p.instants.compactMap { instant in
            AppStoreResponses.record(in: p.history, at: instant).map { (p, model, instant, $0) }
          }
        } ?? []
      }

  static func wireTransactionId(_ p: PlayedSubscription, _ record: SubscriptionRecord, _ n: Int64) -> String {
    p.context.ids.appleTransactionId(
      Symbol(
        number: AppStoreNotificationBuilder.transactionId(
          subscriber: record.subscriber, transaction: n, member: UInt8(p.member)))
    ).text
  }

  static func ms(_ instant: Instant?) -> JSONValue? { instant.map { .int($0.millisecondsSinceEpoch) } }

  /// Each status Apple documents, reached in the shipped scenarios: the record's truth, dates
  /// and renewal state at that instant.
  @Test(arguments: [1, 2, 3, 4, 5] as [Int32])
  func statusFromTheRecord(status: Int32) throws {
    let (p, model, instant, r) = try #require(
      Self.states.first { AppStoreNotificationBuilder.status(for: $0.record.truth)?.rawValue == status })
    let response = AppStoreResponses.statusResponse(model: model, record: r, at: instant, context: p.context)
    #expect(response.status == 200)
    #expect(response.body.objectValue?.keys == ["environment", "bundleId", "appAppleId", "data"])
    #expect(response.body["environment"] == .string(p.context.settings.appleEnvironment.rawValue))
    #expect(response.body["bundleId"] == .string(p.context.app.bundleId))
    let last = try #require(at(response.body, ["data", 0, "lastTransactions", 0]))
    #expect(last["status"] == .int(Int64(status)))
    #expect(last["originalTransactionId"] == .string(Self.wireTransactionId(p, r, 1)))
    let t = try WireTesting.part(try #require(last["signedTransactionInfo"]?.stringValue), 1)
    #expect(t["transactionId"] == .string(Self.wireTransactionId(p, r, r.transactionCount)))
    #expect(t["productId"] == .string(model.products[Int(r.product)].id.text))
    #expect(t["purchaseDate"] == Self.ms(r.periodStart))
    #expect(t["expiresDate"] == Self.ms(r.periodEnd))
    #expect(t["signedDate"] == Self.ms(instant))
    #expect(t["appAccountToken"] == .string(p.context.subscriberId))
    #expect(t["revocationDate"] == (status == 5 ? Self.ms(r.revocationDate) : nil))
    let renewal = try WireTesting.part(try #require(last["signedRenewalInfo"]?.stringValue), 1)
    #expect(renewal["autoRenewStatus"] == .int(r.autoRenew ? 1 : 0))
    #expect(
      renewal["gracePeriodExpiresDate"]
        == (status == 3 || status == 4 ? Self.ms(r.gracePeriodExpiresDate) : nil))
    #expect(
      renewal["isInBillingRetryPeriod"] == (status == 3 || status == 4 ? true : status == 2 ? false : nil))
  }

  /// Before any purchase Apple knows no transaction.
  @Test func noPurchaseIsApples404() throws {
    let (p, model, _, _) = try #require(Self.states.first)
    let never = SubscriptionRecord(subscriber: 1)
    #expect(
      AppStoreResponses.statusResponse(model: model, record: never, at: p.scenario.start, context: p.context)
        == AppStoreResponses.notFound)
    #expect(
      AppStoreResponses.statusResponse(model: model, record: nil, at: p.scenario.start, context: p.context)
        == AppStoreResponses.notFound)
    #expect(
      AppStoreResponses.historyResponse(
        model: model, history: RecordHistory(), at: p.scenario.start, context: p.context)
        == AppStoreResponses.notFound)
  }

  /// One signed transaction per transaction made so far, in order, each the transaction the
  /// notifications carried when it was the latest (its signing date and revocation aside).
  @Test func historyHasEveryTransactionTheNotificationsCarried() throws {
    var compared = 0
    for p in PlayedSubscription.of(.apple) {
      guard let model = p.appleModel, let end = p.history.entries.last,
        let r = AppStoreResponses.record(in: p.history, at: end.instant)
      else { continue }
      let response = AppStoreResponses.historyResponse(
        model: model, history: p.history, at: end.instant, context: p.context)
      guard r.transactionCount > 0 else {
        #expect(response == AppStoreResponses.notFound)
        continue
      }
      #expect(response.status == 200)
      #expect(
        response.body.objectValue?.keys
          == ["revision", "bundleId", "appAppleId", "environment", "hasMore", "signedTransactions"])
      #expect(response.body["hasMore"] == false)
      let signed = try #require(response.body["signedTransactions"]?.arrayValue)
      let decoded = try signed.map { try WireTesting.part(try #require($0.stringValue), 1) }
      #expect(
        decoded.map { $0["transactionId"] }
          == (1...r.transactionCount).map { .string(Self.wireTransactionId(p, r, $0)) },
        "\(p.scenario.path)")
      // Each transaction as the last notification naming it carried it (a renewal-date extension
      // changes a transaction's `expiresDate` after its purchase was notified).
      var latest: [String: JWSTransactionDecodedPayload] = [:]
      for (_, _, notification) in p.delivered {
        guard case .appStore(let n) = notification, let t = n.data.transactionInfo else { continue }
        latest[t.transactionId.text] = t
      }
      for t in latest.values {
        guard let h = decoded.first(where: { $0["transactionId"] == .string(t.transactionId.text) })
        else { continue }
        for member in t.json.objectValue ?? [:]
        where !["signedDate", "revocationDate", "revocationReason"].contains(member.key) {
          #expect(h[member.key] == member.value, "\(p.scenario.path): \(member.key)")
        }
        compared += 1
      }
      // A transaction is revoked exactly when a REFUND or REVOKE named it, and no
      // REFUND_REVERSED named it after that.
      var revoked = Set<String>()
      for (_, _, notification) in p.delivered {
        guard case .appStore(let n) = notification, let id = n.data.transactionInfo?.transactionId.text
        else { continue }
        if n.notificationType == .refund || n.notificationType == .revoke { revoked.insert(id) }
        if n.notificationType == .refundReversed { revoked.remove(id) }
      }
      for h in decoded {
        let id = try #require(h["transactionId"]?.stringValue)
        #expect((h["revocationDate"] != nil) == revoked.contains(id), "\(p.scenario.path) \(id)")
      }
    }
    #expect(compared > 100)
  }

  /// Get Transaction Info answers every transaction of the history with its signed info, and
  /// Apple's 404 for any other id.
  @Test func transactionInfoPerTransaction() throws {
    let p = try #require(
      PlayedSubscription.of(.apple).first {
        $0.member == 0 && ($0.history.entries.last?.record.transactionCount ?? 0) > 2
      })
    let model = try #require(p.appleModel)
    let end = try #require(p.history.entries.last)
    let history = AppStoreResponses.historyResponse(
      model: model, history: p.history, at: end.instant, context: p.context)
    let signed = try #require(history.body["signedTransactions"]?.arrayValue)
    for n in 1...end.record.transactionCount {
      let id = Self.wireTransactionId(p, end.record, n)
      let info = AppStoreResponses.transactionInfo(
        id, model: model, history: p.history, at: end.instant, context: p.context)
      #expect(info.status == 200)
      #expect(info.body.objectValue?.keys == ["signedTransactionInfo"])
      #expect(info.body["signedTransactionInfo"] == signed[Int(n) - 1])
    }
    let unknown = AppStoreResponses.transactionInfo(
      "2000000000000001", model: model, history: p.history, at: end.instant, context: p.context)
    #expect(unknown.status == 404)
    #expect(unknown.json == #"{"errorCode":4040010,"errorMessage":"Transaction id not found."}"#)
  }

  /// StoreKit 2's `state` for each truth, with the transaction and renewal info the App Store
  /// Server API signs at the same instant.
  @Test(arguments: [
    ("subscribed", StoreTruth.active), ("subscribed", .canceled), ("inGracePeriod", .grace),
    ("inBillingRetryPeriod", .hold), ("expired", .expired), ("revoked", .revoked),
  ])
  func storeKitStatus(state: String, truth: StoreTruth) throws {
    let (p, model, instant, r) = try #require(Self.states.first { $0.record.truth == truth })
    let status = try #require(
      StoreKitSubscriptionStatus.status(model: model, record: r, at: instant, context: p.context))
    #expect(status.objectValue?.keys == ["state", "transaction", "renewalInfo"])
    #expect(status["state"] == .string(state))
    let server = AppStoreResponses.statusResponse(model: model, record: r, at: instant, context: p.context)
    let last = try #require(at(server.body, ["data", 0, "lastTransactions", 0]))
    #expect(
      status["transaction"]
        == (try WireTesting.part(try #require(last["signedTransactionInfo"]?.stringValue), 1)))
    #expect(
      status["renewalInfo"] == (try WireTesting.part(try #require(last["signedRenewalInfo"]?.stringValue), 1))
    )
    #expect(status["transaction"]?["expiresDate"] == Self.ms(r.periodEnd))
  }

  @Test func storeKitHasNoStatusBeforeAPurchase() throws {
    let (p, model, _, _) = try #require(Self.states.first)
    #expect(
      StoreKitSubscriptionStatus.status(
        model: model, record: SubscriptionRecord(subscriber: 1), at: p.scenario.start, context: p.context)
        == nil)
  }
}
