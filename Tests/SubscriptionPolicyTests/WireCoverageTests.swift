import Foundation
import Testing

@testable import SubscriptionPolicy

/// Every notification and event type each store documents has a fixture that decodes, and the
/// fixture decodes to that type: the rows of docs/WIRE-FORMATS.md.
@Suite("Wire fixtures cover every documented type")
struct WireCoverageTests {
  static let documents = WireFixtureFiles.all.compactMap { try? $0.document() }

  @Test func everyAppleTypeAndSubtype() {
    var types = Set<String>()
    var subtypes = Set<String>()
    for case .appStore(let d) in Self.documents {
      types.insert(d.notification.notificationType.rawValue)
      if let s = d.notification.subtype { subtypes.insert(s.rawValue) }
    }
    for t in AppStoreNotificationType.documented { #expect(types.contains(t.rawValue), "\(t)") }
    for s in AppStoreNotificationSubtype.documented { #expect(subtypes.contains(s.rawValue), "\(s)") }
  }

  @Test func everyGoogleNotification() {
    var codes = Set<Int32>()
    var others = Set<String>()
    var resources = 0
    for case .googlePlay(let d) in Self.documents {
      if let n = d.notification { codes.insert(n.subscriptionNotification.notificationType.rawValue) }
      if let o = d.otherNotification { others.insert(o.name) }
      if d.subscription != nil { resources += 1 }
    }
    for (code, name) in GooglePlayNotificationType.documented {
      #expect(codes.contains(code.rawValue), "\(name)")
    }
    #expect(
      others == ["ONE_TIME_PRODUCT_PURCHASED", "ONE_TIME_PRODUCT_CANCELED", "VOIDED_PURCHASE", "TEST"])
    #expect(resources >= 5)
  }

  @Test func everyStripeTypeListed() {
    let types = Set(
      Self.documents.compactMap { d -> String? in
        guard case .stripe(let e) = d else { return nil }
        return e.event.type.rawValue
      })
    for t in StripeEventType.modelled + StripeEventType.otherSubscriptionBusiness {
      #expect(types.contains(t.rawValue), "\(t)")
    }
  }

  @Test func everyRevenueCatType() {
    let types = Set(
      Self.documents.compactMap { d -> String? in
        guard case .revenueCat(let e) = d else { return nil }
        return e.event.type.rawValue
      })
    for t in RevenueCatEventType.documented { #expect(types.contains(t.rawValue), "\(t)") }
  }
}

/// What the typed values say for the bodies the decoders used to refuse.
@Suite("Wire documents")
struct WireDocumentTests {
  func document(_ store: String, _ name: String) throws -> WireDocument {
    try WireFixtureFiles.named(store, name).document()
  }

  @Test func xcodePayloadsKeepTheirFractionalMilliseconds() throws {
    guard case .appStore(let d) = try document("AppStore", "did-renew-xcode.json") else {
      Issue.record("not an App Store notification")
      return
    }
    #expect(d.notification.data.environment == .xcode)
    // 1767225600000 + 31 days + 6120.375 ms, to the second.
    #expect(d.notification.signedDate == Instant(secondsSinceEpoch: 1_769_904_006))
    #expect(d.payload["signedDate"]?.numberValue?.text == "1769904006120.375")
    let transaction = try #require(d.notification.data.transactionInfo)
    #expect(transaction.purchaseDate == Instant(secondsSinceEpoch: 1_769_904_000))
    #expect(d.signedTransactionInfo?.payload["purchaseDate"]?.numberValue?.text == "1769904000412.734")
    #expect(d.signedPayload?.headerSegment.isEmpty == false)
  }

  @Test func aPayloadWithoutSignedDateTakesTheRenewalInfos() throws {
    guard case .appStore(let d) = try document("AppStore", "did-renew-no-signed-date.json") else {
      Issue.record("not an App Store notification")
      return
    }
    #expect(d.payload["signedDate"] == nil)
    #expect(d.notification.signedDate == d.notification.data.renewalInfo?.signedDate)
    // Re-encoding does not invent the member.
    var changed = d
    changed.notification.notificationUUID = UUID(uuidString: "00000000-0000-4000-8000-000000000002")!
    #expect(changed.payloadJSON["signedDate"] == nil)
    #expect(changed.payloadJSON["notificationUUID"] == "00000000-0000-4000-8000-000000000002")
  }

  @Test func testAndSummaryNotificationsDecode() throws {
    guard case .appStore(let test) = try document("AppStore", "test.json"),
      case .appStore(let summary) = try document("AppStore", "renewal-extension-summary.json")
    else {
      Issue.record("not App Store notifications")
      return
    }
    #expect(test.notification.notificationType == .test)
    #expect(test.notification.data.transactionInfo == nil)
    #expect(summary.notification.subtype == .summary)
    #expect(summary.payloadJSON["data"] == nil)
    #expect(summary.payloadJSON["summary"]?["succeededCount"] == 1842)
  }

  @Test func unmodelledAppleFieldsStayInTheTree() throws {
    guard case .appStore(let d) = try document("AppStore", "did-renew.json") else {
      Issue.record("not an App Store notification")
      return
    }
    let transaction = try #require(d.signedTransactionInfo?.payload)
    #expect(transaction["appAccountToken"] == "7e3fb20b-4cdb-47cc-936d-99d65f608138")
    #expect(transaction["storefrontId"] == "143441")
    #expect(transaction["appTransactionId"] == "704289572311000001")
    #expect(d.signedRenewalInfo?.payload["renewalPrice"] == 9990)
    #expect(d.signedRenewalInfo?.payload["eligibleWinBackOfferIds"] == ["winback.monthly.50"])
  }

  @Test func bareJWSOfATransactionAndARenewalInfo() throws {
    guard case .appStoreTransaction(let t) = try document("AppStore", "transaction.jws"),
      case .appStoreRenewalInfo(let r) = try document("AppStore", "renewal-info.jws")
    else {
      Issue.record("not a transaction and a renewal info")
      return
    }
    #expect(t.payload.transactionId == "2000000881234567")
    #expect(r.payload.autoRenewStatus == 1)
  }

  @Test func googleNonSubscriptionNotificationsAreTyped() throws {
    guard case .googlePlay(let voided) = try document("GooglePlay", "voided-purchase-subscription.json"),
      case .googlePlay(let test) = try document("GooglePlay", "test-notification.json"),
      case .googlePlay(let oneTime) = try document("GooglePlay", "one-time-product-canceled.json")
    else {
      Issue.record("not Google documents")
      return
    }
    #expect(
      voided.otherNotification
        == .voidedPurchase(
          purchaseToken: "bgkcmfhdjlhaomeknjfgoipc.AO-J1OxqW9yZr3LdT6vKp2Hn8sEc4uBf7gMa5XjQ0tNwYi1oRk",
          orderId: "GPA.3372-1234-5678-90123..1", productType: 1, refundType: 1))
    #expect(voided.notification == nil)
    #expect(test.otherNotification == .test(version: "1.0"))
    #expect(oneTime.otherNotification?.name == "ONE_TIME_PRODUCT_CANCELED")
    #expect(WireDocument.googlePlay(test).notification == nil)
  }

  @Test func googleResourcesKeepEveryLineItemAndAccountIdentifiers() throws {
    guard case .googlePlay(var d) = try document("GooglePlay", "subscriptionsv2-two-line-items.json") else {
      Issue.record("not a Google document")
      return
    }
    #expect(d.subscription?.lineItem.productId == "premium")
    d.subscription?.lineItem.autoRenewEnabled = false
    let out = d.json
    #expect(out["lineItems"]?.arrayValue?.count == 2)
    #expect(out["lineItems"]?[0]?["autoRenewingPlan"]?["autoRenewEnabled"] == false)
    #expect(out["lineItems"]?[1] == d.resource?["lineItems"]?[1])
    #expect(
      out["externalAccountIdentifiers"]?["obfuscatedExternalAccountId"]
        == "7e3fb20b-4cdb-47cc-936d-99d65f608138")
    #expect(out["lineItems"]?[0]?["autoRenewingPlan"]?["recurringPrice"]?["nanos"] == 990_000_000)
  }

  @Test func googleResourcesWithoutRegionCode() throws {
    guard case .googlePlay(let d) = try document("GooglePlay", "subscriptionsv2-no-region-code.json") else {
      Issue.record("not a Google document")
      return
    }
    #expect(d.subscription?.regionCode == SubscriptionPurchaseV2.noRegion)
    #expect(d.json["regionCode"] == nil)
  }

  @Test func pubSubAttributesSurviveAChangedNotification() throws {
    guard case .googlePlay(var d) = try document("GooglePlay", "subscription-06-in-grace-period.json") else {
      Issue.record("not a Google document")
      return
    }
    d.notification?.eventTime = Instant(secondsSinceEpoch: 1_800_000_000)
    let out = d.json
    #expect(out["message"]?["attributes"] == d.envelope?["message"]?["attributes"])
    #expect(out["message"]?["publish_time"] == "2026-03-12T14:33:20.484Z")
    #expect(out["message"]?["data"] != d.envelope?["message"]?["data"])
    #expect(d.developerNotificationJSON?["eventTimeMillis"] == "1800000000000")
    #expect(d.developerNotificationJSON?["subscriptionNotification"]?["subscriptionId"] == "premium")
  }

  @Test func stripeEventsAboutAnyObject() throws {
    guard case .stripe(let checkout) = try document("Stripe", "checkout-session-completed.json"),
      case .stripe(let guest) = try document("Stripe", "charge-succeeded.json"),
      case .stripe(let upcoming) = try document("Stripe", "invoice-upcoming.json")
    else {
      Issue.record("not Stripe documents")
      return
    }
    #expect(checkout.event.object == .other("checkout.session"))
    #expect(
      checkout.json["data"]?["object"]?["client_reference_id"] == "7e3fb20b-4cdb-47cc-936d-99d65f608138")
    #expect(guest.event.charge?.customer == nil)
    #expect(upcoming.event.invoice?.id == "")
    #expect(upcoming.json["data"]?["object"]?["id"] == nil)
  }

  @Test func revenueCatEventsWithoutAProduct() throws {
    guard case .revenueCat(let transfer) = try document("RevenueCat", "transfer.json"),
      case .revenueCat(let experiment) = try document("RevenueCat", "experiment-enrollment.json")
    else {
      Issue.record("not RevenueCat documents")
      return
    }
    #expect(transfer.event.type == .transfer)
    #expect(transfer.json["event"]?["transferred_to"] == ["7e3fb20b-4cdb-47cc-936d-99d65f608138"])
    #expect(experiment.event.type == .experimentEnrollment)
    #expect(experiment.event.productId == RevenueCatEvent.absentField)
  }

  @Test func revenueCatPricesKeepTheirText() throws {
    guard case .revenueCat(var d) = try document("RevenueCat", "renewal.json") else {
      Issue.record("not a RevenueCat document")
      return
    }
    d.event.expirationAt = Instant(secondsSinceEpoch: 1_800_000_000)
    let out = d.json.serialized()
    #expect(out.contains(#""tax_percentage":0.0"#))
    #expect(out.contains(#""price":9.99"#))
    #expect(out.contains(#""expiration_at_ms":1800000000000"#))
    // The typed value drops the event's milliseconds; the tree keeps them where unchanged.
    #expect(out.contains(#""event_timestamp_ms":1769850000123"#))
  }
}
