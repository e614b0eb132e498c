import Foundation
import SubscriptionPolicy
import TestSupport
import Testing

@testable import SimSub

/// `simsub decode`, in-process: every fixture body of every store, the summary it prints, the
/// JSON with its JWS expanded, and bad bodies answered with a location and status 2.
@Suite("simsub decode")
struct DecodeCommandTests {
  let facts = TerminalFacts(standardOutputIsTerminal: false, standardErrorIsTerminal: false, environment: [:])
  static let fixtures = packageRoot.appendingPathComponent("Tests/SubscriptionPolicyTests/Fixtures")

  static func fixture(_ store: String, _ name: String) -> String {
    fixtures.appendingPathComponent(store).appendingPathComponent(name).path
  }

  static let allFixtures: [String] = ["AppStore", "GooglePlay", "Stripe", "RevenueCat"].flatMap { store in
    let folder = fixtures.appendingPathComponent(store).path
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { !$0.hasSuffix(".md") }.sorted().map {
      (folder as NSString).appendingPathComponent($0)
    }
  }

  func simsub(_ arguments: [String]) -> (SimSub.ExitStatus, CapturingConsole) {
    let console = CapturingConsole()
    return (SimSubMain.run(arguments: ["decode"] + arguments, console: console, facts: facts), console)
  }

  @Test func everyFixtureDecodes() {
    #expect(Self.allFixtures.count > 100)
    let (status, console) = simsub(Self.allFixtures)
    #expect(status == .success)
    #expect(console.standardError == "")
    for path in Self.allFixtures { #expect(console.standardOutput.contains("\(path): "), "\(path)") }
  }

  @Test func theSummarySaysWhatTheBodySays() {
    let path = Self.fixture("AppStore", "did-fail-to-renew-grace-period.json")
    let (status, console) = simsub([path])
    #expect(status == .success)
    let out = console.standardOutput
    #expect(
      out.hasPrefix(
        "\(path): App Store Server Notification V2, request body (signedPayload JWS), environment Production\n"
      ))
    #expect(out.contains("\n  type       DID_FAIL_TO_RENEW / GRACE_PERIOD\n"))
    #expect(
      out.contains("\n  ids        signedPayload.notificationUUID 6c1d2a2e-0b59-4d5c-9a52-3f0e8c1f7a10\n"))
    #expect(
      out.contains(
        "\n             signedPayload.data.signedTransactionInfo.originalTransactionId 2000000847261234\n"))
    #expect(
      out.contains(
        "\n             signedPayload.data.signedRenewalInfo.gracePeriodExpiresDate 2026-03-17T00:00:00.000Z\n"
      ))
    #expect(out.contains("\n  status     4 (billing grace period)\n"))
    #expect(
      out.contains(
        "\n  reference  grace, access yes, prompt soft, grace until 2026-03-17T00:00:00Z (from this body alone, at 2026-02-01T00:00:06Z)\n"
      ))
  }

  @Test func datesKeepTheirMilliseconds() {
    let (_, xcode) = simsub([Self.fixture("AppStore", "did-renew-xcode.json")])
    #expect(xcode.standardOutput.contains("signedPayload.signedDate 2026-02-01T00:00:06.120375Z\n"))
    let (_, google) = simsub([Self.fixture("GooglePlay", "subscription-06-in-grace-period.json")])
    #expect(google.standardOutput.contains("message.data.eventTimeMillis 2026-03-12T14:33:20.115Z\n"))
    let (_, stripe) = simsub([Self.fixture("Stripe", "invoice-payment_failed.json")])
    #expect(stripe.standardOutput.contains("data.object.next_payment_attempt 2026-02-03T09:00:00Z\n"))
  }

  @Test func bodiesNoPolicyReceivesSaySo() {
    let (status, console) = simsub([Self.fixture("GooglePlay", "voided-purchase-subscription.json")])
    #expect(status == .success)
    #expect(console.standardOutput.contains("\n  type       VOIDED_PURCHASE\n"))
    #expect(console.standardOutput.contains("\n  reference  no decision: "))
  }

  @Test func jsonExpandsEveryJWS() throws {
    let path = Self.fixture("AppStore", "refund.json")
    let (status, console) = simsub(["--format", "json", path])
    #expect(status == .success)
    let printed = try JSONValue(parsing: console.standardOutput)
    #expect(printed["signedPayload"]?["notificationType"] == "REFUND")
    #expect(printed["signedPayload"]?["data"]?["signedTransactionInfo"]?["revocationReason"] == 0)
    #expect(printed["signedPayload"]?["data"]?["signedRenewalInfo"]?["renewalPrice"] == 9990)
    let document = try WireDocument(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    #expect(printed == document.expandedJSON)
  }

  @Test func severalFilesInJSONAreAnArray() throws {
    let files = [Self.fixture("Stripe", "charge-refunded.json"), Self.fixture("RevenueCat", "transfer.json")]
    let (status, console) = simsub(["--format", "json"] + files)
    #expect(status == .success)
    let printed = try JSONValue(parsing: console.standardOutput)
    #expect(printed.arrayValue?.count == 2)
    #expect(printed[1]?["event"]?["type"] == "TRANSFER")
  }

  @Test func badBodiesExitTwoWithTheirLocation() throws {
    let dir = try CommandLineScratchDirectory()
    defer { dir.remove() }
    try dir.file(
      "truncated.json", #"{"signedPayload": "eyJhbGciOiJFUzI1NiJ9.eyJub3RpZmljYXRpb25UeXBlIjoiRElEX1JF"}"#)
    try dir.file("wrong-store.json", "{\n  \"kind\": \"youtube#video\"\n}\n")
    try dir.file("bad-json.json", "{\n  \"object\": \"event\",\n  \"id\": evt_1\n}\n")
    let good = Self.fixture("RevenueCat", "renewal.json")
    let (status, console) = simsub([
      dir.at("truncated.json"), good, dir.at("wrong-store.json"), dir.at("bad-json.json"),
      dir.at("missing.json"),
    ])
    #expect(status == .badInput)
    let lines = console.standardError.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(lines)")
    #expect(
      lines[0]
        == "\(dir.at("truncated.json")):1:19: error: signedPayload: expected a JWS (three base64url parts separated by '.'), found 2 parts"
    )
    #expect(
      lines[1].hasPrefix("\(dir.at("wrong-store.json")):1:1: error: not a body of any store simsub knows"))
    #expect(lines[2] == "\(dir.at("bad-json.json")):3:9: error: unexpected character 'e'; expected a value")
    #expect(lines[3].hasPrefix("\(dir.at("missing.json")): error: "))
    // The good body between them is still summarised.
    #expect(console.standardOutput.hasPrefix("\(good): RevenueCat webhook body"))
  }

  /// The bodies simsub's own encoders write decode to the notifications they were made from.
  @Test func simsubsOwnBodiesDecodeToTheirNotifications() throws {
    let n = AppStoreServerNotification(
      notificationType: .didRenew,
      notificationUUID: UUID(uuidString: "6c1d2a2e-0b59-4d5c-9a52-3f0e8c1f7a10")!,
      signedDate: Instant(secondsSinceEpoch: 1_769_904_006),
      data: AppStoreNotificationData(
        appAppleId: 1, bundleId: "com.example.news", status: .active,
        transactionInfo: JWSTransactionDecodedPayload(
          originalTransactionId: "1", transactionId: "2", bundleId: "com.example.news", productId: "p",
          purchaseDate: Instant(secondsSinceEpoch: 1), originalPurchaseDate: Instant(secondsSinceEpoch: 1),
          expiresDate: Instant(secondsSinceEpoch: 2), signedDate: Instant(secondsSinceEpoch: 1))))
    let body = try WireDocument(text: n.responseBodyV2.serialized())
    #expect(body.notification == .appStore(n))
    #expect(body.text == n.responseBodyV2.serialized())
  }
}
