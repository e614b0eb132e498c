import Foundation
import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// `simsub decode` reads the App Store payloads Apple itself writes without fields every real
/// notification has, as Apple's server libraries do (every field optional): each missing field
/// is named in a note and given a stand-in, and everything else about the body stays strict.
@Suite("simsub decode: Apple's test payloads")
struct DecodeAppleTestPayloadTests {
  let facts = TerminalFacts(standardOutputIsTerminal: false, standardErrorIsTerminal: false, environment: [:])

  func simsub(_ arguments: [String]) -> (SimSub.ExitStatus, CapturingConsole) {
    let console = CapturingConsole()
    return (SimSubMain.run(arguments: ["decode"] + arguments, console: console, facts: facts), console)
  }

  /// `simsub decode [options] FILE` of `body` written to a file named `name`; the file's path
  /// is returned for the messages that name it.
  func decode(_ body: JSONValue, as name: String, _ options: [String] = []) throws -> (
    status: SimSub.ExitStatus, console: CapturingConsole, path: String
  ) {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file(name, body.serialized())
    let (status, console) = simsub(options + [dir.at(name)])
    return (status, console, dir.at(name))
  }

  static func jws(_ payload: JSONValue) -> String {
    JWS.base64URLEncode(Array(#"{"alg":"ES256","x5c":[]}"#.utf8)) + "."
      + JWS.base64URLEncode(payload.serializedBytes()) + ".c2lnbmF0dXJl"
  }

  /// A `TEST` notification whose `data` has a bundle id and nothing else.
  static let testWithoutEnvironment: JSONValue = [
    "signedPayload": .string(
      jws([
        "notificationType": "TEST", "notificationUUID": "9ad56bd2-0bc6-42e0-8d24-fd0d4e1dba26",
        "data": ["bundleId": "com.example"], "version": "2.0", "signedDate": 1_698_148_900_000,
      ]))
  ]

  /// A notification whose transaction was signed with only `environment`, `bundleId` and
  /// `signedDate`.
  static let bareTransaction: JSONValue = [
    "signedPayload": .string(
      jws([
        "notificationType": "SUBSCRIBED", "subtype": "INITIAL_BUY",
        "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
        "data": [
          "environment": "LocalTesting", "bundleId": "com.example",
          "signedTransactionInfo": .string(
            jws(["environment": "LocalTesting", "bundleId": "com.example", "signedDate": 1_698_148_900_000])),
        ],
        "version": "2.0", "signedDate": 1_698_148_900_000,
      ]))
  ]

  @Test func aTestNotificationWithoutEnvironmentDecodesWithANote() throws {
    // The strict reading refuses it: the models require `environment`.
    #expect(throws: WireDecodingError.self) {
      try WireDocument(bytes: Self.testWithoutEnvironment.serializedBytes())
    }
    let (status, console, path) = try decode(Self.testWithoutEnvironment, as: "test.json")
    #expect(status == .success)
    #expect(
      console.standardError
        == "\(path):1:18: note: signedPayload.data.environment is missing; Apple's server libraries read every field as optional, and simsub reads it as \"Sandbox\"\n"
    )
    #expect(console.standardOutput.contains("\n  type       TEST\n"))
    #expect(
      console.standardOutput.contains("\n  missing    signedPayload.data.environment, read as \"Sandbox\"\n"))
  }

  @Test func aTransactionWithThreeFieldsDecodesWithANoteForEachOther() throws {
    let (status, console, _) = try decode(Self.bareTransaction, as: "subscribed.json")
    #expect(status == .success)
    let missing = console.standardError.split(separator: "\n").map {
      String($0.split(separator: " ")[2])
    }
    let t = "signedPayload.data.signedTransactionInfo."
    #expect(
      missing
        == [
          "originalTransactionId", "transactionId", "productId", "purchaseDate", "originalPurchaseDate",
        ].map { t + $0 })
    #expect(console.standardOutput.contains("\n  type       SUBSCRIBED / INITIAL_BUY\n"))
    // The stand-in dates are the transaction's own signing date.
    #expect(console.standardOutput.contains("\(t)purchaseDate, read as 1698148900000\n"))
  }

  @Test func jsonPrintsTheBodyAsSentWithoutTheStandIns() throws {
    let (status, console, _) = try decode(Self.bareTransaction, as: "subscribed.json", ["--format", "json"])
    #expect(status == .success)
    let printed = try JSONValue(parsing: console.standardOutput)
    let transaction = printed["signedPayload"]?["data"]?["signedTransactionInfo"]
    #expect(
      transaction == [
        "environment": "LocalTesting", "bundleId": "com.example", "signedDate": 1_698_148_900_000,
      ])
  }

  /// `RESCIND_CONSENT` carries `appData`, not `data` (the shape of Apple's library fixture
  /// `signedRescindConsentNotification.json`): decoded strictly, with the app's identity.
  @Test func rescindConsentDecodesWithTheAppsIdentity() throws {
    let body: JSONValue = [
      "signedPayload": .string(
        Self.jws([
          "notificationType": "RESCIND_CONSENT", "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
          "appData": [
            "appAppleId": 41234, "bundleId": "com.example", "environment": "LocalTesting",
            "signedAppTransactionInfo": .string(Self.jws(["appAppleId": 41234, "bundleId": "com.example"])),
          ],
          "version": "2.0", "signedDate": 1_698_148_900_000,
        ]))
    ]
    let (status, console, _) = try decode(body, as: "rescind.json")
    #expect(status == .success)
    #expect(console.standardError == "")
    #expect(console.standardOutput.contains("environment LocalTesting\n  type       RESCIND_CONSENT\n"))
    #expect(console.standardOutput.contains("signedPayload.appData.bundleId com.example\n"))
  }

  @Test func aFieldOfTheWrongKindIsStillAnError() throws {
    let body: JSONValue = [
      "signedPayload": .string(
        Self.jws([
          "notificationType": "TEST", "notificationUUID": "9ad56bd2-0bc6-42e0-8d24-fd0d4e1dba26",
          "data": ["bundleId": "com.example", "environment": "Sandbox", "status": "active"],
        ]))
    ]
    let (status, console, _) = try decode(body, as: "wrong.json")
    #expect(status == .badInput)
    #expect(console.standardError.contains("error: signedPayload.data.status: expected a number"))
  }

  /// The stand-in table is complete: every field of full payloads whose absence the strict
  /// reading refuses is one the lenient reading fills in, and names.
  @Test func everyFieldTheStrictReadingRequiresIsFilledIn() throws {
    let fixture = DecodeCommandTests.fixture("AppStore", "did-fail-to-renew-grace-period.json")
    let body = try JSONValue(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: fixture))))
    let outer = try SignedJSON(try #require(body["signedPayload"]?.stringValue))
    func withPayload(_ payload: JSONValue) -> [UInt8] {
      JSONValue.object(["signedPayload": .string(outer.replacingPayload(payload))]).serializedBytes()
    }
    var bodies: [(path: String, bytes: [UInt8])] = []
    var bareBodies: [(path: String, bytes: [UInt8])] = []
    let root = try #require(outer.payload.objectValue)
    for key in root.keys {
      var o = root
      o[key] = nil
      bodies.append(("signedPayload.\(key)", withPayload(.object(o))))
    }
    let data = try #require(root["data"]?.objectValue)
    for key in data.keys {
      var d = data
      d[key] = nil
      var o = root
      o["data"] = .object(d)
      bodies.append(("signedPayload.data.\(key)", withPayload(.object(o))))
    }
    for nested in ["signedTransactionInfo", "signedRenewalInfo"] {
      let signed = try SignedJSON(try #require(data[nested]?.stringValue))
      let payload = try #require(signed.payload.objectValue)
      for key in payload.keys {
        var p = payload
        p[key] = nil
        var d = data
        d[nested] = .string(signed.replacingPayload(.object(p)))
        var o = root
        o["data"] = .object(d)
        bodies.append(("signedPayload.data.\(nested).\(key)", withPayload(.object(o))))
        // The same payload signed alone: a bare transaction or renewal info JWS.
        bareBodies.append((key, Array(signed.replacingPayload(.object(p)).utf8)))
      }
    }
    #expect(bodies.count > 40)
    var required: [String] = []
    for (path, bytes) in bodies {
      do {
        _ = try WireDocument(bytes: bytes)
      } catch {
        guard error.message.hasSuffix("the field is missing") else { continue }
        required.append(path)
        // Without `notificationType` a body is not recognised as Apple's, and without `data`
        // there is no notification to complete: those stay errors.
        guard !["signedPayload.notificationType", "signedPayload.data"].contains(path) else {
          #expect(AppStoreMissingFields.read(bytes, refusedWith: error) == nil)
          continue
        }
        let completed = AppStoreMissingFields.read(bytes, refusedWith: error)
        #expect(completed?.notes.map(\.path.description) == [path], "\(path)")
      }
    }
    #expect(required.count >= 14, "\(required)")
    // A bare JWS is recognised by `transactionId` or `autoRenewStatus`/`autoRenewProductId`;
    // any other required field it lacks is filled in at the payload's root.
    var bareRequired: [String] = []
    for (path, bytes) in bareBodies {
      do {
        _ = try WireDocument(bytes: bytes)
      } catch {
        guard error.message.hasSuffix("the field is missing") else { continue }
        bareRequired.append(path)
        let completed = AppStoreMissingFields.read(bytes, refusedWith: error)
        #expect(completed?.notes.map(\.path.description) == [path], "bare \(path)")
      }
    }
    #expect(bareRequired.count >= 8, "\(bareRequired)")
  }
}
