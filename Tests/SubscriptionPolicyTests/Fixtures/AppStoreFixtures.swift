import Testing

// Fixtures for App Store Server Notifications V2, one per notification the Apple model sends
// (STORE-MODELS.md's table). Written from Apple's documented field names and types
// (responseBodyV2DecodedPayload, data, JWSTransactionDecodedPayload, JWSRenewalInfoDecodedPayload)
// with realistic values for one subscriber of a monthly product in 2026, including fields simsub
// does not model (storefrontId, appTransactionId, renewalPrice, currency), which decoding must skip.
//
// Each fixture keeps the decoded payload readable: `payload` is the responseBodyV2DecodedPayload
// with the placeholders "$TRANSACTION" and "$RENEWAL" where Apple puts the JWS strings, and
// `transaction` / `renewal` are the JWS payloads. `AppleFixture.wireText` builds what Apple
// really sends, with a JWS of each (an ES256-style header and a dummy signature, which simsub
// ignores).

struct AppleFixture: Sendable, CustomTestStringConvertible {
  var name: String
  var payload: String
  var transaction: String
  var renewal: String

  var testDescription: String { name }
}

extension AppleFixture {
  static let subscribedInitialBuy = AppleFixture(
    name: "SUBSCRIBED/INITIAL_BUY",
    payload: #"""
      {
        "notificationType": "SUBSCRIBED",
        "subtype": "INITIAL_BUY",
        "notificationUUID": "6513270e-269e-4d37-b2a7-4de452e6b438",
        "data": {
          "appAppleId": 1234567890,
          "bundleId": "com.example.news",
          "bundleVersion": "42",
          "environment": "Production",
          "signedTransactionInfo": "$TRANSACTION",
          "signedRenewalInfo": "$RENEWAL",
          "status": 1
        },
        "version": "2.0",
        "signedDate": 1767623402417
      }
      """#,
    transaction: #"""
      {
        "originalTransactionId": "2000000847261234",
        "transactionId": "2000000847261234",
        "webOrderLineItemId": "2000000119876501",
        "bundleId": "com.example.news",
        "productId": "com.example.news.premium.monthly",
        "subscriptionGroupIdentifier": "21482735",
        "purchaseDate": 1767623400000,
        "originalPurchaseDate": 1767623400000,
        "expiresDate": 1770301800000,
        "quantity": 1,
        "type": "Auto-Renewable Subscription",
        "inAppOwnershipType": "PURCHASED",
        "signedDate": 1767623402417,
        "environment": "Production",
        "transactionReason": "PURCHASE",
        "storefront": "USA",
        "storefrontId": "143441",
        "price": 9990,
        "currency": "USD",
        "appTransactionId": "704289572311000001"
      }
      """#,
    renewal: #"""
      {
        "originalTransactionId": "2000000847261234",
        "autoRenewProductId": "com.example.news.premium.monthly",
        "productId": "com.example.news.premium.monthly",
        "autoRenewStatus": 1,
        "signedDate": 1767623402417,
        "environment": "Production",
        "recentSubscriptionStartDate": 1767623400000,
        "renewalDate": 1770301800000,
        "renewalPrice": 9990,
        "currency": "USD"
      }
      """#)

  static let didRenew = AppleFixture(
    name: "DID_RENEW",
    payload: #"""
      {
        "notificationType": "DID_RENEW",
        "notificationUUID": "d23f0824-128b-4f33-8c5c-7fd0a6a3a450",
        "data": {
          "appAppleId": 1234567890,
          "bundleId": "com.example.news",
          "bundleVersion": "42",
          "environment": "Production",
          "signedTransactionInfo": "$TRANSACTION",
          "signedRenewalInfo": "$RENEWAL",
          "status": 1
        },
        "version": "2.0",
        "signedDate": 1770301805902
      }
      """#,
    transaction: #"""
      {
        "originalTransactionId": "2000000847261234",
        "transactionId": "2000000881234567",
        "webOrderLineItemId": "2000000119876502",
        "bundleId": "com.example.news",
        "productId": "com.example.news.premium.monthly",
        "subscriptionGroupIdentifier": "21482735",
        "purchaseDate": 1770301800000,
        "originalPurchaseDate": 1767623400000,
        "expiresDate": 1772721000000,
        "quantity": 1,
        "type": "Auto-Renewable Subscription",
        "inAppOwnershipType": "PURCHASED",
        "signedDate": 1770301805902,
        "environment": "Production",
        "transactionReason": "RENEWAL",
        "storefront": "USA",
        "storefrontId": "143441",
        "price": 9990,
        "currency": "USD",
        "appTransactionId": "704289572311000001"
      }
      """#,
    renewal: #"""
      {
        "originalTransactionId": "2000000847261234",
        "autoRenewProductId": "com.example.news.premium.monthly",
        "productId": "com.example.news.premium.monthly",
        "autoRenewStatus": 1,
        "signedDate": 1770301805902,
        "environment": "Production",
        "recentSubscriptionStartDate": 1767623400000,
        "renewalDate": 1772721000000,
        "renewalPrice": 9990,
        "currency": "USD"
      }
      """#)

  static let didFailToRenewGracePeriod = AppleFixture(
    name: "DID_FAIL_TO_RENEW/GRACE_PERIOD",
    payload: #"""
      {
        "notificationType": "DID_FAIL_TO_RENEW",
        "subtype": "GRACE_PERIOD",
        "notificationUUID": "9531985d-5d9d-49f8-9818-e811892f902b",
        "data": {
          "appAppleId": 1234567890,
          "bundleId": "com.example.news",
          "bundleVersion": "42",
          "environment": "Production",
          "signedTransactionInfo": "$TRANSACTION",
          "signedRenewalInfo": "$RENEWAL",
          "status": 4
        },
        "version": "2.0",
        "signedDate": 1772721007031
      }
      """#,
    transaction: #"""
      {
        "originalTransactionId": "2000000847261234",
        "transactionId": "2000000881234567",
        "webOrderLineItemId": "2000000119876502",
        "bundleId": "com.example.news",
        "productId": "com.example.news.premium.monthly",
        "subscriptionGroupIdentifier": "21482735",
        "purchaseDate": 1770301800000,
        "originalPurchaseDate": 1767623400000,
        "expiresDate": 1772721000000,
        "quantity": 1,
        "type": "Auto-Renewable Subscription",
        "inAppOwnershipType": "PURCHASED",
        "signedDate": 1772721007031,
        "environment": "Production",
        "transactionReason": "RENEWAL",
        "storefront": "USA",
        "storefrontId": "143441",
        "price": 9990,
        "currency": "USD",
        "appTransactionId": "704289572311000001"
      }
      """#,
    renewal: #"""
      {
        "expirationIntent": 2,
        "originalTransactionId": "2000000847261234",
        "autoRenewProductId": "com.example.news.premium.monthly",
        "productId": "com.example.news.premium.monthly",
        "autoRenewStatus": 1,
        "isInBillingRetryPeriod": true,
        "gracePeriodExpiresDate": 1774103400000,
        "signedDate": 1772721007031,
        "environment": "Production",
        "recentSubscriptionStartDate": 1767623400000,
        "renewalDate": 1772721000000,
        "renewalPrice": 9990,
        "currency": "USD"
      }
      """#)

  static let didFailToRenew = AppleFixture(
    name: "DID_FAIL_TO_RENEW",
    payload: #"""
      {
        "notificationType": "DID_FAIL_TO_RENEW",
        "notificationUUID": "36f675cc-81e7-4ef5-a8e2-5d940ed90475",
        "data": {
          "appAppleId": 1234567890,
          "bundleId": "com.example.news",
          "bundleVersion": "42",
          "environment": "Production",
          "signedTransactionInfo": "$TRANSACTION",
          "signedRenewalInfo": "$RENEWAL",
          "status": 3
        },
        "version": "2.0",
        "signedDate": 1772721007550
      }
      """#,
    transaction: #"""
      {
        "originalTransactionId": "2000000847261234",
        "transactionId": "2000000881234567",
        "webOrderLineItemId": "2000000119876502",
        "bundleId": "com.example.news",
        "productId": "com.example.news.premium.monthly",
        "subscriptionGroupIdentifier": "21482735",
        "purchaseDate": 1770301800000,
        "originalPurchaseDate": 1767623400000,
        "expiresDate": 1772721000000,
        "quantity": 1,
        "type": "Auto-Renewable Subscription",
        "inAppOwnershipType": "PURCHASED",
        "signedDate": 1772721007550,
        "environment": "Production",
        "transactionReason": "RENEWAL",
        "storefront": "USA",
        "storefrontId": "143441",
        "price": 9990,
        "currency": "USD",
        "appTransactionId": "704289572311000001"
      }
      """#,
    renewal: #"""
      {
        "expirationIntent": 2,
        "originalTransactionId": "2000000847261234",
        "autoRenewProductId": "com.example.news.premium.monthly",
        "productId": "com.example.news.premium.monthly",
        "autoRenewStatus": 1,
        "isInBillingRetryPeriod": true,
        "signedDate": 1772721007550,
        "environment": "Production",
        "recentSubscriptionStartDate": 1767623400000,
        "renewalDate": 1772721000000,
        "renewalPrice": 9990,
        "currency": "USD"
      }
      """#)

  static let gracePeriodExpired = AppleFixture(
    name: "GRACE_PERIOD_EXPIRED",
    payload: #"""
      {
        "notificationType": "GRACE_PERIOD_EXPIRED",
        "notificationUUID": "6b0d549b-6f03-475a-9600-a35a099950d8",
        "data": {
          "appAppleId": 1234567890,
          "bundleId": "com.example.news",
          "bundleVersion": "42",
          "environment": "Production",
          "signedTransactionInfo": "$TRANSACTION",
          "signedRenewalInfo": "$RENEWAL",
          "status": 3
        },
        "version": "2.0",
        "signedDate": 1774103401008
      }
      """#,
    transaction: #"""
      {
        "originalTransactionId": "2000000847261234",
        "transactionId": "2000000881234567",
        "webOrderLineItemId": "2000000119876502",
        "bundleId": "com.example.news",
        "productId": "com.example.news.premium.monthly",
        "subscriptionGroupIdentifier": "21482735",
        "purchaseDate": 1770301800000,
        "originalPurchaseDate": 1767623400000,
        "expiresDate": 1772721000000,
        "quantity": 1,
        "type": "Auto-Renewable Subscription",
        "inAppOwnershipType": "PURCHASED",
        "signedDate": 1774103401008,
        "environment": "Production",
        "transactionReason": "RENEWAL",
        "storefront": "USA",
        "storefrontId": "143441",
        "price": 9990,
        "currency": "USD",
        "appTransactionId": "704289572311000001"
      }
      """#,
    renewal: #"""
      {
        "expirationIntent": 2,
        "originalTransactionId": "2000000847261234",
        "autoRenewProductId": "com.example.news.premium.monthly",
        "productId": "com.example.news.premium.monthly",
        "autoRenewStatus": 1,
        "isInBillingRetryPeriod": true,
        "gracePeriodExpiresDate": 1774103400000,
        "signedDate": 1774103401008,
        "environment": "Production",
        "recentSubscriptionStartDate": 1767623400000,
        "renewalDate": 1772721000000,
        "renewalPrice": 9990,
        "currency": "USD"
      }
      """#)

  static let didRenewBillingRecovery = AppleFixture(
    name: "DID_RENEW/BILLING_RECOVERY",
    payload: #"""
      {
        "notificationType": "DID_RENEW",
        "subtype": "BILLING_RECOVERY",
        "notificationUUID": "8d116ece-1738-47d9-bd9c-172411e20b8f",
        "data": {
          "appAppleId": 1234567890,
          "bundleId": "com.example.news",
          "bundleVersion": "42",
          "environment": "Production",
          "signedTransactionInfo": "$TRANSACTION",
          "signedRenewalInfo": "$RENEWAL",
          "status": 1
        },
        "version": "2.0",
        "signedDate": 1774339967260
      }
      """#,
    transaction: #"""
      {
        "originalTransactionId": "2000000847261234",
        "transactionId": "2000000903456789",
        "webOrderLineItemId": "2000000119876503",
        "bundleId": "com.example.news",
        "productId": "com.example.news.premium.monthly",
        "subscriptionGroupIdentifier": "21482735",
        "purchaseDate": 1774339965000,
        "originalPurchaseDate": 1767623400000,
        "expiresDate": 1777018365000,
        "quantity": 1,
        "type": "Auto-Renewable Subscription",
        "inAppOwnershipType": "PURCHASED",
        "signedDate": 1774339967260,
        "environment": "Production",
        "transactionReason": "RENEWAL",
        "storefront": "USA",
        "storefrontId": "143441",
        "price": 9990,
        "currency": "USD",
        "appTransactionId": "704289572311000001"
      }
      """#,
    renewal: #"""
      {
        "originalTransactionId": "2000000847261234",
        "autoRenewProductId": "com.example.news.premium.monthly",
        "productId": "com.example.news.premium.monthly",
        "autoRenewStatus": 1,
        "signedDate": 1774339967260,
        "environment": "Production",
        "recentSubscriptionStartDate": 1767623400000,
        "renewalDate": 1777018365000,
        "renewalPrice": 9990,
        "currency": "USD"
      }
      """#)

  static let expiredBillingRetry = AppleFixture(
    name: "EXPIRED/BILLING_RETRY",
    payload: #"""
      {
        "notificationType": "EXPIRED",
        "subtype": "BILLING_RETRY",
        "notificationUUID": "90c192cf-d3ac-44af-8f21-ddb66cad4a26",
        "data": {
          "appAppleId": 1234567890,
          "bundleId": "com.example.news",
          "bundleVersion": "42",
          "environment": "Production",
          "signedTransactionInfo": "$TRANSACTION",
          "signedRenewalInfo": "$RENEWAL",
          "status": 2
        },
        "version": "2.0",
        "signedDate": 1777905003744
      }
      """#,
    transaction: #"""
      {
        "originalTransactionId": "2000000847261234",
        "transactionId": "2000000881234567",
        "webOrderLineItemId": "2000000119876502",
        "bundleId": "com.example.news",
        "productId": "com.example.news.premium.monthly",
        "subscriptionGroupIdentifier": "21482735",
        "purchaseDate": 1770301800000,
        "originalPurchaseDate": 1767623400000,
        "expiresDate": 1772721000000,
        "quantity": 1,
        "type": "Auto-Renewable Subscription",
        "inAppOwnershipType": "PURCHASED",
        "signedDate": 1777905003744,
        "environment": "Production",
        "transactionReason": "RENEWAL",
        "storefront": "USA",
        "storefrontId": "143441",
        "price": 9990,
        "currency": "USD",
        "appTransactionId": "704289572311000001"
      }
      """#,
    renewal: #"""
      {
        "expirationIntent": 2,
        "originalTransactionId": "2000000847261234",
        "autoRenewProductId": "com.example.news.premium.monthly",
        "productId": "com.example.news.premium.monthly",
        "autoRenewStatus": 0,
        "isInBillingRetryPeriod": false,
        "signedDate": 1777905003744,
        "environment": "Production",
        "recentSubscriptionStartDate": 1767623400000,
        "renewalDate": 1772721000000,
        "renewalPrice": 9990,
        "currency": "USD"
      }
      """#)

  static let didChangeRenewalStatusAutoRenewDisabled = AppleFixture(
    name: "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
    payload: #"""
      {
        "notificationType": "DID_CHANGE_RENEWAL_STATUS",
        "subtype": "AUTO_RENEW_DISABLED",
        "notificationUUID": "a170b338-3926-4059-b28c-105d1fb17c23",
        "data": {
          "appAppleId": 1234567890,
          "bundleId": "com.example.news",
          "bundleVersion": "42",
          "environment": "Production",
          "signedTransactionInfo": "$TRANSACTION",
          "signedRenewalInfo": "$RENEWAL",
          "status": 1
        },
        "version": "2.0",
        "signedDate": 1771355051095
      }
      """#,
    transaction: #"""
      {
        "originalTransactionId": "2000000847261234",
        "transactionId": "2000000881234567",
        "webOrderLineItemId": "2000000119876502",
        "bundleId": "com.example.news",
        "productId": "com.example.news.premium.monthly",
        "subscriptionGroupIdentifier": "21482735",
        "purchaseDate": 1770301800000,
        "originalPurchaseDate": 1767623400000,
        "expiresDate": 1772721000000,
        "quantity": 1,
        "type": "Auto-Renewable Subscription",
        "inAppOwnershipType": "PURCHASED",
        "signedDate": 1771355051095,
        "environment": "Production",
        "transactionReason": "RENEWAL",
        "storefront": "USA",
        "storefrontId": "143441",
        "price": 9990,
        "currency": "USD",
        "appTransactionId": "704289572311000001"
      }
      """#,
    renewal: #"""
      {
        "originalTransactionId": "2000000847261234",
        "autoRenewProductId": "com.example.news.premium.monthly",
        "productId": "com.example.news.premium.monthly",
        "autoRenewStatus": 0,
        "signedDate": 1771355051095,
        "environment": "Production",
        "recentSubscriptionStartDate": 1767623400000,
        "renewalDate": 1772721000000,
        "renewalPrice": 9990,
        "currency": "USD"
      }
      """#)

  static let didChangeRenewalStatusAutoRenewEnabled = AppleFixture(
    name: "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED",
    payload: #"""
      {
        "notificationType": "DID_CHANGE_RENEWAL_STATUS",
        "subtype": "AUTO_RENEW_ENABLED",
        "notificationUUID": "0fd630f1-f29d-4da9-953f-48f1a09f76b5",
        "data": {
          "appAppleId": 1234567890,
          "bundleId": "com.example.news",
          "bundleVersion": "42",
          "environment": "Production",
          "signedTransactionInfo": "$TRANSACTION",
          "signedRenewalInfo": "$RENEWAL",
          "status": 1
        },
        "version": "2.0",
        "signedDate": 1771573530612
      }
      """#,
    transaction: #"""
      {
        "originalTransactionId": "2000000847261234",
        "transactionId": "2000000881234567",
        "webOrderLineItemId": "2000000119876502",
        "bundleId": "com.example.news",
        "productId": "com.example.news.premium.monthly",
        "subscriptionGroupIdentifier": "21482735",
        "purchaseDate": 1770301800000,
        "originalPurchaseDate": 1767623400000,
        "expiresDate": 1772721000000,
        "quantity": 1,
        "type": "Auto-Renewable Subscription",
        "inAppOwnershipType": "PURCHASED",
        "signedDate": 1771573530612,
        "environment": "Production",
        "transactionReason": "RENEWAL",
        "storefront": "USA",
        "storefrontId": "143441",
        "price": 9990,
        "currency": "USD",
        "appTransactionId": "704289572311000001"
      }
      """#,
    renewal: #"""
      {
        "originalTransactionId": "2000000847261234",
        "autoRenewProductId": "com.example.news.premium.monthly",
        "productId": "com.example.news.premium.monthly",
        "autoRenewStatus": 1,
        "signedDate": 1771573530612,
        "environment": "Production",
        "recentSubscriptionStartDate": 1767623400000,
        "renewalDate": 1772721000000,
        "renewalPrice": 9990,
        "currency": "USD"
      }
      """#)

  static let expiredVoluntary = AppleFixture(
    name: "EXPIRED/VOLUNTARY",
    payload: #"""
      {
        "notificationType": "EXPIRED",
        "subtype": "VOLUNTARY",
        "notificationUUID": "0cb1e29c-658c-4a14-95e6-0af593bd04cf",
        "data": {
          "appAppleId": 1234567890,
          "bundleId": "com.example.news",
          "bundleVersion": "42",
          "environment": "Production",
          "signedTransactionInfo": "$TRANSACTION",
          "signedRenewalInfo": "$RENEWAL",
          "status": 2
        },
        "version": "2.0",
        "signedDate": 1772721004380
      }
      """#,
    transaction: #"""
      {
        "originalTransactionId": "2000000847261234",
        "transactionId": "2000000881234567",
        "webOrderLineItemId": "2000000119876502",
        "bundleId": "com.example.news",
        "productId": "com.example.news.premium.monthly",
        "subscriptionGroupIdentifier": "21482735",
        "purchaseDate": 1770301800000,
        "originalPurchaseDate": 1767623400000,
        "expiresDate": 1772721000000,
        "quantity": 1,
        "type": "Auto-Renewable Subscription",
        "inAppOwnershipType": "PURCHASED",
        "signedDate": 1772721004380,
        "environment": "Production",
        "transactionReason": "RENEWAL",
        "storefront": "USA",
        "storefrontId": "143441",
        "price": 9990,
        "currency": "USD",
        "appTransactionId": "704289572311000001"
      }
      """#,
    renewal: #"""
      {
        "expirationIntent": 1,
        "originalTransactionId": "2000000847261234",
        "autoRenewProductId": "com.example.news.premium.monthly",
        "productId": "com.example.news.premium.monthly",
        "autoRenewStatus": 0,
        "signedDate": 1772721004380,
        "environment": "Production",
        "recentSubscriptionStartDate": 1767623400000,
        "renewalDate": 1772721000000,
        "renewalPrice": 9990,
        "currency": "USD"
      }
      """#)

  static let refund = AppleFixture(
    name: "REFUND",
    payload: #"""
      {
        "notificationType": "REFUND",
        "notificationUUID": "8e81973e-0bec-47b0-b898-d190f9ebdacc",
        "data": {
          "appAppleId": 1234567890,
          "bundleId": "com.example.news",
          "bundleVersion": "42",
          "environment": "Production",
          "signedTransactionInfo": "$TRANSACTION",
          "signedRenewalInfo": "$RENEWAL",
          "status": 5
        },
        "version": "2.0",
        "signedDate": 1770634978127
      }
      """#,
    transaction: #"""
      {
        "originalTransactionId": "2000000847261234",
        "transactionId": "2000000881234567",
        "webOrderLineItemId": "2000000119876502",
        "bundleId": "com.example.news",
        "productId": "com.example.news.premium.monthly",
        "subscriptionGroupIdentifier": "21482735",
        "purchaseDate": 1770301800000,
        "originalPurchaseDate": 1767623400000,
        "expiresDate": 1772721000000,
        "quantity": 1,
        "type": "Auto-Renewable Subscription",
        "inAppOwnershipType": "PURCHASED",
        "signedDate": 1770634978127,
        "revocationReason": 0,
        "revocationDate": 1770634971000,
        "environment": "Production",
        "transactionReason": "RENEWAL",
        "storefront": "USA",
        "storefrontId": "143441",
        "price": 9990,
        "currency": "USD",
        "appTransactionId": "704289572311000001"
      }
      """#,
    renewal: #"""
      {
        "originalTransactionId": "2000000847261234",
        "autoRenewProductId": "com.example.news.premium.monthly",
        "productId": "com.example.news.premium.monthly",
        "autoRenewStatus": 0,
        "signedDate": 1770634978127,
        "environment": "Production",
        "recentSubscriptionStartDate": 1767623400000,
        "renewalDate": 1772721000000,
        "renewalPrice": 9990,
        "currency": "USD"
      }
      """#)

  static let revoke = AppleFixture(
    name: "REVOKE",
    payload: #"""
      {
        "notificationType": "REVOKE",
        "notificationUUID": "6b4cb242-4a23-4596-a217-beaddbc496cb",
        "data": {
          "appAppleId": 1234567890,
          "bundleId": "com.example.news",
          "bundleVersion": "42",
          "environment": "Production",
          "signedTransactionInfo": "$TRANSACTION",
          "signedRenewalInfo": "$RENEWAL",
          "status": 5
        },
        "version": "2.0",
        "signedDate": 1770826814503
      }
      """#,
    transaction: #"""
      {
        "originalTransactionId": "2000000847261234",
        "transactionId": "2000000881234567",
        "webOrderLineItemId": "2000000119876502",
        "bundleId": "com.example.news",
        "productId": "com.example.news.premium.monthly",
        "subscriptionGroupIdentifier": "21482735",
        "purchaseDate": 1770301800000,
        "originalPurchaseDate": 1767623400000,
        "expiresDate": 1772721000000,
        "quantity": 1,
        "type": "Auto-Renewable Subscription",
        "inAppOwnershipType": "FAMILY_SHARED",
        "signedDate": 1770826814503,
        "revocationReason": 0,
        "revocationDate": 1770826809000,
        "environment": "Production",
        "transactionReason": "RENEWAL",
        "storefront": "USA",
        "storefrontId": "143441",
        "price": 9990,
        "currency": "USD",
        "appTransactionId": "704289572311000001"
      }
      """#,
    renewal: #"""
      {
        "originalTransactionId": "2000000847261234",
        "autoRenewProductId": "com.example.news.premium.monthly",
        "productId": "com.example.news.premium.monthly",
        "autoRenewStatus": 1,
        "signedDate": 1770826814503,
        "environment": "Production",
        "recentSubscriptionStartDate": 1767623400000,
        "renewalDate": 1772721000000,
        "renewalPrice": 9990,
        "currency": "USD"
      }
      """#)

  static let didChangeRenewalPrefUpgrade = AppleFixture(
    name: "DID_CHANGE_RENEWAL_PREF/UPGRADE",
    payload: #"""
      {
        "notificationType": "DID_CHANGE_RENEWAL_PREF",
        "subtype": "UPGRADE",
        "notificationUUID": "92276658-1e27-41c0-8a6a-63ec24ede6a4",
        "data": {
          "appAppleId": 1234567890,
          "bundleId": "com.example.news",
          "bundleVersion": "42",
          "environment": "Production",
          "signedTransactionInfo": "$TRANSACTION",
          "signedRenewalInfo": "$RENEWAL",
          "status": 1
        },
        "version": "2.0",
        "signedDate": 1770890403211
      }
      """#,
    transaction: #"""
      {
        "originalTransactionId": "2000000847261234",
        "transactionId": "2000000889900112",
        "webOrderLineItemId": "2000000119876610",
        "bundleId": "com.example.news",
        "productId": "com.example.news.premiumplus.monthly",
        "subscriptionGroupIdentifier": "21482735",
        "purchaseDate": 1770890400000,
        "originalPurchaseDate": 1767623400000,
        "expiresDate": 1773309600000,
        "quantity": 1,
        "type": "Auto-Renewable Subscription",
        "inAppOwnershipType": "PURCHASED",
        "signedDate": 1770890403211,
        "environment": "Production",
        "transactionReason": "PURCHASE",
        "storefront": "USA",
        "storefrontId": "143441",
        "price": 14990,
        "currency": "USD",
        "appTransactionId": "704289572311000001"
      }
      """#,
    renewal: #"""
      {
        "originalTransactionId": "2000000847261234",
        "autoRenewProductId": "com.example.news.premiumplus.monthly",
        "productId": "com.example.news.premiumplus.monthly",
        "autoRenewStatus": 1,
        "signedDate": 1770890403211,
        "environment": "Production",
        "recentSubscriptionStartDate": 1767623400000,
        "renewalDate": 1773309600000,
        "renewalPrice": 9990,
        "currency": "USD"
      }
      """#)

  static let didChangeRenewalPrefDowngrade = AppleFixture(
    name: "DID_CHANGE_RENEWAL_PREF/DOWNGRADE",
    payload: #"""
      {
        "notificationType": "DID_CHANGE_RENEWAL_PREF",
        "subtype": "DOWNGRADE",
        "notificationUUID": "ae97ba94-d0ed-482f-8f6d-05584ef8aa38",
        "data": {
          "appAppleId": 1234567890,
          "bundleId": "com.example.news",
          "bundleVersion": "42",
          "environment": "Production",
          "signedTransactionInfo": "$TRANSACTION",
          "signedRenewalInfo": "$RENEWAL",
          "status": 1
        },
        "version": "2.0",
        "signedDate": 1771105072860
      }
      """#,
    transaction: #"""
      {
        "originalTransactionId": "2000000847261234",
        "transactionId": "2000000881234567",
        "webOrderLineItemId": "2000000119876502",
        "bundleId": "com.example.news",
        "productId": "com.example.news.premium.monthly",
        "subscriptionGroupIdentifier": "21482735",
        "purchaseDate": 1770301800000,
        "originalPurchaseDate": 1767623400000,
        "expiresDate": 1772721000000,
        "quantity": 1,
        "type": "Auto-Renewable Subscription",
        "inAppOwnershipType": "PURCHASED",
        "signedDate": 1771105072860,
        "environment": "Production",
        "transactionReason": "RENEWAL",
        "storefront": "USA",
        "storefrontId": "143441",
        "price": 9990,
        "currency": "USD",
        "appTransactionId": "704289572311000001"
      }
      """#,
    renewal: #"""
      {
        "originalTransactionId": "2000000847261234",
        "autoRenewProductId": "com.example.news.basic.monthly",
        "productId": "com.example.news.premium.monthly",
        "autoRenewStatus": 1,
        "signedDate": 1771105072860,
        "environment": "Production",
        "recentSubscriptionStartDate": 1767623400000,
        "renewalDate": 1772721000000,
        "renewalPrice": 9990,
        "currency": "USD"
      }
      """#)

  static let subscribedResubscribe = AppleFixture(
    name: "SUBSCRIBED/RESUBSCRIBE",
    payload: #"""
      {
        "notificationType": "SUBSCRIBED",
        "subtype": "RESUBSCRIBE",
        "notificationUUID": "923a7369-94e3-4f91-9a61-dbe22e44158b",
        "data": {
          "appAppleId": 1234567890,
          "bundleId": "com.example.news",
          "bundleVersion": "42",
          "environment": "Production",
          "signedTransactionInfo": "$TRANSACTION",
          "signedRenewalInfo": "$RENEWAL",
          "status": 1
        },
        "version": "2.0",
        "signedDate": 1781082902049
      }
      """#,
    transaction: #"""
      {
        "originalTransactionId": "2000000847261234",
        "transactionId": "2000000951112223",
        "webOrderLineItemId": "2000000119876744",
        "bundleId": "com.example.news",
        "productId": "com.example.news.premium.monthly",
        "subscriptionGroupIdentifier": "21482735",
        "purchaseDate": 1781082900000,
        "originalPurchaseDate": 1767623400000,
        "expiresDate": 1783674900000,
        "quantity": 1,
        "type": "Auto-Renewable Subscription",
        "inAppOwnershipType": "PURCHASED",
        "signedDate": 1781082902049,
        "environment": "Production",
        "transactionReason": "PURCHASE",
        "storefront": "USA",
        "storefrontId": "143441",
        "price": 9990,
        "currency": "USD",
        "appTransactionId": "704289572311000001"
      }
      """#,
    renewal: #"""
      {
        "originalTransactionId": "2000000847261234",
        "autoRenewProductId": "com.example.news.premium.monthly",
        "productId": "com.example.news.premium.monthly",
        "autoRenewStatus": 1,
        "signedDate": 1781082902049,
        "environment": "Production",
        "recentSubscriptionStartDate": 1767623400000,
        "renewalDate": 1783674900000,
        "renewalPrice": 9990,
        "currency": "USD"
      }
      """#)

  /// Every fixture, in the order of STORE-MODELS.md's table.
  static let all: [AppleFixture] = [
    .subscribedInitialBuy,
    .didRenew,
    .didFailToRenewGracePeriod,
    .didFailToRenew,
    .gracePeriodExpired,
    .didRenewBillingRecovery,
    .expiredBillingRetry,
    .didChangeRenewalStatusAutoRenewDisabled,
    .didChangeRenewalStatusAutoRenewEnabled,
    .expiredVoluntary,
    .refund,
    .revoke,
    .didChangeRenewalPrefUpgrade,
    .didChangeRenewalPrefDowngrade,
    .subscribedResubscribe,
  ]
}
