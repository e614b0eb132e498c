import Foundation
import TestSupport
import Testing

@testable import SubscriptionPolicy

extension AppleFixture {
  /// The `responseBodyV2DecodedPayload` as Apple sends it: the transaction and renewal texts
  /// signed in the shape Apple uses (an ES256 header naming a certificate chain, a signature),
  /// with dummy certificate and signature, which simsub never looks at.
  var wireText: String {
    payload
      .replacingOccurrences(of: "$TRANSACTION", with: Self.fakeAppleJWS(transaction))
      .replacingOccurrences(of: "$RENEWAL", with: Self.fakeAppleJWS(renewal))
  }

  static func fakeAppleJWS(_ payload: String) -> String {
    let header = #"{"alg":"ES256","x5c":["MIIEMDCCA7agAwIBAgIQfTlfd0fNvFWvzC1YIANsXjAKBggqhkjOPQQDAzB1"]}"#
    return JWS.base64URLEncode(Array(header.utf8)) + "." + JWS.base64URLEncode(Array(payload.utf8))
      + ".MEUCIQDkzXvT3hJ0cW7p0Ew1gH3v5l5bq9bqQ8JYk1Xr0nK3FwIgU3l3u9o2s8T4u7P1k0Zq2yX5c6b8n9m0q1r2s3t4u5"
  }

  func decoded() throws -> AppStoreServerNotification {
    try AppStoreServerNotification(jsonText: wireText)
  }
}

/// What each fixture must decode to, beyond its name.
struct AppleExpectation: Sendable, CustomTestStringConvertible {
  var fixture: AppleFixture
  var status: Int32
  var autoRenewStatus: Int32
  var inRetry: Bool? = nil
  var grace: String? = nil
  var expirationIntent: Int32? = nil
  var revoked: String? = nil
  var testDescription: String { fixture.name }
}

@Suite("App Store notification JSON")
struct AppStoreJSONTests {
  static let expectations: [AppleExpectation] = [
    .init(fixture: .subscribedInitialBuy, status: 1, autoRenewStatus: 1),
    .init(fixture: .subscribedResubscribe, status: 1, autoRenewStatus: 1),
    .init(fixture: .didRenew, status: 1, autoRenewStatus: 1),
    .init(
      fixture: .didFailToRenewGracePeriod, status: 4, autoRenewStatus: 1, inRetry: true,
      grace: "2026-03-21T14:30:00Z", expirationIntent: 2),
    .init(fixture: .didFailToRenew, status: 3, autoRenewStatus: 1, inRetry: true, expirationIntent: 2),
    .init(
      fixture: .gracePeriodExpired, status: 3, autoRenewStatus: 1, inRetry: true,
      grace: "2026-03-21T14:30:00Z", expirationIntent: 2),
    .init(fixture: .didRenewBillingRecovery, status: 1, autoRenewStatus: 1),
    .init(fixture: .expiredBillingRetry, status: 2, autoRenewStatus: 0, inRetry: false, expirationIntent: 2),
    .init(fixture: .didChangeRenewalStatusAutoRenewDisabled, status: 1, autoRenewStatus: 0),
    .init(fixture: .didChangeRenewalStatusAutoRenewEnabled, status: 1, autoRenewStatus: 1),
    .init(fixture: .expiredVoluntary, status: 2, autoRenewStatus: 0, expirationIntent: 1),
    .init(fixture: .refund, status: 5, autoRenewStatus: 0, revoked: "2026-02-09T11:02:51Z"),
    .init(fixture: .revoke, status: 5, autoRenewStatus: 1, revoked: "2026-02-11T16:20:09Z"),
    .init(fixture: .didChangeRenewalPrefUpgrade, status: 1, autoRenewStatus: 1),
    .init(fixture: .didChangeRenewalPrefDowngrade, status: 1, autoRenewStatus: 1),
  ]

  @Test func everyFixtureHasAnExpectation() {
    #expect(Set(Self.expectations.map(\.fixture.name)) == Set(AppleFixture.all.map(\.name)))
    #expect(AppleFixture.all.count == 15)
  }

  @Test(arguments: expectations)
  func fixtureDecodesToTheDocumentedFields(_ e: AppleExpectation) throws {
    let n = try e.fixture.decoded()
    #expect(StoreNotification.appStore(n).name == e.fixture.name)
    #expect(n.version == "2.0")
    #expect(n.data.bundleId == "com.example.news")
    #expect(n.data.bundleVersion == "42")
    #expect(n.data.appAppleId == 1_234_567_890)
    #expect(n.data.environment == .production)
    #expect(n.data.status == AppStoreSubscriptionStatus(rawValue: e.status))

    // signedDate is in milliseconds; Instant keeps the whole second.
    let payload = try JSONValue(parsing: e.fixture.payload)
    let signedMs = try #require(payload["signedDate"]?.int64Value)
    #expect(n.signedDate == Instant(secondsSinceEpoch: signedMs / 1000))
    #expect(n.notificationUUID == UUID(uuidString: try #require(payload["notificationUUID"]?.stringValue)))

    let t = try #require(n.data.transactionInfo)
    #expect(t == (try JWSTransactionDecodedPayload(jsonText: e.fixture.transaction)))
    #expect(t.originalTransactionId == "2000000847261234")
    #expect(t.originalTransactionId.number == 2_000_000_847_261_234)
    #expect(t.environment == .production)
    #expect(t.type == .autoRenewable)
    #expect(t.currency == "USD")
    #expect(t.revocationDate == e.revoked.flatMap(RFC3339.parse))

    let r = try #require(n.data.renewalInfo)
    #expect(r == (try JWSRenewalInfoDecodedPayload(jsonText: e.fixture.renewal)))
    #expect(r.autoRenewStatus == e.autoRenewStatus)
    #expect(r.isInBillingRetryPeriod == e.inRetry)
    #expect(r.gracePeriodExpiresDate == e.grace.flatMap(RFC3339.parse))
    #expect(r.expirationIntent == e.expirationIntent)
    #expect(r.recentSubscriptionStartDate == RFC3339.parse("2026-01-05T14:30:00Z"))
  }

  @Test(arguments: AppleFixture.all)
  func fixtureRoundTrips(_ fixture: AppleFixture) throws {
    let n = try fixture.decoded()
    // Typed value → JSON value → typed value.
    #expect(try AppStoreServerNotification(json: n.json) == n)
    // Through text, compact and pretty.
    #expect(try AppStoreServerNotification(jsonText: n.jsonText()) == n)
    #expect(try AppStoreServerNotification(jsonText: n.jsonText(.pretty)) == n)
    // Through the request body Apple posts.
    #expect(try AppStoreServerNotification(responseBodyV2Text: n.responseBodyV2.serialized()) == n)
    // Through simsub's log line.
    #expect(try StoreNotification(jsonText: StoreNotification.appStore(n).jsonText()) == .appStore(n))
    // Encoding is stable: the second encoding is the same bytes as the first.
    #expect(try AppStoreServerNotification(json: n.json).jsonText() == n.jsonText())
  }

  @Test func specificFieldsOfProductChangesAndFamilySharing() throws {
    let up = try AppleFixture.didChangeRenewalPrefUpgrade.decoded()
    #expect(up.data.transactionInfo?.productId == "com.example.news.premiumplus.monthly")
    #expect(up.data.transactionInfo?.price == 14_990)
    #expect(up.data.transactionInfo?.transactionReason == "PURCHASE")

    let down = try AppleFixture.didChangeRenewalPrefDowngrade.decoded()
    #expect(down.data.renewalInfo?.productId == "com.example.news.premium.monthly")
    #expect(down.data.renewalInfo?.autoRenewProductId == "com.example.news.basic.monthly")

    let revoke = try AppleFixture.revoke.decoded()
    #expect(revoke.data.transactionInfo?.inAppOwnershipType == .familyShared)
    #expect(revoke.data.transactionInfo?.revocationReason == 0)
  }

  /// A real-shaped JWS from Apple (ES256 header with a certificate chain, a signature): the
  /// payload decodes; the header and signature are not looked at.
  @Test func decodesTheFixtureJWSWithoutVerifying() throws {
    let payload = try JWS.decodePayload(WireFixtures.appleSignedTransaction)
    let t = try JWSTransactionDecodedPayload(json: payload)
    #expect(t.transactionId == "2000000881234567")
    #expect(t.originalTransactionId == "2000000847261234")
    #expect(t.webOrderLineItemId == "2000000119876502")
    #expect(t.productId == "com.example.news.premium.monthly")
    #expect(t.subscriptionGroupIdentifier == "21482735")
    #expect(t.purchaseDate == RFC3339.parse("2026-02-05T14:30:00Z"))
    #expect(t.expiresDate == RFC3339.parse("2026-03-05T14:30:00Z"))
    #expect(t.signedDate == RFC3339.parse("2026-02-05T14:30:05Z"))
    #expect(t.transactionReason == "RENEWAL")
    #expect(t.storefront == "USA")
    #expect(t.price == 9_990)
    #expect(t == (try AppleFixture.didRenew.decoded().data.transactionInfo))
  }

  @Test func simsubSignsWithAnUnsecuredHeaderAndNoSignature() throws {
    let n = try AppleFixture.didRenew.decoded()
    let parts = n.signedPayload.split(separator: ".", omittingEmptySubsequences: false)
    #expect(parts.count == 3)
    #expect(parts[2].isEmpty)
    let header = try JSONValue(parsing: try #require(JWS.base64URLDecode(parts[0])))
    #expect(header.serialized() == #"{"alg":"none","typ":"JWT"}"#)
    #expect(!n.signedPayload.contains("="))
    #expect(n.responseBodyV2.objectValue?.keys == ["signedPayload"])
  }

  @Test func encodesInAppleOrderOmittingAbsentFields() throws {
    let n = AppStoreServerNotification(
      notificationType: .didFailToRenew,
      notificationUUID: try #require(UUID(uuidString: "6C1D2A2E-0B59-4D5C-9A52-3F0E8C1F7A10")),
      signedDate: try #require(RFC3339.parse("2026-01-01T00:00:00Z")),
      data: AppStoreNotificationData(
        bundleId: "com.example.news", environment: .sandbox, status: .billingRetry))
    #expect(
      n.jsonText(.pretty) == """
        {
          "notificationType": "DID_FAIL_TO_RENEW",
          "notificationUUID": "6c1d2a2e-0b59-4d5c-9a52-3f0e8c1f7a10",
          "version": "2.0",
          "signedDate": 1767225600000,
          "data": {
            "bundleId": "com.example.news",
            "environment": "Sandbox",
            "status": 3
          }
        }
        """)
  }

  @Test func encodesTransactionAndRenewalFieldsInAppleOrder() throws {
    let at = try #require(RFC3339.parse("2026-01-01T00:00:00Z"))
    let t = JWSTransactionDecodedPayload(
      originalTransactionId: "1000", transactionId: "1001", bundleId: "b", productId: "p",
      purchaseDate: at, originalPurchaseDate: at, expiresDate: at + .days(30), signedDate: at,
      revocationDate: at + .days(2), revocationReason: 1, offerType: 1, environment: .xcode,
      price: 990, currency: "EUR", isUpgraded: true)
    #expect(
      t.jsonText()
        == #"{"originalTransactionId":"1000","transactionId":"1001","bundleId":"b","productId":"p","#
        + #""purchaseDate":1767225600000,"originalPurchaseDate":1767225600000,"expiresDate":1769817600000,"#
        + #""quantity":1,"type":"Auto-Renewable Subscription","inAppOwnershipType":"PURCHASED","#
        + #""signedDate":1767225600000,"revocationReason":1,"revocationDate":1767398400000,"isUpgraded":true,"#
        + #""offerType":1,"environment":"Xcode","price":990,"currency":"EUR"}"#)
    let r = JWSRenewalInfoDecodedPayload(
      originalTransactionId: "1000", autoRenewProductId: "q", productId: "p", autoRenewStatus: 0,
      expirationIntent: 1, signedDate: at, renewalDate: at + .days(30))
    #expect(
      r.jsonText() == #"{"expirationIntent":1,"originalTransactionId":"1000","autoRenewProductId":"q","#
        + #""productId":"p","autoRenewStatus":0,"signedDate":1767225600000,"environment":"Sandbox","#
        + #""renewalDate":1769817600000}"#)
  }

  @Test func unknownTypeAndSubtypeDecodeAndReencodeWithTheirRawValues() throws {
    let text = AppleFixture.didRenew.wireText
      .replacingOccurrences(
        of: #""notificationType": "DID_RENEW""#, with: #""notificationType": "SUBSCRIPTION_TELEPORTED""#
      )
      .replacingOccurrences(of: #""version": "2.0""#, with: #""subtype": "TO_MARS", "version": "2.0""#)
    let n = try AppStoreServerNotification(jsonText: text)
    #expect(n.notificationType.rawValue == "SUBSCRIPTION_TELEPORTED")
    #expect(!AppStoreNotificationType.documented.contains(n.notificationType))
    #expect(n.subtype?.rawValue == "TO_MARS")
    #expect(StoreNotification.appStore(n).name == "SUBSCRIPTION_TELEPORTED/TO_MARS")
    #expect(n.json["notificationType"] == "SUBSCRIPTION_TELEPORTED")
    #expect(n.json["subtype"] == "TO_MARS")
    #expect(try AppStoreServerNotification(json: n.json) == n)
  }

  @Test func unknownMembersAreIgnoredAndUpperCaseUUIDsAccepted() throws {
    let text = """
      {"notificationType":"TEST","notificationUUID":"6C1D2A2E-0B59-4D5C-9A52-3F0E8C1F7A10",
       "somethingNew":{"deep":[1,2,3]},"version":"2.0","signedDate":1767225600000,
       "data":{"bundleId":"com.example.news","environment":"Sandbox","futureField":true}}
      """
    let n = try AppStoreServerNotification(jsonText: text)
    #expect(n.notificationType == .test)
    #expect(n.data.transactionInfo == nil)
    #expect(n.json["notificationUUID"] == "6c1d2a2e-0b59-4d5c-9a52-3f0e8c1f7a10")
    #expect(n.json["somethingNew"] == nil)
  }

  @Test func summaryNotificationsDecodeFromTheirSummary() throws {
    let text = """
      {"notificationType":"RENEWAL_EXTENSION","subtype":"SUMMARY",
       "notificationUUID":"0d6a4b6f-1c5e-4d8e-9f00-6a1b2c3d4e5f","version":"2.0","signedDate":1767225600000,
       "summary":{"requestIdentifier":"d1a8e2c0-0000-4000-8000-000000000001","environment":"Production",
                  "appAppleId":1234567890,"bundleId":"com.example.news","productId":"com.example.news.premium.monthly",
                  "storefrontCountryCodes":["USA"],"succeededCount":120,"failedCount":0}}
      """
    let n = try AppStoreServerNotification(jsonText: text)
    #expect(n.subtype == .summary)
    #expect(n.data.bundleId == "com.example.news")
    #expect(n.data.appAppleId == 1_234_567_890)
    #expect(n.data.environment == .production)
  }

  func decodingError(_ text: String) -> String? {
    do {
      _ = try AppStoreServerNotification(jsonText: text)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func errorsNameThePathIntoSignedFields() throws {
    let fixture = AppleFixture.didRenew
    let badTransaction = fixture.transaction.replacingOccurrences(
      of: #""expiresDate": 1772721000000"#, with: #""expiresDate": "1772721000000""#)
    let text = fixture.payload
      .replacingOccurrences(of: "$TRANSACTION", with: AppleFixture.fakeAppleJWS(badTransaction))
      .replacingOccurrences(of: "$RENEWAL", with: AppleFixture.fakeAppleJWS(fixture.renewal))
    #expect(
      decodingError(text) == "data.signedTransactionInfo.expiresDate: expected a number, found a string")
  }

  @Test func errorsForMissingAndMalformedFields() {
    #expect(decodingError("[]") == "expected an object, found an array")
    #expect(
      decodingError(
        #"{"notificationType":"TEST","notificationUUID":"x","signedDate":0,"data":{"bundleId":"b","environment":"Sandbox"}}"#
      )
        == #"notificationUUID: expected a UUID, found "x""#)
    #expect(
      decodingError(
        #"{"notificationType":"TEST","notificationUUID":"6c1d2a2e-0b59-4d5c-9a52-3f0e8c1f7a10","signedDate":0}"#
      )
        == "data: expected an object, but the field is missing")
    #expect(
      decodingError(
        #"{"notificationType":"TEST","notificationUUID":"6c1d2a2e-0b59-4d5c-9a52-3f0e8c1f7a10","signedDate":0,"data":{"environment":"Sandbox"}}"#
      )
        == "data.bundleId: expected a string, but the field is missing")
    #expect(
      decodingError(
        #"{"notificationType":"TEST","notificationUUID":"6c1d2a2e-0b59-4d5c-9a52-3f0e8c1f7a10","signedDate":0,"data":{"bundleId":"b","environment":"Sandbox","signedTransactionInfo":"abc"}}"#
      )
        == "data.signedTransactionInfo: expected a JWS (three base64url parts separated by '.'), found 1 part"
    )
    #expect(
      decodingError(
        #"{"notificationType":"TEST","notificationUUID":"6c1d2a2e-0b59-4d5c-9a52-3f0e8c1f7a10","signedDate":0,"data":{"bundleId":"b","environment":"Sandbox","signedRenewalInfo":"a.b!c.d"}}"#
      )
        == "data.signedRenewalInfo: the JWS payload is not base64url")
    let notJSON = "x." + JWS.base64URLEncode(Array("{\"a\":".utf8)) + ".y"
    #expect(
      decodingError(
        #"{"notificationType":"TEST","notificationUUID":"6c1d2a2e-0b59-4d5c-9a52-3f0e8c1f7a10","signedDate":0,"data":{"bundleId":"b","environment":"Sandbox","signedRenewalInfo":"\#(notJSON)"}}"#
      )
        == "data.signedRenewalInfo: the JWS payload is not JSON: 1:6: unexpected end of input; expected a value"
    )
    #expect(decodingError(#"{"notificationType":"#) == "1:21: unexpected end of input; expected a value")
  }

  @Test func signedPayloadErrorsContinueThePath() {
    let inner = JWS.encodeUnsecured(["notificationType": 5])
    do {
      _ = try AppStoreServerNotification(responseBodyV2Text: #"{"signedPayload":"\#(inner)"}"#)
      Issue.record("expected an error")
    } catch {
      #expect("\(error)" == "signedPayload.notificationType: expected a string, found a number")
    }
  }

  @Test func base64URLHandlesPaddingAndBothAlphabets() {
    let bytes: [UInt8] = [0xFB, 0xFF, 0xBF, 0x00, 0x01]
    let encoded = JWS.base64URLEncode(bytes)
    #expect(encoded == "-_-_AAE")
    #expect(JWS.base64URLDecode(encoded) == bytes)
    #expect(JWS.base64URLDecode("+/+/AAE=") == bytes)
    #expect(JWS.base64URLDecode("") == [])
    #expect(JWS.base64URLDecode("A") == nil)
    #expect(JWS.base64URLDecode("ab$c") == nil)
    #expect(JWS.base64URLDecode("é") == nil)
    #expect(JWS.base64URLDecode("AAE==") == nil)
    #expect(JWS.base64URLDecode("A=AE") == nil)
    #expect(JWS.base64URLDecode("AA===") == nil)
    #expect(JWS.base64URLDecode("AA==") == [0])
  }

  /// The hand-written base64 agrees with Foundation's on every length and byte value.
  @Test func base64AgreesWithFoundation() {
    var rng = SeededGenerator(seed: 64)
    for _ in 0..<2_000 {
      let bytes = (0..<Int(rng.next() % 70)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      let standard = Data(bytes).base64EncodedString()
      #expect(Base64.encode(bytes, alphabet: Base64.standardAlphabet, padded: true) == standard)
      #expect(Base64.decode(standard.utf8) == bytes)
      let url = JWS.base64URLEncode(bytes)
      #expect(
        url
          == standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
          .replacingOccurrences(of: "=", with: ""))
      #expect(JWS.base64URLDecode(url) == bytes)
    }
  }
}
