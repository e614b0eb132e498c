import Foundation
import Testing

@testable import SubscriptionPolicy

/// What each fixture must decode to, beyond its name.
struct GoogleExpectation: Sendable, CustomTestStringConvertible {
  var fixture: GoogleFixture
  var code: Int32
  var state: SubscriptionState
  var expiry: String
  var autoRenew: Bool
  var orderId: String
  var canceled: CanceledStateContext? = nil
  var autoResume: String? = nil
  var testDescription: String { fixture.name }
}

@Suite("Google Play notification JSON")
struct GooglePlayJSONTests {
  static let order = "GPA.3372-4419-8820-51736"
  static let token = "bgkcmfhdjlhaomeknjfgoipc.AO-J1OxqW9yZr3LdT6vKp2Hn8sEc4uBf7gMa5XjQ0tNwYi1oRk"

  static let expectations: [GoogleExpectation] = [
    .init(
      fixture: .purchased, code: 4, state: .active, expiry: "2026-01-12T14:30:01Z", autoRenew: true,
      orderId: order),
    .init(
      fixture: .renewed, code: 2, state: .active, expiry: "2026-03-12T14:30:01Z", autoRenew: true,
      orderId: order + "..1"),
    .init(
      fixture: .inGracePeriod, code: 6, state: .inGracePeriod, expiry: "2026-03-19T14:30:01Z",
      autoRenew: true,
      orderId: order + "..1"),
    .init(
      fixture: .onHold, code: 5, state: .onHold, expiry: "2026-03-19T14:30:01Z", autoRenew: true,
      orderId: order + "..1"),
    .init(
      fixture: .recovered, code: 1, state: .active, expiry: "2026-04-27T10:05:44Z", autoRenew: true,
      orderId: order + "..2"),
    .init(
      fixture: .canceled, code: 3, state: .canceled, expiry: "2026-04-27T10:05:44Z", autoRenew: false,
      orderId: order + "..2", canceled: .userInitiatedCancellation),
    .init(
      fixture: .restarted, code: 7, state: .active, expiry: "2026-04-27T10:05:44Z", autoRenew: true,
      orderId: order + "..2"),
    .init(
      fixture: .pauseScheduleChanged, code: 11, state: .active, expiry: "2026-04-27T10:05:44Z",
      autoRenew: true,
      orderId: order + "..2", autoResume: "2026-05-27T10:05:44Z"),
    .init(
      fixture: .paused, code: 10, state: .paused, expiry: "2026-04-27T10:05:44Z", autoRenew: true,
      orderId: order + "..2", autoResume: "2026-05-27T10:05:44Z"),
    .init(
      fixture: .revoked, code: 12, state: .expired, expiry: "2026-06-03T15:47:21Z", autoRenew: false,
      orderId: order + "..3", canceled: .developerInitiatedCancellation),
    .init(
      fixture: .expired, code: 13, state: .expired, expiry: "2026-06-26T10:05:44Z", autoRenew: false,
      orderId: order + "..3", canceled: .systemInitiatedCancellation),
  ]

  @Test func everyFixtureHasAnExpectation() {
    #expect(Set(Self.expectations.map(\.fixture.name)) == Set(GoogleFixture.all.map(\.name)))
    #expect(GoogleFixture.all.count == 11)
  }

  @Test(arguments: expectations)
  func fixtureDecodesToTheDocumentedFields(_ e: GoogleExpectation) throws {
    let n = try GooglePlayNotification(jsonText: e.fixture.text)
    #expect(StoreNotification.googlePlay(n).name == e.fixture.name)
    #expect(n.subscriptionNotification.notificationType.rawValue == e.code)
    #expect(n.subscriptionNotification.purchaseToken.text == Self.token)
    #expect(n.subscriptionNotification.version == "1.0")
    #expect(n.version == "1.0")
    #expect(n.packageName == "com.example.news")

    let raw = try JSONValue(parsing: e.fixture.text)
    let ms = try #require(raw["rtdn"]?["eventTimeMillis"]?.stringValue.flatMap { Int64($0) })
    #expect(n.eventTime == Instant(secondsSinceEpoch: ms / 1000))

    let s = try #require(n.subscription)
    #expect(s.subscriptionState == e.state)
    #expect(s.regionCode == "US")
    #expect(s.startTime == RFC3339.parse("2026-01-05T14:30:01Z"))
    #expect(s.latestOrderId?.text == e.orderId)
    #expect(s.acknowledgementState == "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED")
    #expect(s.canceledStateContext == e.canceled)
    #expect(s.autoResumeTime == e.autoResume.flatMap(RFC3339.parse))
    #expect(s.linkedPurchaseToken == nil)
    #expect(s.lineItem.productId == "premium")
    #expect(s.lineItem.basePlanId == "monthly")
    #expect(s.lineItem.offerId == (e.fixture.name == "SUBSCRIPTION_PURCHASED" ? "freetrial" : nil))
    #expect(s.lineItem.expiryTime == RFC3339.parse(e.expiry))
    #expect(s.lineItem.autoRenewEnabled == e.autoRenew)
    #expect(s.lineItem.latestSuccessfulOrderId?.text == e.orderId)
  }

  @Test(arguments: GoogleFixture.all)
  func fixtureRoundTrips(_ fixture: GoogleFixture) throws {
    let n = try GooglePlayNotification(jsonText: fixture.text)
    #expect(try GooglePlayNotification(json: n.json) == n)
    #expect(try GooglePlayNotification(jsonText: n.jsonText()) == n)
    #expect(try GooglePlayNotification(jsonText: n.jsonText(.pretty)) == n)
    #expect(try StoreNotification(jsonText: StoreNotification.googlePlay(n).jsonText()) == .googlePlay(n))
    #expect(try GooglePlayNotification(json: n.json).jsonText() == n.jsonText())

    // The RTDN alone, as Google publishes it: the fetched resource is not part of it.
    var bare = n
    bare.subscription = nil
    #expect(
      try GooglePlayNotification(developerNotification: JSONCursor(n.developerNotificationJSON)) == bare)
    #expect(try GooglePlayNotification(json: n.developerNotificationJSON) == bare)
  }

  @Test func eventTimeMillisIsWrittenAsAStringAndReadEitherWay() throws {
    let n = try GooglePlayNotification(jsonText: GoogleFixture.renewed.text)
    #expect(n.developerNotificationJSON["eventTimeMillis"] == "1770906669000")
    let asNumber = GoogleFixture.renewed.text.replacingOccurrences(
      of: #""eventTimeMillis": "1770906669804""#, with: #""eventTimeMillis": 1770906669804"#)
    #expect(asNumber != GoogleFixture.renewed.text)
    #expect(try GooglePlayNotification(jsonText: asNumber) == n)
  }

  @Test func encodesTheDocumentedShapesInGoogleOrder() throws {
    let at = try #require(RFC3339.parse("2026-01-01T09:00:00Z"))
    let n = GooglePlayNotification(
      packageName: "com.example.news", eventTime: at,
      subscriptionNotification: SubscriptionNotification(
        notificationType: .subscriptionCanceled, purchaseToken: "tok"),
      subscription: SubscriptionPurchaseV2(
        startTime: at, subscriptionState: .canceled, latestOrderId: "GPA.1", linkedPurchaseToken: "old",
        autoResumeTime: at + .days(60), canceledStateContext: .replacementCancellation,
        lineItem: SubscriptionPurchaseLineItem(
          productId: "premium", expiryTime: at + .days(31), autoRenewEnabled: false, basePlanId: "monthly",
          offerId: "intro", latestSuccessfulOrderId: "GPA.1")))
    #expect(
      n.jsonText(.pretty) == """
        {
          "rtdn": {
            "version": "1.0",
            "packageName": "com.example.news",
            "eventTimeMillis": "1767258000000",
            "subscriptionNotification": {
              "version": "1.0",
              "notificationType": 3,
              "purchaseToken": "tok"
            }
          },
          "subscriptionsv2": {
            "kind": "androidpublisher#subscriptionPurchaseV2",
            "regionCode": "US",
            "lineItems": [
              {
                "productId": "premium",
                "expiryTime": "2026-02-01T09:00:00.000Z",
                "autoRenewingPlan": {
                  "autoRenewEnabled": false
                },
                "offerDetails": {
                  "basePlanId": "monthly",
                  "offerId": "intro"
                },
                "latestSuccessfulOrderId": "GPA.1"
              }
            ],
            "startTime": "2026-01-01T09:00:00.000Z",
            "subscriptionState": "SUBSCRIPTION_STATE_CANCELED",
            "latestOrderId": "GPA.1",
            "linkedPurchaseToken": "old",
            "pausedStateContext": {
              "autoResumeTime": "2026-03-02T09:00:00.000Z"
            },
            "canceledStateContext": {
              "replacementCancellation": {}
            },
            "acknowledgementState": "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED"
          }
        }
        """)
    #expect(try GooglePlayNotification(json: n.json) == n)
  }

  @Test func unknownNotificationCodesAndStatesDecodeAndReencode() throws {
    let text = GoogleFixture.renewed.text
      .replacingOccurrences(of: #""notificationType": 2"#, with: #""notificationType": 99"#)
      .replacingOccurrences(of: "SUBSCRIPTION_STATE_ACTIVE", with: "SUBSCRIPTION_STATE_SOMETHING_NEW")
    let n = try GooglePlayNotification(jsonText: text)
    #expect(n.subscriptionNotification.notificationType.rawValue == 99)
    #expect(n.subscriptionNotification.notificationType.name == "UNKNOWN_99")
    #expect(n.subscription?.subscriptionState.rawValue == "SUBSCRIPTION_STATE_SOMETHING_NEW")
    #expect(n.json["rtdn"]?["subscriptionNotification"]?["notificationType"] == 99)
    #expect(try GooglePlayNotification(json: n.json) == n)
  }

  @Test func lenientReadingOfWhatProto3JSONOmits() throws {
    let text = """
      {"kind":"androidpublisher#subscriptionPurchaseV2","regionCode":"DE",
       "lineItems":[{"productId":"premium","expiryTime":"2026-02-01T09:00:00+01:00","offerDetails":{"basePlanId":"monthly"}},
                    {"productId":"addon","expiryTime":"2026-02-01T09:00:00Z","offerDetails":{"basePlanId":"x"}}],
       "subscriptionState":"SUBSCRIPTION_STATE_CANCELED","canceledStateContext":{"someFutureCancellation":{}},
       "acknowledgementState":"ACKNOWLEDGEMENT_STATE_PENDING"}
      """
    let s = try SubscriptionPurchaseV2(jsonText: text)
    #expect(s.lineItem.autoRenewEnabled == false)
    #expect(s.lineItem.productId == "premium")
    #expect(s.lineItem.expiryTime == RFC3339.parse("2026-02-01T08:00:00Z"))
    #expect(s.canceledStateContext == nil)
    #expect(s.startTime == nil)
    #expect(s.acknowledgementState == "ACKNOWLEDGEMENT_STATE_PENDING")
  }

  func decodingError<T: JSONRepresentable>(_: T.Type, _ text: String) -> String? {
    do {
      _ = try T(jsonText: text)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func errorsNameThePath() {
    #expect(
      decodingError(
        SubscriptionPurchaseV2.self,
        #"{"regionCode":"US","lineItems":[],"subscriptionState":"S","acknowledgementState":"A"}"#)
        == "lineItems: expected at least one line item, found an empty array")
    #expect(
      decodingError(
        SubscriptionPurchaseV2.self,
        #"{"regionCode":"US","lineItems":[{"productId":"p","expiryTime":"soon","offerDetails":{"basePlanId":"m"}}],"subscriptionState":"S","acknowledgementState":"A"}"#
      )
        == #"lineItems[0].expiryTime: expected an RFC 3339 timestamp, found "soon""#)
    #expect(
      decodingError(
        GooglePlayNotification.self,
        #"{"rtdn":{"version":"1.0","packageName":"p","eventTimeMillis":"1","subscriptionNotification":{"notificationType":"4","purchaseToken":"t"}}}"#
      )
        == "rtdn.subscriptionNotification.notificationType: expected a number, found a string")
    #expect(
      decodingError(
        GooglePlayNotification.self,
        #"{"rtdn":{"version":"1.0","packageName":"com.example.news","eventTimeMillis":"1767225600000","testNotification":{"version":"1.0"}}}"#
      )
        == "rtdn.subscriptionNotification: missing: this is a testNotification, and simsub models subscription notifications only"
    )
    #expect(
      decodingError(GooglePlayNotification.self, #"{"rtdn":{"packageName":"p","eventTimeMillis":"x"}}"#)
        == #"rtdn.eventTimeMillis: expected an integer or a string of digits, found "x""#)
  }

  // MARK: Pub/Sub push

  @Test func decodesThePubSubPushFixture() throws {
    let push = try GooglePlayPushRequest(jsonText: WireFixtures.googlePushRequest)
    #expect(push.messageId == "17293018461942733")
    #expect(push.publishTime == RFC3339.parse("2026-03-12T14:33:20Z"))
    #expect(push.subscriptionName == "projects/example-news/subscriptions/play-rtdn-push")
    #expect(push.notification.subscriptionNotification.notificationType == .subscriptionInGracePeriod)
    #expect(push.notification.subscriptionNotification.purchaseToken.text == Self.token)
    #expect(push.notification.eventTime == RFC3339.parse("2026-03-12T14:33:20Z"))
    #expect(push.notification.packageName == "com.example.news")
    #expect(push.notification.subscription == nil)
  }

  @Test func pubSubPushRoundTripsWithStandardBase64() throws {
    let push = try GooglePlayPushRequest(jsonText: WireFixtures.googlePushRequest)
    #expect(try GooglePlayPushRequest(json: push.json) == push)
    #expect(push.json.objectValue?.keys == ["message", "subscription"])
    #expect(push.json["message"]?.objectValue?.keys == ["data", "messageId", "publishTime"])
    let data = try #require(push.json["message"]?["data"]?.stringValue)
    let decoded = try #require(Data(base64Encoded: data))
    #expect(
      String(decoding: decoded, as: UTF8.self) == push.notification.developerNotificationJSON.serialized())
  }

  @Test func pubSubPushReadsSnakeCaseAndURLSafeBase64() throws {
    let rtdn: JSONValue = [
      "version": "1.0", "packageName": "com.example.news", "eventTimeMillis": "1767225600000",
      "subscriptionNotification": ["version": "1.0", "notificationType": 13, "purchaseToken": "a?b>c"],
    ]
    let body: JSONValue = [
      "message": [
        "data": .string(JWS.base64URLEncode(rtdn.serializedBytes())), "message_id": "1",
        "publish_time": "2026-01-01T00:00:00Z",
      ],
      "subscription": "projects/p/subscriptions/s",
    ]
    let push = try GooglePlayPushRequest(json: body)
    #expect(push.messageId == "1")
    #expect(push.publishTime == RFC3339.parse("2026-01-01T00:00:00Z"))
    #expect(push.notification.subscriptionNotification.notificationType == .subscriptionExpired)
  }

  @Test func pubSubPushErrorsNameTheDataField() {
    #expect(
      decodingError(
        GooglePlayPushRequest.self, #"{"message":{"data":"!!!","messageId":"1"},"subscription":"s"}"#)
        == "message.data: expected base64 data")
    #expect(
      decodingError(
        GooglePlayPushRequest.self, #"{"message":{"data":"e30=","messageId":"1"},"subscription":"s"}"#)
        == "message.data.packageName: expected a string, but the field is missing")
    #expect(
      decodingError(
        GooglePlayPushRequest.self, #"{"message":{"data":"eyJh","messageId":"1"},"subscription":"s"}"#)
        == "message.data: the decoded data is not JSON: 1:2: unterminated string (no closing '\"')")
  }
}
