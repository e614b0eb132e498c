import Foundation
import SubscriptionPolicy

/// `simsub benchmark`'s wire figures: App Store request bodies (`{"signedPayload": …}` with the
/// transaction and renewal info nested as JWS) decoded and encoded per second, on one core.
///
/// The bodies are as real traffic has them: every field Apple documents for a renewal (the
/// ones simsub models and the ones only the document keeps: `appAccountToken`, `storefrontId`,
/// `renewalPrice`, `currency`, `appTransactionId`, …), each body with its own ids and dates, so
/// no two bodies share their text. Three figures, each the best of `repetitions` passes over
/// all the bodies:
/// - decoding a body losslessly (`WireDocument(bytes:)`: recognising the store, the three JWS,
///   the typed notification and the trees beside it);
/// - encoding a notification as the body Apple posts (`responseBodyV2`, the typed value's JSON
///   with its two nested JWS, to bytes);
/// - re-encoding a decoded document after a change to its typed value (the merge of the change
///   into the trees, every unmodelled member kept);
/// - writing the request simsub sends for each notification (`AppStoreWireRequest`).
public enum WireBenchmark {
  public struct Figures: Sendable {
    public var bodies: Int
    public var bodyBytes: Int
    public var decodeSeconds: Double
    public var encodeSeconds: Double
    public var reencodeSeconds: Double
    /// Writing the request simsub sends for the same notifications (given the run's identity
    /// before timing): Apple's header shape, the placeholder signatures, the fields the typed
    /// value does not keep.
    public var requestSeconds: Double

    public var decodesPerSecond: Double { Double(bodies) / decodeSeconds }
    public var encodesPerSecond: Double { Double(bodies) / encodeSeconds }
    public var reencodesPerSecond: Double { Double(bodies) / reencodeSeconds }
    public var requestsPerSecond: Double { Double(bodies) / requestSeconds }
  }

  /// `count` distinct request bodies of renewals.
  public static func bodies(_ count: Int) -> [[UInt8]] {
    (0..<count).map { i in
      let start: Int64 = 1_767_225_600_000 + Int64(i) * 1_000
      let original = 2_000_000_847_261_234 + i
      let transaction: JSONValue = [
        "transactionId": .string(String(original + 1_000_000)),
        "originalTransactionId": .string(String(original)),
        "webOrderLineItemId": .string(String(2_000_000_119_876_502 + i)), "bundleId": "com.example.news",
        "productId": "com.example.news.premium.monthly", "subscriptionGroupIdentifier": "21482735",
        "purchaseDate": .int(start + 2_678_400_000), "originalPurchaseDate": .int(start),
        "expiresDate": .int(start + 5_097_600_000), "quantity": 1, "type": "Auto-Renewable Subscription",
        "appAccountToken": .string(UUID(number: UInt64(i)).uuidString.lowercased()),
        "inAppOwnershipType": "PURCHASED", "signedDate": .int(start + 2_678_405_902),
        "environment": "Production", "transactionReason": "RENEWAL", "storefront": "USA",
        "storefrontId": "143441", "price": 9990, "currency": "USD",
        "appTransactionId": .string(String(704_289_572_311_000_001 + i)),
      ]
      let renewal: JSONValue = [
        "originalTransactionId": .string(String(original)),
        "autoRenewProductId": "com.example.news.premium.monthly",
        "productId": "com.example.news.premium.monthly",
        "autoRenewStatus": 1, "renewalPrice": 9990, "currency": "USD",
        "signedDate": .int(start + 2_678_405_902),
        "environment": "Production", "recentSubscriptionStartDate": .int(start),
        "renewalDate": .int(start + 5_097_600_000),
        "appAccountToken": .string(UUID(number: UInt64(i)).uuidString.lowercased()),
        "appTransactionId": .string(String(704_289_572_311_000_001 + i)),
      ]
      let payload: JSONValue = [
        "notificationType": "DID_RENEW",
        "notificationUUID": .string(UUID(number: UInt64(i) << 20).uuidString.lowercased()),
        "data": [
          "appAppleId": 1_234_567_890, "bundleId": "com.example.news", "bundleVersion": "42",
          "environment": "Production", "status": 1,
          "signedTransactionInfo": .string(JWS.encodeUnsecured(transaction)),
          "signedRenewalInfo": .string(JWS.encodeUnsecured(renewal)),
        ],
        "version": "2.0", "signedDate": .int(start + 2_678_406_120),
      ]
      let body: JSONValue = ["signedPayload": .string(JWS.encodeUnsecured(payload))]
      return body.serializedBytes()
    }
  }

  public static func measure(bodies count: Int = 20_000, repetitions: Int = 5) throws -> Figures {
    let bodies = Self.bodies(count)
    func best(_ body: () throws -> Void) rethrows -> Double { try BestTime.seconds(of: repetitions, body) }
    var documents: [AppStoreNotificationDocument] = []
    documents.reserveCapacity(count)
    for bytes in bodies {
      guard case .appStore(let d) = try WireDocument(bytes: bytes) else { continue }
      documents.append(d)
    }
    var sink = 0
    let decode = try best {
      for bytes in bodies {
        if case .appStore(let d) = try WireDocument(bytes: bytes) {
          sink &+= Int(d.notification.signedDate.secondsSinceEpoch)
        }
      }
    }
    let notifications = documents.map(\.notification)
    let encode = best {
      for n in notifications { sink &+= n.responseBodyV2.serializedBytes().count }
    }
    let changed = documents.map { d -> AppStoreNotificationDocument in
      var d = d
      d.notification.data.status = .billingGracePeriod
      return d
    }
    let reencode = best {
      for d in changed { sink &+= d.json.serializedBytes().count }
    }
    let context = WireContext(
      settings: WireSettings(salt: "benchmark", wallClock: { 1_800_000_000 }), app: AppIdentity(),
      scope: "benchmark", products: [])
    let identified = notifications.map { AppStoreWireRequest.wireValue($0, context: context) }
    let request = best {
      for n in identified { sink &+= AppStoreWireRequest.request(n, context: context).body.utf8.count }
    }
    precondition(sink != 42, "keeps the work observable")
    return Figures(
      bodies: count, bodyBytes: bodies.reduce(0) { $0 + $1.count } / max(1, count),
      decodeSeconds: decode, encodeSeconds: encode, reencodeSeconds: reencode, requestSeconds: request)
  }
}

extension UUID {
  /// A version-4-shaped UUID holding `number` in its last bytes: distinct per number.
  fileprivate init(number: UInt64) {
    var bytes = [UInt8](repeating: 0, count: 16)
    for k in 0..<8 { bytes[15 - k] = UInt8(truncatingIfNeeded: number >> (8 * UInt64(k))) }
    bytes[0] = 0x7e
    bytes[6] = 0x40 | (bytes[6] & 0x0f)
    bytes[8] = 0x80 | (bytes[8] & 0x3f)
    self.init(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
        bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
}
