import Testing

@testable import SubscriptionPolicy

@Suite("StoreNotification log lines")
struct StoreNotificationJSONTests {
  @Test func appleLinesCarryTheDecodedPayload() throws {
    let n = try AppleFixture.didFailToRenewGracePeriod.decoded()
    let line = StoreNotification.appStore(n).json
    #expect(line.objectValue?.keys == ["store", "payload"])
    #expect(line["store"] == "apple")
    #expect(line["payload"] == n.json)
    #expect(try StoreNotification(json: line) == .appStore(n))
  }

  @Test func googleLinesAreTheCombinedLineWithATag() throws {
    let n = try GooglePlayNotification(jsonText: GoogleFixture.onHold.text)
    let line = StoreNotification.googlePlay(n).json
    #expect(line.objectValue?.keys == ["store", "rtdn", "subscriptionsv2"])
    #expect(line["rtdn"] == n.developerNotificationJSON)
    #expect(try StoreNotification(json: line) == .googlePlay(n))

    var bare = n
    bare.subscription = nil
    #expect(StoreNotification.googlePlay(bare).json.objectValue?.keys == ["store", "rtdn"])
  }

  @Test func appleLinesMayCarryTheSignedPayloadInstead() throws {
    let n = try AppleFixture.refund.decoded()
    let line: JSONValue = ["store": "apple", "signedPayload": .string(n.signedPayload)]
    #expect(try StoreNotification(json: line) == .appStore(n))
  }

  @Test func aLogIsOneLinePerNotification() throws {
    let all: [StoreNotification] =
      try AppleFixture.all.map { .appStore(try $0.decoded()) }
      + GoogleFixture.all.map { .googlePlay(try GooglePlayNotification(jsonText: $0.text)) }
    let log = all.map { $0.jsonText() }.joined(separator: "\n")
    #expect(!all.map { $0.jsonText() }.contains { $0.contains("\n") })
    let replayed = try log.split(separator: "\n").map { try StoreNotification(jsonText: String($0)) }
    #expect(replayed == all)
  }

  func decodingError(_ text: String) -> String? {
    do {
      _ = try StoreNotification(jsonText: text)
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func errorsNameTheStoreAndThePath() {
    #expect(
      decodingError(#"{"store":"amazon"}"#)
        == #"store: expected "apple", "google", "stripe" or "revenuecat", found "amazon""#)
    #expect(decodingError(#"{"store":"stripe"}"#) == "event: expected an object, but the field is missing")
    #expect(
      decodingError(#"{"store":"revenuecat","event":{"type":"RENEWAL"}}"#)
        == "event.id: expected a string, but the field is missing")
    #expect(decodingError(#"{"payload":{}}"#) == "store: expected a string, but the field is missing")
    #expect(decodingError(#"{"store":"apple"}"#) == "payload: expected an object, but the field is missing")
    #expect(
      decodingError(#"{"store":"apple","payload":{"notificationType":1}}"#)
        == "payload.notificationType: expected a string, found a number")
    #expect(decodingError(#"{"store":"google"}"#) == "rtdn: expected an object, but the field is missing")
    #expect(
      decodingError(#"{"store":"apple","signedPayload":"a.b"}"#)
        == "signedPayload: expected a JWS (three base64url parts separated by '.'), found 2 parts")
    #expect(
      decodingError("{\"store\":\"apple\",\n\"payload\":}")
        == "2:11: unexpected character '}'; expected a value")
  }
}
