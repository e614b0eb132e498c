import SubscriptionPolicy

/// Apple's own test payloads, read as Apple's server libraries read them.
///
/// Apple's App Store Server Library (Swift, Java, Node and Python) declares every field of
/// `ResponseBodyV2DecodedPayload`, `Data`, `JWSTransactionDecodedPayload` and
/// `JWSRenewalInfoDecodedPayload` optional, and some payloads Apple itself writes leave out
/// fields every real notification has: a `TEST` notification whose `data` holds no
/// `environment`, a transaction signed with only `environment`, `bundleId` and `signedDate`.
/// simsub's models require those fields (a policy decides on them), so the strict reading
/// refuses such a body. `simsub decode` then reads it the libraries' way: each missing field is
/// given a stand-in, named in a note, and the body is decoded as if it had been sent so.
///
/// Only App Store bodies are completed, and only the fields the models require; a field of the
/// wrong kind, a body of another store or one that is not JSON stays an error.
enum AppStoreMissingFields {
  /// A field that was missing, and what stood in for it.
  struct Note: Hashable {
    /// Where the field belongs: `signedPayload.data.environment`.
    var path: JSONPath
    /// The stand-in, as JSON text: `"Sandbox"`, `0`.
    var standIn: String
    /// What the note says: `signedPayload.data.environment is missing; …`.
    var message: String {
      "\(path) is missing; Apple's server libraries read every field as optional, and simsub reads it as \(standIn)"
    }

    /// Line and column of the object that lacks the field (or of the JWS string that carries
    /// it) in `bytes`.
    func location(in bytes: [UInt8]) -> (line: Int, column: Int) {
      JSONLocator.lineAndColumn(of: JSONLocator.offset(of: path, in: bytes) ?? 0, in: bytes)
    }
  }

  /// The body decoded with its missing fields filled in, and a note for each; `nil` when the
  /// body is not an App Store notification (or transaction, or renewal info) that lacks only
  /// required fields.
  ///
  /// `refusal` is the strict reading's error: only a missing field is worth a second reading,
  /// so any other error answers `nil` at once, without parsing the body again.
  static func read(_ bytes: [UInt8], refusedWith refusal: WireDecodingError) -> (
    document: WireDocument, notes: [Note]
  )? {
    // `JSONCursor.expected(_:)`'s words for an absent member (the tests below fail if they change).
    guard refusal.message.hasSuffix("but the field is missing") else { return nil }
    guard let value = try? JSONValue(parsing: bytes, maxDepth: WireDocument.maxDepth) else {
      // A bare JWS is not JSON text: read it as the string it is.
      let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespace
      guard SignedJSON.looksLikeJWS(text) else { return nil }
      return complete(.string(text))
    }
    return complete(value)
  }

  private static func complete(_ value: JSONValue) -> (document: WireDocument, notes: [Note])? {
    var notes: [Note] = []
    let filled: JSONValue
    switch value {
    case .object(var body) where body["signedPayload"] != nil:
      guard case .string(let jws)? = body["signedPayload"],
        let payload = completeJWS(jws, at: JSONPath.root.appending(.key("signedPayload")), &notes)
      else { return nil }
      body["signedPayload"] = .string(payload)
      filled = .object(body)
    case .object(let o) where o["notificationType"] != nil:
      guard let payload = completeNotification(value, at: .root, &notes) else { return nil }
      filled = payload
    case .string(let jws):
      guard let payload = completeJWS(jws, at: .root, &notes) else { return nil }
      filled = .string(payload)
    default:
      return nil
    }
    guard !notes.isEmpty, let document = try? WireDocument(bytes: filled.serializedBytes()) else {
      return nil
    }
    return (document, notes)
  }

  /// The JWS with its payload completed: a notification, a transaction or a renewal info.
  private static func completeJWS(_ jws: String, at path: JSONPath, _ notes: inout [Note]) -> String? {
    guard let signed = try? SignedJSON(jws, path: path, maxDepth: WireDocument.maxDepth),
      let payload = signed.payload.objectValue
    else { return nil }
    let completed: JSONValue?
    if payload["notificationType"] != nil {
      completed = completeNotification(signed.payload, at: path, &notes)
    } else if payload["autoRenewStatus"] != nil || payload["autoRenewProductId"] != nil {
      completed = fill(signed.payload, Self.renewalInfo, at: path, signedDate: nil, &notes)
    } else if payload["transactionId"] != nil {
      completed = fill(signed.payload, Self.transaction, at: path, signedDate: nil, &notes)
    } else {
      completed = nil
    }
    return completed.map(signed.replacingPayload)
  }

  /// A notification's payload with its own fields, its `data`'s and its nested JWS completed.
  private static func completeNotification(
    _ payload: JSONValue, at path: JSONPath, _ notes: inout [Note]
  ) -> JSONValue? {
    let signedDate = payload["signedDate"]?.int64Value
    guard var root = fill(payload, Self.notification, at: path, signedDate: signedDate, &notes)?.objectValue,
      let data = root["data"]?.objectValue
    else { return nil }
    let dataPath = path.appending(.key("data"))
    guard
      var completed = fill(.object(data), Self.data, at: dataPath, signedDate: signedDate, &notes)?
        .objectValue
    else { return nil }
    for (key, fields) in [
      ("signedTransactionInfo", Self.transaction), ("signedRenewalInfo", Self.renewalInfo),
    ] {
      guard case .string(let jws)? = completed[key] else { continue }
      let here = dataPath.appending(.key(key))
      guard let signed = try? SignedJSON(jws, path: here, maxDepth: WireDocument.maxDepth),
        let inner = fill(signed.payload, fields, at: here, signedDate: signedDate, &notes)
      else { return nil }
      completed[key] = .string(signed.replacingPayload(inner))
    }
    root["data"] = .object(completed)
    return .object(root)
  }

  /// What stands in for a missing field.
  private enum StandIn {
    /// A string: ids and names.
    case text(String)
    /// An integer.
    case integer(Int64)
    /// A date in milliseconds: the payload's own `signedDate`, else the notification's, else
    /// the epoch.
    case date
  }

  /// The required fields of each payload, as the strict decoders read them
  /// (`AppStoreServerNotification.init(json:)`, `AppStoreNotificationData`,
  /// `JWSTransactionDecodedPayload.init(json:)`, `JWSRenewalInfoDecodedPayload.init(json:)`);
  /// a test removes each field of full payloads and checks this list has every one the strict
  /// reading refuses without.
  private static let notification: KeyValuePairs<String, StandIn> = [
    "notificationUUID": .text("00000000-0000-0000-0000-000000000000")
  ]
  private static let data: KeyValuePairs<String, StandIn> = [
    "bundleId": .text("missing"),
    "environment": .text("Sandbox"),
  ]
  private static let transaction: KeyValuePairs<String, StandIn> = [
    "originalTransactionId": .text("missing"),
    "transactionId": .text("missing"),
    "bundleId": .text("missing"),
    "productId": .text("missing"),
    "purchaseDate": .date,
    "originalPurchaseDate": .date,
    "signedDate": .date,
  ]
  private static let renewalInfo: KeyValuePairs<String, StandIn> = [
    "originalTransactionId": .text("missing"),
    "productId": .text("missing"),
    "autoRenewStatus": .integer(0),
    "signedDate": .date,
  ]

  /// `payload` with each of `fields` it lacks (absent or `null`) given its stand-in; `nil`
  /// when it is not an object.
  private static func fill(
    _ payload: JSONValue, _ fields: KeyValuePairs<String, StandIn>, at path: JSONPath,
    signedDate: Int64?, _ notes: inout [Note]
  ) -> JSONValue? {
    guard var o = payload.objectValue else { return nil }
    let ownDate = o["signedDate"]?.int64Value ?? signedDate ?? 0
    for (key, standIn) in fields where o[key] == nil || o[key] == .null {
      let value: JSONValue =
        switch standIn {
        case .text(let s): .string(s)
        case .integer(let i): .int(i)
        case .date: .int(ownDate)
        }
      o[key] = value
      notes.append(Note(path: path.appending(.key(key)), standIn: value.serialized()))
    }
    return .object(o)
  }
}

extension JSONValue {
  /// The value without the member at `path`, when there is one.
  func removing(_ path: JSONPath) -> JSONValue {
    guard let first = path.components.first else { return self }
    let rest = JSONPath(Array(path.components.dropFirst()))
    switch (self, first) {
    case (.object(var o), .key(let key)):
      guard let member = o[key] else { return self }
      // `JSONValue?.none`, not `nil`: a `JSONValue` literal `nil` is JSON's `null`.
      o[key] = rest.components.isEmpty ? JSONValue?.none : member.removing(rest)
      return .object(o)
    case (.array(var a), .index(let i)) where a.indices.contains(i):
      guard !rest.components.isEmpty else { return self }
      a[i] = a[i].removing(rest)
      return .array(a)
    default:
      return self
    }
  }
}

extension String {
  /// The text without leading and trailing spaces, tabs and line breaks.
  fileprivate var trimmingWhitespace: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    return String(self.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }
}
