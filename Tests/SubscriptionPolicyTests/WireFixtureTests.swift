import Foundation
import Testing

@testable import SubscriptionPolicy

/// Every fixture body of every store: it decodes as its store, gives back its text byte for
/// byte, and a change to its typed value changes that field and nothing else.
@Suite("Wire fixtures")
struct WireFixtureTests {
  static let files = WireFixtureFiles.all

  @Test func thereAreFixturesForEveryStore() {
    for store in WireFixtureFiles.stores {
      #expect(Self.files.filter { $0.store == store }.count >= 15, "\(store)")
    }
  }

  @Test(arguments: files) func decodesAsItsStore(_ file: WireFixtureFiles.File) throws {
    let document = try file.document()
    #expect(document.store == WireFixtureFiles.tag(of: file.store))
  }

  /// The fixtures are written as `JSONValue.serialized(.pretty)` writes (a JWS as its bare
  /// text), so decoding and encoding again must give every byte back.
  @Test(arguments: files) func roundTripsByteForByte(_ file: WireFixtureFiles.File) throws {
    let document = try file.document()
    let again = file.name.hasSuffix(".jws") ? document.text : document.expandedJSONOrBody.serialized(.pretty)
    #expect(again + "\n" == file.text)
    // And field for field through the text a server would receive.
    let reread = try WireDocument(text: document.text)
    #expect(reread == document || reread.expandedJSON == document.expandedJSON)
    #expect(reread.expandedJSON == document.expandedJSON)
  }

  /// Changing one typed field rewrites that field in the tree and leaves every other member,
  /// known or not, where and as it was: the encoder writes back into the document rather than
  /// from the typed value alone.
  @Test(arguments: files) func aTypedChangeTouchesOnlyItsField(_ file: WireFixtureFiles.File) throws {
    var document = try file.document()
    let before = document.expandedJSON
    let expected: [String]
    switch document {
    case .appStore(var d):
      if d.notification.data.transactionInfo != nil {
        d.notification.data.transactionInfo?.quantity += 1
        expected = [keyPath(d.form, "data.signedTransactionInfo.quantity")]
      } else {
        d.notification.notificationUUID = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
        expected = [keyPath(d.form, "notificationUUID")]
      }
      document = .appStore(d)
    case .appStoreTransaction(var d):
      d.payload.quantity += 1
      expected = ["quantity"]
      document = .appStoreTransaction(d)
    case .appStoreRenewalInfo(var d):
      d.payload.autoRenewStatus = 1 - d.payload.autoRenewStatus
      expected = ["autoRenewStatus"]
      document = .appStoreRenewalInfo(d)
    case .googlePlay(var d):
      if d.subscription != nil {
        d.subscription?.lineItem.productId = "changed"
        expected = ["lineItems[0].productId"]
      } else if d.notification != nil {
        d.notification?.subscriptionNotification.purchaseToken = "changed"
        expected = [
          d.form == .pushRequest
            ? "message.data.subscriptionNotification.purchaseToken" : "subscriptionNotification.purchaseToken"
        ]
      } else {
        return  // a one-time product, voided purchase or test notification: not modelled, nothing to change
      }
      document = .googlePlay(d)
    case .stripe(var d):
      d.event.pendingWebhooks += 1
      expected = ["pending_webhooks"]
      document = .stripe(d)
    case .revenueCat(var d):
      d.event.appUserId = "changed"
      expected = [d.form == .webhookBody ? "event.app_user_id" : "app_user_id"]
      document = .revenueCat(d)
    }
    let after = try WireDocument(text: document.text).expandedJSON
    // A member the input lacked is added (Stripe's minimal event has no `pending_webhooks`).
    #expect(jsonDifferences(before, after) == expected)
  }

  func keyPath(_ form: AppStoreNotificationDocument.Form, _ path: String) -> String {
    form == .requestBody ? "signedPayload." + path : path
  }
}

extension WireDocument {
  /// The document as the fixture holds it: the body, the JWS payloads left signed.
  fileprivate var expandedJSONOrBody: JSONValue {
    switch self {
    case .appStore(let d): d.json
    case .appStoreTransaction(let d): .string(d.text)
    case .appStoreRenewalInfo(let d): .string(d.text)
    case .googlePlay(let d): d.json
    case .stripe(let d): d.json
    case .revenueCat(let d): d.json
    }
  }
}
