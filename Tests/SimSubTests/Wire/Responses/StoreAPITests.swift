import SubscriptionPolicy
import Testing

@testable import SimSub

/// The per-store entry points answer the real APIs' paths with the answers built directly.
@Suite struct StoreAPITests {
  static let runs: [(result: ScenarioResult, subscriptions: [SimulatedSubscription])] = WireTesting.shipped
    .map {
      ($0, SimulatedSubscription.all(in: $0, settings: WireTesting.settings()))
    }

  static func first(_ store: StoreKind) throws -> (SimulatedSubscription, [SimulatedSubscription], Instant) {
    let (_, all) = try #require(runs.first { run in run.subscriptions.contains { $0.store == store } })
    let s = try #require(all.first { $0.store == store && $0.member == 0 })
    return (s, all, try #require(s.history.entries.last?.instant))
  }

  @Test func appStorePaths() throws {
    let (s, all, end) = try Self.first(.apple)
    let model = try #require(s.appStoreModel)
    let record = try #require(s.history.record(at: end))
    let original = s.context.ids.appleTransactionId(
      Symbol(number: AppStoreNotificationBuilder.originalTransactionId(subscriber: record.subscriber))
    ).text
    #expect(
      StoreAPI.appStore("/inApps/v1/subscriptions/\(original)", at: end, among: all)
        == AppStoreResponses.statusResponse(model: model, record: record, at: end, context: s.context))
    #expect(
      StoreAPI.appStore("/inApps/v2/history/\(original)?revision=x", at: end, among: all)
        == AppStoreResponses.historyResponse(model: model, history: s.history, at: end, context: s.context))
    #expect(
      StoreAPI.appStore("/inApps/v1/transactions/\(original)", at: end, among: all)
        == AppStoreResponses.transactionInfo(
          original, model: model, history: s.history, at: end, context: s.context))
    #expect(
      StoreAPI.appStore("/inApps/v1/subscriptions/2000000000000001", at: end, among: all)
        == AppStoreResponses.notFound)
    let unserved = StoreAPI.appStore("/inApps/v1/refunds", at: end, among: all)
    #expect(unserved.status == 404)
    #expect(unserved.body["message"]?.stringValue?.contains("/inApps/v2/history/{transactionId}") == true)
  }

  @Test func googlePlayPaths() throws {
    let (s, all, end) = try Self.first(.google)
    let model = try #require(s.googlePlayModel)
    let record = try #require(s.history.record(at: end))
    let token = s.context.ids.purchaseToken(try #require(record.purchaseToken)).text
    let package = s.context.app.packageName
    let product = s.products[Int(record.product)].id.text
    #expect(
      StoreAPI.googlePlay(
        "/androidpublisher/v3/applications/\(package)/purchases/subscriptionsv2/tokens/\(token)", at: end,
        among: all)
        == GooglePlayResponses.subscriptionV2(
          token: token, model: model, record: record, at: end, context: s.context))
    #expect(
      StoreAPI.googlePlay(
        "/androidpublisher/v3/applications/\(package)/purchases/subscriptions/\(product)/tokens/\(token)",
        at: end,
        among: all)
        == GooglePlayResponses.subscriptionV1(
          token: token, model: model, record: record, at: end, context: s.context))
    #expect(
      StoreAPI.googlePlay(
        "/androidpublisher/v3/applications/other.app/purchases/subscriptionsv2/tokens/\(token)", at: end,
        among: all)
        == GooglePlayResponses.notFound)
    #expect(StoreAPI.googlePlay("/androidpublisher/v3/applications", at: end, among: all).status == 404)
  }

  @Test func stripePaths() throws {
    let (s, all, end) = try Self.first(.stripe)
    let model = try #require(s.stripeModel)
    let sub = try #require(
      StripeResponses.subscription(model: model, history: s.history, at: end, context: s.context))
    #expect(
      StoreAPI.stripe("/v1/subscriptions/\(sub.id.text)", at: end, among: all)
        == StripeResponses.subscriptionResponse(
          sub.id.text, model: model, history: s.history, at: end, context: s.context))
    #expect(
      StoreAPI.stripe("/v1/customers/\(sub.customer.text)", at: end, among: all)
        == StripeResponses.customerResponse(
          sub.customer.text, history: s.history, at: end, context: s.context))
    let invoice = try #require(sub.latestInvoice?.text)
    #expect(StoreAPI.stripe("/v1/invoices/\(invoice)", at: end, among: all).body["id"] == .string(invoice))
    #expect(
      StoreAPI.stripe("/v1/subscriptions/sub_1X", at: end, among: all)
        == StripeResponses.notFound("subscription", "sub_1X"))
    #expect(StoreAPI.stripe("/v1/charges/ch_1", at: end, among: all).status == 404)
  }

  @Test func revenueCatPaths() throws {
    let (s, all, end) = try Self.first(.apple)
    let user = s.context.subscriberId
    let model = try #require(s.appStoreModel)
    #expect(
      StoreAPI.revenueCat("/v1/subscribers/\(user)", at: end, among: all)
        == RevenueCatResponses.subscriber(user, store: model, history: s.history, at: end, context: s.context)
    )
    let unknown = StoreAPI.revenueCat("/v1/subscribers/nobody", at: end, among: all)
    #expect(at(unknown.body, ["subscriber", "subscriptions"]) == .object([:]))
  }

  /// A subscriber with several sources: RevenueCat lists each subscription, the entitlement
  /// from an active one.
  @Test func revenueCatMergesSources() throws {
    let (_, all) = try #require(Self.runs.first { $0.result.scenario.subscriptions.count > 1 })
    let ends = all.compactMap { $0.history.entries.last?.instant }
    let end = try #require(ends.max())
    let user = try #require(all.first).context.subscriberId
    let body = StoreAPI.revenueCat("/v1/subscribers/\(user)", at: end, among: all).body
    let known = all.filter { $0.context.subscriberId == user }.compactMap { $0.revenueCat(at: end) }
    #expect(at(body, ["subscriber", "subscriptions"])?.objectValue?.count == known.count)
    #expect(known.count > 1)
  }
}
