import Foundation
import Testing

@testable import SubscriptionPolicy

/// The App Store documents' fast path (`JSONByteIndex` and the typed readers over it) decides
/// exactly as the tree path does: the same typed value, the same trees and text, the same
/// error, for every fixture and for bodies broken or unusual in every way the index handles
/// or leaves to the parser.
@Suite("App Store indexed decoding")
struct AppStoreIndexedDecodingTests {
  /// Both paths on one body: equal documents, or equal errors.
  func expectSameVerdict(_ value: JSONValue, form: AppStoreNotificationDocument.Form, _ comment: String) {
    let tree = Result { () throws(JSONDecodingError) in
      try AppStoreNotificationDocument(tree: value, form: form, maxDepth: WireDocument.maxDepth)
    }
    let either = Result { () throws(JSONDecodingError) in
      try AppStoreNotificationDocument(value, form: form, maxDepth: WireDocument.maxDepth)
    }
    switch (tree, either) {
    case (.success(let t), .success(let e)):
      #expect(t.notification == e.notification, "\(comment)")
      #expect(t.payload == e.payload, "\(comment)")
      #expect(t.signedTransactionInfo?.payload == e.signedTransactionInfo?.payload, "\(comment)")
      #expect(t.signedRenewalInfo?.payload == e.signedRenewalInfo?.payload, "\(comment)")
      #expect(t.text == e.text, "\(comment)")
      #expect(t.expandedJSON == e.expandedJSON, "\(comment)")
    case (.failure(let t), .failure(let e)):
      #expect(t == e, "\(comment)")
    default:
      Issue.record("the paths disagree on \(comment): tree \(tree), fast \(either)")
    }
  }

  @Test(arguments: WireFixtureFiles.all.filter { $0.store == "AppStore" })
  func everyFixtureDecodesAsThroughTheTrees(_ file: WireFixtureFiles.File) throws {
    guard case .appStore(let d) = try file.document() else { return }
    let value: JSONValue =
      d.form == .signedPayload ? .string(d.signedPayload!.text) : try JSONValue(parsing: file.bytes)
    if d.form != .decodedPayload { expectSameVerdict(value, form: d.form, file.description) }
  }

  /// The fast path is taken for a renewal as Apple sends it (the trees are not built on
  /// reading), so the figures `simsub benchmark` prints are this path's.
  @Test func aRenewalIsReadWithoutItsTrees() throws {
    let body = Self.body(payload: Self.payload())
    guard case .appStore(let d) = try WireDocument(bytes: body) else {
      Issue.record("not an App Store body")
      return
    }
    #expect(d.storedPayload == nil)
    #expect(d.notification.data.transactionInfo?.price == 9990)
    #expect(d.text == String(decoding: body, as: UTF8.self))
  }

  // MARK: Variations

  static let transaction = #"""
    {"transactionId":"2000000848261234","originalTransactionId":"2000000847261234","webOrderLineItemId":"2000000119876502","bundleId":"com.example.news","productId":"com.example.news.premium.monthly","subscriptionGroupIdentifier":"21482735","purchaseDate":1769904000000,"originalPurchaseDate":1767225600000,"expiresDate":1772323200000,"quantity":1,"type":"Auto-Renewable Subscription","appAccountToken":"7e000000-0000-4000-8000-000000000001","inAppOwnershipType":"PURCHASED","signedDate":1769904005902,"environment":"Production","transactionReason":"RENEWAL","storefront":"USA","storefrontId":"143441","price":9990,"currency":"USD","appTransactionId":"704289572311000001"}
    """#
  static let renewal = #"""
    {"originalTransactionId":"2000000847261234","autoRenewProductId":"com.example.news.premium.monthly","productId":"com.example.news.premium.monthly","autoRenewStatus":1,"renewalPrice":9990,"currency":"USD","signedDate":1769904005902,"environment":"Production","recentSubscriptionStartDate":1767225600000,"renewalDate":1772323200000}
    """#

  static func jws(_ payload: [UInt8]) -> String {
    JWS.base64URLEncode(JWS.unsecuredHeader.serializedBytes()) + "." + JWS.base64URLEncode(payload) + "."
  }

  static func payload(
    transaction: String = transaction, renewal: String = renewal, replacing: (String, String)? = nil
  ) -> [UInt8] {
    var text = #"""
      {"notificationType":"DID_RENEW","subtype":"BILLING_RECOVERY","notificationUUID":"7e000000-0000-4000-8000-000000100000","data":{"appAppleId":1234567890,"bundleId":"com.example.news","bundleVersion":"42","environment":"Production","status":1,"signedTransactionInfo":"TX","signedRenewalInfo":"RI"},"version":"2.0","signedDate":1769904006120}
      """#
    if let (a, b) = replacing { text = text.replacingOccurrences(of: a, with: b) }
    text = text.replacingOccurrences(of: "\"TX\"", with: "\"\(jws(Array(transaction.utf8)))\"")
    text = text.replacingOccurrences(of: "\"RI\"", with: "\"\(jws(Array(renewal.utf8)))\"")
    return Array(text.utf8)
  }

  static func body(payload: [UInt8]) -> [UInt8] { Array(#"{"signedPayload":"\#(jws(payload))"}"#.utf8) }

  /// Each replacement, in the transaction, the renewal info and the notification.
  static let edits: [(String, String)] = [
    (#""quantity":1"#, #""quantity":"1""#), (#""quantity":1"#, #""quantity":null"#),
    (#""quantity":1"#, #""quantity":1.0"#), (#""quantity":1"#, #""quantity":3000000000"#),
    (#""quantity":1,"#, ""), (#""price":9990"#, #""price":99999999999999999999"#),
    (#""price":9990"#, #""price":-0"#), (#""price":9990"#, #""price":-9223372036854775808"#),
    (#""price":9990"#, #""price":9223372036854775808"#), (#""price":9990"#, #""price":1e3"#),
    (#""price":9990"#, #""price":01"#), (#""price":9990"#, #""price":-"#), (#""price":9990"#, #""price":1."#),
    (#":1769904000000"#, #":1769904000123.456"#), (#":1769904000000"#, #":-1.5"#),
    (#":1769904000000"#, #":1.7699e12"#), (#":1769904000000"#, #":"1769904000000""#),
    (#""currency":"USD""#, #""currency":"USD","price":1"#), (#""currency":"USD""#, #""currency":"U\/SD""#),
    (#""currency":"USD""#, #""currency":"\u00e9""#), (#""currency":"USD""#, #""currency":"\x""#),
    (#""currency":"USD""#, #""currency":"\ud800""#), (#""currency":"USD""#, #""currency":"é""#),
    (#""currency":"USD""#, #""curr\u0065ncy":"USD""#), (#""currency":"USD""#, #""currency":"US"#),
    (#""currency":"USD""#, "\"currency\":\"U\tD\""), (#""currency":"USD""#, #""currency":null"#),
    (#""currency":"USD""#, #""x":{"a":1,"a":2}"#),
    (#""currency":"USD""#, #""x":[{"a":1},{"b":[true,false,null]}]"#),
    (#""currency":"USD""#, #""x":[tru]"#), (#""currency":"USD""#, #""x":nul"#),
    (#""currency":"USD""#, #""x":fals"#),
    (#""currency":"USD""#, #""x":{},"y":[],"z":{"a":{"b":{}}}"#),
    (#""currency":"USD""#, #""x":"# + String(repeating: "[", count: 70) + String(repeating: "]", count: 70)),
    (#""currency":"USD""#, #""x":"# + String(repeating: "[", count: 40) + String(repeating: "]", count: 40)),
    (#""currency":"USD""#, (0..<70).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")),
    (#""currency":"USD""#, #""currency" : "USD" "#), (#""currency":"USD""#, #""currency":"USD",}"#),
    (#""currency":"USD""#, #""currency":"USD"}x{"a":1"#), (#""currency":"USD""#, #""":"USD""#),
    (#""isUpgraded":true,"#, ""), (#""storefront":"USA""#, #""isUpgraded":true,"storefront":"USA""#),
    (#""storefront":"USA""#, #""isUpgraded":1,"storefront":"USA""#),
    (#""autoRenewStatus":1"#, #""autoRenewStatus":true"#), (#""autoRenewStatus":1,"#, ""),
    (#""autoRenewProductId":"com.example.news.premium.monthly","#, ""),
    (#""environment":"Production""#, #""environment":5"#), (#""environment":"Production","#, ""),
    (#""signedDate":1769904005902"#, #""signedDate":null"#), (#""signedDate":1769904005902,"#, ""),
    (#""productId":"com.example.news.premium.monthly""#, #""productId":"0042""#),
    (#""productId":"com.example.news.premium.monthly""#, #""productId":"1234567890123456789""#),
    (#""productId":"com.example.news.premium.monthly""#, #""productId":"""#),
  ]

  static let notificationEdits: [(String, String)] = [
    (#""subtype":"BILLING_RECOVERY","#, ""), (#""subtype":"BILLING_RECOVERY""#, #""subtype":null"#),
    (#""subtype":"BILLING_RECOVERY""#, #""subtype":7"#),
    (#""notificationType":"DID_RENEW""#, #""notificationType":1"#),
    (#""notificationType":"DID_RENEW","#, ""), (#"7e000000-0000-4000-8000-000000100000"#, "not-a-uuid"),
    (#"7e000000-0000-4000-8000-000000100000"#, "7E000000-0000-4000-8000-00000010000A"),
    (#""version":"2.0","#, ""), (#""version":"2.0""#, #""version":2.0"#),
    (#","signedDate":1769904006120"#, ""), (#""signedDate":1769904006120"#, #""signedDate":1769904006120.5"#),
    (#""appAppleId":1234567890"#, #""appAppleId":"1234567890""#),
    (#""appAppleId":1234567890"#, #""appAppleId":"12a""#),
    (#""appAppleId":1234567890,"#, ""), (#""status":1"#, #""status":"1""#),
    (#""status":1"#, #""status":null"#),
    (#""bundleVersion":"42""#, #""bundleVersion":42"#), (#""bundleId":"com.example.news","#, ""),
    (#""environment":"Production","status""#, #""status""#),
    (#""signedTransactionInfo":"TX""#, #""signedTransactionInfo":null"#),
    (#""signedTransactionInfo":"TX""#, #""signedTransactionInfo":5"#),
    (#""signedTransactionInfo":"TX""#, #""signedTransactionInfo":"abc""#),
    (#""signedTransactionInfo":"TX""#, #""signedTransactionInfo":"a.b$c.""#),
    (#""signedTransactionInfo":"TX","#, ""), (#""signedRenewalInfo":"RI""#, #""signedRenewalInfo":"a.e30.""#),
    (#""data":{"#, #""data":null,"x":{"#), (#""data":{"#, #""data":"x","x":{"#),
    (#""data":{"#, #""summary":{"#),
    (#""data":{"#, #""data":{"data":1,"#), (#""version":"2.0""#, #""version":"2.0","version":"2.0""#),
    ("{\"notificationType\"", "\u{FEFF}{\"notificationType\""),
    ("{\"notificationType\"", " \n{\"notificationType\""),
  ]

  @Test func everyVariationDecodesAsThroughTheTrees() throws {
    for edit in Self.edits {
      let inTransaction = Self.transaction.replacingOccurrences(of: edit.0, with: edit.1)
      let inRenewal = Self.renewal.replacingOccurrences(of: edit.0, with: edit.1)
      for payload in [Self.payload(transaction: inTransaction), Self.payload(renewal: inRenewal)] {
        let body = try JSONValue(parsing: Self.body(payload: payload))
        expectSameVerdict(body, form: .requestBody, "\(edit)")
        expectSameVerdict(.string(Self.jws(payload)), form: .signedPayload, "\(edit)")
      }
    }
    for edit in Self.notificationEdits + Self.edits {
      let payload = Self.payload(replacing: edit)
      expectSameVerdict(try JSONValue(parsing: Self.body(payload: payload)), form: .requestBody, "\(edit)")
    }
    // Bytes no Swift string holds: invalid UTF-8 in a value.
    var broken = Array(Self.transaction.utf8)
    broken[broken.firstIndex(of: UInt8(ascii: "U"))!] = 0xFF
    let body = try JSONValue(
      parsing: Self.body(payload: Self.payload(transaction: String(decoding: broken, as: UTF8.self))))
    expectSameVerdict(body, form: .requestBody, "replacement character")
    let raw = Self.jws(Array(Self.payload()).map { $0 == UInt8(ascii: "D") ? 0xC0 : $0 })
    expectSameVerdict(.string(raw), form: .signedPayload, "invalid UTF-8")
  }
  /// A request body's bytes take their own path before any tree (`init(indexingRequestBody:)`):
  /// whatever they hold, `WireDocument(bytes:)` decides as parsing them and decoding the tree
  /// does, and gives an equal document.
  @Test func requestBodyBytesDecodeAsThroughTheTrees() throws {
    let jws = Self.jws(Self.payload())
    let dot = jws.firstIndex(of: ".")!
    let last = jws.lastIndex(of: ".")!
    var texts = (Self.notificationEdits + Self.edits).map {
      String(decoding: Self.body(payload: Self.payload(replacing: $0)), as: UTF8.self)
    }
    texts += [
      #"{"signedPayload":"\#(jws)"}"#, #"{ "signedPayload":"\#(jws)"}"#, #"{"signedPayload":"\#(jws)" }"#,
      #"{"signedPayload":"\#(jws)","x":1}"#, #"{"x":1,"signedPayload":"\#(jws)"}"#,
      #"{"signedPayload":"\#(jws)"}"# + "\n", "\u{FEFF}" + #"{"signedPayload":"\#(jws)"}"#,
      #"{"signedPayload":"\#(jws)""#, #"{"signedPayload":"\#(jws)}"#, #"{"signedPayload":""}"#,
      #"{"signedPayload":"."}"#, #"{"signedPayload":".."}"#, #"{"signedPayload":"\#(jws)\#(jws)"}"#,
      #"{"signedPayload":"\#(jws)","signedPayload":"\#(jws)"}"#,
      #"{"signedPayload":"\#(jws[..<dot])\/\#(jws[dot...])"}"#,
      #"{"signedPayload":"\#(jws[..<dot])é\#(jws[dot...])"}"#,
      #"{"signedPayload":"\#(jws[..<dot])"\#(jws[dot...])"}"#,
      #"{"signedPayload":"\#(jws[..<last])\u0041\#(jws[last...])"}"#,
      #"{"signedPayload":"\#(jws[..<last])","x":"\#(jws[last...])"}"#,
      #"{"signedPayload":"\#(jws)x\"}"#, #"{"signedPayload":"\#(jws)é"}"#,
      "{\"signedPayload\":\"\(jws)\t\"}", #"{"signedPayload":5}"#, #"{"signedPayload":null}"#,
    ]
    for text in texts {
      let bytes = Array(text.utf8)
      let tree = Result { () throws -> AppStoreNotificationDocument in
        let value = try JSONValue(parsing: bytes, maxDepth: WireDocument.maxDepth)
        return try AppStoreNotificationDocument(
          tree: value, form: .requestBody, maxDepth: WireDocument.maxDepth)
      }
      let read = Result { try WireDocument(bytes: bytes) }
      switch (tree, read) {
      case (.success(let t), .success(.appStore(let d))):
        #expect(t == d, "\(text.prefix(80))")
        #expect(t.hashValue == d.hashValue, "\(text.prefix(80))")
        #expect(t.text == d.text, "\(text.prefix(80))")
        #expect(t.expandedJSON == d.expandedJSON, "\(text.prefix(80))")
        #expect(t.json == d.json, "\(text.prefix(80))")
      case (.failure, .failure):
        break
      default:
        Issue.record("the paths disagree on \(text.prefix(120)): tree \(tree), bytes \(read)")
      }
    }
  }
}
