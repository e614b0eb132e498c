import TestSupport
import Testing

@testable import SubscriptionPolicy

/// No input crashes or hangs the parser or the decoders (ARCHITECTURE.md, "What bad input gets").
@Suite("JSON robustness")
struct JSONRobustnessTests {
  @Test func randomBytesNeverCrash() {
    var rng = SeededGenerator(seed: 1)
    for _ in 0..<20_000 {
      let count = Int(rng.next() % 48)
      let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
      _ = try? JSONValue(parsing: bytes)
    }
  }

  /// Random text from JSON's own alphabet reaches much deeper into the parser than raw bytes.
  @Test func randomJSONishTextNeverCrashes() throws {
    let alphabet = Array(#"{}[],:"\/ 0123456789-+.eEtrufalsn\ubdDC8é"#.utf8) + [0x0A, 0xC3, 0xED, 0xF0, 0x9F]
    var rng = SeededGenerator(seed: 2)
    var parsed = 0
    for _ in 0..<50_000 {
      let count = Int(rng.next() % 24)
      let bytes = (0..<count).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
      if let v = try? JSONValue(parsing: bytes) {
        parsed += 1
        // Whatever parses, writes and parses back to the same value.
        #expect(try JSONValue(parsing: v.serialized()) == v)
      }
    }
    #expect(parsed > 0)
  }

  static var documents: [String] {
    AppleFixture.all.map(\.wireText) + GoogleFixture.all.map(\.text)
      + [WireFixtures.googlePushRequest] + StripeFixture.all.map(\.text) + RevenueCatFixture.all.map(\.text)
  }

  /// Every proper prefix of a fixture is an error, never a crash, and its position is inside
  /// the text. Every prefix of one fixture of each shape; every seventh of the others, to keep
  /// the debug-build run short.
  @Test func everyTruncationIsAnError() {
    let full: Set<String> = [
      AppleFixture.didFailToRenewGracePeriod.wireText, GoogleFixture.canceled.text,
      WireFixtures.googlePushRequest, StripeFixture.paymentFailed.text,
      RevenueCatFixture.billingIssueGrace.text,
    ]
    for document in Self.documents {
      let bytes = Array(document.utf8)
      for length in stride(from: 0, to: bytes.count, by: full.contains(document) ? 1 : 7) {
        do {
          _ = try JSONValue(parsing: bytes[..<length])
          Issue.record("prefix of \(length) bytes parsed")
        } catch {
          #expect(error.offset <= length)
          #expect(error.line >= 1 && error.column >= 1)
        }
      }
    }
  }

  /// Fixtures with a few bytes changed go through the whole decoding path (JSON, JWS, base64,
  /// the store types: App Store, Google Play, Stripe, RevenueCat) without crashing, whatever
  /// the result.
  @Test func mutatedFixturesNeverCrashTheDecoders() {
    var rng = SeededGenerator(seed: 3)
    let replacements = Array(#"{}[],:"0123456789-.eEx "#.utf8) + [0x00, 0xFF]
    var stillDecoded = (stripe: 0, revenueCat: 0)
    for _ in 0..<100 {
      for document in Self.documents {
        var bytes = Array(document.utf8)
        for _ in 0..<(1 + Int(rng.next() % 3)) {
          let i = Int(rng.next() % UInt64(bytes.count))
          bytes[i] = replacements[Int(rng.next() % UInt64(replacements.count))]
        }
        guard let value = try? JSONValue(parsing: bytes) else { continue }
        _ = try? AppStoreServerNotification(json: value)
        _ = try? GooglePlayNotification(json: value)
        _ = try? GooglePlayPushRequest(json: value)
        if (try? StripeEvent(json: value)) != nil { stillDecoded.stripe += 1 }
        if (try? RevenueCatEvent(json: value)) != nil { stillDecoded.revenueCat += 1 }
        _ = try? StoreNotification(json: value)
      }
    }
    // Many changed bytes land in values the decoders skip or accept: the mutated documents reach
    // the Stripe and RevenueCat decoders' depths, not only their first check.
    #expect(stillDecoded.stripe > 0 && stillDecoded.revenueCat > 0, "\(stillDecoded)")
  }

  /// Mutations inside the JWS and base64 payloads, where the bytes are decoded twice.
  @Test func mutatedSignedPayloadsNeverCrash() throws {
    var rng = SeededGenerator(seed: 4)
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/".utf8)
    let n = try AppStoreServerNotification(jsonText: AppleFixture.didFailToRenewGracePeriod.wireText)
    let jws = Array(n.signedPayload.utf8)
    for _ in 0..<3_000 {
      var bytes = jws
      for _ in 0..<(1 + Int(rng.next() % 4)) {
        bytes[Int(rng.next() % UInt64(bytes.count))] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
      }
      _ = try? AppStoreServerNotification(signedPayload: String(decoding: bytes, as: UTF8.self))
    }
  }
}
