import Foundation

/// The App Store payloads read straight from their bytes through a `JSONByteIndex`: the same
/// fields, defaults and fallbacks as their `init(json:)`, without a tree.
///
/// Each reader gives up (`JSONByteIndex.Refusal`) wherever its `init(json:)` would throw or
/// needs what the index does not hold — a field missing or of another kind, a number too large,
/// a notification without `data` — and the caller then decodes through the tree, which gives
/// the value or the error with its path. The wire tests decode every fixture both ways and
/// compare.
extension JWSTransactionDecodedPayload {
  init(index j: JSONByteIndex, _ o: JSONByteIndex.Object) throws(JSONByteIndex.Refusal) {
    typealias R = JSONByteIndex.Refusal
    func required(_ key: StaticString) throws(R) -> JSONByteIndex.Member {
      guard let m = j.member(key, in: o) else { throw R() }
      return m
    }
    self.init(
      originalTransactionId: try j.symbol(try required("originalTransactionId")),
      transactionId: try j.symbol(try required("transactionId")),
      webOrderLineItemId: try j.present("webOrderLineItemId", in: o).map { m throws(R) in try j.symbol(m) },
      bundleId: try j.symbol(try required("bundleId")),
      productId: try j.symbol(try required("productId")),
      subscriptionGroupIdentifier: try j.present("subscriptionGroupIdentifier", in: o).map { m throws(R) in
        try j.symbol(m)
      },
      purchaseDate: try j.instantFromMilliseconds(try required("purchaseDate")),
      originalPurchaseDate: try j.instantFromMilliseconds(try required("originalPurchaseDate")),
      expiresDate: try j.present("expiresDate", in: o).map { m throws(R) in try j.instantFromMilliseconds(m)
      },
      quantity: try j.present("quantity", in: o).map { m throws(R) in try j.int32(m) } ?? 1,
      type: try j.present("type", in: o).map { m throws(R) in AppStoreProductType(symbol: try j.symbol(m)) }
        ?? .autoRenewable,
      inAppOwnershipType: try j.present("inAppOwnershipType", in: o).map { m throws(R) in
        AppStoreOwnershipType(symbol: try j.symbol(m))
      } ?? .purchased,
      signedDate: try j.instantFromMilliseconds(try required("signedDate")),
      revocationDate: try j.present("revocationDate", in: o).map { m throws(R) in
        try j.instantFromMilliseconds(m)
      },
      revocationReason: try j.present("revocationReason", in: o).map { m throws(R) in try j.int32(m) },
      offerType: try j.present("offerType", in: o).map { m throws(R) in try j.int32(m) },
      environment: try j.present("environment", in: o).map { m throws(R) in
        AppStoreEnvironment(symbol: try j.symbol(m))
      } ?? .sandbox,
      transactionReason: try j.present("transactionReason", in: o).map { m throws(R) in try j.symbol(m) },
      storefront: try j.present("storefront", in: o).map { m throws(R) in try j.symbol(m) },
      price: try j.present("price", in: o).map { m throws(R) in try j.int64(m) },
      currency: try j.present("currency", in: o).map { m throws(R) in try j.symbol(m) },
      isUpgraded: try j.present("isUpgraded", in: o).map { m throws(R) in try j.bool(m) })
  }
}

extension JWSRenewalInfoDecodedPayload {
  init(index j: JSONByteIndex, _ o: JSONByteIndex.Object) throws(JSONByteIndex.Refusal) {
    typealias R = JSONByteIndex.Refusal
    func required(_ key: StaticString) throws(R) -> JSONByteIndex.Member {
      guard let m = j.member(key, in: o) else { throw R() }
      return m
    }
    let productId = try j.symbol(try required("productId"))
    self.init(
      originalTransactionId: try j.symbol(try required("originalTransactionId")),
      autoRenewProductId: try j.present("autoRenewProductId", in: o).map { m throws(R) in try j.symbol(m) }
        ?? productId,
      productId: productId,
      autoRenewStatus: try j.int32(try required("autoRenewStatus")),
      expirationIntent: try j.present("expirationIntent", in: o).map { m throws(R) in try j.int32(m) },
      gracePeriodExpiresDate: try j.present("gracePeriodExpiresDate", in: o).map { m throws(R) in
        try j.instantFromMilliseconds(m)
      },
      isInBillingRetryPeriod: try j.present("isInBillingRetryPeriod", in: o).map { m throws(R) in
        try j.bool(m)
      },
      offerType: try j.present("offerType", in: o).map { m throws(R) in try j.int32(m) },
      priceIncreaseStatus: try j.present("priceIncreaseStatus", in: o).map { m throws(R) in try j.int32(m) },
      signedDate: try j.instantFromMilliseconds(try required("signedDate")),
      environment: try j.present("environment", in: o).map { m throws(R) in
        AppStoreEnvironment(symbol: try j.symbol(m))
      } ?? .sandbox,
      recentSubscriptionStartDate: try j.present("recentSubscriptionStartDate", in: o).map { m throws(R) in
        try j.instantFromMilliseconds(m)
      },
      renewalDate: try j.present("renewalDate", in: o).map { m throws(R) in try j.instantFromMilliseconds(m) }
    )
  }
}

extension AppStoreNotificationDocument {
  /// The fast path of `init(_:form:maxDepth:)` for the two signed forms: the payload and the
  /// nested JWS indexed, not parsed, and their trees left to be built when asked for. `nil`
  /// wherever the tree path must decide.
  init?(indexing value: JSONValue, form: Form, maxDepth: Int) {
    let text: String
    switch (form, value) {
    case (.requestBody, .object(let body)):
      guard case .string(let jws)? = body["signedPayload"] else { return nil }
      text = jws
    case (.signedPayload, .string(let jws)):
      text = jws
    default:
      return nil
    }
    typealias R = JSONByteIndex.Refusal
    guard let signed = SignedJSON(unchecked: text),
      let j = JSONByteIndex(bytes: signed.payloadBytes, maxDepth: maxDepth)
    else { return nil }
    /// A nested JWS and the index of its payload, nested as deep as the depth left allows (the
    /// tree path reads it with the same `maxDepth`).
    func nested(_ m: JSONByteIndex.Member?) throws(R) -> (SignedJSON, JSONByteIndex)? {
      guard let m, m.kind != .null else { return nil }
      guard m.kind == .string, let signed = SignedJSON(unchecked: try j.string(m)),
        let index = JSONByteIndex(bytes: signed.payloadBytes, maxDepth: maxDepth)
      else { throw R() }
      return (signed, index)
    }
    do throws(R) {
      let o = j.root
      guard let dataMember = j.present("data", in: o) else { return nil }
      let d = try j.object(dataMember)
      let transaction = try nested(j.member("signedTransactionInfo", in: d))
      let renewal = try nested(j.member("signedRenewalInfo", in: d))
      let notificationType = try j.member("notificationType", in: o).map { m throws(R) in
        AppStoreNotificationType(symbol: try j.symbol(m))
      }
      guard let notificationType, let uuid = j.member("notificationUUID", in: o) else { return nil }
      let subtype = try j.present("subtype", in: o).map { m throws(R) in
        AppStoreNotificationSubtype(symbol: try j.symbol(m))
      }
      let notificationUUID = try j.uuid(uuid)
      let version = try j.present("version", in: o).map { m throws(R) in try j.symbol(m) } ?? "2.0"
      let signedDate = try j.present("signedDate", in: o).map { m throws(R) in
        try j.instantFromMilliseconds(m)
      }
      guard let bundleId = j.member("bundleId", in: d), let environment = j.member("environment", in: d)
      else { return nil }
      let data = AppStoreNotificationData(
        appAppleId: try j.present("appAppleId", in: d).map { m throws(R) in try j.int64OrDecimalString(m) },
        bundleId: try j.symbol(bundleId),
        bundleVersion: try j.present("bundleVersion", in: d).map { m throws(R) in try j.symbol(m) },
        environment: AppStoreEnvironment(symbol: try j.symbol(environment)),
        status: try j.present("status", in: d).map { m throws(R) in
          AppStoreSubscriptionStatus(rawValue: try j.int32(m))
        },
        transactionInfo: try transaction.map { t throws(R) in
          try JWSTransactionDecodedPayload(index: t.1, t.1.root)
        },
        renewalInfo: try renewal.map { r throws(R) in try JWSRenewalInfoDecodedPayload(index: r.1, r.1.root) }
      )
      let sent =
        signedDate ?? data.renewalInfo?.signedDate ?? data.transactionInfo?.signedDate ?? .distantPast
      let notification = AppStoreServerNotification(
        notificationType: notificationType, subtype: subtype, notificationUUID: notificationUUID,
        version: version, signedDate: sent, data: data)
      self.init(
        form: form, notification: notification, requestBody: form == .requestBody ? value : nil,
        signedPayload: signed, storedPayload: nil, signedTransactionInfo: transaction?.0,
        signedRenewalInfo: renewal?.0)
    } catch {
      return nil
    }
  }
}
