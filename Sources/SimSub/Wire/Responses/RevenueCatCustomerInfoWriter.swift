import SubscriptionPolicy

/// The RevenueCat SDK's `CustomerInfo` (``RevenueCatCustomerInfo``) written straight into
/// compact JSON bytes, without building the tree: the same bytes as the tree's
/// `serializedBytes()`, member for member. What a policy process's `decide` carries as
/// `snapshot.revenuecat` in Monte Carlo, where one is written for every question.
///
/// An instant written twice in one `CustomerInfo` (the expiry is written three times, the
/// purchase twice) is formatted once and its text copied after.
struct RevenueCatCustomerInfoWriter: JSONObjectBytes {
  var out: [UInt8]
  var needsComma = false
  /// The instants written so far, with where their quoted text starts in `out`.
  private var dates: [(instant: Instant, start: Int)] = []

  /// The text of ``RevenueCatCustomerInfo/customerInfo(_:at:context:)`` for `s` at `instant`,
  /// appended to `bytes`.
  static func write(
    _ s: RevenueCatSubscriber?, at instant: Instant, context c: WireContext, into bytes: inout [UInt8]
  ) {
    var writer = RevenueCatCustomerInfoWriter(out: [])
    swap(&writer.out, &bytes)
    writer.dates.reserveCapacity(8)
    writer.customerInfo(s, at: instant, context: c)
    swap(&writer.out, &bytes)
  }

  private init(out: [UInt8]) { self.out = out }

  private mutating func customerInfo(_ s: RevenueCatSubscriber?, at instant: Instant, context c: WireContext)
  {
    begin()
    key("entitlements")
    begin()
    key("all")
    begin()
    var entitlement = 0..<0
    if let s {
      let id = RevenueCatDefaults.entitlementId.text
      let start = out.count
      if needsComma { out.append(UInt8(ascii: ",")) }
      needsComma = true
      JSONWriter.writeString(id, into: &out)
      out.append(UInt8(ascii: ":"))
      self.entitlement(s, identifier: id)
      entitlement = start..<out.count
    }
    end()
    key("active")
    begin()
    if let s, s.isActive {
      // The member written for `all`, once more (its dates' offsets are `all`'s).
      out.append(contentsOf: Array(out[entitlement]))
      needsComma = true
    }
    end()
    key("verification")
    raw("\"NOT_REQUESTED\"")
    end()
    key("activeSubscriptions")
    productList(s, including: s?.isActive == true)
    key("allPurchasedProductIdentifiers")
    productList(s, including: true)
    key("latestExpirationDate")
    date(s?.expiresDate)
    key("firstSeen")
    date(s?.firstSeen ?? instant)
    key("originalAppUserId")
    JSONWriter.writeString(c.subscriberId, into: &out)
    key("requestDate")
    date(instant)
    key("allExpirationDates")
    productDate(s, s?.expiresDate)
    key("allPurchaseDates")
    productDate(s, s?.purchaseDate)
    key("originalApplicationVersion")
    raw("null")
    key("originalPurchaseDate")
    raw("null")
    key("managementURL")
    if let s {
      JSONWriter.writeString(RevenueCatResponses.managementURL(s.store), into: &out)
    } else {
      raw("null")
    }
    key("nonSubscriptionTransactions")
    raw("[]")
    end()
  }

  private mutating func entitlement(_ s: RevenueCatSubscriber, identifier: String) {
    begin()
    key("identifier")
    JSONWriter.writeString(identifier, into: &out)
    key("isActive")
    bool(s.isActive)
    key("willRenew")
    bool(s.willRenew)
    key("periodType")
    raw(s.isTrial ? "\"TRIAL\"" : "\"NORMAL\"")
    key("latestPurchaseDate")
    date(s.purchaseDate)
    key("latestPurchaseDateMillis")
    millis(s.purchaseDate)
    key("originalPurchaseDate")
    date(s.originalPurchaseDate)
    key("originalPurchaseDateMillis")
    millis(s.originalPurchaseDate)
    key("expirationDate")
    date(s.expiresDate)
    key("expirationDateMillis")
    millis(s.expiresDate)
    key("store")
    JSONWriter.writeString(s.store.rawValue, into: &out)
    key("productIdentifier")
    JSONWriter.writeString(s.productId, into: &out)
    key("productPlanIdentifier")
    if let plan = s.basePlanId { JSONWriter.writeString(plan, into: &out) } else { raw("null") }
    key("isSandbox")
    bool(s.isSandbox)
    key("unsubscribeDetectedAt")
    date(s.unsubscribeDetectedAt)
    key("unsubscribeDetectedAtMillis")
    millis(s.unsubscribeDetectedAt)
    key("billingIssueDetectedAt")
    date(s.billingIssueDetectedAt)
    key("billingIssueDetectedAtMillis")
    millis(s.billingIssueDetectedAt)
    key("ownershipType")
    raw(s.familyShared ? "\"FAMILY_SHARED\"" : "\"PURCHASED\"")
    key("verification")
    raw("\"NOT_REQUESTED\"")
    end()
  }

  // MARK: JSON

  /// `["<product>"]` for `s`'s product when there is a subscriber and `including`, else `[]`.
  private mutating func productList(_ s: RevenueCatSubscriber?, including: Bool) {
    guard let s, including else { return raw("[]") }
    out.append(UInt8(ascii: "["))
    JSONWriter.writeString(s.productKey, into: &out)
    out.append(UInt8(ascii: "]"))
  }

  /// Text that needs no escaping, as it is.
  private mutating func raw(_ text: StaticString) {
    out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  private mutating func bool(_ b: Bool) { b ? raw("true") : raw("false") }

  /// `{"<product key>": date}` when there is a subscription, `{}` before any purchase.
  private mutating func productDate(_ s: RevenueCatSubscriber?, _ instant: Instant?) {
    guard let s else { return raw("{}") }
    out.append(UInt8(ascii: "{"))
    JSONWriter.writeString(s.productKey, into: &out)
    out.append(UInt8(ascii: ":"))
    date(instant)
    out.append(UInt8(ascii: "}"))
  }

  /// The SDKs' ISO 8601 with milliseconds, quoted, or `null`; copied when written before.
  private mutating func date(_ instant: Instant?) {
    guard let instant else { return raw("null") }
    if let earlier = dates.first(where: { $0.instant == instant }) {
      // `"YYYY-MM-DDTHH:MM:SS.000Z"`: 26 bytes, or 28 with an expanded year.
      var end = earlier.start + 1
      while out[end] != UInt8(ascii: "\"") { end += 1 }
      for i in earlier.start...end { out.append(out[i]) }
      return
    }
    dates.append((instant, out.count))
    out.append(UInt8(ascii: "\""))
    RFC3339.write(instant, milliseconds: true, into: &out)
    out.append(UInt8(ascii: "\""))
  }

  private mutating func millis(_ instant: Instant?) {
    guard let instant else { return raw("null") }
    JSONWriter.writeInt(instant.millisecondsSinceEpoch, into: &out)
  }
}
