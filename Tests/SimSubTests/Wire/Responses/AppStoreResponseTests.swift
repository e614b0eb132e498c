import SubscriptionPolicy
import Testing

@testable import SimSub

/// Apple's `StatusResponse` built from the payloads the shipped scenarios deliver.
@Suite struct AppStoreResponseTests {
  static let delivered: [(notification: AppStoreServerNotification, context: WireContext)] =
    WireTesting.attempts.compactMap { attempt, context in
      guard attempt.delivered,
        case .appStore(let n) = WireRequestBuilder.wireValue(attempt.notification, context: context)
      else { return nil }
      return (n, context)
    }

  /// Each status Apple documents (1 active, 2 expired, 3 billing retry, 4 grace, 5 revoked) is
  /// the payload's, beside its signed info, which decodes back to the payload's.
  @Test(arguments: [1, 2, 3, 4, 5] as [Int32])
  func statusPerState(status: Int32) throws {
    let (n, c) = try #require(Self.delivered.first { $0.notification.data.status?.rawValue == status })
    let r = try #require(AppStoreResponses.statusResponse(n, context: c))
    #expect(r.status == 200)
    #expect(r.body.objectValue?.keys == ["environment", "bundleId", "appAppleId", "data"])
    #expect(r.body["bundleId"] == .string(c.app.bundleId))
    #expect(r.body["environment"] == .string(c.settings.appleEnvironment.rawValue))
    let last = try #require(r.body["data"]?[0]?["lastTransactions"]?[0])
    #expect(last["status"] == .number(JSONNumber(Int64(status))))
    let t = try #require(n.data.transactionInfo)
    #expect(last["originalTransactionId"] == .string(t.originalTransactionId.text))
    let signed = try #require(last["signedTransactionInfo"]?.stringValue)
    #expect(try JWSTransactionDecodedPayload(json: WireTesting.part(signed, 1)) == t)
    let renewal = try #require(last["signedRenewalInfo"]?.stringValue)
    #expect(try WireTesting.part(renewal, 1)["appAccountToken"] == .string(c.subscriberId))
  }

  @Test func unknownIdIsApples404() {
    #expect(AppStoreResponses.notFound.status == 404)
    #expect(
      AppStoreResponses.notFound.json == #"{"errorCode":4040010,"errorMessage":"Transaction id not found."}"#)
  }
}
