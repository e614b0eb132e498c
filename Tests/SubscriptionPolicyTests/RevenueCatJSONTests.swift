import Testing

@testable import SubscriptionPolicy

/// What each fixture must decode to, beyond its type.
struct RevenueCatExpectation: Sendable, CustomTestStringConvertible {
  var fixture: RevenueCatFixture
  var name: String
  var timestampMs: Int64
  var periodType = "NORMAL"
  var store = "APP_STORE"
  var grace: Int64? = nil
  var expirationMs: Int64? = 1_772_269_200_000
  var newProduct: String? = nil
  var autoResumeMs: Int64? = nil
  var isTrialConversion: Bool? = nil
  var testDescription: String { fixture.name }
}

@Suite("RevenueCat webhook JSON")
struct RevenueCatJSONTests {
  static let r1: Int64 = 1_772_269_200_000

  static let expectations: [RevenueCatExpectation] = [
    .init(fixture: .initialPurchase, name: "INITIAL_PURCHASE", timestampMs: 1_769_850_004_337),
    .init(
      fixture: .trialStarted, name: "INITIAL_PURCHASE", timestampMs: 1_769_850_004_521, periodType: "TRIAL",
      expirationMs: 1_770_454_800_000),
    .init(
      fixture: .renewal, name: "RENEWAL", timestampMs: r1 + 5123, expirationMs: 1_774_947_600_000,
      isTrialConversion: false),
    .init(
      fixture: .billingIssueGrace, name: "BILLING_ISSUE", timestampMs: r1 + 6210, grace: r1 + 16 * 86_400_000,
      expirationMs: r1 + 16 * 86_400_000),
    .init(fixture: .cancellationBillingError, name: "CANCELLATION/BILLING_ERROR", timestampMs: r1 + 6214),
    .init(fixture: .billingIssueNoGrace, name: "BILLING_ISSUE", timestampMs: r1 + 6210),
    .init(
      fixture: .expirationBillingError, name: "EXPIRATION/BILLING_ERROR",
      timestampMs: r1 + 16 * 86_400_000 + 3301,
      expirationMs: r1 + 16 * 86_400_000),
    .init(
      fixture: .cancellationUnsubscribe, name: "CANCELLATION/UNSUBSCRIBE", timestampMs: 1_771_000_000_000),
    .init(fixture: .uncancellation, name: "UNCANCELLATION", timestampMs: 1_771_400_000_000),
    .init(
      fixture: .refund, name: "CANCELLATION/CUSTOMER_SUPPORT", timestampMs: 1_771_500_000_512,
      expirationMs: 1_771_499_999_000),
    .init(fixture: .expirationUnsubscribe, name: "EXPIRATION/UNSUBSCRIBE", timestampMs: r1 + 2044),
    .init(
      fixture: .productChange, name: "PRODUCT_CHANGE", timestampMs: 1_771_600_000_000,
      newProduct: "premium.yearly"),
    .init(
      fixture: .subscriptionPaused, name: "SUBSCRIPTION_PAUSED", timestampMs: 1_771_700_000_000,
      store: "PLAY_STORE",
      autoResumeMs: 1_777_539_600_000),
    .init(
      fixture: .expirationPaused, name: "EXPIRATION/SUBSCRIPTION_PAUSED", timestampMs: r1 + 1200,
      store: "PLAY_STORE"),
    .init(
      fixture: .docsSampleBillingIssue, name: "BILLING_ISSUE", timestampMs: 1_601_337_601_013,
      expirationMs: 1_601_319_047_000),
  ]

  @Test func everyFixtureHasAnExpectation() {
    #expect(Set(Self.expectations.map(\.fixture.name)) == Set(RevenueCatFixture.all.map(\.name)))
    #expect(RevenueCatFixture.all.count == 15)
  }

  @Test(arguments: expectations)
  func fixtureDecodesToTheDocumentedFields(_ e: RevenueCatExpectation) throws {
    let event = try RevenueCatEvent(jsonText: e.fixture.text)
    #expect(event.type.rawValue == e.fixture.type)
    #expect(StoreNotification.revenueCat(event).name == e.name)
    #expect(event.apiVersion == "1.0")
    #expect(event.eventTimestamp == Instant(millisecondsSinceEpoch: e.timestampMs))
    #expect(StoreNotification.revenueCat(event).sentDate == event.eventTimestamp)
    #expect(event.periodType.rawValue == e.periodType)
    #expect(event.store.rawValue == e.store)
    #expect(event.environment == .production)
    #expect(event.gracePeriodExpirationAt == e.grace.map(Instant.init(millisecondsSinceEpoch:)))
    #expect(event.expirationAt == e.expirationMs.map(Instant.init(millisecondsSinceEpoch:)))
    #expect(event.newProductId?.text == e.newProduct)
    #expect(event.autoResumeAt == e.autoResumeMs.map(Instant.init(millisecondsSinceEpoch:)))
    #expect(event.isTrialConversion == e.isTrialConversion)
    if e.fixture.name == "docsSampleBillingIssue" {
      #expect(event.id.text == "12345678-1234-1234-1234-12345678912")
      #expect(event.entitlementId == "pro")
      #expect(event.appUserId.text == "$RCAnonymousID:12345678-1234-1234-1234-123456789123")
    } else {
      #expect(event.entitlementId == "premium")
      #expect(event.appUserId.text == "u_48213")
      #expect(event.appId == "app8f2c1e9b0d")
      #expect(event.countryCode == "US")
      #expect(event.isFamilyShare == false)
    }
  }

  @Test(arguments: RevenueCatFixture.all)
  func fixtureRoundTrips(_ fixture: RevenueCatFixture) throws {
    let event = try RevenueCatEvent(jsonText: fixture.text)
    #expect(try RevenueCatEvent(json: event.json) == event)
    #expect(try RevenueCatEvent(jsonText: event.jsonText()) == event)
    #expect(try RevenueCatEvent(jsonText: event.jsonText(.pretty)) == event)
    #expect(try RevenueCatEvent(json: event.json).jsonText() == event.jsonText())
    #expect(try RevenueCatEvent(json: event.eventJSON) == event)
    let line = StoreNotification.revenueCat(event).json
    #expect(line.objectValue?.keys == ["store", "api_version", "event"])
    #expect(try StoreNotification(json: line) == .revenueCat(event))
  }

  @Test func reasonsAreWrittenOnlyOnTheirEvents() throws {
    let grace = try RevenueCatEvent(jsonText: RevenueCatFixture.billingIssueGrace.text)
    let noGrace = try RevenueCatEvent(jsonText: RevenueCatFixture.billingIssueNoGrace.text)
    #expect(noGrace.gracePeriodExpirationAt == nil)
    #expect(noGrace.eventJSON["grace_period_expiration_at_ms"] == .null)
    #expect(grace.eventJSON["grace_period_expiration_at_ms"] == .int(Self.r1 + 16 * 86_400_000))
    let renewal = try RevenueCatEvent(jsonText: RevenueCatFixture.renewal.text)
    #expect(renewal.eventJSON["grace_period_expiration_at_ms"] == nil)
    #expect(renewal.eventJSON["cancel_reason"] == nil)
    let cancel = try RevenueCatEvent(jsonText: RevenueCatFixture.cancellationBillingError.text)
    #expect(cancel.eventJSON["cancel_reason"] == "BILLING_ERROR")
    #expect(cancel.eventJSON["expiration_reason"] == nil)
    #expect(cancel.reason == .billingError)
    #expect(renewal.reason == nil)
  }

  @Test func millisecondsAreDroppedOnReading() throws {
    let event = try RevenueCatEvent(jsonText: RevenueCatFixture.renewal.text)
    #expect(event.eventJSON["event_timestamp_ms"] == .int(Self.r1 + 5000))
  }

  func decodingError(_ text: String) -> String? {
    do {
      _ = try RevenueCatEvent(jsonText: text)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func errorsNameThePath() {
    #expect(decodingError("[]") == "expected an object, found an array")
    #expect(
      decodingError(#"{"event":{"id":"x"}}"#) == "event.type: expected a string, but the field is missing")
    #expect(
      decodingError(#"{"event":{"type":"RENEWAL","id":"x","event_timestamp_ms":"soon"}}"#)
        == "event.event_timestamp_ms: expected a number, found a string")
    #expect(
      decodingError(
        #"{"event":{"type":"RENEWAL","id":"x","event_timestamp_ms":1,"app_user_id":"u","store":7}}"#)
        == "event.store: expected a string, found a number")
  }

  /// `TRANSFER` and `EXPERIMENT_ENROLLMENT` carry no `app_user_id`, `product_id` or `store` of
  /// their own: those read as `absentField`, and nothing else is required beyond type, id and time.
  @Test func onlyTypeIdAndTimeAreRequired() throws {
    let e = try RevenueCatEvent(
      jsonText: #"{"event":{"type":"TRANSFER","id":"x","event_timestamp_ms":1000}}"#)
    #expect(e.type == .transfer)
    #expect(e.appUserId == RevenueCatEvent.absentField)
    #expect(e.productId == RevenueCatEvent.absentField)
    #expect(e.store.symbol == RevenueCatEvent.absentField)
  }

  @Test func anEventObjectAloneDecodesToo() throws {
    let body = try JSONValue(parsing: RevenueCatFixture.refund.text)
    let alone = try RevenueCatEvent(json: try #require(body["event"]))
    #expect(alone == (try RevenueCatEvent(json: body)))
  }
}
