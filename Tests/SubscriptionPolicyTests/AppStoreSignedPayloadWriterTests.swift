import Foundation
import Testing

@testable import SubscriptionPolicy

/// `signedPayload`, written straight from the typed value, is byte for byte the unsecured JWS
/// of the notification's `json`.
@Suite("App Store signedPayload writer")
struct AppStoreSignedPayloadWriterTests {
  func expectSameBytes(_ n: AppStoreServerNotification, _ comment: String) {
    #expect(n.signedPayload == JWS.encodeUnsecured(n.json), "\(comment)")
  }

  @Test(arguments: WireFixtureFiles.all.filter { $0.store == "AppStore" })
  func everyFixtureWritesAsItsJSON(_ file: WireFixtureFiles.File) throws {
    guard case .appStore(let d) = try file.document() else { return }
    expectSameBytes(d.notification, file.description)
  }

  @Test func everyOptionalFieldAbsentAndPresent() throws {
    let transaction = JWSTransactionDecodedPayload(
      originalTransactionId: "1000000000000001", transactionId: Symbol(number: 0),
      webOrderLineItemId: "id with \"quotes\" and \\", bundleId: "com.example.é", productId: "p\n1",
      subscriptionGroupIdentifier: "007", purchaseDate: Instant(millisecondsSinceEpoch: -1_500),
      originalPurchaseDate: Instant(millisecondsSinceEpoch: 0),
      expiresDate: Instant(millisecondsSinceEpoch: 9_000),
      quantity: -3, type: .nonRenewing, inAppOwnershipType: "FAMILY_SHARED",
      signedDate: Instant(millisecondsSinceEpoch: 1_767_225_600_000),
      revocationDate: Instant(millisecondsSinceEpoch: 1_767_225_601_000), revocationReason: 1, offerType: 2,
      environment: .xcode, transactionReason: "PURCHASE", storefront: "GBR", price: .min, currency: "GBP",
      isUpgraded: false)
    let renewal = JWSRenewalInfoDecodedPayload(
      originalTransactionId: "1000000000000001", autoRenewProductId: "a", productId: "b", autoRenewStatus: 0,
      expirationIntent: 1, gracePeriodExpiresDate: Instant(millisecondsSinceEpoch: 5_000),
      isInBillingRetryPeriod: true, offerType: 3, priceIncreaseStatus: 0,
      signedDate: Instant(millisecondsSinceEpoch: 6_000), environment: .sandbox,
      recentSubscriptionStartDate: Instant(millisecondsSinceEpoch: 7_000),
      renewalDate: Instant(millisecondsSinceEpoch: 8_000))
    let full = AppStoreServerNotification(
      notificationType: "SOME_FUTURE_TYPE", subtype: .gracePeriod,
      notificationUUID: UUID(uuidString: "ABCDEF01-2345-4678-9ABC-DEF012345678")!, version: "2.1",
      signedDate: Instant(millisecondsSinceEpoch: Int64.max / 1000 * 1000),
      data: AppStoreNotificationData(
        appAppleId: -7, bundleId: "com.example.news", bundleVersion: "42", environment: "LocalTesting",
        status: .billingGracePeriod, transactionInfo: transaction, renewalInfo: renewal))
    expectSameBytes(full, "every field")
    let bare = AppStoreServerNotification(
      notificationType: .test, notificationUUID: UUID(), signedDate: Instant(millisecondsSinceEpoch: 0),
      data: AppStoreNotificationData(bundleId: "1"))
    expectSameBytes(bare, "no optional field")
    var onlyTransaction = full
    onlyTransaction.data.renewalInfo = nil
    onlyTransaction.subtype = nil
    onlyTransaction.data.transactionInfo?.isUpgraded = true
    expectSameBytes(onlyTransaction, "a transaction only")
    var onlyRenewal = full
    onlyRenewal.data.transactionInfo = nil
    onlyRenewal.data.renewalInfo?.isInBillingRetryPeriod = false
    expectSameBytes(onlyRenewal, "a renewal info only")
  }
}
