import Foundation

/// RevenueCat's webhook body read straight from its bytes through a `JSONByteIndex`: the same
/// fields, defaults and fallbacks as `RevenueCatEvent.init(json:)`, without a tree.
///
/// Taken only for the body RevenueCat posts, an object whose members are `api_version` and
/// `event` and nothing else, with `event` an object: a body the tree path would give to no other
/// store. The reader gives up (`JSONByteIndex.Refusal`) wherever `init(eventJSON:)` would throw
/// or needs what the index does not hold, and the caller then decodes through the tree, which
/// gives the value or the error with its path. The wire tests decode every fixture both ways
/// and compare.
extension RevenueCatEvent {
  init(index j: JSONByteIndex, event o: JSONByteIndex.Object, apiVersion: Symbol) throws(JSONByteIndex
    .Refusal)
  {
    self.init(
      apiVersion: apiVersion,
      type: RevenueCatEventType(symbol: try j.symbol(try j.required("type", in: o))),
      id: try j.symbol(try j.required("id", in: o), unique: true),
      appId: try j.optionalSymbol("app_id", in: o),
      eventTimestamp: try j.instantFromMilliseconds(try j.required("event_timestamp_ms", in: o)),
      appUserId: try j.optionalSymbol("app_user_id", in: o) ?? Self.absentField,
      originalAppUserId: try j.optionalSymbol("original_app_user_id", in: o),
      productId: try j.optionalSymbol("product_id", in: o) ?? Self.absentField,
      newProductId: try j.optionalSymbol("new_product_id", in: o),
      entitlementId: try j.firstSymbol(ofArray: j.present("entitlement_ids", in: o)),
      periodType: try j.optionalSymbol("period_type", in: o).map(RevenueCatPeriodType.init(symbol:))
        ?? .normal,
      purchasedAt: try j.optionalInstant("purchased_at_ms", in: o),
      expirationAt: try j.optionalInstant("expiration_at_ms", in: o),
      gracePeriodExpirationAt: try j.optionalInstant("grace_period_expiration_at_ms", in: o),
      autoResumeAt: try j.optionalInstant("auto_resume_at_ms", in: o),
      store: RevenueCatStore(symbol: try j.optionalSymbol("store", in: o) ?? Self.absentField),
      environment: try j.optionalSymbol("environment", in: o).map(RevenueCatEnvironment.init(symbol:))
        ?? .production,
      isTrialConversion: try j.optionalBool("is_trial_conversion", in: o),
      cancelReason: try j.optionalSymbol("cancel_reason", in: o).map(RevenueCatReason.init(symbol:)),
      expirationReason: try j.optionalSymbol("expiration_reason", in: o).map(RevenueCatReason.init(symbol:)),
      transactionId: try j.optionalSymbol("transaction_id", in: o, unique: true),
      originalTransactionId: try j.optionalSymbol("original_transaction_id", in: o),
      isFamilyShare: try j.optionalBool("is_family_share", in: o),
      countryCode: try j.optionalSymbol("country_code", in: o))
  }
}

extension RevenueCatEventDocument {
  /// The fast path for a webhook body's bytes: `{"api_version": …, "event": {…}}` indexed rather
  /// than parsed, its tree built from the same bytes when asked for. `nil` for any other body,
  /// or wherever the tree path must decide (the caller parses it).
  init?(indexingWebhookBody bytes: [UInt8], maxDepth: Int) {
    guard let j = JSONByteIndex(bytes: bytes, maxDepth: maxDepth),
      j.hasOnlyMembers(["api_version", "event"], in: j.root)
    else { return nil }
    do throws(JSONByteIndex.Refusal) {
      guard let event = j.member("event", in: j.root), event.kind == .object else { return nil }
      let apiVersion = try j.optionalSymbol("api_version", in: j.root) ?? RevenueCatEvent.apiVersion1
      let decoded = try RevenueCatEvent(index: j, event: event.firstChild, apiVersion: apiVersion)
      self.init(form: .webhookBody, decoded: decoded, index: j, event: event.firstChild)
    } catch {
      return nil
    }
  }
}

extension JSONByteIndex {
  /// The member named `key` of `object`, or `nil`: ``member(_:in:)`` for a key known only at
  /// run time.
  func member(named key: String, in object: Object) -> Member? {
    var key = key
    return key.withUTF8 { k in
      guard let base = k.baseAddress else { return nil }
      let hash = Self.hash(base, k.count)
      var i = object
      return members.withUnsafeBufferPointer { m in
        guard i >= 0, m[Int(i)].objectKeys & Self.keyBit(hash) != 0 else { return nil }
        return bytes.withUnsafeBufferPointer { b in
          while i >= 0 {
            let member = m[Int(i)]
            if member.hash == hash, Int(member.keyCount) == k.count,
              memcmp(b.baseAddress! + Int(member.keyStart), base, k.count) == 0
            {
              return member
            }
            i = member.next
          }
          return nil
        }
      }
    }
  }

  /// Whether every member of `object` has one of `keys` (and it has at least one).
  func hasOnlyMembers(_ keys: [StaticString], in object: Object) -> Bool {
    var i = object
    guard i >= 0 else { return false }
    return members.withUnsafeBufferPointer { m in
      bytes.withUnsafeBufferPointer { b in
        while i >= 0 {
          let member = m[Int(i)]
          let known = keys.contains { key in
            Int(member.keyCount) == key.utf8CodeUnitCount
              && memcmp(b.baseAddress! + Int(member.keyStart), key.utf8Start, key.utf8CodeUnitCount) == 0
          }
          guard known else { return false }
          i = member.next
        }
        return true
      }
    }
  }

  /// The elements of the array members `keys` of `object` as symbols, in the order of `keys`
  /// (a key with no member, or one that is not an array, adds none); `nil` when an element is
  /// anything but a string without escapes, which the caller then reads through a tree. The
  /// grammar was checked by the scan.
  func plainStringSymbols(_ keys: [StaticString], in object: Object) -> [Symbol]? {
    var symbols: [Symbol] = []
    func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
    for key in keys {
      guard let m = member(key, in: object), m.kind == .array else { continue }
      var i = Int(m.valueStart) + 1
      let end = Int(m.valueEnd) - 1
      while true {
        while i < end, isSpace(bytes[i]) || bytes[i] == UInt8(ascii: ",") { i += 1 }
        guard i < end else { break }
        guard bytes[i] == UInt8(ascii: "\"") else { return nil }
        var close = i + 1
        while close < end, bytes[close] != UInt8(ascii: "\"") {
          guard bytes[close] != UInt8(ascii: "\\") else { return nil }
          close += 1
        }
        guard close < end else { return nil }
        let element = Member(
          keyStart: 0, keyCount: 0, valueStart: Int32(i), valueEnd: Int32(close + 1), next: -1,
          firstChild: -1,
          hash: 0, kind: .string)
        guard let symbol = try? symbol(element) else { return nil }
        symbols.append(symbol)
        i = close + 1
      }
    }
    return symbols
  }

  /// The first element of an array member as a symbol, as `try array().first?.ifPresent?.symbol()`
  /// reads it: `nil` for no member, an empty array or a `null` first element; the symbol of a
  /// plain string. Anything else (an escaped string, another kind) is left to the tree.
  func firstSymbol(ofArray m: Member?) throws(Refusal) -> Symbol? {
    guard let m else { return nil }
    guard m.kind == .array else { throw Refusal() }
    var i = Int(m.valueStart) + 1
    let end = Int(m.valueEnd) - 1
    func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
    while i < end, isSpace(bytes[i]) { i += 1 }
    guard i < end else { return nil }
    if bytes[i] == UInt8(ascii: "n") { return nil }  // `null`: the grammar was checked by the scan
    guard bytes[i] == UInt8(ascii: "\"") else { throw Refusal() }
    var close = i + 1
    while close < end, bytes[close] != UInt8(ascii: "\"") {
      guard bytes[close] != UInt8(ascii: "\\") else { throw Refusal() }
      close += 1
    }
    guard close < end else { throw Refusal() }
    let element = Member(
      keyStart: 0, keyCount: 0, valueStart: Int32(i), valueEnd: Int32(close + 1), next: -1, firstChild: -1,
      hash: 0, kind: .string)
    return try symbol(element)
  }
}
